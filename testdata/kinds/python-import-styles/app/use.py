import torch

import pkg.limits as lim
from pkg import KERNEL_TABLE


def pick_kernel(dtype):
    major, minor = torch.cuda.get_device_capability()
    return KERNEL_TABLE[(f"{major}{minor}a", dtype)]


def smem_budget():
    major = torch.cuda.get_device_capability()[0]
    return lim.SMEM_LIMITS[major]
