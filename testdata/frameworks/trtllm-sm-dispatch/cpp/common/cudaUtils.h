#pragma once
#include <cuda_runtime.h>

namespace tensorrt_llm::common {

// Compute capability as major * 10 + minor.
inline int getSMVersion() {
  int device = -1;
  cudaGetDevice(&device);
  int sm_major = 0;
  int sm_minor = 0;
  cudaDeviceGetAttribute(&sm_major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&sm_minor, cudaDevAttrComputeCapabilityMinor, device);
  return sm_major * 10 + sm_minor;
}

}  // namespace tensorrt_llm::common
