#!/bin/bash
# Builds the extension for the archs of the wheel.
export TORCH_CUDA_ARCH_LIST="8.0;9.0;10.0"  # expect: missing-arch sm_120 error

case "$GPU_ARCH" in  # expect: missing-arch sm_120 error
  90) KERNELS=hopper ;;
  100) KERNELS=blackwell ;;
  *) echo "unsupported arch $GPU_ARCH" >&2; exit 1 ;;
esac
