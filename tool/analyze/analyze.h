#pragma once
// Runs every rule over the linked program. Rules only read; findings are data.
#include <vector>

#include "arch/arch.h"
#include "knowledge/knowledge.h"
#include "link/program.h"
#include "model/finding.h"

namespace archscan {

struct AnalyzeOptions {
  std::vector<Arch> targets;
  bool all = false;  // show low-confidence and arch-specific sites too
};

struct RuleContext {
  const Program& program;
  const AnalyzeOptions& opts;
  const Knowledge& k;
};

// Whether a site takes part in reports: not vetoed, and medium or high
// confidence unless --all.
bool visible(const LinkedSite& s, const AnalyzeOptions& opts);

struct Analysis {
  std::vector<Finding> findings;  // after inline suppressions
  std::vector<FileSuppression> unused;  // ignore comments that suppressed nothing
};

Analysis analyze(const Program& program, const AnalyzeOptions& opts, const Knowledge& k);

}  // namespace archscan
