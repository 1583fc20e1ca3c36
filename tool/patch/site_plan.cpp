#include "patch/site_plan.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "analyze/callers.h"
#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/paths.h"
#include "frontend/path_needs.h"
#include "knowledge/hardware.h"
#include "patch/narrow.h"
#include "patch/risk.h"
#include "util/source_text.h"

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

// Whether words (a refusal's message, a comment) say `t` is left out on
// purpose: they name t or its family (sm_120, sm120, SM12x, 12.0, 12.x) and
// say it is excluded or unsupported.
bool saysExcluded(std::string_view words, const Arch& t) {
  std::string w = asciiLower(words);
  std::string sm = std::to_string(t.major * 10 + t.minor), major = std::to_string(t.major);
  bool names = false;
  for (const std::string& n : {"sm_" + sm, "sm" + sm, "sm " + sm, "sm" + major + "x", "sm_" + major + "x",
                               major + "." + std::to_string(t.minor), major + ".x", "compute_" + sm})
    names |= w.find(n) != std::string::npos;
  if (!names) return false;
  for (const char* no : {"exclud", "not supported", "unsupported", "does not support", "doesn't support", "not support",
                         "lacks", "no support", "not available", "disabled", "not enabled"})
    if (w.find(no) != std::string::npos) return true;
  return false;
}

// Whether words limit something to named hardware: "only", "requires",
// "supported on".
bool saysOnly(std::string_view words) {
  std::string w = asciiLower(words);
  for (size_t at = w.find("only"); at != std::string::npos; at = w.find("only", at + 1)) {
    bool before = at == 0 || !std::isalpha(static_cast<unsigned char>(w[at - 1]));
    bool after = at + 4 >= w.size() || !std::isalpha(static_cast<unsigned char>(w[at + 4]));
    if (before && after) return true;  // "only", "SM100-only", not "commonly"
  }
  for (const char* limit : {"requires", "require ", "supported on", "is for "})
    if (w.find(limit) != std::string::npos) return true;
  return false;
}

// The comment on the line holding byte `at` and the comment lines right
// above it (three at most), read around `at` rather than the whole file:
// planSite asks for every site it judges.
std::string commentsAt(std::string_view text, size_t at, std::string_view marker) {
  auto lineAround = [&](size_t pos, size_t& begin) {
    begin = pos == 0 ? 0 : text.rfind('\n', pos - 1);
    begin = begin == std::string_view::npos || pos == 0 ? 0 : begin + 1;
    size_t end = text.find('\n', begin);
    return text.substr(begin, (end == std::string_view::npos ? text.size() : end) - begin);
  };
  at = std::min(at, text.size());
  size_t begin = 0;
  std::string_view line = lineAround(at, begin);
  std::string out;
  if (size_t c = line.find(marker); c != std::string_view::npos) out += line.substr(c);
  for (int n = 0; n < 3 && begin > 0; ++n) {
    std::string_view above = lineAround(begin - 1, begin);
    size_t first = above.find_first_not_of(" \t");
    if (first == std::string_view::npos || above.compare(first, marker.size(), marker) != 0) break;
    out += "\n";
    out += above.substr(first);
  }
  return out;
}

}  // namespace

std::optional<std::string> likePathRefusal(const Site& s, const PatchRule& rule, const Knowledge& k) {
  for (size_t i = 0; i < s.entries.size(); ++i) {
    const Entry& e = s.entries[i];
    if (!covers(e.arch, rule.like)) continue;
    const PathNeed* need = needOf(s, armOf(s, i));
    if (!need) continue;
    std::vector<std::string> missing = unmet(*need, rule.add, k);
    if (missing.empty()) continue;
    return "the " + rule.like.name() + " path needs " + describeNeed(*need, missing) + "; " + rule.add.name() +
           " has no " + missing.front() + ": give " + rule.add.name() + " a path of its own, or leave it out";
  }
  return std::nullopt;
}

namespace {

// Why `rule.add` is not sent down `rule.like`'s path when nothing records
// what that path runs (a run-time site; build lists are judged by the build):
// like's own kernels use instructions add lacks ("what the sm_100 path runs is
// not known here, and sm_100's own kernels use tcgen05, which sm_120 lacks").
// nullopt when add has them, or when the path is recorded.
std::optional<std::string> unknownLikePathRefusal(const Site& s, const PatchRule& rule, const Knowledge& k) {
  if (s.build_list) return std::nullopt;  // what a build list compiles is judged by the build (--verify-build)
  // Inside something named for the new arch (`gen_gemm_sm120_module`), the
  // path is that arch's own, whatever keys the list was given.
  for (const Arch& named : s.scope_archs)
    if (named.major == rule.add.major) return std::nullopt;
  bool likeArm = false;
  for (size_t i = 0; i < s.entries.size(); ++i) {
    if (!covers(s.entries[i].arch, rule.like)) continue;
    if (needOf(s, armOf(s, i))) return std::nullopt;  // recorded: likePathRefusal and the rendered entry judge it
    likeArm = true;
  }
  const KnownArch* like = k.archs.find(rule.like.major, rule.like.minor);
  if (!likeArm || !like) return std::nullopt;
  std::vector<std::string> missing = lacking(rule.add, like->isa.signature, k);
  if (missing.empty()) return std::nullopt;
  std::string features;
  for (const std::string& f : missing) features += (features.empty() ? "" : ", ") + f;
  return "what the " + rule.like.name() + " path runs is not known here, and " + rule.like.name() +
         "'s own kernels use " + features + ", which " + rule.add.name() + " lacks";
}

SitePlan likeRefused(std::string reason) {
  SitePlan out = skipped(std::move(reason));
  out.like_refused = true;
  return out;
}

// The arch whose arm `t` should be patched like when `like`'s path needs
// what t lacks: an arm of t's own major (sm_121 beside sm_120) first, else
// the newest arch below t whose own instructions t has (no `a`/`f` target,
// no signature t lacks: sm_89 or sm_80 mma.sync for sm_120, never sm_90's
// wgmma) and whose recorded needs t meets. Nothing when no arm is one.
std::optional<Arch> runnableLike(const Site& s, const Arch& t, const Arch& like, const Knowledge& k) {
  std::optional<Arch> best;
  int bestScore = -1;
  for (size_t i = 0; i < s.entries.size(); ++i) {
    Arch a = s.entries[i].arch;
    if (a.major_only) a = Arch{a.major, 0};
    if (covers(a, t) || covers(a, like) || a.variant != Variant::None) continue;
    bool family = a.major == t.major;
    if (!family && a.smInt() > t.smInt()) continue;
    const KnownArch* known = k.archs.find(a.major, a.minor);
    if (!known || !lacking(t, known->isa.signature, k).empty()) continue;
    if (const PathNeed* need = needOf(s, armOf(s, i)))
      if (!unmet(*need, t, k).empty()) continue;
    int score = (family ? 10000 : 0) + a.smInt();
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}

SitePlan planLike(const SitePlanInput& in, const PatchRule& rule, const std::function<const std::string&()>& source);

}  // namespace

SitePlan planSite(const SitePlanInput& in, const PatchRule& rule, const std::function<const std::string&()>& source) {
  SitePlan first = planLike(in, rule, source);
  if (!first.like_refused || !in.knowledge) return first;
  auto other = runnableLike(in.program.sites[in.site].site, rule.add, rule.like, *in.knowledge);
  if (!other) {
    first.reason += "; no other path here is one " + rule.add.name() + " can run";
    return first;
  }
  PatchRule instead = rule;
  instead.like = *other;
  instead.like_text = other->name();
  SitePlan second = planLike(in, instead, source);
  if (second.verdict != SiteVerdict::Edits) return first;
  // A reviewer sees why the edit copies another arm than the one asked for.
  std::string why = " (not " + rule.like.name() + ", whose path needs what " + rule.add.name() + " lacks)";
  if (const KnownArch* like = in.knowledge->archs.find(rule.like.major, rule.like.minor)) {
    std::string features;
    for (const auto& f : lacking(rule.add, like->isa.signature, *in.knowledge))
      features += (features.empty() ? "" : ", ") + f;
    if (!features.empty())
      why = " (not " + rule.like.name() + ", whose kernels use " + features + ", which " + rule.add.name() + " lacks)";
  }
  for (Edit& e : second.rendered.edits)
    if (e.risk == Risk::Review && !e.risk_why.empty()) e.risk_why += why;
  return second;
}

namespace {

SitePlan planLike(const SitePlanInput& in, const PatchRule& rule, const std::function<const std::string&()>& source) {
  const Program& p = in.program;
  const LinkedSite& s = p.sites[in.site];
  const Frontend& frontend = in.frontends.of(s.language);
  // A range that lets the new arch into a path it cannot run (what check
  // reports as wrong-path) is narrowed, whatever `like` is: widening
  // anything else would not get it a path it can run.
  bool shown = !s.vetoed && (in.all || s.confidence != Confidence::Low) && !unreachable(s.site, rule.add);
  if (in.knowledge && shown)
    if (auto wrong = wrongPath(s.site, s.file, rule.add, *in.knowledge)) {
      SitePlan out{SiteVerdict::Edits,
                   renderNarrowing(s, in.site, rule, source(), frontend.editing(), *wrong, in.knowledge), ""};
      if (!out.rendered.skip_reason.empty()) return skipped(out.rendered.skip_reason);
      for (Edit& e : out.rendered.edits) markRisk(e, s, rule, in.knowledge);
      return out;
    }
  if (s.site.polarity != Polarity::Allow) return {};  // a deny-list names who is turned away, not who is served
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
  // A deliberate gate is a decision, not a gap: check lists it as gated.
  if (s.site.polarity == Polarity::Allow)
    if (auto why = gateReason(s))
      return skipped("a deliberate gate (" + *why + "); widen it by hand if " + rule.add.name() +
                     " is meant to have the feature");
  // The function already gives the new arch a path of its own on the same
  // subject (`if arch // 10 == 12:` beside `arch // 10 in [10, 11]`): the
  // tests that leave it out there do so on purpose. A deny naming it (`if cap
  // == (12, 0): use_cudnn = False`) turns one thing off, and says nothing.
  if (s.site.subject && !s.site.subject->text.empty())
    for (size_t j : in.same_file) {
      const Site& o = p.sites[j].site;
      if (j == in.site || !o.subject || o.subject->text != s.site.subject->text || o.scope != s.site.scope ||
          o.polarity != Polarity::Allow)
        continue;
      for (const Entry& e : o.entries)
        if (covers(e.arch, rule.add))
          return skipped("this function gives " + rule.add.name() + " its own path (line " + std::to_string(e.line) +
                         ", `" + e.key_text + "`); left out here on purpose");
    }
  // A test skipped, or a path left, with words that it is only for other
  // GPUs ("only enabled on Blackwell server GPUs") is kept to them on purpose.
  if (s.site.on_missing != OnMissing::Crash && saysOnly(s.site.crash_message))
    return skipped("its message says it is only for other GPUs (\"" + s.site.crash_message + "\")");
  std::string comments = commentsAt(source(), s.site.extent.begin, frontend.editing().line_comment);
  if (saysExcluded(s.site.crash_message, rule.add) || saysExcluded(comments, rule.add))
    return skipped("its message or comment says " + rule.add.name() + " is left out on purpose");
  // The hardware: widening an arm the new arch cannot run sends it into that code.
  // A table's new entry is judged as written (a copied value renamed for the
  // new arch, or the patch set's own value), once rendered below.
  if (in.knowledge && s.site.kind != SiteKind::Mapping)
    if (auto why = likePathRefusal(s.site, rule, *in.knowledge)) return likeRefused(*why);
  // A patch set's own value for the new entry is a path of its own, judged
  // once rendered below.
  bool ownValue = in.value_override && in.value_override();
  // Else check calls a site gated when every path it lets in needs what the new
  // arch lacks (or it builds only arch-specific kernels of archs unlike it).
  if (in.knowledge && !ownValue && s.site.polarity == Polarity::Allow && s.confidence >= Confidence::Medium)
    if (auto why = hardwareGate(s.site, rule.add, *in.knowledge))
      return skipped("a hardware gate (" + *why + "); widening it would not give " + rule.add.name() +
                     " code it can run");
  if (in.knowledge)
    if (auto why = callersGate(p, in.site, rule.add, *in.knowledge))
      return skipped(*why + "; widening it here would not give " + rule.add.name() + " a path");
  // A path nothing here describes (a tile size, `cc in [90, 100]`) is like's
  // own arch's code as far as anyone knows: when that arch's kernels use
  // instructions the new one lacks, the new arch is not sent there on
  // --like's word alone.
  if (in.knowledge && !ownValue)
    if (auto why = unknownLikePathRefusal(s.site, rule, *in.knowledge)) return likeRefused(*why);
  SitePlan out{SiteVerdict::Edits, {}, ""};
  out.rendered = renderSite(s, in.site, rule, source(), frontend,
                            in.value_override ? in.value_override() : std::nullopt, nestedIn(p, in.site, in.same_file));
  if (!out.rendered.skip_reason.empty()) return skipped(out.rendered.skip_reason);
  if (in.knowledge && s.site.kind == SiteKind::Mapping) {
    for (const Edit& e : out.rendered.edits) {
      auto need = pathNeedIn(e.text, e.line, 0, *in.knowledge, frontend.editing().line_comment);
      std::vector<std::string> missing = need ? unmet(*need, rule.add, *in.knowledge) : std::vector<std::string>{};
      if (missing.empty()) continue;
      return likeRefused("the new entry would need " + describeNeed(*need, missing) + " (copied from the " +
                         rule.like.name() + " entry); " + rule.add.name() + " has no " + missing.front() +
                         ": give it a value of its own (a patch set's `values:`), or leave it out");
    }
  }
  for (Edit& e : out.rendered.edits) markRisk(e, s, rule, in.knowledge);
  return out;
}

}  // namespace

}  // namespace archscan
