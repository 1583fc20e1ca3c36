#include "layout.hpp"

void sm90_fp8_gemm_wgmma(const Tensor& a, const Tensor& sf, int granularity);
void sm100_fp8_gemm_umma(const Tensor& a, const Tensor& sf, int granularity);
void bf16_gemm_mma_sync(const Tensor& a);

void fp8_gemm(const Tensor& a, const Tensor& sfa) {
  const Tensor sf = to_required_layout(sfa);
  const int granularity = recipe(sf);
  const int arch_major = get_arch_major();
  if (arch_major == 9) {  // expect(all): gated sm_120 note
    sm90_fp8_gemm_wgmma(a, sf, granularity);
  } else if (arch_major == 10) {
    sm100_fp8_gemm_umma(a, sf, granularity);
  } else {
    throw std::runtime_error("unsupported architecture");
  }
}

void bf16_gemm(const Tensor& a, const Tensor& sfa) {
  // Any arch with mma.sync runs this one; only its granularity comes from recipe().
  const int granularity = recipe(sfa);
  if (granularity > 0) bf16_gemm_mma_sync(a);
}
