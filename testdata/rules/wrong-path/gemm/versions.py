# Capabilities compared as strings, as arch helpers that format the device's
# capability do: Python orders the characters, so "120" < "90" and "12.0" <
# "8.0", and every three-digit arch takes the branch of the oldest ones.
import torch


def compute_capability() -> str:
    major, minor = torch.cuda.get_device_capability()
    return f"{major}{minor}"


def use_async_copy(cc: str) -> bool:
    if cc < "80":  # expect: wrong-path sm_120 warning  expect(sm110): wrong-path sm_110 warning  expect(all): wrong-path sm_120 warning
        return False
    return True


def check_fp8(capability: str) -> None:
    if capability < "8.9":  # expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
        raise RuntimeError("FP8 needs compute capability 8.9 or newer")


def use_async_copy_numeric(cc: str) -> bool:
    # Near miss: converted to a number first.
    if int(cc) < 80:
        return False
    return True


def toolkit_has_fp8() -> bool:
    # Near miss: a toolkit version, not a capability.
    return torch.version.cuda >= "12.0"
