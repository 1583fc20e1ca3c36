// `archscan audit`: the coverage matrix as text, Markdown or JSON.
#include <algorithm>

#include "util/json_writer.h"
#include "report/matrix.h"
#include "report/report.h"
#include "report/site_json.h"
#include "report/style.h"
#include "version.h"

namespace archscan {
namespace {

std::string pad(const std::string& s, size_t n) { return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' '); }

std::string colName(const Arch& a) { return a.name(); }

std::string styled(Cell c, const Style& st) {
  std::string s = cellSymbol(c);
  switch (c) {
    case Cell::MissingCrash: return st.red(st.bold(s));
    case Cell::MissingFallback: return st.yellow(s);
    case Cell::Covered: return st.green(s);
    case Cell::CoveredByRange:
    case Cell::MissingUnknown:
    case Cell::Denied:
    case Cell::Passes: break;
  }
  return s;
}

}  // namespace

void printAuditText(const ReportInput& in, std::ostream& out) {
  Style st{in.color};
  Matrix m = buildMatrix(in.program, in.opts);
  out << st.bold("archscan audit") << ": " << m.sites << " arch sites in " << in.program.files_parsed << " files\n";
  for (const auto& s : m.summary) {
    out << "  " << st.bold(s.target.name()) << ": " << s.crash << " would crash, " << s.fallback
        << " would fall back silently, " << s.unknown << " unknown, " << s.covered << " covered\n";
  }
  size_t nameWidth = 24;
  for (const auto& g : m.groups)
    for (const auto& r : g.rows) nameWidth = std::max(nameWidth, in.program.sites[r.site].site.name.size() + 2);
  nameWidth = std::min<size_t>(nameWidth, 60);
  out << "\n" << pad("", nameWidth);
  for (size_t c = 0; c < m.columns.size(); ++c) {
    std::string n = colName(m.columns[c]);
    out << (m.is_target[c] ? st.bold(pad(n, 8)) : pad(n, 8));
  }
  out << "\n";
  for (const auto& g : m.groups) {
    out << st.dim(g.family.empty() ? "(no family)" : "family " + g.family) << "\n";
    for (const auto& r : g.rows) {
      const auto& s = in.program.sites[r.site];
      std::string name = s.site.name.size() + 2 > nameWidth ? s.site.name.substr(0, nameWidth - 5) + "..." : s.site.name;
      out << pad("  " + name, nameWidth);
      for (Cell c : r.cells) out << styled(c, st) << "       ";
      out << st.dim(s.file + ":" + std::to_string(s.site.line)) << "\n";
    }
  }
  out << "\n";
  for (Cell c : kAllCells) out << cellSymbol(c) << " " << cellLabel(c) << "   ";
  out << "\n";
}

void printAuditMarkdown(const ReportInput& in, std::ostream& out) {
  Matrix m = buildMatrix(in.program, in.opts);
  out << "## archscan audit\n\n" << m.sites << " arch sites in " << in.program.files_parsed << " files.\n\n";
  if (!m.summary.empty()) {
    out << "| target | would crash | would fall back | unknown | covered |\n|---|---:|---:|---:|---:|\n";
    for (const auto& s : m.summary)
      out << "| " << s.target.name() << " | " << s.crash << " | " << s.fallback << " | " << s.unknown << " | "
          << s.covered << " |\n";
    out << "\n";
  }
  out << "| site | family |";
  for (const auto& c : m.columns) out << " " << colName(c) << " |";
  out << " where |\n|---|---|";
  for (size_t i = 0; i < m.columns.size(); ++i) out << ":-:|";
  out << "---|\n";
  auto mdCell = [](Cell c) -> const char* {
    switch (c) {
      case Cell::Covered: return "✅";
      case Cell::CoveredByRange: return "↗️";
      case Cell::MissingCrash: return "❌";
      case Cell::MissingFallback: return "⚠️";
      case Cell::MissingUnknown: return "❔";
      case Cell::Denied: return "🚫";
      case Cell::Passes: return "·";
    }
    return "";
  };
  for (const auto& g : m.groups)
    for (const auto& r : g.rows) {
      const auto& s = in.program.sites[r.site];
      out << "| `" << s.site.name << "` | " << (g.family.empty() ? "" : "`" + g.family + "`") << " |";
      for (Cell c : r.cells) out << " " << mdCell(c) << " |";
      out << " " << s.file << ":" << s.site.line << " |\n";
    }
  out << "\n✅ covered · ↗️ covered by a range · ❌ missing, crashes · ⚠️ missing, falls back · ❔ missing, unknown · "
         "🚫 denied\n";
}

void printAuditJson(const ReportInput& in, std::ostream& out) {
  Matrix m = buildMatrix(in.program, in.opts);
  JsonWriter w(out);
  w.beginObject().field("tool", "archscan").field("version", kArchscanVersion).field("schema", 1);
  w.key("columns").beginArray();
  for (const auto& c : m.columns) w.value(colName(c));
  w.endArray();
  w.key("summary").beginArray();
  for (const auto& s : m.summary)
    w.beginObject().field("target", s.target.name()).field("crash", s.crash).field("fallback", s.fallback)
        .field("unknown", s.unknown).field("covered", s.covered).endObject();
  w.endArray();
  w.key("rows").beginArray();
  for (const auto& g : m.groups)
    for (const auto& r : g.rows) {
      w.beginObject();
      writeSiteSummary(w, in.program, r.site);
      writeSiteDetail(w, in.program, r.site);
      w.key("cells").beginObject();
      for (size_t c = 0; c < m.columns.size(); ++c) w.field(colName(m.columns[c]), cellName(r.cells[c]));
      w.endObject();
      w.endObject();
    }
  w.endArray();
  w.endObject();
  w.finish();
}

}  // namespace archscan
