import torch

# Tuned block sizes per GPU, keyed by the dotted capability string.
FP8_BLOCK_CONFIGS = {  # expect: missing-arch sm_120 error
    "9.0": {"block_m": 64, "block_n": 128, "num_warps": 4},
    "10.0": {"block_m": 128, "block_n": 128, "num_warps": 8},
    "10.3": {"block_m": 128, "block_n": 256, "num_warps": 8},
}

# Known CUDA toolkit versions with FP8 fixes: not archs ("12.8" is no GPU).
FP8_TOOLKIT_FIXES = {"12.8": True, "12.9": True}


def get_block_config():
    major, minor = torch.cuda.get_device_capability()
    cap = f"{major}.{minor}"
    return FP8_BLOCK_CONFIGS[cap]


def toolkit_has_fix():
    return FP8_TOOLKIT_FIXES.get(torch.version.cuda, False)
