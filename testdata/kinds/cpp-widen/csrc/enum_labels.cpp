// Labels spelled as enumerators: the new label is named like the others,
// because this file defines the enumerator for the new arch.
#include <stdexcept>

enum class SmArch { kSm90 = 90, kSm100 = 100, kSm110 = 110, kSm120 = 120 };

int pipelineStages(SmArch arch) {
  switch (arch) {  // expect: missing-arch sm_120 error
    case SmArch::kSm90:
      return 4;
    case SmArch::kSm100:
      return 6;
    default:
      throw std::invalid_argument("no pipeline for this arch");
  }
}
