#pragma once
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace flashinfer::gemm {

struct CutlassGemmConfig {
  int tile_m;
  int tile_n;
  int stages;
};

inline std::vector<CutlassGemmConfig> get_candidate_configs(int sm_version) {
  if (sm_version == 90) {  // expect: missing-arch sm_121 error
    return {{128, 128, 4}, {128, 256, 3}};
  } else if (sm_version == 100 || sm_version == 103) {
    return {{256, 128, 4}};
  } else if (sm_version == 120) {
    return {{128, 128, 2}};
  } else {
    throw std::invalid_argument("get_candidate_configs: unsupported sm_version");
  }
}

inline const std::unordered_map<int, CutlassGemmConfig> kDefaultConfigBySm = {  // expect: missing-arch sm_121 error  expect(sm120): missing-arch sm_120 error
    {80, {128, 128, 3}},
    {90, {128, 256, 4}},
    {100, {256, 128, 4}},
};

inline CutlassGemmConfig default_config(int sm_version) { return kDefaultConfigBySm.at(sm_version); }

}  // namespace flashinfer::gemm
