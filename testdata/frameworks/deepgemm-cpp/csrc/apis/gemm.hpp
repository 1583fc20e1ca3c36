#pragma once
#include "../jit/device_runtime.hpp"
#include "../utils/exception.hpp"

namespace deep_gemm::gemm {

void sm90_fp8_gemm_1d2d(int m, int n, int k);
void sm100_fp8_gemm_1d1d(int m, int n, int k);
void sm90_bf16_gemm(int m, int n, int k);
void sm100_bf16_gemm(int m, int n, int k);

static void fp8_gemm_nt(int m, int n, int k) {
  const auto arch_major = device_runtime->get_arch_major();
  if (arch_major == 9) {  // expect-none: both arms launch sm90/sm100 kernels (wgmma, tcgen05): gated, --all
    sm90_fp8_gemm_1d2d(m, n, k);
  } else if (arch_major == 10) {
    sm100_fp8_gemm_1d1d(m, n, k);
  } else {
    DG_HOST_UNREACHABLE("Unsupported architecture");
  }
}

static void bf16_gemm_nt(int m, int n, int k) {
  const auto arch_major = device_runtime->get_arch_major();
  DG_HOST_ASSERT(arch_major == 9 or arch_major == 10);  // expect: missing-arch sm_120 error
  // Reached only by 9 and 10: neither a gap for sm_120 nor a sibling of the assert.
  if (arch_major == 9) {
    sm90_bf16_gemm(m, n, k);
  } else {
    sm100_bf16_gemm(m, n, k);
  }
}

}  // namespace deep_gemm::gemm
