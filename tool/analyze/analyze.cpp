#include "analyze/analyze.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "analyze/coverage.h"
#include "analyze/rules/rules.h"

namespace archscan {

namespace {

// A table inside a macro is one place to fix however often the macro is
// expanded: keep the first finding and name the other expansions.
std::vector<Finding> onePerMacro(std::vector<Finding> findings, const Program& p) {
  std::map<std::string, size_t> first;
  std::vector<Finding> out;
  std::map<size_t, std::vector<std::string>> others;
  for (auto& f : findings) {
    const LinkedSite& s = p.sites[f.site];
    if (s.site.macro.empty()) {
      out.push_back(std::move(f));
      continue;
    }
    // By what the expansion decides, not how it is spelled: a range written
    // inside the macro call spells the whole invocation.
    std::string key = f.rule + "|" + f.arch + "|" + s.site.macro + "|";
    for (const auto& e : s.site.entries) key += e.arch.name() + ",";
    for (const auto& r : s.site.ranges)
      key += std::to_string(r.low.value_or(-1)) + "-" + std::to_string(r.high.value_or(-1)) + ",";
    auto [it, fresh] = first.emplace(key, out.size());
    if (fresh) {
      out.push_back(std::move(f));
    } else if (s.site.patchable && !p.sites[out[it->second].site].site.patchable) {
      // The #define is where the decision is written and fixed: it speaks
      // for the expansions, not the other way round.
      const LinkedSite& was = p.sites[out[it->second].site];
      others[it->second].push_back(was.file + ":" + std::to_string(was.site.line));
      out[it->second] = std::move(f);
    } else {
      others[it->second].push_back(s.file + ":" + std::to_string(s.site.line));
    }
  }
  for (auto& [i, where] : others) {
    // A macro expanded inside another macro's argument can be expanded
    // twice at one place: name each place once.
    std::sort(where.begin(), where.end());
    where.erase(std::unique(where.begin(), where.end()), where.end());
    std::string list;
    for (size_t k = 0; k < where.size() && k < 5; ++k) list += (k ? ", " : "") + where[k];
    if (where.size() > 5) list += ", ...";
    out[i].message += " (macro " + p.sites[out[i].site].site.macro + " is expanded the same way at " +
                      std::to_string(where.size()) + " more place" + (where.size() == 1 ? "" : "s") + ": " + list + ")";
  }
  return out;
}

// Two rules on one decision (a chain whose `>= 80 && < 90` arm stops below
// the target is also a chain without the target): the rule that speaks for
// the other keeps its finding. After suppressions and --off, so silencing
// the specific rule brings the general one back.
std::vector<Finding> onePerDecision(std::vector<Finding> findings) {
  std::set<std::tuple<size_t, std::string, std::string>> spoken;  // site, arch, rule spoken for
  for (const auto& f : findings)
    for (const auto& r : ruleCatalogue())
      if (r.speaks_for && f.rule == r.id) spoken.insert({f.site, f.arch, r.speaks_for});
  findings.erase(std::remove_if(findings.begin(), findings.end(),
                                [&](const Finding& f) { return spoken.count({f.site, f.arch, f.rule}) > 0; }),
                 findings.end());
  return findings;
}

}  // namespace

bool visible(const LinkedSite& s, const AnalyzeOptions& opts) {
  if (s.vetoed) return false;
  return opts.all || s.confidence != Confidence::Low;
}

Analysis analyze(const Program& program, const AnalyzeOptions& opts, const Knowledge& k) {
  RuleContext ctx{program, opts, k};
  std::vector<Finding> all;
  for (const auto& rule : ruleCatalogue()) rule.check(ctx, all);
  std::vector<Finding> kept;
  std::set<std::pair<std::string, int>> used;
  for (auto& f : all) {
    const LinkedSite& s = program.sites[f.site];
    if (f.confidence == Confidence::Low && !opts.all) continue;
    if (auto level = opts.levels.find(f.rule); level != opts.levels.end()) f.severity = level->second;
    // Tests, benchmarks, examples and docs break no user's run: at most a warning.
    if (s.support && f.severity == Severity::Error) f.severity = Severity::Warning;
    bool suppressed = false;
    for (const auto& sup : s.site.suppressions) {
      bool match = std::find(sup.rules.begin(), sup.rules.end(), "*") != sup.rules.end() ||
                   std::find(sup.rules.begin(), sup.rules.end(), f.rule) != sup.rules.end();
      if (match) used.insert({s.file, sup.line});
      suppressed |= match;
    }
    // After the suppressions are matched: an ignore comment for a rule turned off still has a use.
    if (!suppressed && !opts.off.count(f.rule)) kept.push_back(std::move(f));
  }
  std::stable_sort(kept.begin(), kept.end(), [&](const Finding& a, const Finding& b) {
    const auto& sa = program.sites[a.site];
    const auto& sb = program.sites[b.site];
    if (sa.file != sb.file) return sa.file < sb.file;
    if (sa.site.line != sb.site.line) return sa.site.line < sb.site.line;
    if (a.rule != b.rule) return a.rule < b.rule;
    return a.arch < b.arch;
  });
  Analysis out;
  out.findings = onePerMacro(onePerDecision(std::move(kept)), program);
  for (const auto& s : program.suppressions)
    if (!used.count({s.file, s.suppression.line})) out.unused.push_back(s);
  return out;
}

}  // namespace archscan
