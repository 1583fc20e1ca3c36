#!/usr/bin/env bash
# Builds the wheel for the archs below; the list decides which kernels it holds.
set -euo pipefail

PYTHON_VERSION=3.12                    # expect-none
MAX_JOBS=8                             # expect-none
CUDA_VERSION="12.8"                    # expect-none
export TORCH_CUDA_ARCH_LIST="8.0;8.6"  # expect: missing-arch sm_120 error
if [[ "${CUDA_VERSION}" == 12.* ]]; then
  TORCH_CUDA_ARCH_LIST="${TORCH_CUDA_ARCH_LIST};9.0"
fi

# A list that keeps PTX: newer GPUs JIT-compile it, so a missing arch falls back.
export NVTE_CUDA_ARCHS="80 90+PTX"     # expect: missing-arch sm_120 warning
# Already lists Blackwell consumer parts.
export FLASH_ATTN_CUDA_ARCHS="90;100;120"  # expect-none
CUDA_ARCH_LIST=${CUDA_ARCH_LIST:-"9.0 10.0"}  # expect: missing-arch sm_120 error

cmake -S . -B build -DCMAKE_CUDA_ARCHITECTURES="90a;100a" -DCMAKE_BUILD_TYPE=Release  # expect-none: arch-specific targets only: gated, --all
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -gencode arch=compute_100a,code=sm_100a -c k.cu  # expect-none: arch-specific targets only: gated, --all
docker build --build-arg CUDA_ARCHS="80;90" -t img .  # expect: missing-arch sm_120 warning

# Ports, counts and versions are not archs, whatever the number.
PORT=8080                                    # expect-none
NUM_GPUS=8 WORLD_SIZE=8 python bench.py --port 9000 --count 90  # expect-none
ARCH=x86_64                                  # expect-none
pip install "torch==2.8.0" "triton>=3.0"     # expect-none
echo "TORCH_CUDA_ARCH_LIST is ${TORCH_CUDA_ARCH_LIST}"  # expect-none
cat <<'NOTES'
TORCH_CUDA_ARCH_LIST="7.0"
NOTES
