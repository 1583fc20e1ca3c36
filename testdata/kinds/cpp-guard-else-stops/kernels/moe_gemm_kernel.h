#pragma once
// The grouped MoE GEMM kernel, with the same per-arch device operator. Its
// launcher (kernels/moe_gemm_launch.cu) refuses every arch outside the
// kernel's ranges on the host first: that is where sm_120 is decided.
#include "cutlass/cutlass.h"

namespace kernels {

template <typename KernelArch>
struct MoeGemm {
  struct Params {};

  CUTLASS_DEVICE
  void operator()(Params const& params) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 750) && (__CUDA_ARCH__ < 800)  // expect-none: the launcher's range decides
    run<75>(params);
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800) && (__CUDA_ARCH__ < 900)
    run<80>(params);
#else
    CUTLASS_NOT_IMPLEMENTED();
#endif
  }

  template <int Arch>
  CUTLASS_DEVICE void run(Params const&) {}
};

}  // namespace kernels
