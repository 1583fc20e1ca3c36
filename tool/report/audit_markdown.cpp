// `audit --format markdown`, for a pull-request comment: the summary, the
// components, and the first --top rows lacking a target (crash first), kept
// under 60,000 characters (GitHub takes 65,536) and saying what it left out.
// --show all lists every row and has no limit.
#include <algorithm>
#include <map>
#include <sstream>

#include "report/report.h"
#include "util/escape.h"
#include "util/plural.h"

namespace archscan {
namespace {

constexpr size_t kBudget = 60000;
constexpr size_t kMaxComponents = 40;

const char* emoji(CellState c) {
  switch (c) {
    case CellState::Covered:
      return "✅";
    case CellState::CoveredByRange:
      return "↗️";
    case CellState::Missing:
      return "·";
    case CellState::Crash:
      return "❌";
    case CellState::Fallback:
      return "⚠️";
    case CellState::Unknown:
      return "❔";
    case CellState::Gated:
      return "🔒";
    case CellState::Review:
      return "🔎";
    case CellState::NotReported:
      return "➖";
    case CellState::Denied:
      return "🚫";
    case CellState::Passes:
      return "·";
  }
  return "";
}

// Table cells hold no pipes, newlines or other control characters (names
// from the tree may have any), and no markup: a renderer that allows HTML
// must not meet `<img onerror=...>` in a folder name, nor a `]` that ends
// link text early.
std::string cell(const std::string& raw) {
  std::string out;
  for (char c : printable(raw)) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '[' || c == ']' || c == '\\' || c == '*' || c == '_') out += std::string("\\") + c;
    else out += c;
  }
  return out;
}

std::string code(const std::string& s) { return markdownCode(s); }

std::string link(const AuditLink& l) { return "[" + cell(l.text()) + "](" + l.href + ")"; }

std::string row(const AuditModel& m, const AuditLayout& layout, const AuditRow& r) {
  std::string out = "| " + std::string(effectName(r.effect)) + " | " + code(r.display_name) + " |";
  for (size_t i = 0; i < r.cells.size(); ++i) {
    const AuditCell& c = r.cells[i];
    if (!layout.column[i]) continue;
    if (!c.detail.empty() && c.state == CellState::Covered)
      out += " " + std::to_string(std::count(c.detail.begin(), c.detail.end(), ' ') + 1) + " |";
    else out += std::string(" ") + emoji(c.state) + " |";
  }
  if (layout.component) out += " " + cell(r.component) + " |";
  out += " " + link(r.where) + " |";
  if (layout.decided_by) out += " " + code(r.decided_by) + (r.decided_at.line ? " " + link(r.decided_at) : "") + " |";
  if (layout.family) out += " " + (r.family >= 0 ? code(m.families[static_cast<size_t>(r.family)].tag) : "") + " |";
  out += " " + cell(!r.gate.empty() ? "gate: " + r.gate : r.fix) + " |\n";
  return out;
}

}  // namespace

void printAuditMarkdown(const AuditModel& m, std::ostream& os) {
  std::ostringstream out;
  out << "## archscan audit";
  for (size_t i = 0; i < m.targets.size(); ++i) out << (i ? ", " : ": ") << m.targets[i];
  out << "\n\n"
      << counted(static_cast<size_t>(m.totals.sites), "arch site") << " in " << counted(m.files_parsed, "file") << "; "
      << findingTotals(m.totals) << ", as `archscan check` reports them.\n\n";
  for (const auto& s : m.summary) {
    out << "- **" << s.target << "**: " << countsText(s.product, true);
    if (!s.support.n.empty()) out << "; in tests, benchmarks, examples and docs: " << countsText(s.support, true);
    out << "\n";
  }
  if (m.effort.planned) out << "- **effort**: " << effortText(m.effort) << "\n";
  out << "\n<details><summary>How these numbers relate to <code>archscan check</code></summary>\n\n";
  for (const auto& n : m.notes) out << "- " << n << "\n";
  out << "\n</details>\n\n### By component\n\nComponents: " << m.component_source << ".\n\n"
      << "| component | sites | ❌ crash | ⚠️ fallback | ❔ unknown | 🔒 gated |\n|---|---:|---:|---:|---:|---:|\n";
  size_t shownComps = 0;
  bool supportComps = false;
  for (const auto& c : m.components) {
    if (!m.show_all && shownComps == kMaxComponents) break;
    ++shownComps;
    if (c.support && !supportComps) {
      out << "| **tests, benchmarks, examples and docs** |\n";
      supportComps = true;
    }
    out << "| " << cell(c.name) << " | " << c.sites << " | " << c.counts.at(Effect::Crash) << " | "
        << c.counts.at(Effect::Fallback) << " | " << c.counts.at(Effect::Unknown) << " | " << c.counts.at(Effect::Gated)
        << " |\n";
  }
  if (shownComps < m.components.size())
    out << "\n_" << m.components.size() - shownComps << " more components left out; `--show all` lists them._\n";

  size_t unknownModules = modulesNotKnown(m);
  if (unknownModules < m.modules.size()) {
    out << "\n### Modules\n\nWhat each extension builds, and the run-time checks in its sources that admit each "
           "target.\n\n| module | builds |";
    for (const auto& t : m.targets) out << " " << cell(t) << " |";
    out << "\n|---|---|";
    for (size_t t = 0; t < m.targets.size(); ++t) out << "---|";
    out << "\n";
    for (const auto& mod : m.modules) {
      if (!mod.unknown.empty()) continue;
      out << "| " << link(mod.where) << " " << cell(mod.name) << " | " << cell(moduleBuildText(mod)) << " |";
      for (const auto& c : mod.cells) {
        bool broken = c.built == "none" && c.admitted > 0;
        out << " " << (broken ? "❌ " : "") << cell(moduleCellText(c)) << " |";
      }
      out << "\n";
    }
    if (unknownModules > 0)
      out << "\n_" << counted(unknownModules, "more module") << " whose build its file does not say._\n";
  }

  if (std::string clean = nothingToDo(m); !clean.empty()) {
    out << "\n**" << clean << "**\n";
    if (!m.show_all) {  // no row to list: the message instead of an empty table
      os << out.str();
      return;
    }
  }
  AuditLayout layout = auditLayout(m);
  std::string header = "| effect | site |";
  std::string rule = "|---|---|";
  for (size_t i = 0; i < m.columns.size(); ++i) {
    if (!layout.column[i]) continue;
    const AuditColumn& c = m.columns[i];
    header += " " + (c.kind == AuditColumn::Target ? "**" + c.name + "**" : c.name) + " |";
    rule += ":-:|";
  }
  for (auto [shown, name] :
       {std::pair{layout.component, "component"}, std::pair{true, "where"}, std::pair{layout.decided_by, "decided by"},
        std::pair{layout.family, "family"}, std::pair{true, "gate or fix"}}) {
    if (!shown) continue;
    header += std::string(" ") + name + " |";
    rule += "---|";
  }
  header += "\n";
  rule += "\n";
  std::string same;
  for (const auto& [column, value] : layout.same) same += (same.empty() ? "" : "; ") + column + ": " + cell(value);
  if (!same.empty()) header = "The same on every row, so not a column: " + same + ".\n\n" + header;

  size_t eligible = 0;
  for (const auto& r : m.rows) eligible += (m.show_all || r.in_view) ? 1 : 0;
  out << "\n### "
      << (m.show_all                              ? "Every site"
          : eligible > static_cast<size_t>(m.top) ? "The first " + std::to_string(m.top) + " of " +
                                                        counted(eligible, "site") + " with findings, worst first"
                                                  : "Sites with findings, worst first")
      << "\n\n"
      << header << rule;
  std::string footer =
      "\n✅ covered · ↗️ covered by a range · ❌ crashes · ⚠️ falls back silently · ❔ unknown effect · "
      "🔒 gated on the target · 🔎 deny-list to review · ➖ missing, not reported · 🚫 denied · "
      "older: how many older archs the site handles\n";
  size_t listed = 0;
  std::map<Effect, int> left;
  bool supportHeaded = false;
  for (const auto& r : m.rows) {
    if (!m.show_all && !r.in_view) continue;
    std::string line = row(m, layout, r);
    std::string heading;
    if (r.support && !supportHeaded) heading = "| **in tests, benchmarks, examples and docs** |\n";
    bool fits =
        m.show_all || (listed < static_cast<size_t>(m.top) &&
                       out.tellp() + static_cast<std::streamoff>(line.size() + heading.size() + footer.size() + 400) <
                           static_cast<std::streamoff>(kBudget));
    if (!fits) {
      left[r.effect]++;
      continue;
    }
    if (!heading.empty()) {
      out << heading;
      supportHeaded = true;
    }
    out << line;
    ++listed;
  }
  if (listed < eligible) {
    std::string what;
    for (const auto& [e, n] : left) what += (what.empty() ? "" : ", ") + effectCount(n, e);
    out << "\n_" << eligible - listed << " of " << counted(eligible, "row") << " left out (" << what
        << "): `archscan audit --format markdown --show all` or `--format html` lists them._\n";
  } else if (!m.show_all && eligible < m.rows.size()) {
    size_t unlisted = m.rows.size() - eligible;
    out << "\n_" << counted(unlisted, "covered or unreported site") << (unlisted == 1 ? " is" : " are")
        << " not listed; `--show all` lists " << (unlisted == 1 ? "it" : "them") << "._\n";
  }
  out << footer;
  os << out.str();
}

}  // namespace archscan
