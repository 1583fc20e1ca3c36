// The Blackwell datacenter variant of a host entry point: the build compiles
// this file with -DTARGET_CUDA_ARCH=100 (or 101, 110) only, and a file of its
// own serves sm_120.
#include <torch/extension.h>

void quantize_host_sm100(torch::Tensor& out, torch::Tensor const& in) {
#if TARGET_CUDA_ARCH == 100 || TARGET_CUDA_ARCH == 101 || TARGET_CUDA_ARCH == 110  // expect-none
  out.copy_(in);
#else
  TORCH_CHECK(false, "Unsupported CUDA arch");
#endif
}
