#pragma once
// A Hopper-only MMA: the range keeps every other arch out on purpose, as its
// body is wgmma, which sm_120 lacks.
__device__ inline void hopper_fence(float* d, const float* a) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900) && (__CUDA_ARCH__ < 1000)  // expect-none
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  d[0] = a[0];
#else
  __trap();
#endif
}
