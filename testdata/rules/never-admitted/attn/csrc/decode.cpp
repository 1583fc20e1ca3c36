#include <ATen/cuda/CUDAContext.h>

bool decode_supported() {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  return dprops->major >= 12 || dprops->major == 9;  // expect(sm121): not-built sm_121 error
}
