#pragma once
// -v: which settings file was used and how long the report took, on stderr
// (cli/profile.h prints where the scan's time went).
#include <ostream>

#include "cli/settings.h"
#include "scan.h"

namespace archscan {

void printSettingsUsed(const Settings& s, std::ostream& err);
void printReportTime(double seconds, size_t outputs, std::ostream& err);

}  // namespace archscan
