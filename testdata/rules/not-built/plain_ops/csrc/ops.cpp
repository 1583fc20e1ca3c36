#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

at::Tensor scale(at::Tensor x) {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major >= 8, "plain_ops needs an Ampere GPU or newer");  // runs on sm_120 from PTX
  return x * 2;
}
