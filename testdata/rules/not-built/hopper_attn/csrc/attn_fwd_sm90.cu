#include <cuda_runtime.h>

__global__ void attn_fwd_kernel(float* out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  out[threadIdx.x] = 1.0f;
#endif
}
