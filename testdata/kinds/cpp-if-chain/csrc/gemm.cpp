#include <cstdlib>
#include <cuda_runtime.h>

#define HOST_UNREACHABLE(msg) std::abort()

int archMajor() {
  int major = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  return major;
}

void gemm() {
  const int arch_major = archMajor();
  if (arch_major == 9) {  // expect: missing-arch sm_120 error
    // the tuned kernel
  } else if (arch_major == 10) {
    // the wide kernel
  } else {
    HOST_UNREACHABLE("Unsupported architecture");
  }
}
