import torch
import torch.distributed as dist

# Keyed by major: 10 covers every 10.x, so sm_103 is handled.
TILE_M_BY_MAJOR = {9: 128, 10: 256}  # expect: missing-arch sm_120 error

# Keyed by dotted capability: only the exact minor counts.
SPLITS_BY_CAPABILITY = {"9.0": 2, "10.0": 4}  # expect: missing-arch sm_120 warning  expect(sm103): missing-arch sm_103 warning

# Already lists the target.
WARPS_BY_MAJOR = {9: 4, 10: 8, 12: 4}  # expect-none

# World sizes, not archs.
BYTES_BY_WORLD_SIZE = {2: 64, 4: 32, 8: 16}  # expect-none


def tile_m() -> int:
    major = torch.cuda.get_device_capability()[0]
    return TILE_M_BY_MAJOR[major]


def splits() -> int:
    major, minor = torch.cuda.get_device_capability()
    return SPLITS_BY_CAPABILITY.get(f"{major}.{minor}", 1)


def warps() -> int:
    return WARPS_BY_MAJOR[torch.cuda.get_device_capability()[0]]


def max_bytes() -> int:
    return BYTES_BY_WORLD_SIZE[dist.get_world_size()]
