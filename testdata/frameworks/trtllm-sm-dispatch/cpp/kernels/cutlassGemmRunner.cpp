#include <stdexcept>

#include "common/cudaUtils.h"

namespace tensorrt_llm::kernels {

// The SM is read once, in the constructor; every method decides on mSM, so
// the tables below are siblings.
class CutlassGemmRunner {
 public:
  CutlassGemmRunner() : mSM(common::getSMVersion()) {}
  int tileShape() const;
  int stages() const;

 private:
  int mSM;
};

int CutlassGemmRunner::tileShape() const {
  if (mSM == 90 || mSM == 100 || mSM == 120) {  // expect: missing-arch sm_121 error
    return 128;
  }
  throw std::runtime_error("CutlassGemmRunner: unsupported SM");
}

int CutlassGemmRunner::stages() const {
  switch (mSM) {  // expect: missing-arch sm_121 error  expect(sm120): missing-arch sm_120 error
    case 90:
      return 4;
    case 100:
      return 6;
    default:
      throw std::runtime_error("CutlassGemmRunner: unsupported SM");
  }
}

}  // namespace tensorrt_llm::kernels
