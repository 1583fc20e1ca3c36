import torch


def get_device_arch() -> str:
    major, minor = torch.cuda.get_device_capability()
    return f"{major}{minor}a"


def is_sm100a_supported() -> bool:
    # A per-arch predicate: named for exactly its one arch.
    major, minor = torch.cuda.get_device_capability()
    return major == 10 and minor in (0, 3)  # expect-none


def fused_allowed() -> bool:
    use_fused = True
    # A deny-list: SM120 lacks the shared memory for the fused kernel.
    if torch.cuda.get_device_capability() == (12, 0):  # expect-none
        use_fused = False
    return use_fused


def check_not_hopper_a():
    assert get_device_arch() != "90a", "this path is broken on sm_90a"  # expect-none


def hopper_only_tuning(m: int) -> int:
    # A tuning heuristic for one arch with a generic fallback: arch-specific.
    if torch.cuda.get_device_capability()[0] == 9:  # expect-none
        return 128 if m > 4096 else 64
    return 64
