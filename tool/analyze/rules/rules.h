#pragma once
// The rule catalogue. Each rule lives in the file named after its id, is
// documented under that id in the README, and has a fixture folder of that
// name in testdata/rules/.
#include <vector>

#include "analyze/analyze.h"

namespace archscan {

struct RuleInfo {
  const char* id;
  const char* name;  // a readable name, distinct from the id (SARIF wants both)
  const char* summary;
  const char* help;
  Severity default_severity;
  void (*check)(const RuleContext&, std::vector<Finding>&);
  // A whole small file that gets this finding, for `archscan explain`. Its
  // first line names the file and the command: `# f.py: check --target sm_120`.
  const char* example = nullptr;
};

void checkMissingArch(const RuleContext&, std::vector<Finding>&);
void checkSiblingGap(const RuleContext&, std::vector<Finding>&);
void checkBoundedRange(const RuleContext&, std::vector<Finding>&);
void checkNameMismatch(const RuleContext&, std::vector<Finding>&);
void checkDenyListReview(const RuleContext&, std::vector<Finding>&);
void checkUnlinkedSite(const RuleContext&, std::vector<Finding>&);
void checkGated(const RuleContext&, std::vector<Finding>&);
// scripts/new-rule.sh adds declarations above this line.

const std::vector<RuleInfo>& ruleCatalogue();

// A finding about `site` with its fingerprint filled in.
Finding makeFinding(const RuleContext& ctx, const char* rule, size_t site, Severity sev, const std::string& arch,
                    std::string message);

}  // namespace archscan
