#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

at::Tensor attn_fwd_stable(at::Tensor q) {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major >= 8, "attention needs an Ampere GPU or newer");  // expect: not-built sm_120 error
  return q;
}
