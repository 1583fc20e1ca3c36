#include <cuda_runtime.h>

// Guards on the macros nvcc defines for arch-specific targets (sm_90a,
// sm_100a): the arch is in the macro's name or its value.
__global__ void block_scaled_mma(float* out) {
#if defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM103_ALL)  // expect: missing-arch sm_120 error
  out[threadIdx.x] = 1.0f;
#else
#error "block_scaled_mma needs sm_100a or sm_103a"
#endif
}

__global__ void stochastic_round(float* out) {
#if __CUDA_ARCH_SPECIFIC__ == 1000 || __CUDA_ARCH_SPECIFIC__ == 1030  // expect: missing-arch sm_120 warning
  out[threadIdx.x] = 0.5f;
#endif
}

// One arch-specific target, in a kernel written for it: a variant, not a table.
__global__ void sm90_wgmma(float* out) {
#if !defined(__CUDA_ARCH_FEAT_SM90_ALL)  // expect-none
  return;
#else
  out[threadIdx.x] = 2.0f;
#endif
}
