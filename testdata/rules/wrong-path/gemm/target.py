"""The code-generation target, named by the capability it starts at."""
import torch
from cuda import cuda


def cuda_target():
    # Every arch from 9.0 up is labelled "90": the generator then emits
    # Hopper's wgmma kernels for sm_120 too.
    major, minor = torch.cuda.get_device_capability()
    cc = major * 10 + minor
    if cc >= 90:  # expect: wrong-path sm_120 warning  expect(sm110): wrong-path sm_110 warning  expect(all): wrong-path sm_120 warning
        return "90"
    elif cc >= 80:
        return "80"
    return None


def mma_family():
    # Labelled with an older family on purpose: sm_120 runs sm_80's mma.sync.
    major, minor = torch.cuda.get_device_capability()
    cc = major * 10 + minor
    if cc >= 90:  # expect-none: the label is not the range's own start
        return "80"
    return "75"


def _unwrap(res):
    # cuda-python returns (error, value...): the values follow the error.
    if res[0] != 0:
        raise RuntimeError(f"CUDA error {res[0]}")
    return res[1:]


def driver_target(device):
    # The capability comes through a helper that strips the error code.
    major, minor = _unwrap(cuda.cuDeviceComputeCapability(device))
    comp_cap = major * 10 + minor
    if comp_cap >= 90:  # expect: wrong-path sm_120 warning  expect(sm110): wrong-path sm_110 warning  expect(all): wrong-path sm_120 warning
        return "90"
    elif comp_cap >= 80:
        return "80"
    return None
