#pragma once
#include <cstdint>

// Every build of this header is for 90a or 100a (the root CMakeLists.txt),
// so __CUDA_ARCH__ is 900 or 1000 here: sm_120 never evaluates the test
// until a build adds it.
template <int Compute>
__device__ void mlp_consumer(float* out, const float* in, int n) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000)  // expect(all): wrong-path sm_120 note
  uint32_t tmem = 0;
  asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 128;" ::"r"(tmem));
  out[threadIdx.x] = in[threadIdx.x];
#else
  out[threadIdx.x] = 2.0f * in[threadIdx.x];
#endif
}
