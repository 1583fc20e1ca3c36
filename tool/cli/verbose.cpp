#include "cli/verbose.h"

#include <cstdio>
#include <string>

namespace archscan {
namespace {

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

void phase(std::ostream& err, const char* name, double seconds, const std::string& what) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%-9s %8.3f s  ", name, seconds);
  err << "archscan: " << buf << what << "\n";
}

}  // namespace

void printSettingsUsed(const Settings& s, std::ostream& err) {
  err << "archscan: settings: " << (s.config.empty() ? "no archscan.yaml, " + s.config_search : s.config) << "\n";
}

void printPhases(const ScanResult& r, const Settings& s, std::ostream& err) {
  const Program& p = r.program;
  phase(err, "discover", r.phases.discover, plural(r.phases.files_found, "file") + " to read");
  phase(err, "extract", r.phases.extract,
        plural(p.files_seen, "file") + " read, " + std::to_string(p.files_parsed) + " parsed (" +
            (s.scan.jobs > 0 ? plural(static_cast<size_t>(s.scan.jobs), "thread") : std::string("all cores")) + ")");
  size_t families = p.families.size();
  phase(err, "link", r.phases.link,
        plural(p.sites.size(), "site") + ", " + std::to_string(families) + (families == 1 ? " family" : " families"));
  phase(err, "analyze", r.phases.analyze, plural(r.analysis.findings.size(), "finding"));
}

void printReportTime(double seconds, size_t outputs, std::ostream& err) {
  phase(err, "report", seconds, plural(outputs, "output"));
}

}  // namespace archscan
