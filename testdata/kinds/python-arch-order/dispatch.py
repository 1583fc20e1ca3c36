import torch


def gen_gemm_module(supported_major_versions):
    major, _ = torch.cuda.get_device_capability()
    if major not in supported_major_versions:
        raise RuntimeError(f"unsupported arch {major}")


# New entries go after the nearest lower arch, not after the `like` entry.
gen_gemm_module(supported_major_versions=[10, 11])  # expect: missing-arch sm_120 error

SM_VERSIONS = {90, 100, 103}  # expect: missing-arch sm_120 error

# Between the nearest lower and the next higher arch.
TUNED_SM = [90, 100, 103, 121]  # expect: missing-arch sm_120 error


def check():
    major, minor = torch.cuda.get_device_capability()
    if major * 10 + minor not in SM_VERSIONS:
        raise RuntimeError("unsupported")
    if major * 10 + minor not in TUNED_SM:
        raise RuntimeError("untuned")
    if torch.cuda.get_device_capability() not in [  # expect: missing-arch sm_120 error
        (9, 0),
        (10, 0),
        (10, 3),
    ]:
        raise RuntimeError("unsupported")
