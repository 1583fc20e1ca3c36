#pragma once
// The reports of one check or audit: --format to -o FILE (or standard
// output), plus every --output-format FORMAT=FILE, all from one scan.
#include <string>
#include <vector>

#include "cli/settings.h"
#include "config/formats.h"
#include "report/audit_diff.h"
#include "report/report.h"

namespace archscan {

struct OutputRequest {
  Format format;
  std::string file;  // empty: standard output
  bool primary = false;
};

// Validates every requested output before anything is scanned. Throws UsageError.
std::vector<OutputRequest> outputRequests(const Settings& s);
// Whether `format` is an audit matrix when `command` runs (text and json
// mean the running command's own; markdown and html are always the audit's).
bool isAuditFormat(Command command, Format format);
// What an audit format prints: the audit, or with --diff what changed since an earlier one.
struct AuditView {
  const AuditModel* model = nullptr;
  const AuditDiff* diff = nullptr;
};
std::string render(Command command, Format format, const ReportInput& in, const AuditView& audit);

}  // namespace archscan
