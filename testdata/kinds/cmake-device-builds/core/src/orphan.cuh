#pragma once
#include <cstdint>

// No scanned file includes this header: any build may, so it stays a finding.
__device__ inline void orphan_copy(float* out, const float* in) {
#if __CUDA_ARCH__ >= 1000  // expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
  uint32_t tmem = 0;
  asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 128;" ::"r"(tmem));
#endif
  out[0] = in[0];
}
