cmake_minimum_required(VERSION 3.22.1)
project(bitsandbytes LANGUAGES CXX)

option(COMPUTE_BACKEND "cpu, cuda" "cuda")

if(COMPUTE_BACKEND STREQUAL "cuda")
  enable_language(CUDA)
  # Every arch the wheel ships kernels for.
  set(CMAKE_CUDA_ARCHITECTURES 75 80 86 89 90 100)  # expect: missing-arch sm_120 warning  expect(sm121): missing-arch sm_121 warning
  if(CMAKE_CUDA_COMPILER_VERSION VERSION_LESS "12.8")
    # Older toolkits cannot build Blackwell.
    list(REMOVE_ITEM CMAKE_CUDA_ARCHITECTURES 100 120)  # expect(sm121): deny-list-review sm_121 note
  endif()
  # PTX for Hopper: newer GPUs JIT-compile it, so a missing arch falls back, slower.
  list(APPEND CMAKE_CUDA_ARCHITECTURES 90-virtual)
endif()
