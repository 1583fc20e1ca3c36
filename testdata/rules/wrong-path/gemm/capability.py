"""Capability helpers the kernels below are chosen by."""
import torch


def is_sm_at_least_90():
    major, _ = torch.cuda.get_device_capability()
    return major >= 9


def is_sm_at_least_100():
    return torch.cuda.get_device_capability() >= (10, 0)


def fused_rope_supported():
    """The fused rope kernel needs a Blackwell-class GPU and a CUDA build."""
    if torch.cuda.get_device_capability()[0] < 10:
        return False
    if torch.version.cuda is None:
        return False
    return True


def is_hopper():
    # An equality, not a range: callers choose for one family by name.
    return torch.cuda.get_device_capability()[0] == 9  # expect(all): missing-arch sm_120 warning


def prefers_large_tiles():
    # An early `return True` answers for archs the range test never sees.
    if torch.cuda.get_device_capability()[0] == 8:  # expect(all): missing-arch sm_120 warning
        return True
    return torch.cuda.get_device_capability()[0] >= 10


def is_sm90_or_newer(x: torch.Tensor) -> bool:
    # Asks about the device the tensor lives on.
    if not x.is_cuda:
        return False
    major, _ = torch.cuda.get_device_capability(x.device)
    return major >= 9


def supports_dtype(dtype):
    # Decides on the value it is handed, not on the device alone.
    return dtype == torch.float8_e4m3fn
