#!/bin/bash
# Picks the kernels to build for the GPU arch given as the first argument.
GPU_ARCH="$1"

case "$GPU_ARCH" in  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
  90|90a)
    KERNELS="hopper"
    ;;
  100 | 103)
    KERNELS="blackwell"
    ;;
  *)
    echo "unsupported arch: $GPU_ARCH" >&2
    exit 1
    ;;
esac

# Without a failing default a missing arch only gets nothing extra: a
# fallback nothing says is wrong, shown with --all.
case ${CUDA_ARCH} in  # expect(all): missing-arch sm_120 warning
  sm_90) EXTRA_FLAGS="-DUSE_WGMMA" ;;
  sm_100) EXTRA_FLAGS="-DUSE_UMMA" ;;
esac

# Not archs: a case on a mode, and one on a count.
case "$MODE" in  # expect-none
  90|100) echo fast ;;
  *) exit 1 ;;
esac
case "$NUM_GPUS" in  # expect-none
  8) echo full ;;
  *) exit 1 ;;
esac
