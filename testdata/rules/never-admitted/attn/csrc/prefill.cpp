#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

void prefill_check() {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major == 9, "prefill needs a Hopper GPU");  // expect(default): missing-arch sm_120 error  expect(sm121): missing-arch sm_121 error
}
