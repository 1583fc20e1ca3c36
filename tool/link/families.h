#pragma once
// Siblings: sites read through the same variable, attribute or imported
// table object. A shared global source (every get_device_capability() call,
// every __CUDA_ARCH__) is not a family, and neither are lists handed to the
// same gate: those declarations differ on purpose.
#include <vector>

#include "link/program.h"

namespace archscan {

// Groups sites (setting LinkedSite::family) and returns families of two or more.
// Declared families (archscan.yaml) join their matching sites, whatever reads them.
std::vector<Family> groupFamilies(std::vector<LinkedSite>& sites, const std::vector<DeclaredFamily>& declared = {});

}  // namespace archscan
