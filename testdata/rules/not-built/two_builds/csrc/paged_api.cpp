// Near miss for not-built: this source is compiled by two builds, and the
// CMake one takes its archs from the builder, so sm_120 may have a kernel.
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

void paged_decode_kernel_launch(at::Tensor out, at::Tensor q, at::Tensor kv);

at::Tensor paged_decode(at::Tensor q, at::Tensor kv) {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major >= 8, "paged decode needs Ampere or newer");
  auto out = torch::empty_like(q);
  paged_decode_kernel_launch(out, q, kv);
  return out;
}
