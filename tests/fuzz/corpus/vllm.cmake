cmake_minimum_required(VERSION 3.26)  # expect-none
project(vllm_extensions LANGUAGES CXX CUDA VERSION 1.10)  # expect-none

find_package(CUDAToolkit 12.8 REQUIRED)  # expect-none

# The archs this build supports; intersected with what the user asked for.
set(CUDA_SUPPORTED_ARCHS "7.0;7.5;8.0;8.6;8.9;9.0;10.0")  # expect: missing-arch sm_120 error

if(CUDA_VERSION VERSION_LESS 12.0)  # expect-none
  message(FATAL_ERROR "CUDA 12.0 or newer is required")
endif()

# FP8 scaled GEMM kernels, one arch list per kernel family.
cuda_archs_loose_intersection(SCALED_MM_ARCHS "9.0a;10.0a" "${CUDA_ARCHS}")  # expect: missing-arch sm_120 error
cuda_archs_loose_intersection(MLA_ARCHS "10.0a" "${CUDA_ARCHS}")  # expect: missing-arch sm_120 error
cuda_archs_loose_intersection(FP4_ARCHS "10.0a;12.0a" "${CUDA_ARCHS}")
# PTX for 9.0: newer GPUs JIT-compile it, so a missing arch falls back.
cuda_archs_loose_intersection(MARLIN_ARCHS "8.0;8.6;8.7;8.9;9.0+PTX" "${CUDA_ARCHS}")  # expect: missing-arch sm_120 warning

if(SCALED_MM_ARCHS)
  list(APPEND VLLM_EXT_SRC "csrc/quantization/cutlass_w8a8/scaled_mm_c3x.cu")
endif()
