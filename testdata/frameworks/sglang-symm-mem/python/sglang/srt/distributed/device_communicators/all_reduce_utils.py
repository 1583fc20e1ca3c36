# Size limits for the symmetric-memory all-reduce, per GPU generation and
# world size. Keyed by the major compute capability.
MiB = 1024 * 1024

TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES = {  # expect: missing-arch sm_120 error
    9: {
        2: 64 * MiB,  # 64 MB
        4: 32 * MiB,  # 32 MB
        6: 64 * MiB,  # 64 MB
        8: 64 * MiB,  # 64 MB
    },
    10: {
        2: 64 * MiB,  # 64 MB
        4: 32 * MiB,  # 32 MB
        6: 128 * MiB,  # 128 MB
        8: 128 * MiB,  # 128 MB
    },
}
