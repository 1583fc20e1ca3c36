from typing import Tuple

import torch

from .utils import get_device_compute_capability


def check_fp8_support() -> Tuple[bool, str]:
    # An open range: every arch from Hopper on, sm_120 included.
    if get_device_compute_capability() >= (9, 0):
        return True, ""
    return False, "Device compute capability 9.0 or higher required for FP8 execution."


def check_mxfp8_support() -> Tuple[bool, str]:
    if get_device_compute_capability() not in ((10, 0), (10, 3)):  # expect(all): missing-arch sm_120 warning
        return False, "MXFP8 is only supported on Blackwell data-center GPUs."
    return True, ""


def check_nvfp4_support() -> Tuple[bool, str]:
    cap = get_device_compute_capability()
    if cap in ((10, 0), (10, 3)):  # expect: missing-arch sm_120 error  expect(sm121): missing-arch sm_121 error  expect(all): missing-arch sm_120 error
        return True, ""
    raise RuntimeError(f"NVFP4 is not supported on compute capability {cap}")


def _use_fused_attention() -> bool:
    use_fused = True
    # A deny-list: archs from 12.0 on lose the fused kernel.
    if get_device_compute_capability() >= (12, 0):
        use_fused = False
    return use_fused


def _cudnn_attention_allowed() -> bool:
    use_cudnn = True
    cap = get_device_compute_capability()
    if cap == (12, 0):  # expect(sm121): deny-list-review sm_121 note
        use_cudnn = False
    return use_cudnn


def fp8_python_version_ok() -> bool:
    import sys

    return sys.version_info >= (3, 10)
