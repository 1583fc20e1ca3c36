#pragma once
// -v: where a scan's time went, on stderr.
#include <ostream>

#include "scan.h"

namespace archscan {

void printProfile(const ScanProfile& p, std::ostream& out);

}  // namespace archscan
