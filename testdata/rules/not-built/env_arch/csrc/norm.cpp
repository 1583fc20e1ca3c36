#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

at::Tensor norm(at::Tensor x) {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major >= 8, "norm needs an Ampere GPU or newer");
  return x;
}
