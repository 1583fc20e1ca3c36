// `audit` as text: the summary per target, the components, then the rows
// that lack a target (every row with --show all), worst first.
#include <algorithm>

#include "report/report.h"
#include "report/style.h"
#include "util/escape.h"
#include "util/plural.h"

namespace archscan {
namespace {

std::string pad(const std::string& s, size_t n) { return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' '); }

std::string cut(const std::string& s, size_t n) { return s.size() <= n ? s : s.substr(0, n - 3) + "..."; }

std::string styled(CellState c, const Style& st) {
  std::string s = cellStateSymbol(c);
  switch (c) {
    case CellState::Crash:
      return st.red(st.bold(s));
    case CellState::Fallback:
      return st.yellow(s);
    case CellState::Covered:
      return st.green(s);
    case CellState::CoveredByRange:
    case CellState::Missing:
    case CellState::Unknown:
    case CellState::Gated:
    case CellState::Review:
    case CellState::NotReported:
    case CellState::Denied:
    case CellState::Passes:
      break;
  }
  return s;
}

}  // namespace

AuditModel auditModel(const ReportInput& in) {
  AuditOptions o = in.audit ? *in.audit : AuditOptions{};
  if (in.fixes) o.fixes = in.fixes;
  return buildAudit(in.program, in.findings, in.opts, o);
}

void printAuditText(const AuditModel& m, bool color, std::ostream& out) {
  Style st{color};
  out << st.bold("archscan audit") << ": " << counted(static_cast<size_t>(m.totals.sites), "arch site") << " in "
      << counted(m.files_parsed, "file") << "; " << findingTotals(m.totals) << ", as check reports them\n";
  for (const auto& s : m.summary) {
    out << "  " << st.bold(s.target) << ": " << countsText(s.product, true) << "\n";
    if (!s.support.n.empty())
      out << "  " << std::string(s.target.size(), ' ')
          << "  in tests, benchmarks, examples and docs: " << countsText(s.support, true) << "\n";
  }
  if (m.effort.planned) out << "  effort: " << effortText(m.effort) << "\n";
  out << "\nBy component (" << m.component_source << "):\n";
  size_t w = 12;
  for (const auto& c : m.components) w = std::max(w, std::min<size_t>(c.name.size() + 4, 40));
  out << "  " << pad("component", w) << pad("sites", 7) << pad("crash", 7) << pad("fallback", 10) << pad("unknown", 9)
      << "gated\n";
  bool supportHeaded = false;
  for (const auto& c : m.components) {
    if (c.support && !supportHeaded) {
      out << "  " << st.dim("tests, benchmarks, examples and docs:") << "\n";
      supportHeaded = true;
    }
    out << "  " << pad(cut(c.name, w - 1), w) << pad(std::to_string(c.sites), 7)
        << pad(std::to_string(c.counts.at(Effect::Crash)), 7) << pad(std::to_string(c.counts.at(Effect::Fallback)), 10)
        << pad(std::to_string(c.counts.at(Effect::Unknown)), 9) << c.counts.at(Effect::Gated) << "\n";
  }

  size_t unknownModules = modulesNotKnown(m);
  if (unknownModules < m.modules.size()) {
    out << "\nModules (what each extension builds, and the run-time checks in its sources that admit each target):\n";
    for (const auto& mod : m.modules) {
      if (!mod.unknown.empty()) continue;
      out << "  " << st.bold(printable(mod.name)) << "  " << st.dim(printable(mod.where.text())) << "  "
          << "builds " + moduleBuildText(mod) << "\n";
      for (size_t t = 0; t < mod.cells.size() && t < m.targets.size(); ++t) {
        std::string text = moduleCellText(mod.cells[t]);
        bool broken = mod.cells[t].built == "none" && mod.cells[t].admitted > 0;
        out << "    " << m.targets[t] << ": " << (broken ? st.red(text) : text) << "\n";
      }
    }
    if (unknownModules > 0)
      out << "  "
          << st.dim(counted(unknownModules, "more module") + " whose build its file does not say (JSON lists them)")
          << "\n";
  }

  if (std::string clean = nothingToDo(m); !clean.empty()) {
    out << "\n" << st.green(clean) << "\n";
    if (!m.show_all) {  // no row to list: the message instead of an empty table
      out << "\n";
      for (const auto& n : m.notes) out << "- " << n << "\n";
      return;
    }
  }
  size_t nameW = 24;
  for (const auto& r : m.rows)
    if (m.show_all || r.in_view) nameW = std::max(nameW, std::min<size_t>(r.display_name.size() + 2, 56));
  out << "\n"
      << (m.show_all ? "Every site (" + std::to_string(m.totals.sites) + "):"
                     : "Sites with findings (" + std::to_string(m.totals.in_view) + " of " +
                           std::to_string(m.totals.sites) + "; --show all lists every site):")
      << "\n";
  out << pad("effect", 14) << pad("site", nameW);
  for (const auto& c : m.columns) out << (c.kind == AuditColumn::Target ? st.bold(pad(c.name, 8)) : pad(c.name, 8));
  out << "where\n";
  bool supportRows = false;
  for (const auto& r : m.rows) {
    if (!m.show_all && !r.in_view) continue;
    if (r.support && !supportRows) {
      out << st.bold("In tests, benchmarks, examples and docs:") << "\n";
      supportRows = true;
    }
    out << pad(effectName(r.effect), 14) << pad(cut(r.display_name, nameW - 1), nameW);
    for (const auto& c : r.cells) {
      std::string sym = styled(c.state, st);
      if (!c.detail.empty() && c.state == CellState::Covered)
        sym = st.green(std::to_string(std::count(c.detail.begin(), c.detail.end(), ' ') + 1));
      out << sym << "       ";
    }
    out << st.dim(printable(r.where.text())) << "\n";
    std::string more = r.component + "; " + r.kind + ", " + r.spelling + "; decided by " + r.decided_by +
                       (r.decided_at.line ? " at " + r.decided_at.text() : "") +
                       (r.on_missing_reason.empty() ? "" : " (" + r.on_missing_reason + ")");
    if (r.family >= 0) more += "; family " + m.families[static_cast<size_t>(r.family)].tag;
    out << "    " << st.dim(more) << "\n";
    if (!r.gate.empty()) out << "    gate: " << r.gate << "\n";
    if (!r.fix.empty()) out << "    fix: " << r.fix << "\n";
    for (size_t c = 0; c < r.cells.size(); ++c)
      if (r.cells[c].state == CellState::NotReported)
        out << "    " << m.columns[c].name << " not reported: " << r.cells[c].detail << "\n";
  }
  out << "\n";
  for (CellState c :
       {CellState::Covered, CellState::CoveredByRange, CellState::Crash, CellState::Fallback, CellState::Unknown,
        CellState::Gated, CellState::Review, CellState::NotReported, CellState::Denied})
    out << cellStateSymbol(c) << " " << cellStateLabel(c) << "   ";
  out << "\nolder: how many older archs the site handles\n\n";
  for (const auto& n : m.notes) out << "- " << n << "\n";
}

}  // namespace archscan
