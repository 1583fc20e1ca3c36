import functools

import torch


@functools.lru_cache(maxsize=None)
def get_arch_major() -> int:
    major, minor = torch.cuda.get_device_capability()
    return major
