#include <cuda_runtime.h>

__global__ void scale(float* out) {
#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000  // expect: missing-arch sm_120 warning
  out[threadIdx.x] *= 2.0f;
#endif
}

__global__ void fp8_mma(float* out) {
#if __CUDA_ARCH__ == 890 || __CUDA_ARCH__ == 900  // expect: missing-arch sm_120 error
  out[threadIdx.x] = 1.0f;
#else
#error "fp8_mma needs sm_89 or sm_90"
#endif
}

__global__ void async_copy(float* out) {
#if __CUDA_ARCH__ >= 800  // expect-none
  out[threadIdx.x] = 0.0f;
#endif
}
