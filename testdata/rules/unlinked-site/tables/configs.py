import torch

ARCH_STAGES = {90: 4, 100: 6}  # expect(all): unlinked-site note
ARCH_WARPS = {90: 8, 100: 16}  # expect-none
HEAD_DIMS = {64: 1, 128: 2}  # expect-none


def warps() -> int:
    major, minor = torch.cuda.get_device_capability()
    return ARCH_WARPS[major * 10 + minor]
