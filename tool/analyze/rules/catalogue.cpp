#include "analyze/rules/rules.h"

#include "analyze/effect.h"

namespace archscan {

const std::vector<RuleInfo>& ruleCatalogue() {
  static const std::vector<RuleInfo> rules = {
      {"missing-arch", "MissingArch", "A target arch is absent from an allow-list site.",
       "Add the arch to the table (archscan fix --add ARCH --like NEIGHBOUR), or make the read fall back on purpose. "
       "Severity follows what the read does on a missing key: error when it crashes, warning when it falls back.",
       Severity::Error, checkMissingArch,
       R"(# tiles.py: check --target sm_120
import torch

TILE_M = {9: 128, 10: 256}  # error[missing-arch] sm_120: a KeyError on sm_120


def tile_m() -> int:
    major = torch.cuda.get_device_capability()[0]
    return TILE_M[major]
)"},
      {"sibling-gap", "SiblingGap", "A site lacks an arch that a sibling in its family handles.",
       "Siblings are read through the same variable or attribute; when one handles an arch the others usually must "
       "too.",
       Severity::Error, checkSiblingGap,
       R"(# reducer.py: check
import torch


class Reducer:
    MAX_BYTES = {9: 64, 10: 64, 12: 32}
    WORLD_SIZES = {9: [2, 4, 8], 10: [2, 4, 8]}  # error[sibling-gap] sm_12x: MAX_BYTES has 12

    def __init__(self):
        self.capability = torch.cuda.get_device_capability()[0]

    def max_bytes(self) -> int:
        return self.MAX_BYTES[self.capability]

    def world_sizes(self):
        return self.WORLD_SIZES[self.capability]
)"},
      {"bounded-range", "BoundedRange", "A range excludes the target and sends it down a crashing or wrong path.",
       "Widen the bound or add an exact arm for the target; ranges are never patched automatically.", Severity::Warning,
       checkBoundedRange,
       R"(# attention.py: check --target sm_120
import torch


def pick_kernel() -> str:
    major, minor = torch.cuda.get_device_capability()
    sm = major * 10 + minor
    if sm == 80:  # error[bounded-range] sm_120: 90 <= sm < 120 sends it to the raise
        return "fa2"
    elif 90 <= sm < 120:
        return "fa3"
    raise NotImplementedError(f"no attention kernel for sm_{sm}")
)"},
      {"name-mismatch", "NameMismatch", "A site inside something named for an arch does not list that arch.",
       "A function named for sm120 whose arch list has no 12 builds or dispatches for the wrong arch.", Severity::Error,
       checkNameMismatch,
       R"(# gemm.py: check
import torch


def get_nvcc_flags_list(supported_major_versions=None):
    major = torch.cuda.get_device_capability()[0]
    if supported_major_versions and major not in supported_major_versions:
        raise RuntimeError(f"no supported arch among {supported_major_versions}")
    return [f"-arch=sm_{major}0a"]


def gen_gemm_sm120_module():
    return get_nvcc_flags_list(supported_major_versions=[10])  # error[name-mismatch] sm_120
)"},
      {"deny-list-review", "DenyListReview", "A deny-list names archs of the target's family but not the target.",
       "Check whether the reason an arch of this family was denied applies to the target too.", Severity::Note,
       checkDenyListReview,
       R"(# fused.py: check --target sm_121
import torch


def fused_allowed() -> bool:
    cap = torch.cuda.get_device_capability()
    if cap == (12, 0):  # note[deny-list-review] sm_121: does the reason hold for 12.1 too?
        return False
    return True
)"},
      {"unlinked-site", "UnlinkedSite", "An arch table with no read found.",
       "No lookup of this table was found in the scanned tree, so what a missing arch does is unknown.", Severity::Note,
       checkUnlinkedSite,
       R"(# configs.py: check --all
ARCH_STAGES = {90: 4, 100: 6}  # note[unlinked-site]: nothing in the tree reads it
)"},
      {"gated", "DeliberateGate", "A deliberate hardware gate keeps the target out.",
       "A raise, assert or check whose message says a feature is only for, or requires, other archs (or that ties "
       "the arch to a feature tested beside it) is a decision: the feature is off on the target by design. "
       "Listed with --all (a low-confidence note) so a bring-up knows; reconsider the gate if the target has the "
       "hardware it needs.",
       Severity::Note, checkGated,
       R"(# attention.py: check --all --target sm_120
import torch


def fp8_forward(q):
    major = torch.cuda.get_device_capability()[0]
    assert major == 10, "FP8 attention is only supported on SM100"  # note[gated] sm_120
    return q
)"},
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
