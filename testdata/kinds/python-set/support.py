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


def check_fp8_capability():
    # A (major, minor) pair ordered against the capability is one minimum,
    # 8.9: not the majors 8 and 9, and no list to add an arch to.
    capability = torch.cuda.get_device_capability()
    required_capability = (8, 9)  # expect-none, with --all too
    if capability < required_capability:
        raise RuntimeError(f"FP8 needs compute capability {required_capability} or higher")
