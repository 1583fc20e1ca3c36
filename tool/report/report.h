#pragma once
// Printers: one per format, all fed the same data.
#include <ostream>
#include <string>
#include <vector>

#include "analyze/analyze.h"
#include "link/program.h"
#include "model/finding.h"

namespace archscan {

struct ReportInput {
  const Program& program;
  const std::vector<Finding>& findings;
  const AnalyzeOptions& opts;
  double seconds = 0;
  bool color = false;
};

void printCheckText(const ReportInput& in, std::ostream& out);
void printCheckJson(const ReportInput& in, std::ostream& out);
void printAuditText(const ReportInput& in, std::ostream& out);
void printAuditMarkdown(const ReportInput& in, std::ostream& out);
void printAuditJson(const ReportInput& in, std::ostream& out);

}  // namespace archscan
