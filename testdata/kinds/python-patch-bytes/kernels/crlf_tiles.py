import torch

# Tile sizes per arch, CRLF line endings.
TILE_BY_SM = {  # expect: missing-arch sm_120 error
    90: (128, 128),
    100: (256, 128),
}


def tile():
    major, minor = torch.cuda.get_device_capability()
    return TILE_BY_SM[major * 10 + minor]
