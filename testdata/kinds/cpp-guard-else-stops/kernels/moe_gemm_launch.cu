#include <stdexcept>

#include "moe_gemm_kernel.h"

namespace kernels {

int getSMVersion();

template <typename Arch>
void launch(int num_experts);

void dispatchMoeGemm(int num_experts) {
  int sm = getSMVersion();
  if (sm >= 75 && sm < 80) {  // expect: bounded-range sm_120 error
    launch<cutlass::arch::Sm75>(num_experts);
  } else if (sm >= 80 && sm < 90) {
    launch<cutlass::arch::Sm80>(num_experts);
  } else {
    throw std::runtime_error("[MoE][GEMM Dispatch] Arch unsupported for MoE GEMM");
  }
}

}  // namespace kernels
