// Compiled (by file(GLOB)) into moe_ops, which is built for sm_90a only.
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

void moe_align(at::Tensor topk_ids, at::Tensor sorted_ids);

void moe_align_block_size(at::Tensor topk_ids, at::Tensor sorted_ids) {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major >= 9, "moe_align needs Hopper or newer");  // expect(default): not-built sm_120 error
  moe_align(topk_ids, sorted_ids);
}
