#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

std::vector<at::Tensor> attn_fwd(at::Tensor q, at::Tensor k, at::Tensor v, int64_t num_splits) {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  bool is_ampere_or_newer = dprops->major >= 8;  // expect: not-built sm_120 error
  TORCH_CHECK(is_ampere_or_newer, "attention needs an Ampere GPU or newer");
  if (dprops->major < 9) {
    TORCH_CHECK(q.scalar_type() != at::ScalarType::Float8_e4m3fn, "fp8 needs Hopper");
  }
  // Reached only through the check above: its finding covers this choice.
  int64_t block_m = dprops->major >= 9 ? 128 : 64;
  return {q, k, v, at::scalar_tensor(num_splits * block_m)};
}
