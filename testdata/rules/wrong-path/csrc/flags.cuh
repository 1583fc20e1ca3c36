#pragma once
// A guard that turns on a flag: what the flag guards further down is its path.

#if !defined(__CUDA_ARCH__) || (__CUDA_ARCH__ >= 900)  // expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
#define WARPGROUP_MMA_ENABLED
#endif

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)  // expect-none: the flag guards mma.sync, which every arch from 8.0 runs
#define MMA_SYNC_ENABLED
#endif

__device__ inline void warpgroup_fence() {
#ifdef WARPGROUP_MMA_ENABLED
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#else
  __trap();
#endif
}

__device__ inline void mma_m16n8k16(float* d, const unsigned* a, const unsigned* b) {
#if defined(MMA_SYNC_ENABLED)
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}
