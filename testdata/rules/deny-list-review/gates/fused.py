import torch


def fused_allowed() -> bool:
    cap = torch.cuda.get_device_capability()
    # SM120 has too little shared memory for the fused kernel.
    if cap == (12, 0):  # expect: deny-list-review sm_121 note
        return False
    return True


def legacy_allowed() -> bool:
    cap = torch.cuda.get_device_capability()
    if cap == (7, 0):  # expect-none
        return False
    return True
