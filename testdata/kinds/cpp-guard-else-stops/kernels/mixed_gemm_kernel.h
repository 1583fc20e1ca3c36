#pragma once
// A mixed-type GEMM kernel whose device operator is compiled per arch tag to
// save compile time; the Sm80 path is mma.sync, which newer archs run too.
#include "cutlass/cutlass.h"

namespace kernels {

template <typename Mma, typename KernelArch>
struct MixedGemm {
  struct Params {};
  struct SharedStorage {};

  template <bool Compiled>
  struct Runner {
    CUTLASS_DEVICE static void run(Params const&, SharedStorage&) {}
  };

  CUTLASS_DEVICE
  void operator()(Params const& params, SharedStorage& shared_storage) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 700) && (__CUDA_ARCH__ < 750)  // expect: bounded-range sm_120 error
    Runner<sizeof(KernelArch) == 70>::run(params, shared_storage);
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 750) && (__CUDA_ARCH__ < 800)
    Runner<sizeof(KernelArch) == 75>::run(params, shared_storage);
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800) && (__CUDA_ARCH__ < 900)
    Runner<sizeof(KernelArch) == 80>::run(params, shared_storage);
#else
    CUTLASS_NOT_IMPLEMENTED();
#endif
  }
};

// An #else that still computes (a generic path) is a fallback, not a stop.
__device__ inline float scale(float x) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800) && (__CUDA_ARCH__ < 900)  // expect-none
  return __fmul_rn(x, 2.0f);
#else
  printf("generic scale\n");
  return x * 2.0f;
#endif
}

}  // namespace kernels
