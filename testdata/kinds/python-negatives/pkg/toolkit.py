import sys

import torch

# CUDA toolkit versions: "12.8" is not a GPU.
CUDA_FEATURES = {"12.8": True, "12.9": True}  # expect-none
SUPPORTED_CUDA = ("12.8", "12.9", "13.0")  # expect-none

# An installer table keyed by CUDA toolkit: "118" and "126" are not archs.
INSTALL_URLS = {  # expect-none
    "110": "https://example.invalid/cu110",
    "118": "https://example.invalid/cu118",
    "120": "https://example.invalid/cu120",
    "126": "https://example.invalid/cu126",
}

ERROR_MESSAGES = {0: "ok", 7: "out of memory"}  # expect-none


def cuda_ok() -> bool:
    return torch.version.cuda in SUPPORTED_CUDA


def python_ok() -> bool:
    return sys.version_info >= (3, 10)  # expect-none


def install_url() -> str:
    return INSTALL_URLS[torch.version.cuda.replace(".", "")]
