#pragma once

__device__ void mma_fence(float* acc) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900  // expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#else
  acc[0] += 1.0f;
#endif
}

__device__ void mma_fence_specific(float* acc) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && defined(__CUDA_ARCH_FEAT_SM90_ALL)  // expect-none: built for sm_90a only
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}

__device__ void copy_tile(float* dst, const float* src) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900  // expect-none: TMA is on sm_120 too
  asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {0}], [%2];\n" ::"r"(0), "l"(src), "r"(0));
#endif
  dst[0] = src[0];
}
