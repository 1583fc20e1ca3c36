#pragma once
// -v: which settings file was used, and what each phase took, on stderr.
#include <ostream>

#include "cli/settings.h"
#include "scan.h"

namespace archscan {

void printSettingsUsed(const Settings& s, std::ostream& err);
void printPhases(const ScanResult& r, const Settings& s, std::ostream& err);
void printReportTime(double seconds, size_t outputs, std::ostream& err);

}  // namespace archscan
