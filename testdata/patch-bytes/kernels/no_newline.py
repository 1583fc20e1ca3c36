import torch


def pick():
    cap = torch.cuda.get_device_capability()
    return {(9, 0): 'wgmma', (10, 0): 'tcgen05'}[cap]  # expect: missing-arch sm_120 error