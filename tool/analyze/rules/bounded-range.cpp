// bounded-range: a range that sends the target down a crashing or wrong path.
#include <algorithm>

#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/paths.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {
namespace {

std::string units(int sm) { return "sm_" + std::to_string(sm); }

// A run-time test of the same bounds on the host (`NVTE_CHECK(sm >= 90 &&
// sm < 100, "only supported on Hopper")`, or an if that picks the launch):
// the kernel compiled to nothing, or to a trap, elsewhere is only launched
// inside the range, and that test is where another arch is decided. In the
// same file, or, for a device-side guard, in a file that includes the
// kernel's (a launcher picks the kernel a header defines).
bool launchedOnlyInRange(const Program& p, const LinkedSite& kernel, const ArchRange& r, bool includers) {
  const std::vector<std::string>* by = nullptr;
  if (auto it = p.includers.find(kernel.file); includers && it != p.includers.end()) by = &it->second;
  for (const auto& o : p.sites) {
    bool near = o.file == kernel.file || (by && std::find(by->begin(), by->end(), o.file) != by->end());
    if (&o == &kernel || !near || o.site.kind == SiteKind::Guard) continue;
    if (o.site.spelling.kind == SpellingKind::CudaArchInt) continue;  // another preprocessor test
    bool low = false, high = false;
    for (const auto& g : o.site.ranges) {
      // The bounds may come back split or negated (`!(sm >= 90 && sm < 100)`).
      for (const auto& b : {g.low, g.high}) {
        low |= b == r.low;
        high |= b == r.high;
      }
    }
    if (low && high) return true;
  }
  return false;
}

}  // namespace

void checkBoundedRange(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.ranges.empty() || s.polarity != Polarity::Allow) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(s, t) == Coverage::Covered) continue;
      // A chain is judged on the union of its arms: when a later arm (`>= 89`
      // after `> 90 && < 100`) takes the target, it misses no range, and
      // what that arm runs is wrong-path's question, not this rule's.
      bool taken = takenPath(s, t).arm != kFallbackArm;
      // The arm nearest below the target first (`>= 80 && < 90` before
      // `>= 70 && < 75`): that is the range to widen, and the one quoted.
      std::vector<const ArchRange*> order;
      for (const auto& r : s.ranges) order.push_back(&r);
      std::stable_sort(order.begin(), order.end(), [](const ArchRange* a, const ArchRange* b) {
        return a->high && (!b->high || *a->high > *b->high);
      });
      for (const ArchRange* rp : order) {
        const ArchRange& r = *rp;
        // Excluded by an upper bound that starts the newest family an exact arm handles.
        if (r.low && r.high && t.smInt() >= *r.high && !taken) {
          bool newestFamily = false;
          for (const auto& e : s.entries) newestFamily |= e.arch.major * 10 == *r.high;
          // An exact arm of the target's own family (`== 120` beside `< 120`,
          // for sm_121) is where the target belongs: missing-arch names that
          // arm and adds the target beside it, which a wider range is not.
          if (!familyMate(s, t).empty()) break;
          // The range's own path needs what the target lacks (`>= 900 && < 1000`
          // around wgmma): the bound keeps it out on purpose, and widening it
          // would send the target into code it cannot run.
          if (const PathNeed* need = needOf(s, r.arm); need && !unmet(*need, t, ctx.k).empty()) break;
          bool device = s.spelling.kind == SpellingKind::CudaArchInt;
          if (device && ls.on_missing == OnMissing::Crash && launchedOnlyInRange(ctx.program, ls, r, true)) break;
          if (ls.on_missing == OnMissing::Crash || newestFamily) {
            out.push_back(makeFinding(ctx, "bounded-range", i,
                                      ls.on_missing == OnMissing::Crash ? Severity::Error : Severity::Warning, t.name(),
                                      "`" + r.text + "` stops below " + units(*r.high) + " so " + t.name() +
                                          " misses it; " + t.name() + " " + outcome(ls)));
            break;
          }
          // A kernel body wrapped in the range with no #else computes nothing
          // elsewhere: a silent wrong result, not a slower path.
          if (s.compiled_out && !launchedOnlyInRange(ctx.program, ls, r, false)) {
            out.push_back(makeFinding(ctx, "bounded-range", i, Severity::Warning, t.name(),
                                      "`" + r.text + "` stops below " + units(*r.high) + " and wraps the whole body; " +
                                          "on " + t.name() + " " + s.name + " is compiled to nothing"));
            break;
          }
        }
        // An open range of another family catches the target while an exact
        // arm of the target's own family exists: a silent wrong path (when the
        // path's own words say the target cannot run it, wrong-path says so).
        if (r.low && !r.high && r.contains(t) && !wrongPath(s, ls.file, t, ctx.k)) {
          for (const auto& e : s.entries) {
            if (e.arch.major == t.major && !covers(e.arch, t) && *r.low / 10 != t.major) {
              out.push_back(makeFinding(ctx, "bounded-range", i, Severity::Warning, t.name(),
                                        "`" + r.text + "` catches " + t.name() + " although the " + e.key_text +
                                            " arm handles its family; " + t.name() + " takes the other family's path"));
              break;
            }
          }
        }
      }
    }
  }
}

}  // namespace archscan
