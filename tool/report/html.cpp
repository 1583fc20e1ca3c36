// `audit --format html`: one self-contained page (no network, no external
// scripts or fonts). The table works without JavaScript; a small inline
// script only adds filtering. Cells carry a symbol and a text label, not just
// a colour, and every row's excerpt is a <details> element the keyboard opens.
#include <map>

#include "report/excerpt.h"
#include "report/matrix.h"
#include "report/report.h"
#include "version.h"

namespace archscan {
namespace {

std::string esc(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

const char* symbol(Cell c) {
  switch (c) {
    case Cell::Covered: return "✓";
    case Cell::CoveredByRange: return "≥";
    case Cell::MissingCrash: return "✗";
    case Cell::MissingFallback: return "~";
    case Cell::MissingUnknown: return "?";
    case Cell::Denied: return "⊘";
    case Cell::Passes: return "·";
  }
  return "";
}

const char* kStyle = R"css(
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--ok:#dafbe1;--okfg:#116329;--crash:#ffebe9;--crashfg:#a40e26;
--fall:#fff8c5;--fallfg:#7d4e00;--unk:#eaeef2;--range:#ddf4ff;--rangefg:#0550ae;--deny:#f6f8fa}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);margin:0;padding:24px}
h1{font-size:22px;margin:0 0 4px}p.sub{color:var(--muted);margin:0 0 20px}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:20px}
.card{border:1px solid var(--line);border-radius:8px;padding:12px 16px;min-width:220px}
.card h2{font-size:15px;margin:0 0 6px}.card .big{font-size:26px;font-weight:600}
.card .crash{color:var(--crashfg)}.card .fall{color:var(--fallfg)}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
thead th{position:sticky;top:0;background:#fff;z-index:1;border-bottom:2px solid var(--line)}
th.arch,td.cell{text-align:center;width:72px;white-space:nowrap}th.target{background:#f3e8ff}
tr.family th{background:#f6f8fa;font-weight:600}tr.site th{font-weight:normal;max-width:46vw}
tr.site code{font-weight:600}td a{word-break:break-all}.why{color:var(--muted);font-size:13px}
td.cell{font-weight:600}.covered{background:var(--ok);color:var(--okfg)}.covered-by-range{background:var(--range);color:var(--rangefg)}
.missing-crash{background:var(--crash);color:var(--crashfg)}.missing-fallback{background:var(--fall);color:var(--fallfg)}
.missing-unknown{background:var(--unk)}.denied,.passes{background:var(--deny);color:var(--muted)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
details summary{cursor:pointer}details pre{background:#f6f8fa;padding:8px;overflow:auto;max-width:70vw;margin:6px 0}
a{color:#0969da}a:focus,summary:focus,input:focus{outline:2px solid #0969da;outline-offset:2px}
.legend span{display:inline-block;margin:0 10px 6px 0;padding:1px 6px;border-radius:4px}
.tools{margin:0 0 12px}.tools label{margin-right:16px}
)css";

const char* kScript = R"js(
(function(){
  var q=document.getElementById('filter'), m=document.getElementById('missing');
  function apply(){
    var text=(q.value||'').toLowerCase(), only=m.checked;
    document.querySelectorAll('tbody tr.site').forEach(function(r){
      var show=r.textContent.toLowerCase().indexOf(text)>=0 && (!only || r.querySelector('.missing-crash,.missing-fallback,.missing-unknown'));
      r.hidden=!show;
    });
  }
  document.querySelector('.tools').hidden=false;
  q.addEventListener('input',apply); m.addEventListener('change',apply);
})();
)js";

}  // namespace

void printAuditHtml(const ReportInput& in, std::ostream& out) {
  Matrix m = buildMatrix(in.program, in.opts);
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>archscan audit</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<main>\n";
  out << "<h1>archscan audit</h1>\n<p class=\"sub\">" << m.sites << " arch sites in " << in.program.files_parsed
      << " files · archscan " << kArchscanVersion << "</p>\n";
  out << "<section class=\"cards\" aria-label=\"Summary\">\n";
  for (const auto& s : m.summary) {
    out << "<div class=\"card\" id=\"summary-" << esc(s.target.name()) << "\"><h2>On " << esc(s.target.name())
        << "</h2><div><span class=\"big crash\" data-count=\"crash\">" << s.crash
        << "</span> would crash</div><div><span class=\"big fall\" data-count=\"fallback\">" << s.fallback
        << "</span> would fall back silently</div><div><span data-count=\"unknown\">" << s.unknown
        << "</span> unknown · <span data-count=\"covered\">" << s.covered << "</span> covered</div>";
    // By family: how many of its sites break on this target.
    std::map<std::string, std::pair<int, int>> fam;  // name -> (crash, fallback)
    for (const auto& g : m.groups) {
      if (g.family.empty()) continue;
      for (const auto& r : g.rows) {
        Cell c = cellFor(in.program.sites[r.site], s.target);
        if (c == Cell::MissingCrash) fam[g.family].first++;
        if (c == Cell::MissingFallback) fam[g.family].second++;
      }
    }
    if (!fam.empty()) {
      out << "<ul>";
      for (const auto& [name, cf] : fam)
        out << "<li>family <code>" << esc(name) << "</code>: " << cf.first << " crash, " << cf.second << " fall back</li>";
      out << "</ul>";
    }
    out << "</div>\n";
  }
  out << "</section>\n";
  out << "<p class=\"legend\">";
  for (Cell c : kAllCells)
    out << "<span class=\"" << cellName(c) << "\">" << symbol(c) << " " << cellLabel(c) << "</span>";
  out << "</p>\n";
  out << "<div class=\"tools\" hidden><label>Filter <input id=\"filter\" type=\"search\" placeholder=\"site, file, family\"></label>"
      << "<label><input id=\"missing\" type=\"checkbox\"> only sites missing an arch</label></div>\n";
  out << "<table id=\"matrix\">\n<caption class=\"sr\">Coverage of every arch site by every arch</caption>\n<thead><tr>"
      << "<th scope=\"col\">Site</th>";
  for (size_t c = 0; c < m.columns.size(); ++c)
    out << "<th scope=\"col\" class=\"arch" << (m.is_target[c] ? " target" : "") << "\">" << esc(m.columns[c].name())
        << (m.is_target[c] ? " <span class=\"sr\">(target)</span>" : "") << "</th>";
  out << "<th scope=\"col\">Where</th></tr></thead>\n";
  for (const auto& g : m.groups) {
    out << "<tbody>\n<tr class=\"family\"><th colspan=\"" << m.columns.size() + 2 << "\" scope=\"rowgroup\">"
        << (g.family.empty() ? "Sites in no family" : "Family <code>" + esc(g.family) + "</code>") << "</th></tr>\n";
    for (const auto& r : g.rows) {
      const LinkedSite& s = in.program.sites[r.site];
      out << "<tr class=\"site\" id=\"" << esc(s.id) << "\"><th scope=\"row\"><details><summary><code>" << esc(s.site.name)
          << "</code> <small>" << kindName(s.site.kind) << ", " << confidenceName(s.confidence)
          << " confidence</small></summary><pre>" << esc(sourceExcerpt(s.file, s.site.line, s.site.end_line))
          << "</pre><div class=\"why\">on a missing arch: " << esc(onMissingName(s.on_missing))
          << (s.on_missing_reason.empty() ? "" : " — " + esc(s.on_missing_reason)) << "</div></details></th>";
      for (size_t c = 0; c < r.cells.size(); ++c)
        out << "<td class=\"cell " << cellName(r.cells[c]) << "\" data-arch=\"" << esc(m.columns[c].name()) << "\" title=\""
            << cellLabel(r.cells[c]) << "\">" << symbol(r.cells[c]) << "<span class=\"sr\"> " << cellLabel(r.cells[c]) << "</span></td>";
      std::string where = s.file + ":" + std::to_string(s.site.line);
      out << "<td><a href=\"" << esc(s.file) << "\">" << esc(where) << "</a></td></tr>\n";
    }
    out << "</tbody>\n";
  }
  out << "</table>\n</main>\n<script>" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace archscan
