#!/bin/bash
# Builds the same extension for other vendors' accelerators: their arch lists
# name their own ISAs, not CUDA compute capabilities.
set -euo pipefail

export TORCH_BANG_ARCH_LIST="5.0"  # expect-none: Cambricon MLU targets
export PYTORCH_ROCM_ARCH="gfx90a;gfx942"  # expect-none: AMD ROCm targets
export TORCH_MUSA_ARCH_LIST="2.1 2.2"  # expect-none: Moore Threads MUSA targets
export TORCH_CUDA_ARCH_LIST="8.0 9.0"  # expect: missing-arch sm_120 error

pip install --no-build-isolation -v .
