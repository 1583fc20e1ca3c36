// sibling-gap: an allow-list table lacks an arch that a sibling table in its
// family has, or that a guard lets through to a read of it.
#include <algorithm>
#include <map>
#include <set>

#include "analyze/coverage.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {
namespace {

// Only tables are siblings: named mappings and lists read through one
// subject. Single-arch predicates, chains, switches and checks never are.
bool table(const LinkedSite& ls) {
  const Site& s = ls.site;
  return (s.kind == SiteKind::Mapping || s.kind == SiteKind::Set) && !s.binding.empty() &&
         s.polarity == Polarity::Allow && !s.check;
}

bool targeted(const RuleContext& ctx, const Arch& a) {
  for (const Arch& t : ctx.opts.targets)
    if (covers(a, t)) return true;
  return false;
}

std::string archList(const std::set<Arch>& as) {
  std::string out;
  for (const auto& a : as) out += (out.empty() ? "" : ", ") + a.name();
  return out;
}

}  // namespace

void checkSiblingGap(const RuleContext& ctx, std::vector<Finding>& out) {
  const auto& sites = ctx.program.sites;
  std::map<size_t, std::vector<size_t>> familyOf;
  for (const auto& fam : ctx.program.families)
    for (size_t i : fam.sites) familyOf[i] = fam.sites;
  for (size_t i = 0; i < sites.size(); ++i) {
    const LinkedSite& ls = sites[i];
    if (!visible(ls, ctx.opts) || !table(ls)) continue;
    std::set<Arch> missing;
    std::vector<std::string> from;
    auto consider = [&](const Arch& a, const std::string& who) {
      Arch base = a.base();
      if (coverage(ls.site, base) != Coverage::Missing || unreachable(ls.site, base) || targeted(ctx, base)) return;
      if (missing.insert(base).second && std::find(from.begin(), from.end(), who) == from.end()) from.push_back(who);
    };
    if (auto f = familyOf.find(i); f != familyOf.end())
      for (size_t j : f->second) {
        if (j == i || !visible(sites[j], ctx.opts) || !table(sites[j])) continue;
        for (const Arch& a : entryArchs(sites[j].site))
          consider(a, sites[j].site.name + " (" + sites[j].file + ":" + std::to_string(sites[j].site.line) + ")");
      }
    // A guard that lets archs through to a read that crashes without them.
    for (const auto& read : ls.lookups) {
      if (read.reached_only_by.empty() || read.on_missing != OnMissing::Crash) continue;
      for (const Arch& a : read.reached_only_by)
        consider(a, "the guard " + read.guard + " in front of " + read.how + " at " + read.file + ":" +
                        std::to_string(read.line));
    }
    if (missing.empty()) continue;
    std::string siblings;
    for (const auto& w : from) siblings += (siblings.empty() ? "" : "; ") + w;
    out.push_back(makeFinding(ctx, "sibling-gap", i, severityFor(ls.on_missing), missing.begin()->name(),
                              ls.site.name + " lacks " + archList(missing) + ", which " + siblings +
                                  " handles; on those archs it " + outcome(ls)));
  }
}

}  // namespace archscan
