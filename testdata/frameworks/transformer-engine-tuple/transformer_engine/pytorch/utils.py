from typing import Tuple

import torch


def get_device_compute_capability() -> Tuple[int, int]:
    """(major, minor) of the current device."""
    props = torch.cuda.get_device_properties(torch.cuda.current_device())
    return (props.major, props.minor)
