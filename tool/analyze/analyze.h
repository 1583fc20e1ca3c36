#pragma once
// Runs every rule over the linked program. Rules only read; findings are data.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arch/arch.h"
#include "knowledge/knowledge.h"
#include "link/program.h"
#include "model/finding.h"

namespace archscan {

struct AnalyzeOptions {
  std::vector<Arch> targets;
  bool all = false;  // show low-confidence and arch-specific sites too
  // --select, --ignore and archscan.yaml `rules:`: the rules not reported, and
  // the level every finding of a rule takes instead of the rule's own.
  std::set<std::string> off;
  std::map<std::string, Severity> levels;
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
