# Shared-memory budget per major, in KiB.
SMEM_LIMITS = {  # expect: missing-arch sm_120 error
    9: 227,
    10: 227,
}
