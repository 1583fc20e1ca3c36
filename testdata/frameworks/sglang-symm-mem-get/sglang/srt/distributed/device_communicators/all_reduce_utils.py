MiB = 1024 * 1024

TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES = {  # expect: missing-arch sm_120 warning
    9: {2: 64 * MiB, 4: 32 * MiB, 6: 64 * MiB, 8: 64 * MiB},
    10: {2: 64 * MiB, 4: 32 * MiB, 6: 128 * MiB, 8: 128 * MiB},
}
