// `audit --format html`: one self-contained page (no network). The markup
// is the template audit_page.html (embedded at build time); this file only
// turns the audit model into the template's view.
#include <algorithm>

#include "report/excerpt.h"
#include "report/report.h"
#include "report/template.h"
#include "util/plural.h"
#include "version.h"

namespace archscan::embedded {
extern const char* const audit_page_html;
}

namespace archscan {
namespace {

const char* symbol(CellState c) {
  switch (c) {
    case CellState::Covered:
      return "✓";
    case CellState::CoveredByRange:
      return "≥";
    case CellState::Missing:
      return "·";
    case CellState::Crash:
      return "✗";
    case CellState::Fallback:
      return "~";
    case CellState::Unknown:
      return "?";
    case CellState::Gated:
      return "▣";
    case CellState::Review:
      return "⚑";
    case CellState::NotReported:
      return "–";
    case CellState::Denied:
      return "⊘";
    case CellState::Passes:
      return "·";
  }
  return "";
}

const char* effectSymbol(Effect e) {
  switch (e) {
    case Effect::Crash:
      return "✗";
    case Effect::Fallback:
      return "~";
    case Effect::Unknown:
      return "?";
    case Effect::Gated:
      return "▣";
    case Effect::Review:
      return "⚑";
    case Effect::Other:
      return "•";
    case Effect::NotReported:
      return "–";
    case Effect::Covered:
      return "✓";
  }
  return "";
}

// Sort order of a cell: the worst first.
int rank(CellState c) {
  switch (c) {
    case CellState::Crash:
      return 0;
    case CellState::Fallback:
      return 1;
    case CellState::Unknown:
      return 2;
    case CellState::Gated:
      return 3;
    case CellState::Review:
      return 4;
    case CellState::NotReported:
      return 6;
    case CellState::Missing:
      return 7;
    case CellState::Passes:
      return 8;
    case CellState::Denied:
      return 9;
    case CellState::CoveredByRange:
      return 10;
    case CellState::Covered:
      return 11;
  }
  return 12;
}

void fillRow(View& v, const AuditModel& m, const AuditLayout& layout, const AuditRow& r) {
  v.set("id", r.id).set("component", r.component).set("effect", effectName(r.effect)).set("work", workName(r.work));
  v.set("effect_text", r.effect == Effect::NotReported ? "not reported" : effectName(r.effect));
  v.set("effect_rank", static_cast<int>(r.effect)).set("effect_symbol", effectSymbol(r.effect));
  v.set("display_name", r.display_name).set("kind", r.kind).set("spelling", r.spelling);
  v.set("excerpt", sourceExcerpt(r.where.file, r.where.line, r.end_line, 24));
  v.set("on_missing", r.decided_by).set("reason", r.on_missing_reason);
  v.set("gate", r.gate).set("fix", r.fix);
  v.set("href", r.where.href).set("where", r.where.text());
  v.set("decided_by", r.decided_by);
  v.set("decided_href", r.decided_at.line ? r.decided_at.href : "");
  // The read is usually in the site's own file: its line is enough.
  v.set("decided_at",
        r.decided_at.file == r.where.file ? "line " + std::to_string(r.decided_at.line) : r.decided_at.text());
  const AuditFamily* fam = r.family >= 0 ? &m.families[static_cast<size_t>(r.family)] : nullptr;
  v.set("family_tag", fam ? fam->tag : "").set("family_name", fam ? fam->name : "");
  v.set("family_size", fam ? fam->rows.size() : 0);
  v.set("family_first", fam && !fam->rows.empty() ? m.rows[fam->rows.front()].id : "");
  v.list("findings");
  for (const auto& f : r.findings)
    v.add("findings").set("severity", f.severity).set("rule", f.rule).set("message", f.message);
  v.list("not_reported").list("cells");
  for (size_t c = 0; c < r.cells.size(); ++c) {
    const AuditCell& cell = r.cells[c];
    const AuditColumn& col = m.columns[c];
    if (cell.state == CellState::NotReported) v.add("not_reported").set("column", col.name).set("why", cell.detail);
    if (!layout.column[c]) continue;
    View& cv = v.add("cells");
    bool older = col.kind == AuditColumn::Older;
    int handled = 0;
    for (char ch : cell.detail) handled += ch == ' ';
    handled += cell.detail.empty() ? 0 : 1;
    cv.set("state", cellStateName(cell.state)).set("arch", col.name);
    cv.set("rank", older ? -handled : rank(cell.state));
    cv.set("label", older ? (handled ? "handles " + cell.detail : std::string("handles no older arch"))
                          : std::string(cellStateLabel(cell.state)) + (cell.detail.empty() ? "" : ": " + cell.detail));
    cv.set("symbol", older && handled ? std::to_string(handled) : symbol(cell.state));
  }
}

}  // namespace

void printAuditHtml(const AuditModel& m, std::ostream& out) {
  View v;
  std::string title;
  for (const auto& t : m.targets) title += (title.empty() ? "" : ", ") + t;
  v.set("title", title).set("version", kArchscanVersion);
  v.set("sites_text", counted(static_cast<size_t>(m.totals.sites), "arch site"))
      .set("files_text", counted(m.files_parsed, "file"))
      .set("findings_text", findingTotals(m.totals));
  v.list("summary");
  for (const auto& s : m.summary) {
    View& sv = v.add("summary");
    sv.set("target", s.target)
        .set("crash", s.product.at(Effect::Crash))
        .set("fallback", s.product.at(Effect::Fallback));
    sv.set("unknown", s.product.at(Effect::Unknown)).set("gated", s.product.at(Effect::Gated));
    sv.set("covered", s.product.at(Effect::Covered));
    // Review is rare: said only when there is one. Not-reported gaps are
    // always said, so that the header's counts add up to the sites.
    int review = s.product.at(Effect::Review);
    sv.set("review", review ? std::to_string(review) : "");
    sv.set("not_reported", s.product.at(Effect::NotReported));
    int supportGaps = 0;
    for (Effect e :
         {Effect::Crash, Effect::Fallback, Effect::Unknown, Effect::Gated, Effect::Review, Effect::NotReported})
      supportGaps += s.support.at(e);
    sv.flag("support", supportGaps > 0);
    sv.set("support_crash", s.support.at(Effect::Crash)).set("support_fallback", s.support.at(Effect::Fallback));
    sv.set("support_not_reported", s.support.at(Effect::NotReported));
  }
  // The effort view: the same rows as the table's default view, by what closing them takes.
  v.list("effort");
  if (m.effort.planned) {
    const AuditEffort& e = m.effort;
    v.add("effort")
        .set("fix", e.fix)
        .set("fix_sites", e.fix == 1 ? "site" : "sites")
        .set("person", e.person)
        .set("person_need", e.person == 1 ? "needs" : "need")
        .set("gated", e.gated);
  }
  size_t unknownModules = modulesNotKnown(m);
  v.flag("has_modules", unknownModules < m.modules.size()).list("module_targets").list("modules");
  v.set("modules_unknown", unknownModules > 0 ? counted(unknownModules, "more module") +
                                                    " whose build its file does not say (the JSON lists them)"
                                              : std::string());
  for (const auto& t : m.targets) v.add("module_targets").set("name", t);
  for (const auto& mod : m.modules) {
    if (!mod.unknown.empty()) continue;
    View& mv = v.add("modules");
    mv.set("name", mod.name).set("where", mod.where.text()).set("href", mod.where.href);
    mv.set("builds", moduleBuildText(mod)).list("cells");
    for (const auto& c : mod.cells)
      mv.add("cells").set("text", moduleCellText(c)).flag("broken", c.built == "none" && c.admitted > 0);
  }
  v.set("component_source", m.component_source).list("components");
  for (const auto& c : m.components) {
    View& cv = v.add("components");
    cv.set("name", c.name).flag("support", c.support).set("sites", c.sites);
    cv.set("crash", c.counts.at(Effect::Crash)).set("fallback", c.counts.at(Effect::Fallback));
    cv.set("unknown", c.counts.at(Effect::Unknown)).set("gated", c.counts.at(Effect::Gated));
    cv.list("segments");
    int x = 0, done = 0;
    struct Seg {
      Effect e;
      const char* color;
    };
    for (Seg sg : {Seg{Effect::Crash, "#cf222e"}, Seg{Effect::Fallback, "#d4a72c"}, Seg{Effect::Unknown, "#8c959f"},
                   Seg{Effect::Gated, "#8250df"}}) {
      int n = c.counts.at(sg.e);
      if (!n) continue;
      done += n;
      int w = std::max(1, 120 * done / std::max(1, c.sites) - x);
      cv.add("segments").set("x", x).set("w", w).set("color", sg.color).set("label", effectCount(n, sg.e));
      x += w;
    }
    if (x < 120)
      cv.add("segments")
          .set("x", x)
          .set("w", 120 - x)
          .set("color", "#dafbe1")
          .set("label", std::to_string(c.sites - done) + " other");
  }
  AuditLayout layout = auditLayout(m);
  v.flag("show_component", layout.component).flag("show_decided", layout.decided_by).flag("show_family", layout.family);
  v.list("same");
  for (const auto& [column, value] : layout.same) v.add("same").set("column", column).set("value", value);
  v.list("columns");
  for (size_t i = 0; i < m.columns.size(); ++i) {
    if (!layout.column[i]) continue;
    const AuditColumn& c = m.columns[i];
    std::string colTitle = c.kind == AuditColumn::Target ? "target"
                           : c.kind == AuditColumn::Near ? "an arch the code distinguishes"
                                                         : "";
    for (const auto& a : c.folded) colTitle += (colTitle.empty() ? "folded: " : " ") + a.name();
    v.add("columns").set("name", c.name).flag("target", c.kind == AuditColumn::Target).set("title", colTitle);
  }
  // Groups: product rows by effect, then tests, benchmarks, examples and docs in one group.
  v.list("groups");
  std::string single = m.targets.size() == 1 ? m.targets.front() : "a target";
  View* group = nullptr;
  std::string current;
  int count = 0;
  auto close = [&] {
    if (group) group->set("count", count);
  };
  for (const auto& r : m.rows) {
    if (!m.show_all && !r.in_view) continue;
    std::string key = r.support ? "support" : effectName(r.effect);
    if (!group || key != current) {
      close();
      group = &v.add("groups");
      current = key;
      count = 0;
      std::string label = r.support                         ? "In tests, benchmarks, examples and docs"
                          : r.effect == Effect::Crash       ? "Would crash on " + single
                          : r.effect == Effect::Fallback    ? "Falls back silently on " + single
                          : r.effect == Effect::Unknown     ? "Unknown effect on " + single
                          : r.effect == Effect::Gated       ? "Gated on " + single + " (deliberate hardware gates)"
                          : r.effect == Effect::Review      ? "Deny-lists to review for " + single
                          : r.effect == Effect::Other       ? "Other findings (other archs, no arch)"
                          : r.effect == Effect::NotReported ? "Missing " + single + " but not reported"
                                                            : "Covered";
      size_t span = 3 + layout.shown() + (layout.component ? 1 : 0) + (layout.decided_by ? 1 : 0) +
                    (layout.family ? 1 : 0);  // effect, site, where and the columns shown
      group->set("key", key).set("label", label).set("span", span).list("rows");
    }
    fillRow(group->add("rows"), m, layout, r);
    ++count;
  }
  close();
  // A table with no rows says nothing: the page says so in words instead.
  v.flag("has_rows", group != nullptr).set("nothing_to_do", nothingToDo(m));
  v.set("hidden_rows", m.show_all ? 0 : m.totals.sites - m.totals.in_view);
  if (m.show_all || m.totals.sites == m.totals.in_view) v.set("hidden_rows", "");
  v.list("legend");
  for (CellState c :
       {CellState::Crash, CellState::Fallback, CellState::Unknown, CellState::Gated, CellState::Review,
        CellState::NotReported, CellState::Covered, CellState::CoveredByRange, CellState::Missing, CellState::Denied})
    v.add("legend").set("state", cellStateName(c)).set("symbol", symbol(c)).set("label", cellStateLabel(c));
  v.list("notes");
  for (const auto& n : m.notes) v.add("notes").set("text", n);
  out << renderTemplate(embedded::audit_page_html, v);
}

}  // namespace archscan
