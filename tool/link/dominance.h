#pragma once
// Checks that stop an arch before a later site reads it.
#include <vector>

#include "model/facts.h"

namespace archscan {

// In one file: a site after a check on the same subject in the same function
// (`assert major in (9, 10)`, `DG_HOST_ASSERT(arch == 9 || arch == 10)`) is
// reached only by the archs the check lists; the check reports the others.
// Approximate: the check is assumed to run on every path to the site.
void markDominated(std::vector<Site>& sites);

}  // namespace archscan
