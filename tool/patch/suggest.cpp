#include "patch/suggest.h"

#include <algorithm>

#include "analyze/rules/rules.h"
#include "arch/parse.h"
#include "patch/render.h"
#include "patch/risk.h"
#include "patch/site_plan.h"
#include "util/source_text.h"

namespace archscan {

std::map<size_t, SuggestedFix> suggestFixes(const Program& p, const std::vector<Finding>& findings, const Knowledge& k,
                                            const FrontendSet& frontends) {
  const ArchTable& archs = k.archs;
  std::map<size_t, SuggestedFix> out;
  std::map<std::string, std::string> sources;
  std::map<std::string, std::vector<size_t>> byFile;
  for (size_t i = 0; i < p.sites.size(); ++i) byFile[p.sites[i].file].push_back(i);
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    const RuleInfo* rule = findRule(f.rule);
    if (!rule || !rule->fixable) continue;
    auto target = tryParseUserArch(f.arch, archs);
    if (!target) continue;  // sm_12x: no single arch to add
    const LinkedSite& s = p.sites[f.site];
    auto src = sources.find(s.file);
    if (src == sources.end()) {
      try {
        src = sources.emplace(s.file, readFile(s.file)).first;
      } catch (const std::exception&) {
        continue;
      }
    }
    if (contentHash(src->second) != s.file_hash) continue;
    // Like: the newest arch below the target that the site handles and whose
    // path the target can run (sm_120 like sm_89 where the sm_100 arm is
    // tcgen05), decided where fix decides it: a site fix leaves alone
    // (single-arch, named for its own arch, inside another arch's entry, a
    // path the target cannot run) carries no fix.
    std::vector<Arch> likes;
    for (const auto& e : s.site.entries) {
      Arch a = e.arch.major_only ? Arch{e.arch.major, 0, false, Variant::None} : e.arch.base();
      if (a.smInt() < target->smInt() && std::find(likes.begin(), likes.end(), a) == likes.end()) likes.push_back(a);
    }
    std::sort(likes.begin(), likes.end(), [](const Arch& a, const Arch& b) { return a.smInt() > b.smInt(); });
    // A range that admits the target wrongly is narrowed whatever `like` is;
    // the fix names the range's own floor (`major >= 10`: sm_100), so that
    // `fix --add T --like` it plans the same edit.
    if (likes.empty())
      for (const auto& r : s.site.ranges)
        if (r.low && r.contains(*target) && *r.low < target->smInt()) {
          likes.push_back(Arch{*r.low / 10, *r.low % 10, false, Variant::None});
          break;
        }
    std::optional<Arch> like;
    SitePlan planned;
    for (const Arch& a : likes) {
      PatchRule r;
      r.add = *target;
      r.like = a;
      SitePlanInput in{p, frontends, f.site, byFile[s.file], false, {}, &k};
      planned = planSite(in, r, [&]() -> const std::string& { return src->second; });
      if (planned.verdict == SiteVerdict::Edits && !planned.rendered.edits.empty()) {
        like = a;
        break;
      }
    }
    if (!like) continue;
    const Rendered& rendered = planned.rendered;
    SuggestedFix fix;
    bool narrows = !rendered.edits.empty() && rendered.edits.front().value_source.rfind("narrowed", 0) == 0;
    fix.description = narrows ? "Narrow the test so " + target->name() + " takes a path it can run (review)"
                              : "Add " + target->name() + " like " +
                                    (rendered.edits.empty() ? like->name() : rendered.edits.front().like) +
                                    " (review any copied value)";
    fix.add = target->name();
    // The arm the edits follow: `like` unless its path is one the target cannot run.
    fix.like = rendered.edits.empty() ? like->name() : rendered.edits.front().like;
    for (const auto& e : rendered.edits) fix.review |= !punctuationOnly(e) && e.risk == Risk::Review;
    fix.source = src->second;
    fix.edits = rendered.edits;
    out[i] = std::move(fix);
  }
  return out;
}

}  // namespace archscan
