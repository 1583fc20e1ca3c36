__global__ void wide_kernel(float* acc) {
#if __CUDA_ARCH__ >= 900  // expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
  acc[0] += 1.0f;
}
