// The terminal report of `archscan check`: one block per finding, grouped by site.
#include <algorithm>
#include <map>
#include <set>

#include "analyze/coverage.h"
#include "report/report.h"
#include "report/site_json.h"
#include "report/style.h"
#include "util/escape.h"
#include "util/plural.h"

namespace archscan {
namespace {

std::string severityLabel(Severity s, const Style& st) {
  switch (s) {
    case Severity::Error:
      return st.red(st.bold("error"));
    case Severity::Warning:
      return st.yellow(st.bold("warning"));
    case Severity::Note:
      return st.cyan("note");
  }
  return "";
}

std::string location(const LinkedSite& s) {
  std::string loc = printable(s.file) + ":" + std::to_string(s.site.line);
  return loc;
}

}  // namespace

void printCheckText(const ReportInput& in, std::ostream& out) {
  Style st{in.color};
  const auto& sites = in.program.sites;
  std::map<Severity, int> counts;
  std::set<std::string> files;
  // Findings in tests, benchmarks, examples and docs come last, under a heading.
  std::vector<const Finding*> ordered;
  for (bool support : {false, true})
    for (const auto& f : in.findings)
      if (sites[f.site].support == support) ordered.push_back(&f);
  bool headed = false;
  for (const Finding* fp : ordered) {
    const Finding& f = *fp;
    const LinkedSite& s = sites[f.site];
    if (s.support && !headed) {
      out << (ordered.front() == fp ? "" : "\n") << st.bold("In tests, benchmarks, examples and docs:") << "\n";
      headed = true;
    }
    counts[f.severity]++;
    files.insert(s.file);
    out << st.bold(location(s)) << ": " << severityLabel(f.severity, st) << "[" << f.rule << "]"
        << (f.arch.empty() ? "" : " " + st.bold(f.arch)) << ": " << printable(f.message) << "\n";
    out << "    "
        << st.dim(std::string(kindName(s.site.kind)) + ", spelled " + spellingName(s.site.spelling.kind) + ", " +
                  confidenceName(s.confidence) + " confidence")
        << "\n";
    if (s.family >= 0) {
      const Family& fam = in.program.families[static_cast<size_t>(s.family)];
      std::string sib;
      for (size_t j : fam.sites) {
        if (j == f.site) continue;
        sib += (sib.empty() ? "" : ", ") + sites[j].site.name + " (" + location(sites[j]) + ")";
      }
      out << "    family " << st.bold(printable(fam.name)) << ": " << printable(sib) << "\n";
    }
  }
  for (const auto& u : in.unused_ignores)
    out << st.bold(printable(u.file) + ":" + std::to_string(u.line)) << ": " << severityLabel(Severity::Note, st)
        << "[unused-ignore]: `" << printable(u.text) << "` suppresses nothing\n";
  auto said = [&](const Diagnostic& d) {
    if (!in.on_stderr) return false;
    return std::any_of(in.on_stderr->begin(), in.on_stderr->end(), [&](const Diagnostic& e) {
      return e.level == d.level && e.file == d.file && e.line == d.line && e.message == d.message;
    });
  };
  for (const auto& d : in.program.diagnostics) {
    if (said(d)) continue;
    out << (d.file.empty() ? std::string("archscan") : printable(d.file))
        << (d.line ? ":" + std::to_string(d.line) : "") << ": " << d.level << ": " << printable(d.message) << "\n";
  }
  size_t visibleSites = 0;
  for (const auto& s : sites) visibleSites += visible(s, in.opts) ? 1 : 0;
  if (!in.findings.empty()) out << "\n";
  out << counted(in.findings.size(), "finding");
  if (!in.findings.empty()) {
    out << " (" << counted(counts[Severity::Error], "error") << ", " << counted(counts[Severity::Warning], "warning")
        << ", " << counted(counts[Severity::Note], "note") << ") in " << counted(files.size(), "file");
  }
  out << "; " << counted(visibleSites, "arch site") << " in " << in.program.files_parsed << " of "
      << counted(in.program.files_seen, "file");
  if (in.opts.targets.empty()) out << "; no --target given, so only sibling and name checks ran";
  out << "\n";
}

}  // namespace archscan
