#pragma once
#include <cuda_runtime.h>

namespace sdk {

// The device's compute capability as major * 10 + minor.
inline int queryDevice() {
  int device = 0;
  cudaGetDevice(&device);
  int major = 0, minor = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  return major * 10 + minor;
}

}  // namespace sdk
