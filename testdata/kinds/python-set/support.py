import torch

SUPPORTED_ARCHS = [90, 100, 103]  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error


def check_supported():
    major, minor = torch.cuda.get_device_capability()
    if major * 10 + minor not in SUPPORTED_ARCHS:
        raise RuntimeError("unsupported GPU")


def use_fast_path() -> bool:
    major = torch.cuda.get_device_capability()[0]
    fast = major in (9, 10)  # expect(all): missing-arch sm_120 warning
    return fast
