// cuda_arch.h (CudaArch, kSm90, kSm100) comes from a package that is not here.
#include "arch/cuda_arch.h"
#include "registry/kernel_registry.h"

#include <stdexcept>

namespace tiles {

int tileFor(CudaArch arch) {
  switch (arch) {  // expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
    case CudaArch::Sm90a:
      return 128;
    case CudaArch::Sm100a:
    case CudaArch::Sm103a:
      return 256;
    default:
      throw std::runtime_error("unsupported arch");
  }
}

int stagesFor(int cuda_arch) {
  switch (cuda_arch) {  // expect(all): missing-arch sm_120 warning
    case kSm90:
      return 4;
    case kSm100:
      return 6;
    default:
      return 2;
  }
}

REGISTER_TILE_HEURISTIC(int splitsFor(int sm_version) {
  switch (sm_version) {  // expect(all): missing-arch sm_120 warning
    case 90:
      return 2;
    case 100:
      return 4;
  }
  return 1;
})

}  // namespace tiles
