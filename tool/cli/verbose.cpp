#include "cli/verbose.h"

#include <cstdio>
#include <string>

namespace archscan {
namespace {

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

}  // namespace

void printSettingsUsed(const Settings& s, std::ostream& err) {
  err << "archscan: settings: " << (s.config.empty() ? "no archscan.yaml, " + s.config_search : s.config) << "\n";
}

void printReportTime(double seconds, size_t outputs, std::ostream& err) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "report %.3f s, ", seconds);
  err << "archscan: " << buf << plural(outputs, "output") << "\n";
}

}  // namespace archscan
