#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

at::Tensor fp8_gemm(at::Tensor a, at::Tensor b) {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major == 9, "fp8_gemm needs a Hopper GPU");  // expect(default): never-admitted sm_120 error  expect(sm121): missing-arch sm_121 error
  return a.matmul(b);
}
