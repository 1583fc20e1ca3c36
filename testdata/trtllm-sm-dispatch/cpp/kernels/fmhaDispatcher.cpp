#include "common/cudaUtils.h"
#include "tensorrt_llm/common/assert.h"

namespace tensorrt_llm::kernels {

enum class FmhaKernel { kHopper, kBlackwell, kGeforceBlackwell };

FmhaKernel selectFmhaKernel() {
  int const sm = common::getSMVersion();
  if (sm == 90) {  // expect: missing-arch sm_121 error; bounded-range sm_121 error
    return FmhaKernel::kHopper;
  } else if (sm >= 100 && sm < 120) {
    return FmhaKernel::kBlackwell;
  } else if (sm == 120) {
    return FmhaKernel::kGeforceBlackwell;
  } else {
    TLLM_THROW("Unsupported SM version %d for FMHA", sm);
  }
}

}  // namespace tensorrt_llm::kernels
