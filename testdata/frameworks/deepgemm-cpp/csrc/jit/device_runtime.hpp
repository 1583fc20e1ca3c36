#pragma once
#include <cuda_runtime.h>
#include <memory>

namespace deep_gemm {

class DeviceRuntime {
  int major_ = 0;

 public:
  int get_arch_major() {
    if (major_ == 0) {
      int device = 0;
      cudaGetDevice(&device);
      cudaDeviceGetAttribute(&major_, cudaDevAttrComputeCapabilityMajor, device);
    }
    return major_;
  }
};

inline std::shared_ptr<DeviceRuntime> device_runtime = std::make_shared<DeviceRuntime>();

}  // namespace deep_gemm
