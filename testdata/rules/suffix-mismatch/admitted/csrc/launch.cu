#include <cuda_runtime.h>

// Blackwell datacenter parts (10.x) take the TMA launch path.
bool use_tma_launch(int device) {
  int major = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  return major >= 10;
}
