#include "cli/commands.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "analyze/analyze.h"
#include "analyze/baseline.h"
#include "config/config.h"
#include "extract/registry.h"
#include "version.h"
#include "patch/suggest.h"
#include "arch/parse.h"
#include "cli/errors.h"
#include "cli/output_file.h"
#include "cli/profile.h"
#include "cli/recover.h"
#include "cli/settings.h"
#include "cli/usage_error.h"
#include "report/audit_diff.h"
#include "report/report.h"
#include "util/source_text.h"

namespace archscan {
namespace {

bool useColor(const std::string& mode, const std::string& output) {
  if (mode == "always") return true;
  if (mode == "never" || !output.empty()) return false;
  const char* nc = std::getenv("NO_COLOR");
  if (nc && *nc) return false;
  return isatty(STDOUT_FILENO) != 0;
}

AnalyzeOptions analyzeOptions(const CommonOptions& o, const Knowledge& k) {
  AnalyzeOptions a;
  a.all = o.all;
  for (const auto& t : o.targets) a.targets.push_back(parseUserArch(t, k.archs));
  return a;
}

int exitCode(const std::vector<Finding>& findings, FailOn failOn) {
  for (const auto& f : findings)
    if (fails(f.severity, failOn)) return 1;
  return 0;
}


// The scan with the settings' targets; progress unless --quiet.
ScanResult scanFor(const Settings& st) {
  ScanOptions opts = st.o.scan;
  opts.progress = !st.o.quiet;
  opts.analyze = analyzeOptions(st.o, st.k);
  ScanResult r = scan(opts, st.k);
  addNotes(st, r.program);
  if (st.o.verbose) printProfile(r.profile, std::cerr);
  return r;
}

FailOn failOn(const Settings& st) { return st.o.fail_on.value_or(FailOn::Error); }

std::string parentFolder(const std::string& file) {
  std::string parent = std::filesystem::path(file).parent_path().string();
  return parent.empty() ? "." : parent;
}

// The folder components and CODEOWNERS are relative to: the one folder
// scanned, else the current one.
std::string scannedRoot(const std::vector<std::string>& paths) {
  std::error_code ec;
  if (paths.size() == 1 && std::filesystem::is_directory(paths.front(), ec)) return paths.front();
  return ".";
}

std::vector<UnusedIgnore> unusedIgnores(const Analysis& a) {
  std::vector<UnusedIgnore> out;
  for (const auto& u : a.unused) out.push_back({u.file, u.suppression.line, u.suppression.text});
  return out;
}

}  // namespace

int runCheck(const CommonOptions& given) {
  return guarded([&] {
    const std::string& f = given.format;
    if (f != "text" && f != "json" && f != "sarif" && f != "github")
      throw UsageError("unknown --format '" + f + "' for check (text, json, sarif, github)");
    recoverRoots(given.scan.paths);
    Settings st = settle(given);
    ScanResult s = scanFor(st);
    std::vector<Finding> findings = s.analysis.findings;
    if (!st.o.baseline.empty()) findings = withoutBaselined(std::move(findings), loadBaseline(st.o.baseline));
    if (!st.o.write_baseline.empty()) writeOutput(st.o.write_baseline, baselineJson(findings, s.program));
    std::map<size_t, SuggestedFix> fixes;
    if (f == "sarif" || f == "json") fixes = suggestFixes(s.program, findings, st.k.archs);
    ReportInput in{s.program, findings, s.analyzed, s.seconds, useColor(st.o.color, st.o.output), &fixes, {}};
    if (st.o.report_unused_ignores) in.unused_ignores = unusedIgnores(s.analysis);
    std::ostringstream text;
    if (f == "json") printCheckJson(in, text);
    else if (f == "sarif") printCheckSarif(in, text);
    else if (f == "github") printCheckGithub(in, text);
    else printCheckText(in, text);
    writeOutput(st.o.output, text.str());
    int code = exitCode(findings, failOn(st));
    if (code == 0 && !in.unused_ignores.empty() && failOn(st) == FailOn::Note) code = 1;
    return code;
  });
}

int runAudit(const CommonOptions& given) {
  return guarded([&] {
    const std::string& f = given.format;
    if (f != "text" && f != "json" && f != "markdown" && f != "html")
      throw UsageError("unknown --format '" + f + "' for audit (text, markdown, html, json)");
    const AuditCliOptions& a = given.audit;
    if (a.columns != "near" && a.columns != "all") throw UsageError("unknown --columns '" + a.columns + "' (near, all)");
    if (a.show != "findings" && a.show != "all") throw UsageError("unknown --show '" + a.show + "' (findings, all)");
    if (a.top < 0) throw UsageError("--top must be 0 or more");
    if (!a.diff.empty() && f == "html") throw UsageError("--diff prints text, markdown or json, not html");
    std::string oldJson;
    if (!a.diff.empty()) oldJson = readFile(a.diff);  // before the scan: a wrong path fails fast
    recoverRoots(given.scan.paths);
    Settings st = settle(given);
    if (st.o.targets.empty()) throw UsageError("audit needs at least one --target ARCH (e.g. --target sm_120)");
    ScanResult s = scanFor(st);
    const std::vector<Finding>& findings = s.analysis.findings;
    std::map<size_t, SuggestedFix> fixes = suggestFixes(s.program, findings, st.k.archs);
    AuditOptions ao;
    ao.archs = &st.k.archs;
    ao.columns_all = a.columns == "all";
    ao.show_all = a.show == "all";
    ao.top = a.top;
    ao.link_base = a.link_base;
    // Relative links start where the page is read: the output file's folder.
    ao.link_from = st.o.output.empty() || st.o.output == "-" ? "." : parentFolder(st.o.output);
    ao.root = scannedRoot(st.o.scan.paths);
    ao.components = st.o.audit.components;
    ReportInput in{s.program, findings, s.analyzed, s.seconds, useColor(st.o.color, st.o.output), &fixes, {}, &ao};
    AuditModel m = auditModel(in);
    std::ostringstream text;
    if (!a.diff.empty()) {
      AuditDiff d = diffAudit(m, oldJson, a.diff);
      if (f == "json") printAuditDiffJson(d, text);
      else if (f == "markdown") printAuditDiffMarkdown(d, text);
      else printAuditDiffText(d, text);
    } else if (f == "json") {
      printAuditJson(m, s.program, text);
    } else if (f == "markdown") {
      printAuditMarkdown(m, text);
    } else if (f == "html") {
      printAuditHtml(m, text);
    } else {
      printAuditText(m, in.color, text);
    }
    writeOutput(st.o.output, text.str());
    return exitCode(findings, failOn(st));
  });
}

std::string versionText() {
  return std::string("archscan ") + kArchscanVersion + " (built with " + frontendToolchains() + ")";
}

// `archscan archs ARCH`: everything known of one arch, or that it is unknown.
std::string describeArch(const Arch& a, const Knowledge& k) {
  std::ostringstream out;
  Arch base = a.base();
  out << base.name() << " (compute capability " << base.dotted() << ")";
  if (a.variant != Variant::None) out << ", variant " << static_cast<char>(a.variant);
  out << "\n";
  const KnownArch* known = k.archs.find(a.major, a.minor);
  if (!known) {
    out << "  not in archscan's table of known GPUs; treated as compute capability " << base.dotted()
        << " (add it to archscan.yaml `archs:` to name it)\n";
  } else {
    if (!known->family.empty()) out << "  family: " << known->family << "\n";
    if (known->min_cuda) out << "  first CUDA toolkit: " << known->min_cuda / 10 << "." << known->min_cuda % 10 << "\n";
    if (known->facts.threads_per_sm) out << "  resident threads per SM: " << known->facts.threads_per_sm << "\n";
    if (known->facts.smem_per_block_kb) out << "  shared memory per block: " << known->facts.smem_per_block_kb << " KB\n";
  }
  std::string aliases;
  for (const auto& [name, al] : k.archs.aliases)
    if (al.base() == base) aliases += (aliases.empty() ? "" : ", ") + name;
  if (!aliases.empty()) out << "  GPU names: " << aliases << "\n";
  out << "  spellings: " << a.major << ", " << base.smInt() << ", \"" << base.dotted() << "\", (" << a.major << ", "
      << a.minor << "), \"sm_" << base.smInt() << "\", " << a.major * 100 + a.minor * 10 << "\n";
  return out.str();
}

int runArchs(const CommonOptions& o) {
  return guarded([&] {
    Knowledge k = builtinKnowledge();
    if (!o.arch_query.empty()) {
      writeOutput(o.output, describeArch(parseUserArch(o.arch_query, k.archs), k));
      return 0;
    }
    std::ostringstream out;
    out << "arch     cc     family      spellings                               aliases\n";
    for (const auto& a : k.archs.known) {
      Arch arch{a.major, a.minor, false, Variant::None};
      std::string aliases;
      for (const auto& [name, al] : k.archs.aliases)
        if (al == arch) aliases += (aliases.empty() ? "" : ", ") + name;
      std::string sp = std::to_string(a.major) + ", " + std::to_string(arch.smInt()) + ", \"" + arch.dotted() + "\", (" +
                       std::to_string(a.major) + ", " + std::to_string(a.minor) + "), \"sm_" + std::to_string(arch.smInt()) +
                       "\", " + std::to_string(a.major * 100 + a.minor * 10);
      auto pad = [](std::string s, size_t n) { return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' '); };
      out << pad(arch.name(), 9) << pad(arch.dotted(), 7) << pad(a.family, 12) << pad(sp, 40) << aliases << "\n";
    }
    out << "\nVariants: sm_90a (arch-specific), sm_100f (family). A bare major key (12) covers every minor: sm_12x.\n";
    writeOutput(o.output, out.str());
    return 0;
  });
}

}  // namespace archscan
