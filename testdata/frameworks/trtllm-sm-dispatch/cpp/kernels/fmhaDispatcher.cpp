#include "common/cudaUtils.h"
#include "tensorrt_llm/common/assert.h"

namespace tensorrt_llm::kernels {

enum class FmhaKernel { kHopper, kBlackwell, kGeforceBlackwell };

FmhaKernel selectFmhaKernel() {
  int const sm = common::getSMVersion();
  if (sm == 90) {  // expect: missing-arch sm_121 error
    return FmhaKernel::kHopper;
  } else if (sm >= 100 && sm < 120) {
    return FmhaKernel::kBlackwell;
  } else if (sm == 120) {
    return FmhaKernel::kGeforceBlackwell;
  } else {
    TLLM_THROW("Unsupported SM version %d for FMHA", sm);
  }
}

#ifdef ENABLE_FP8
// Only built with FP8 enabled: the tolerant parse does not define
// ENABLE_FP8, so Clang skips this function and the text is read instead.
int fp8BlockScaleTileN() {
  int const sm = common::getSMVersion();
  if (sm == 90) {  // expect: missing-arch sm_121 error  expect(sm120): missing-arch sm_120 error
    return 128;
  } else if (sm == 100) {
    return 256;
  }
  TLLM_THROW("FP8 block scaling needs SM90 or SM100");
}
#endif

}  // namespace tensorrt_llm::kernels
