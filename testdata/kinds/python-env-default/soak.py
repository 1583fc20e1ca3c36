import os

import torch

# Counts and sizes read from the environment are numbers, whatever the
# variable's name says: adding an arch to "100" would make int() raise.
SOAK_ROUNDS = int(os.environ.get("SM90_PUSH_SOAK_ROUNDS", "100"))  # expect-none
SM100_WARMUP = float(os.getenv("SM100_WARMUP_SECONDS", "90"))  # expect-none
os.environ.setdefault("SM90_MAX_SPLITS", "120")  # expect-none
TIMEOUT = int(os.environ.setdefault("SM100_ARCH_TIMEOUT", "90"))  # expect-none

# An arch list in an environment default is still one.
os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "9.0;10.0")  # expect: missing-arch sm_120 error


def soak():
    major, _ = torch.cuda.get_device_capability()
    return major, SOAK_ROUNDS, SM100_WARMUP, TIMEOUT


def more():
    rounds = int(os.environ.get("SM90_TARGETS_ROUNDS", "100"))  # expect-none
    n = int(os.getenv("SM100_LIST_N", "100"))  # expect-none
    os.environ["SM100_ARCHS_COUNT"] = "100"  # expect-none
    return rounds, n
