from collections import namedtuple

import torch

Limit = namedtuple("Limit", ["name", "sm", "smem_kb"])

SMEM_LIMITS = (  # expect: missing-arch sm_120 warning
    Limit("H100", sm=(9, 0), smem_kb=227),
    Limit("B200", sm=(10, 0), smem_kb=227),
)


def smem_limit():
    for lim in SMEM_LIMITS:
        if lim.sm == torch.cuda.get_device_capability():
            return lim
    return None


Peak = namedtuple("Peak", ["gpu", "cc", "tflops"])

PEAKS = [  # expect: missing-arch sm_120 error
    Peak("A100", cc=(8, 0), tflops=312),
    Peak("H100", cc=(9, 0), tflops=989),
    Peak("B200", cc=(10, 0), tflops=2250),
]


def peak_tflops():
    cap = torch.cuda.get_device_capability()
    for p in PEAKS:
        if p.cc == cap:
            return p.tflops
    raise RuntimeError(f"no peak throughput known for compute capability {cap}")


Release = namedtuple("Release", ["name", "version"])

# Near miss: version tuples nobody compares with a capability.
RELEASES = (  # expect-none
    Release("first", version=(9, 0)),
    Release("second", version=(10, 0)),
)
