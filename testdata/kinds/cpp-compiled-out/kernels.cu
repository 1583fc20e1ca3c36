#include <cuda_runtime.h>

__global__ void rotary_sm8x(float* q, int n) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900  // expect: bounded-range sm_120 warning
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) q[i] *= 2.0f;
#endif
}

// A wrapper that makes any kernel Ampere-only.
template <typename Kernel>
struct enable_sm80_to_sm89 : Kernel {
  template <typename... Args>
  __device__ void operator()(Args&&... args) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900  // expect: bounded-range sm_120 warning
    Kernel::operator()(args...);
#endif
  }
};

// Near miss: an open range; sm_120 compiles the body.
__global__ void silu_sm80_plus(float* x, int n) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] / (1.0f + __expf(-x[i]));
#endif
}

// Near miss: only part of the body is guarded; the rest still runs.
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900
  __syncwarp();
#endif
  if (i < n) x[i] *= 0.5f;
}
