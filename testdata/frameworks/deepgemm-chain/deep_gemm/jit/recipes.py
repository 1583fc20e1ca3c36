import torch

from .arch import get_arch_major


def get_default_recipe(sfa_dtype: torch.dtype):
    arch_major = get_arch_major()
    if arch_major == 9:  # expect: missing-arch sm_120 error
        return (1, 128, 128)
    elif arch_major == 10:
        return (1, 1, 128) if sfa_dtype == torch.int else (1, 128, 128)
    else:
        assert False, f"Unsupported architecture: {arch_major}"


def get_num_math_warpgroups(arch_major: int) -> int:
    # Consecutive `if ...: return` on one subject form one chain.
    if arch_major == 9:  # expect: missing-arch sm_120 error
        return 2
    if arch_major == 10:
        return 1
    raise ValueError(f"Unsupported architecture: {arch_major}")


def must_use_tma_multicast(num_sms: int) -> bool:
    arch_major = get_arch_major()
    # Only the comparison on the arch subject is an arm of this condition.
    if arch_major == 9 and torch.version.cuda >= "12.3" and num_sms > 100:
        return True
    return False


def configure():
    return get_num_math_warpgroups(get_arch_major())
