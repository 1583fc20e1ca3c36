#include <cuda_runtime.h>

__global__ void tensor_core_kernel(float* out, const float* in, int n) {
#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000  // expect: missing-arch sm_120 warning  expect(all): missing-arch sm_120 warning
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * 2.0f;
#endif
}

__global__ void fp4_kernel(float* out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1200
  out[threadIdx.x] = 2.0f;
#else
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 1000  // expect(all): missing-arch sm_120 warning
  out[threadIdx.x] = 3.0f;
#endif
#endif
}
