# A checkout where someone already added 12 to this table, but not to the
# sibling in torch_symm_mem.py.
MiB = 1024 * 1024

TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES = {
    9: {2: 64 * MiB, 4: 32 * MiB, 6: 64 * MiB, 8: 64 * MiB},
    10: {2: 64 * MiB, 4: 32 * MiB, 6: 128 * MiB, 8: 128 * MiB},
    12: {2: 64 * MiB, 4: 32 * MiB, 6: 128 * MiB, 8: 128 * MiB},
}
