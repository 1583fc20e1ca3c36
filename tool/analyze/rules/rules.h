#pragma once
// The rule catalogue. Each rule lives in the file named after its id, is
// documented under that id in docs/rules.md, and has a fixture folder of that
// name in testdata/rules/.
#include <string_view>
#include <vector>

#include "analyze/analyze.h"

namespace archscan {

// What a rule's finding for one target arch says in the audit matrix.
enum class AuditRole {
  None,  // the finding is not about one target (sibling-gap, unlinked-site): no cell
  FromSeverity,  // crash, fallback or unknown, from the finding's severity and the site's read
  Gated,  // a deliberate hardware gate
  Review,  // a deny-list to read again
};

// Everything archscan knows about a rule, declared once: the analysis runs
// `check`, report/ asks `audit`, patch/ asks `fixable`, and archscan-docs
// writes docs/rules.md's rule reference and the JSON schema's rule enum from
// this table (a test keeps the committed copies in step).
struct RuleInfo {
  const char* id;
  const char* name;  // a readable name, distinct from the id (SARIF wants both)
  const char* summary;
  const char* help;
  Severity default_severity;
  void (*check)(const RuleContext&, std::vector<Finding>&);
  // A whole small file that gets this finding, for `archscan explain`. Its
  // first line names the file and the command: `# f.py: check --target sm_120`.
  // A finding that joins files (a check and the build that compiles it)
  // gives each further file after a line `==> path <==`, and the command
  // then scans their folder.
  const char* example = nullptr;
  AuditRole audit = AuditRole::None;
  // Whether the analysis can attach an edit to the finding: the arch added to
  // the site like a neighbour (`fix` and `patch` apply it).
  bool fixable = false;
  // The rule's section in docs/rules.md (Markdown, wrapped at 80 columns).
  const char* doc = nullptr;
  // A rule whose finding this one stands for when both report one site for
  // one arch: one decision, one finding, the more specific one.
  const char* speaks_for = nullptr;
};

void checkMissingArch(const RuleContext&, std::vector<Finding>&);
void checkSiblingGap(const RuleContext&, std::vector<Finding>&);
void checkBoundedRange(const RuleContext&, std::vector<Finding>&);
void checkNameMismatch(const RuleContext&, std::vector<Finding>&);
void checkDenyListReview(const RuleContext&, std::vector<Finding>&);
void checkUnlinkedSite(const RuleContext&, std::vector<Finding>&);
void checkGated(const RuleContext&, std::vector<Finding>&);
void checkWrongPath(const RuleContext&, std::vector<Finding>&);
void checkSuffixMismatch(const RuleContext&, std::vector<Finding>&);
void checkNotBuilt(const RuleContext&, std::vector<Finding>&);
void checkNeverAdmitted(const RuleContext&, std::vector<Finding>&);
void checkSelectorLimit(const RuleContext&, std::vector<Finding>&);
// scripts/new-rule.sh adds declarations above this line.

const std::vector<RuleInfo>& ruleCatalogue();
// The rule with this id, or null.
const RuleInfo* findRule(std::string_view id);

// A finding about `site` with its fingerprint filled in.
Finding makeFinding(const RuleContext& ctx, const char* rule, size_t site, Severity sev, const std::string& arch,
                    std::string message);

}  // namespace archscan
