#pragma once
// Printers: one per format, all fed the same data.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "analyze/analyze.h"
#include "link/program.h"
#include "model/finding.h"
#include "model/fix.h"
#include "report/audit_model.h"

namespace archscan {

// An `archscan: ignore` comment that suppressed nothing.
struct UnusedIgnore {
  std::string file;
  int line = 0;
  std::string text;
};

struct ReportInput {
  const Program& program;
  const std::vector<Finding>& findings;
  const AnalyzeOptions& opts;
  double seconds = 0;
  bool color = false;
  const std::map<size_t, SuggestedFix>* fixes = nullptr;  // by finding index (JSON, SARIF)
  std::vector<UnusedIgnore> unused_ignores;
  std::string config;  // the archscan.yaml the run used; empty: none
  const AuditOptions* audit = nullptr;  // audit formats: columns, view, links, components
  // Diagnostics already printed on standard error: a text report on the
  // same terminal leaves them out rather than say them twice.
  const std::vector<Diagnostic>* on_stderr = nullptr;
};

void printCheckText(const ReportInput& in, std::ostream& out);
void printCheckJson(const ReportInput& in, std::ostream& out);
void printCheckSarif(const ReportInput& in, std::ostream& out);
void printCheckGithub(const ReportInput& in, std::ostream& out);
// The audit model of a report input (its fixes, its audit options or defaults).
AuditModel auditModel(const ReportInput& in);
// One renderer per audit format, all of the same model.
void printAuditText(const AuditModel& m, bool color, std::ostream& out);
void printAuditMarkdown(const AuditModel& m, std::ostream& out);
void printAuditHtml(const AuditModel& m, std::ostream& out);
void printAuditJson(const AuditModel& m, const Program& p, std::ostream& out);

}  // namespace archscan
