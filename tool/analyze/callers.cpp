#include "analyze/callers.h"

#include <set>

#include "analyze/coverage.h"
#include "analyze/paths.h"

namespace archscan {
namespace {

// What a caller must do for the callee's site to be judged by it.
enum class Refusal {
  Hardware,  // keeps t from anything it can run (a hardware gate, a wrong path)
  Check,  // a check that crashes for t: t never gets past it
};

// A site of `function` in `file` that refuses t as `how` says.
std::optional<std::string> refusesIn(const Program& p, const std::string& file, const std::string& function,
                                     const Arch& t, const Knowledge& k, Refusal how) {
  for (const auto& ls : p.sites) {
    if (ls.file != file || ls.site.scope.empty() || lastName(ls.site.scope) != function) continue;
    bool refuses = how == Refusal::Hardware
                       ? hardwareGate(ls.site, t, k) || wrongPath(ls.site, ls.file, t, k)
                       : ls.site.check && ls.site.polarity == Polarity::Allow && ls.on_missing == OnMissing::Crash &&
                             coverage(ls.site, t) == Coverage::Missing;
    if (refuses) return function + " (" + file + ":" + std::to_string(ls.site.line) + ")";
  }
  return std::nullopt;
}

bool allCallersRefuse(const Program& p, const std::string& function, const Arch& t, const Knowledge& k, Refusal how,
                      int depth, std::set<std::string>& seen, std::vector<std::string>& where) {
  auto it = p.callers.find(function);
  if (it == p.callers.end() || it->second.empty() || !seen.insert(function).second) return false;
  for (const Caller& c : it->second) {
    std::string name = lastName(c.function);
    if (name == function) continue;  // recursion
    if (auto r = refusesIn(p, c.file, name, t, k, how)) {
      where.push_back(*r);
      continue;
    }
    if (depth >= 3 || !allCallersRefuse(p, name, t, k, how, depth + 1, seen, where)) return false;
  }
  return !where.empty();
}

// Where the callers of site `i`'s function refuse t as `how` says; empty
// when some caller may let t through, or none is known.
std::vector<std::string> refusingCallers(const Program& p, size_t i, const Arch& t, const Knowledge& k, Refusal how) {
  const Site& s = p.sites[i].site;
  std::set<std::string> seen;
  std::vector<std::string> where;
  if (s.scope.empty() || !allCallersRefuse(p, lastName(s.scope), t, k, how, 1, seen, where)) return {};
  return where;
}

}  // namespace

std::optional<std::string> callersGate(const Program& p, size_t i, const Arch& t, const Knowledge& k) {
  std::vector<std::string> where = refusingCallers(p, i, t, k, Refusal::Hardware);
  if (where.empty()) return std::nullopt;
  std::string list;
  for (size_t n = 0; n < where.size() && n < 3; ++n) list += (n ? ", " : "") + where[n];
  if (where.size() > 3) list += " and " + std::to_string(where.size() - 3) + " more";
  return "every caller keeps " + t.name() + " from anything it can run: " + list;
}

std::optional<std::string> callersCheck(const Program& p, size_t i, const Arch& t, const Knowledge& k) {
  std::vector<std::string> where = refusingCallers(p, i, t, k, Refusal::Check);
  if (where.empty()) return std::nullopt;
  return "every caller's check refuses " + t.name() + " first: " + where.front();
}

}  // namespace archscan
