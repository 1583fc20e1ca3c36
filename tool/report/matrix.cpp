#include "report/matrix.h"

#include <algorithm>
#include <map>

#include "analyze/coverage.h"

namespace archscan {

const char* cellName(Cell c) {
  switch (c) {
    case Cell::Covered: return "covered";
    case Cell::CoveredByRange: return "covered-by-range";
    case Cell::MissingCrash: return "missing-crash";
    case Cell::MissingFallback: return "missing-fallback";
    case Cell::MissingUnknown: return "missing-unknown";
    case Cell::Denied: return "denied";
    case Cell::Passes: return "passes";
  }
  return "?";
}

const char* cellSymbol(Cell c) {
  switch (c) {
    case Cell::Covered: return "+";
    case Cell::CoveredByRange: return "r";
    case Cell::MissingCrash: return "X";
    case Cell::MissingFallback: return "~";
    case Cell::MissingUnknown: return "?";
    case Cell::Denied: return "d";
    case Cell::Passes: return ".";
  }
  return " ";
}

const char* cellLabel(Cell c) {
  switch (c) {
    case Cell::Covered: return "covered";
    case Cell::CoveredByRange: return "covered by a range";
    case Cell::MissingCrash: return "missing: crashes";
    case Cell::MissingFallback: return "missing: falls back silently";
    case Cell::MissingUnknown: return "missing: unknown effect";
    case Cell::Denied: return "denied";
    case Cell::Passes: return "not denied";
  }
  return "";
}

Cell cellFor(const LinkedSite& s, const Arch& a) {
  Coverage c = coverage(s.site, a);
  if (s.site.polarity == Polarity::Deny) return c == Coverage::Missing ? Cell::Passes : Cell::Denied;
  if (c == Coverage::Covered) return Cell::Covered;
  if (c == Coverage::CoveredByRange) return Cell::CoveredByRange;
  if (unreachable(s.site, a)) return Cell::MissingCrash;  // the check before it stops a
  switch (s.on_missing) {
    case OnMissing::Crash: return Cell::MissingCrash;
    case OnMissing::Fallback: return Cell::MissingFallback;
    case OnMissing::Unknown: break;
  }
  return Cell::MissingUnknown;
}

Matrix buildMatrix(const Program& p, const AnalyzeOptions& opts) {
  Matrix m;
  std::vector<Arch> cols;
  auto addCol = [&](Arch a) {
    a = a.base();
    if (a.major_only) a = Arch{a.major, 0, false, Variant::None};
    if (std::find(cols.begin(), cols.end(), a) == cols.end()) cols.push_back(a);
  };
  std::vector<size_t> rows;
  for (size_t i = 0; i < p.sites.size(); ++i) {
    if (!visible(p.sites[i], opts)) continue;
    // Intentional per-arch sites (a Hopper-only heuristic, is_sm100a_supported) only with --all, as in check.
    const Site& s = p.sites[i].site;
    if (!opts.all && (archSpecific(s, p.sites[i].on_missing) || namedForItsArchs(s))) continue;
    rows.push_back(i);
    for (const auto& a : entryArchs(p.sites[i].site)) addCol(a);
  }
  for (const auto& t : opts.targets) addCol(t);
  std::sort(cols.begin(), cols.end());
  m.columns = cols;
  for (const auto& c : cols) {
    bool t = false;
    for (const auto& x : opts.targets) t |= x.base() == c || (x.major_only && x.major == c.major);
    m.is_target.push_back(t);
  }
  std::map<int, MatrixGroup> byFamily;
  for (size_t i : rows) {
    MatrixRow r{i, {}};
    for (const auto& c : cols) r.cells.push_back(cellFor(p.sites[i], c));
    int f = p.sites[i].family;
    auto& g = byFamily[f];
    g.family = f < 0 ? "" : p.families[static_cast<size_t>(f)].name;
    g.rows.push_back(r);
  }
  for (auto& [f, g] : byFamily)
    if (f >= 0) m.groups.push_back(g);
  if (byFamily.count(-1)) m.groups.push_back(byFamily[-1]);
  m.sites = rows.size();
  for (const auto& t : opts.targets) {
    TargetSummary s{t};
    for (size_t i : rows) {
      switch (cellFor(p.sites[i], t)) {
        case Cell::MissingCrash: s.crash++; break;
        case Cell::MissingFallback: s.fallback++; break;
        case Cell::MissingUnknown: s.unknown++; break;
        case Cell::Covered:
        case Cell::CoveredByRange:
        case Cell::Denied:
        case Cell::Passes: s.covered++; break;
      }
    }
    m.summary.push_back(s);
  }
  return m;
}

}  // namespace archscan
