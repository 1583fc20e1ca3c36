// `archscan check` and `archscan audit`: one scan, then every requested report.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include "analyze/baseline.h"
#include "cli/baseline_ref.h"
#include "cli/color.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/output_file.h"
#include "cli/outputs.h"
#include "cli/profile.h"
#include "cli/usage_error.h"
#include "cli/verbose.h"
#include "patch/suggest.h"
#include "util/escape.h"
#include "util/input_file.h"
#include "util/plural.h"
#include "util/source_text.h"

namespace archscan {
namespace {

int exitCode(const std::vector<Finding>& findings, FailOn failOn) {
  for (const auto& f : findings)
    if (fails(f.severity, failOn)) return 1;
  return 0;
}

std::vector<UnusedIgnore> unusedIgnores(const Analysis& a) {
  std::vector<UnusedIgnore> out;
  for (const auto& u : a.unused) out.push_back({u.file, u.suppression.line, u.suppression.text});
  return out;
}

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

AuditOptions auditOptions(const Settings& st, const std::string& file) {
  AuditOptions ao;
  ao.archs = &st.k.archs;
  ao.columns_all = st.o.columns == "all";
  ao.show_all = st.o.show == "all";
  ao.top = st.o.top;
  ao.link_base = st.o.link_base;
  // Relative links start where the page is read: the output file's folder.
  ao.link_from = file.empty() ? "." : parentFolder(file);
  ao.root = scannedRoot(st.paths);
  ao.components = st.o.components;
  return ao;
}

// A baseline that does not exist yet is empty: the first CI run of a fresh
// repository reports everything, and says how to record a baseline.
std::set<std::string> baselineOf(const Settings& st) {
  const std::string& path = st.o.baseline;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return loadBaseline(path);
  std::cerr << "archscan: note: baseline " << path << " does not exist yet, so every finding is new; record one with "
            << "--write-baseline " << path << "\n";
  return {};
}

// "3 findings (1 error, 2 warnings)": zero counts are left out.
std::string findingCounts(const std::vector<Finding>& findings) {
  size_t n[3] = {0, 0, 0};
  for (const auto& f : findings) ++n[f.severity == Severity::Error ? 0 : f.severity == Severity::Warning ? 1 : 2];
  std::string parts;
  const char* words[3] = {"error", "warning", "note"};
  for (int i = 0; i < 3; ++i)
    if (n[i]) parts += (parts.empty() ? "" : ", ") + counted(n[i], words[i]);
  return counted(findings.size(), "finding") + (parts.empty() ? "" : " (" + parts + ")");
}

// "a.txt", "a.txt and b.sarif", "a.txt, b.sarif and c.html"
std::string fileList(const std::vector<std::string>& files) {
  std::string out;
  for (size_t i = 0; i < files.size(); ++i)
    out += (i == 0 ? "" : i + 1 == files.size() ? " and " : ", ") + printable(files[i]);
  return out;
}

int report(const Settings& st) {
  using Clock = std::chrono::steady_clock;
  const bool check = st.command == kCheck;
  if (!check && st.o.target.empty()) throw UsageError("audit needs at least one --target ARCH (e.g. --target sm_120)");
  std::vector<OutputRequest> outputs = outputRequests(st);
  std::set<std::string> baseline;
  if (check && !st.o.baseline.empty()) baseline = baselineOf(st);
  std::string oldAudit;
  // Before the scan, so a wrong path fails fast; a regular file only (not a FIFO or a device).
  if (!st.o.diff.empty()) oldAudit = readInputFile(st.o.diff, std::size_t{256} << 20);
  if (st.o.verbose) printSettingsUsed(st, std::cerr);

  ScanResult s = scan(st.scan, st.k);
  requireInput(s);
  addNotes(st, s.program);
  if (st.o.verbose) printProfile(s.profile, std::cerr);
  auto start = Clock::now();
  std::vector<Finding> findings = s.analysis.findings;
  if (check && !st.o.baseline.empty()) findings = withoutBaselined(std::move(findings), baseline);
  if (check && !st.o.baseline_ref.empty())
    findings = withoutBaselined(std::move(findings), fingerprintsAtRef(st, s.profile.cache_dir));
  // SARIF, check's JSON and the audit show suggested fixes, by index into
  // the findings each reports: check's those past the baseline, the audit all.
  bool checkFixes = false, auditing = false;
  for (const auto& o : outputs) {
    checkFixes |= check && (o.format == Format::Sarif || o.format == Format::Json);
    auditing |= isAuditFormat(st.command, o.format);
  }
  bool baselined = check && (!st.o.baseline.empty() || !st.o.baseline_ref.empty());
  std::map<size_t, SuggestedFix> fixes, auditFixes;
  if (checkFixes || (auditing && !baselined)) fixes = suggestFixes(s.program, findings, st.k, *s.frontends);
  if (auditing && baselined) auditFixes = suggestFixes(s.program, s.analysis.findings, st.k, *s.frontends);
  std::vector<std::pair<std::string, std::string>> texts;  // file, report
  for (const auto& o : outputs) {
    bool audit = isAuditFormat(st.command, o.format);
    ReportInput in{s.program,
                   audit ? s.analysis.findings : findings,
                   s.analyzed,
                   s.seconds,
                   useColor(st.o.color, o.file.empty()),
                   audit && baselined ? &auditFixes : &fixes,
                   {},
                   st.config,
                   nullptr};
    if (check && st.o.report_unused_ignores) in.unused_ignores = unusedIgnores(s.analysis);
    if (o.file.empty()) in.on_stderr = &s.notices;
    AuditOptions ao;
    AuditModel model;
    std::optional<AuditDiff> diff;
    if (audit) {
      ao = auditOptions(st, o.file);
      in.audit = &ao;
      model = auditModel(in);
      if (!st.o.diff.empty()) diff = diffAudit(model, oldAudit, st.o.diff);
    }
    texts.push_back({o.file, render(st.command, o.format, in, {&model, diff ? &*diff : nullptr})});
  }
  // Everything is rendered before anything is written.
  bool recording = check && !st.o.write_baseline.empty();
  if (recording) writeOutput(st.o.write_baseline, baselineJson(findings, s.program));
  for (const auto& [file, text] : texts) writeOutput(file, text);
  // Warnings about the run itself (an exclude that matches nothing) go to
  // stderr whatever the format: standard output carries only the report.
  for (const auto& d : s.notices) std::cerr << "archscan: " << diagnosticLine(d) << "\n";
  // With the report in a file the terminal would show nothing at all: say what was found and where it went.
  if (!st.o.quiet && !outputs.front().file.empty()) {
    std::vector<std::string> files;
    for (const auto& o : outputs)
      if (!o.file.empty()) files.push_back(o.file);
    bool audit = isAuditFormat(st.command, outputs.front().format);
    std::cerr << "archscan: " << findingCounts(audit ? s.analysis.findings : findings) << " written to "
              << fileList(files) << "\n";
  }
  if (recording && !st.o.quiet)
    std::cerr << "archscan: " << counted(findings.size(), "finding") << " recorded in "
              << printable(st.o.write_baseline) << "; --baseline " << printable(st.o.write_baseline)
              << " reports only findings not among them\n";
  if (st.o.verbose)
    printReportTime(std::chrono::duration<double>(Clock::now() - start).count(), outputs.size(), std::cerr);
  // Recording a baseline accepts the findings it records; what fails is a baseline not written (exit 2).
  if (recording) return 0;
  int code = exitCode(findings, st.fail_on);
  if (code == 0 && check && st.o.report_unused_ignores && !s.analysis.unused.empty() && st.fail_on == FailOn::Note)
    code = 1;
  return code;
}

}  // namespace

int runCheck(const Settings& s) { return report(s); }
int runAudit(const Settings& s) { return report(s); }

}  // namespace archscan
