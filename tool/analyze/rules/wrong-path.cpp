// wrong-path: the target is admitted into a path that needs hardware it
// lacks. A lower-bounded range or family test (`major >= 10`), an else or
// default, or a list the arch was added to lets the target in; the path's
// own words (a kernel named for sm100, tcgen05, wgmma, inline PTX) say what
// it needs; the hardware model says the target does not have it. sm_120 is
// numerically above sm_100 and has neither tcgen05 nor wgmma: `>= 100` is
// the wrong question for it. A capability compared as a string (`cc <
// "90"`) is ordered by its characters: "120" < "90", so every three-digit
// arch takes the branch of the oldest ones.
#include <algorithm>
#include <map>
#include <optional>

#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/paths.h"
#include "analyze/rules/rules.h"

namespace archscan {
namespace {

// How `cc < "90"` reads for `t`: the literal's content, its arch, and `t`
// spelled the same way ("90" -> "120", "sm_80" -> "sm_120", "8.0" ->
// "12.0"); nullopt when the literal is no arch string.
struct AsStrings {
  std::string literal, mine;
  Arch arch;
};

std::optional<AsStrings> asStrings(const std::string& literal, const Arch& t, const ArchTable& table) {
  if (literal.size() < 2 || (literal.front() != '"' && literal.front() != '\'') || literal.back() != literal.front())
    return std::nullopt;
  KeyLiteral key;
  key.type = KeyLiteral::Type::String;
  key.text = literal.substr(1, literal.size() - 2);
  key.quote = '\0';
  auto c = classifyAnyKey(key, table);
  if (!c) return std::nullopt;
  SpellingStyle style = c->style;
  style.quote = '\0';
  style.suffix = "";
  Arch bare = t;
  bare.variant = Variant::None;
  return AsStrings{key.text, encode(bare, style), c->arch};
}

bool ordered(const std::string& a, const std::string& op, const std::string& b) {
  return op == "<" ? a < b : op == "<=" ? a <= b : op == ">" ? a > b : a >= b;
}

// `cc < "90"` read the way Python reads it, for `t`: the message when the
// characters' order and the numbers' disagree.
std::optional<std::string> stringOrder(const Site& s, const Arch& t, const ArchTable& table) {
  for (const ArchRange& r : s.ranges) {
    if (r.lexical.empty()) continue;
    auto str = asStrings(r.lexical, t, table);
    if (!str) continue;
    bool asText = ordered(str->mine, r.lexical_op, str->literal);
    if (asText == r.contains(t)) continue;
    bool below = asText == (r.lexical_op[0] == '<');
    return "`" + r.text + "` compares capabilities as strings: \"" + str->mine + "\" " + r.lexical_op + " \"" +
           str->literal + "\" is " + (asText ? "true" : "false") + ", so " + t.name() + " is handled as " +
           (below ? "older than " : "at least ") + str->arch.base().name() +
           ". Compare numbers (a (major, minor) tuple, or major * 10 + minor) instead";
  }
  return std::nullopt;
}

// A device-side test (`#if __CUDA_ARCH__ >= 1000`) is evaluated at the
// archs its file is compiled for. When every build that compiles the file
// (itself, or the sources including it) is known by default and none
// compiles for t's family, t never evaluates it today: the wrong path waits
// for the build that adds t. What those builds are, for the message.
std::optional<std::string> notCompiledFor(const Program& p, const LinkedSite& ls, const Arch& t) {
  if (ls.site.spelling.kind != SpellingKind::CudaArchInt) return std::nullopt;
  auto it = p.file_builds.find(ls.file);
  if (it == p.file_builds.end() || !it->second.known) return std::nullopt;
  std::vector<CodeObject> objects = flagsCodeObjects(it->second.arch_flags);
  // Code for another major that runs on t (PTX) was compiled at that
  // major's __CUDA_ARCH__, not t's.
  for (const auto& o : objects)
    if (o.arch.major == t.major && runsOn(o, t)) return std::nullopt;
  return "no default build compiles this file for " + t.name() + " (" + it->second.example + " builds " +
         (objects.empty() ? std::string("no CUDA code") : codeObjectList(objects)) + "), so today " + t.name() +
         " never evaluates the test. Once a build adds " + t.name() + ", ";
}

// One decision written out on several lines of a function (`n = cc >= 100 ?
// N_SM100 : N;` then `a = cc >= 100 ? A_SM100 : A;`) is one place to
// narrow: the same test on the same subject takes the target the same way
// each time. The key that says so.
std::string decisionKey(const LinkedSite& ls, const TakenPath& taken) {
  std::string key = ls.file + '\n' + ls.site.scope + '\n' + (ls.site.subject ? ls.site.subject->text : "") + '\n';
  for (const ArchRange& r : ls.site.ranges) key += r.text + ';';
  // `arch == 10` and `arch == 9` decide apart, though both fall to an else.
  for (const Entry& e : ls.site.entries) key += std::string(e.key_text) + ',';
  return key + '\n' + taken.how;
}

}  // namespace

void checkWrongPath(const RuleContext& ctx, std::vector<Finding>& out) {
  // First finding of each decision and target, and the later lines it repeats on.
  std::map<std::pair<std::string, std::string>, std::pair<size_t, std::vector<int>>> decisions;
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts)) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (unreachable(s, t)) continue;  // an earlier check refuses t: that check decides
      if (auto order = stringOrder(s, t, ctx.k.archs)) {
        // The numbers' verdict below would describe code that does not run.
        // A test that refuses by crashing (`raise`, an assert) crashes the
        // target it misorders; any other test sends it down another path.
        bool crashes = s.polarity == Polarity::Deny && (s.check || !s.crash_message.empty());
        Severity sev = crashes ? Severity::Error : Severity::Warning;
        out.push_back(makeFinding(ctx, "wrong-path", i, sev, t.name(), s.name + ": " + *order));
        continue;
      }
      auto wrong = wrongPath(s, ls.file, t, ctx.k);
      if (!wrong) continue;
      const std::string& lacks = wrong->missing.front();
      std::string where = wrong->taken.past ? "is let past " + wrong->taken.how + " into what follows, which"
                          : wrong->taken.arm == kFallbackArm ? "falls to " + wrong->taken.how + ", whose path"
                                                             : "is let in by " + wrong->taken.how + ", whose path";
      // Kernels it cannot run fail to load or to build; a tuning named for
      // another arch (tile sizes, stage counts) only runs badly.
      Severity sev = runsAny(*wrong->need, wrong->missing) ? Severity::Error : Severity::Warning;
      std::string what = t.name() + " " + where + " needs " + describeNeed(*wrong->need, wrong->missing) + "; " +
                         t.name() + " has no " + lacks;
      // Where it belongs instead, when an arm of the same decision serves
      // archs with its resources (FlashAttention's sm86/sm89 tiles).
      // Named only when what that arm runs is known to run on t, or not recorded at all.
      auto twin = resourceTwin(s, t, ctx.k.archs);
      const PathNeed* twinNeed = twin ? needOf(s, twin->arm) : nullptr;
      if (twin && twin->arm != wrong->taken.arm && (!twinNeed || unmet(*twinNeed, t, ctx.k).empty()))
        what += ". The arm for " + twin->archs + " serves archs with " + t.name() + "'s " + twin->fact;
      if (auto latent = notCompiledFor(ctx.program, ls, t)) {
        // Nothing breaks until the build changes: a note for the bring-up
        // that will add the arch (--all), not a finding on today's build.
        Finding f = makeFinding(
            ctx, "wrong-path", i, Severity::Note, t.name(),
            s.name + ": " + *latent + what + ". Narrow the test before adding " + t.name() + " to that build");
        f.confidence = Confidence::Low;
        out.push_back(std::move(f));
        continue;
      }
      auto [at, first] =
          decisions.try_emplace({decisionKey(ls, wrong->taken), t.name()}, out.size(), std::vector<int>{});
      if (!first) {
        if (s.line != ctx.program.sites[out[at->second.first].site].site.line) at->second.second.push_back(s.line);
        continue;
      }
      out.push_back(makeFinding(ctx, "wrong-path", i, sev, t.name(),
                                s.name + ": " + what + ". Narrow the test so " + t.name() +
                                    " takes a path it can run, or give it one of its own"));
    }
  }
  for (auto& [key, decision] : decisions) {
    auto& [index, lines] = decision;
    if (lines.empty()) continue;
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    std::string also;
    for (int l : lines) also += (also.empty() ? "" : ", ") + std::to_string(l);
    out[index].message +=
        " (the same test also decides at line" + std::string(lines.size() > 1 ? "s " : " ") + also + ")";
  }
}

}  // namespace archscan
