#include <cuda_runtime.h>

// Guards widen at the guard, inside its parentheses.
__global__ void scale(float* out) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)  // expect: missing-arch sm_120 warning
  out[threadIdx.x] *= 2.0f;
#endif
}
