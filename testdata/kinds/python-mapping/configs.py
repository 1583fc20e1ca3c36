import torch

NUM_STAGES = {(9, 0): 4, (10, 0): 6}  # expect: missing-arch sm_120 error

# The arch element of a composite key.
GEMM_TILES = {("90a", torch.float16): 128, ("100a", torch.float16): 256}  # expect: missing-arch sm_120 error


class Tuner:
    _BLOCKS = {"9.0": 64, "10.0": 128}  # expect: missing-arch sm_120 error

    def __init__(self):
        major, minor = torch.cuda.get_device_capability()
        self.cap = f"{major}.{minor}"

    def block(self) -> int:
        return self._BLOCKS[self.cap]


def stages() -> int:
    return NUM_STAGES[torch.cuda.get_device_capability()]


def tile(dtype) -> int:
    major, minor = torch.cuda.get_device_capability()
    return GEMM_TILES[(f"{major}{minor}a", dtype)]

