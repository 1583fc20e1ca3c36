import torch
import torch.distributed as dist

MiB = 1024 * 1024

# World sizes, not archs: 2 and 4 are no GPU generation.
CUSTOM_ALL_REDUCE_MAX_SIZES = {2: 64 * MiB, 4: 32 * MiB, 8: 16 * MiB}  # expect-none


def max_size():
    world_size = dist.get_world_size()
    return CUSTOM_ALL_REDUCE_MAX_SIZES[world_size]


def pick_warps(warp_id: int) -> int:
    # Warp ids that happen to look like majors.
    if warp_id in (8, 9, 10, 11):  # expect-none
        return 1
    return 0


def fits(sm_count: int) -> bool:
    return sm_count == 148  # expect-none
