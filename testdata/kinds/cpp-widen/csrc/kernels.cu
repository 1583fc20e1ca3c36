#include <cuda_runtime.h>

// Guards widen at the guard, inside its parentheses.
__global__ void scale(float* out) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)  // expect: missing-arch sm_120 warning
  out[threadIdx.x] *= 2.0f;
#endif
}

// An arch-specific target is spelled in a macro's name: the new arch's macro
// is tested beside the template's.
__global__ void tma_copy(float* out) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)  // expect: missing-arch sm_120 warning
  out[threadIdx.x] = 1.0f;
#endif
}
