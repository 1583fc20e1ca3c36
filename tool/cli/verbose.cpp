#include "cli/verbose.h"

#include <cstdio>
#include <string>

#include "util/plural.h"

namespace archscan {

void printSettingsUsed(const Settings& s, std::ostream& err) {
  err << "archscan: settings: " << (s.config.empty() ? "no archscan.yaml, " + s.config_search : s.config) << "\n";
}

void printReportTime(double seconds, size_t outputs, std::ostream& err) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "report %.3f s, ", seconds);
  err << "archscan: " << buf << counted(outputs, "output") << "\n";
}

}  // namespace archscan
