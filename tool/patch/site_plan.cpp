#include "patch/site_plan.h"

#include "analyze/coverage.h"
#include "analyze/paths.h"
#include "frontend/path_needs.h"

namespace archscan {
namespace {

bool contains(const ByteRange& outer, const ByteRange& inner) {
  return !inner.empty() && inner.begin >= outer.begin && inner.end <= outer.end;
}

// The arch-keyed entry of another site that holds site `i` (`"sm100a":
// dict(arch_list="sm100a")`): that key decides the nested site's arch.
const Entry* keyedEntryAround(const Program& p, size_t i, const std::vector<size_t>& sameFile, size_t& outer) {
  const Site& s = p.sites[i].site;
  for (size_t j : sameFile) {
    if (j == i) continue;
    for (const Entry& e : p.sites[j].site.entries)
      if (e.form == EntryForm::Key && !e.value.empty() && contains(e.value, s.extent)) {
        outer = j;
        return &e;
      }
  }
  return nullptr;
}

std::vector<const Site*> nestedIn(const Program& p, size_t i, const std::vector<size_t>& sameFile) {
  std::vector<const Site*> out;
  for (size_t j : sameFile)
    if (j != i && contains(p.sites[i].site.extent, p.sites[j].site.extent)) out.push_back(&p.sites[j].site);
  return out;
}

SitePlan skipped(std::string reason) { return {SiteVerdict::Skipped, {}, std::move(reason)}; }

}  // namespace

std::optional<std::string> likePathRefusal(const Site& s, const PatchRule& rule, const Knowledge& k) {
  for (size_t i = 0; i < s.entries.size(); ++i) {
    const Entry& e = s.entries[i];
    if (!covers(e.arch, rule.like)) continue;
    const PathNeed* need = needOf(s, s.kind == SiteKind::Mapping ? static_cast<int>(i) : e.arm);
    if (!need) continue;
    std::vector<std::string> missing = unmet(*need, rule.add, k);
    if (missing.empty()) continue;
    return "the " + rule.like.name() + " path needs " + describeNeed(*need, missing) + "; " + rule.add.name() +
           " has no " + missing.front() + ": give " + rule.add.name() + " a path of its own, or leave it out";
  }
  return std::nullopt;
}

SitePlan planSite(const SitePlanInput& in, const PatchRule& rule, const std::function<const std::string&()>& source) {
  const Program& p = in.program;
  const LinkedSite& s = p.sites[in.site];
  Coverage c = coverage(s.site, rule.add);
  if (s.site.kind == SiteKind::Range) {
    if (c == Coverage::Missing && coverage(s.site, rule.like) != Coverage::Missing)
      return skipped("a range; ranges are never patched: widen it by hand if " + rule.add.name() + " belongs inside");
    return {};
  }
  if (coverage(s.site, rule.like) != Coverage::Covered) return {};  // the rule is about sites that handle `like`
  size_t outer = 0;
  if (const Entry* key = c == Coverage::Missing ? keyedEntryAround(p, in.site, in.same_file, outer) : nullptr)
    return skipped("inside the " + key->key_text + " entry of " + p.sites[outer].site.name +
                   ", whose key decides its arch; a copy of that entry gets the new arch instead");
  if (c == Coverage::Missing && namedForItsArchs(s.site))
    return skipped("inside something named for its own arch; left alone on purpose");
  if (c == Coverage::Missing && archSpecific(s.site, s.on_missing) && !in.all)
    return skipped("a single-arch site, per-arch on purpose? (--all patches it)");
  if (c == Coverage::Covered) {
    bool byMajor = false;
    // Only worth saying when the new arch is not the major's first (sm_121 under key 12).
    for (const auto& e : s.site.entries)
      byMajor |= e.arch.major_only && covers(e.arch, rule.add) && rule.add.minor != 0;
    std::string why = byMajor ? "its key " + std::to_string(rule.add.major) + " covers every " +
                                    std::to_string(rule.add.major) + ".x, so " + rule.add.name() + " is already handled"
                              : "already handles " + rule.add.name();
    return {SiteVerdict::Already, {}, why};
  }
  if (c == Coverage::CoveredByRange) return skipped("a range already covers " + rule.add.name());
  // The hardware: widening an arm the new arch cannot run sends it into that code.
  // A table's new entry is judged as written (a copied value renamed for the
  // new arch, or the patch set's own value), once rendered below.
  if (in.knowledge && s.site.kind != SiteKind::Mapping)
    if (auto why = likePathRefusal(s.site, rule, *in.knowledge)) return skipped(*why);
  SitePlan out{SiteVerdict::Edits, {}, ""};
  out.rendered = renderSite(s, in.site, rule, source(), in.value_override ? in.value_override() : std::nullopt,
                            nestedIn(p, in.site, in.same_file));
  if (!out.rendered.skip_reason.empty()) return skipped(out.rendered.skip_reason);
  if (in.knowledge && s.site.kind == SiteKind::Mapping) {
    for (const Edit& e : out.rendered.edits) {
      auto need = pathNeedIn(e.text, e.line, 0, *in.knowledge, s.language == Language::Python ? "#" : "//");
      std::vector<std::string> missing = need ? unmet(*need, rule.add, *in.knowledge) : std::vector<std::string>{};
      if (missing.empty()) continue;
      return skipped("the new entry would need " + describeNeed(*need, missing) + " (copied from the " +
                     rule.like.name() + " entry); " + rule.add.name() + " has no " + missing.front() +
                     ": give it a value of its own (a patch set's `values:`), or leave it out");
    }
  }
  return out;
}

}  // namespace archscan
