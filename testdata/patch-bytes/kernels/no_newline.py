import torch


def pick():
    cap = torch.cuda.get_device_capability()
    return {(9, 0): 'wgmma', (10, 0): 'tcgen05'}[cap]  # expect-none: both paths need what sm_120 lacks: gated, --all