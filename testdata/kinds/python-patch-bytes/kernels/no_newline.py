import torch


def pick():
    cap = torch.cuda.get_device_capability()
    return {(9, 0): 'tuned', (10, 0): 'wide'}[cap]  # expect: missing-arch sm_120 error