// Not a source of the extension: nothing joins this check to its arch flags.
#include <ATen/cuda/CUDAContext.h>

bool ampere_or_newer() {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  return dprops->major >= 8;
}
