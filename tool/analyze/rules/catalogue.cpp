#include "analyze/rules/rules.h"

#include "analyze/effect.h"

namespace archscan {

const std::vector<RuleInfo>& ruleCatalogue() {
  static const std::vector<RuleInfo> rules = {
      {"missing-arch", "MissingArch", "A target arch is absent from an allow-list site.",
       "Add the arch to the table (archscan fix --add ARCH --like NEIGHBOUR), or make the read fall back on purpose. "
       "Severity follows what the read does on a missing key: error when it crashes, warning when it falls back.",
       Severity::Error, checkMissingArch},
      {"sibling-gap", "SiblingGap", "A site lacks an arch that a sibling in its family handles.",
       "Siblings are read through the same variable or attribute; when one handles an arch the others usually must too.",
       Severity::Error, checkSiblingGap},
      {"bounded-range", "BoundedRange", "A range excludes the target and sends it down a crashing or wrong path.",
       "Widen the bound or add an exact arm for the target; ranges are never patched automatically.",
       Severity::Warning, checkBoundedRange},
      {"name-mismatch", "NameMismatch", "A site inside something named for an arch does not list that arch.",
       "A function named for sm120 whose arch list has no 12 builds or dispatches for the wrong arch.",
       Severity::Error, checkNameMismatch},
      {"deny-list-review", "DenyListReview", "A deny-list names archs of the target's family but not the target.",
       "Check whether the reason an arch of this family was denied applies to the target too.", Severity::Note,
       checkDenyListReview},
      {"unlinked-site", "UnlinkedSite", "An arch table with no read found.",
       "No lookup of this table was found in the scanned tree, so what a missing arch does is unknown.",
       Severity::Note, checkUnlinkedSite},
      {"gated", "DeliberateGate", "A deliberate hardware gate keeps the target out.",
       "A raise, assert or check whose message says a feature is only for, or requires, other archs (or that ties "
       "the arch to a feature tested beside it) is a decision: the feature is off on the target by design. "
       "Listed so a bring-up knows; reconsider the gate if the target has the hardware it needs.",
       Severity::Note, checkGated},
      // scripts/new-rule.sh adds entries above this line.
  };
  return rules;
}

Finding makeFinding(const RuleContext& ctx, const char* rule, size_t site, Severity sev, const std::string& arch,
                    std::string message) {
  const LinkedSite& s = ctx.program.sites[site];
  Finding f;
  f.rule = rule;
  f.severity = sev;
  f.confidence = s.confidence;
  f.arch = arch;
  f.site = site;
  f.message = oneLine(message, 600);  // a report line: no raw newlines from macro bodies
  f.fingerprint = fingerprint(s.file, s.site.name, kindName(s.site.kind), rule, arch);
  return f;
}

}  // namespace archscan
