// missing-arch: a target arch is absent from an allow-list site.
#include "analyze/callers.h"
#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/paths.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {
namespace {

// A named value table read with a default (`TILES.get(cap, 64)`): its values
// are tuned per arch, so the default is a guess for a new one.
bool tunedTable(const LinkedSite& ls) {
  return ls.site.kind == SiteKind::Mapping && !ls.site.binding.empty() && !ls.lookups.empty();
}

// A build list of integrated (Jetson/Tegra) GPUs only, for a target that is
// a discrete card: the list builds for that platform, whose images never
// run on the target, so the target is not missing from it.
bool integratedOnly(const Site& s, const Arch& t, const ArchTable& archs) {
  if (!s.build_list || s.entries.empty()) return false;
  const KnownArch* target = archs.find(t.major, t.minor);
  if (!target || target->facts.integrated) return false;
  for (const auto& e : s.entries) {
    const KnownArch* a = archs.find(e.arch.major, e.arch.minor);
    if (!a || !a->facts.integrated) return false;
  }
  return true;
}

// The same gate called elsewhere in the file with more archs, the target
// among them (`supported_major_versions=[10, 12]` beside `=[10]`): the
// narrow call is then not a per-arch variant but a list not yet widened.
const LinkedSite* widerSibling(const Program& p, const LinkedSite& ls, const Arch& target) {
  const Site& s = ls.site;
  if (s.gate.empty() || s.kind != SiteKind::Set) return nullptr;
  for (const auto& o : p.sites) {
    if (&o == &ls || o.file != ls.file || o.site.gate != s.gate || o.site.gate_param != s.gate_param) continue;
    if (o.site.entries.size() <= s.entries.size() || coverage(o.site, target) != Coverage::Covered) continue;
    bool superset = true;
    for (const auto& e : s.entries) superset &= coverage(o.site, e.arch) == Coverage::Covered;
    if (superset) return &o;
  }
  return nullptr;
}

}  // namespace

void checkMissingArch(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.polarity != Polarity::Allow || s.kind == SiteKind::Range) continue;
    bool perArch = namedForItsArchs(s);  // a per-arch variant
    // A test skipped on unlisted archs crashes nobody; --all lists it.
    if (s.skips && !ctx.opts.all) continue;
    bool specific = archSpecific(s, ls.on_missing) && !ctx.opts.all;
    if (gateReason(ls)) continue;  // gated reports it
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(s, t) != Coverage::Missing || unreachable(s, t)) continue;  // the check before it reports t
      if (!guardBeforeEveryRead(ls, t).empty()) continue;  // so does the guard every read sits behind
      if (hardwareGate(s, t, ctx.k)) continue;  // every path needs what t lacks: gated reports it
      if (integratedOnly(s, t, ctx.k.archs)) continue;  // a Jetson build, not one t could load
      if (callersGate(ctx.program, i, t, ctx.k)) continue;  // so does every caller's: gated reports it
      if (callersCheck(ctx.program, i, t, ctx.k)) continue;  // every caller refuses t first, and is reported
      if (wrongPath(s, ls.file, t, ctx.k)) continue;  // t falls into a path it cannot run: wrong-path reports it
      if (neverAdmittedBy(ctx.program, i, t)) continue;  // its module is built for t: never-admitted says so
      // A list handed to a build system's selector: one it cannot hold t in
      // is selector-limit's, and one not known here misses nothing.
      if (const ArchSelector* sel = selectorNamed(ctx.k, s.gate);
          sel && (t.major > sel->max_major || s.entries.empty()))
        continue;
      const LinkedSite* wider = widerSibling(ctx.program, ls, t);
      if (perArch && !wider) continue;
      // A site of one arch is arch-specific on purpose, unless that arch is
      // of the target's own family: where a new family member gets forgotten.
      // A guard of one chip stays deliberate (an errata fence for sm_121).
      std::string mate = familyMate(s, t);
      // A fallback taken by an arch that shares the group's hardware (its
      // shared memory, its threads per SM) is the wrong path, however few
      // archs the test names.
      std::optional<std::string> wrong;
      if (ls.on_missing == OnMissing::Fallback) wrong = wrongFallback(s, t, ctx.k.archs);
      bool wrongByFact = wrong && *wrong != mate;
      if (specific && !wider && !wrongByFact && (mate.empty() || s.kind == SiteKind::Guard)) continue;
      bool nameSaysIt = false;  // name-mismatch already reports this arch here
      for (const Arch& named : s.scope_archs) nameSaysIt |= covers(named, t);
      if (nameSaysIt) continue;
      const KnownArch* known = ctx.k.archs.find(t.major, t.minor);
      if (s.max_cuda && known && known->min_cuda >= s.max_cuda) continue;  // this branch's toolkit predates t
      Severity sev = severityFor(ls.on_missing);
      Confidence conf = ls.confidence;
      std::string why;
      if (!mate.empty()) why = "; " + mate;
      if (wider)
        why = "; " + wider->site.name + " (line " + std::to_string(wider->site.line) + ") calls " + s.gate + " with " +
              keyList(wider->site);
      if (s.skips) {
        sev = Severity::Note;
        conf = Confidence::Low;
      } else if (s.compiled_out) {
        sev = Severity::Warning;
      } else if (ls.on_missing == OnMissing::Fallback) {
        // A fallback is reported when something says it is the wrong path.
        // A build list without the arch ships no native code for it.
        if (wrong) why = "; " + *wrong;
        else if (mate.empty() && !tunedTable(ls) && !s.build_list) conf = Confidence::Low;
      } else if (ls.on_missing == OnMissing::Unknown) {
        conf = Confidence::Low;
      }
      Finding f = makeFinding(ctx, "missing-arch", i, sev, t.name(),
                              s.name + " (" + kindName(s.kind) + " of " + keyList(s) + ") has no " + t.name() +
                                  "; on " + t.name() + " it " + outcome(ls) + why);
      f.confidence = std::min(f.confidence, conf);
      out.push_back(std::move(f));
    }
  }
}

}  // namespace archscan
