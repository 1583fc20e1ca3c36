import torch

from . import _C


def grouped_gemm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    major = torch.cuda.get_device_capability(a.device)[0]
    # Every Blackwell of a major runs the same kernels: the test is on the major.
    if major == 12:
        return _C.grouped_gemm_sm120(a, b)
    if major == 10:
        return _C.grouped_gemm_sm100(a, b)
    if major == 9:
        return _C.grouped_gemm_sm90(a, b)
    raise RuntimeError(f"grouped_gemm needs SM90, SM100 or SM120, got SM{major}x")
