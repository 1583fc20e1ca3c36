#include <cuda_runtime.h>

#include "flashinfer/gemm/gemm_configs.h"

namespace flashinfer {

int current_sm_version() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  return prop.major * 10 + prop.minor;
}

int pick_tile_m() {
  int sm = current_sm_version();
  auto configs = gemm::get_candidate_configs(sm);
  return configs.front().tile_m;
}

// Reads the header's table: a lookup linked to gemm_configs.h through the include.
int default_tile_n() { return gemm::kDefaultConfigBySm.at(current_sm_version()).tile_n; }

}  // namespace flashinfer
