#include <cuda_runtime.h>

#include <stdexcept>

void check_norm_device(int device) {
  int major = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  if (major < 8) throw std::runtime_error("norm_ops needs an Ampere GPU or newer");
  bool tensor_core_path = major >= 8;
  (void)tensor_core_path;
}
