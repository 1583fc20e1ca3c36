MiB = 1024 * 1024

MAX_BYTES_BY_MAJOR = {
    9: {2: 64 * MiB, 4: 32 * MiB},
    10: {2: 64 * MiB, 4: 32 * MiB},
    12: {2: 32 * MiB, 4: 16 * MiB},
}
