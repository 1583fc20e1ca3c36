#include "cli/commands.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "analyze/analyze.h"
#include "arch/parse.h"
#include "cli/output_file.h"
#include "report/report.h"

namespace archscan {
namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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

int exitCode(const std::vector<Finding>& findings, const std::string& failOn) {
  if (failOn == "never") return 0;
  Severity floor = failOn == "note" ? Severity::Note : failOn == "warning" ? Severity::Warning : Severity::Error;
  for (const auto& f : findings)
    if (f.severity >= floor) return 1;
  return 0;
}

template <class Fn>
int guarded(Fn fn) {
  try {
    return fn();
  } catch (const ArchError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const KnowledgeError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const UsageError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const OutputError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  }
  return 2;
}

struct Scanned {
  Program program;
  std::vector<Finding> findings;
  AnalyzeOptions opts;
  double seconds = 0;
};

Scanned scanAndAnalyze(const CommonOptions& o, const Knowledge& k) {
  Scanned s;
  s.opts = analyzeOptions(o, k);
  auto start = std::chrono::steady_clock::now();
  s.program = scan(o.scan, k);
  s.findings = analyze(s.program, s.opts, k);
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s;
}

}  // namespace

int runCheck(const CommonOptions& o) {
  return guarded([&] {
    if (o.format != "text" && o.format != "json") throw UsageError("unknown --format '" + o.format + "' for check (text, json)");
    Knowledge k = builtinKnowledge();
    Scanned s = scanAndAnalyze(o, k);
    ReportInput in{s.program, s.findings, s.opts, s.seconds, useColor(o.color, o.output)};
    std::ostringstream text;
    if (o.format == "json") printCheckJson(in, text);
    else printCheckText(in, text);
    writeOutput(o.output, text.str());
    return exitCode(s.findings, o.fail_on);
  });
}

int runAudit(const CommonOptions& o) {
  return guarded([&] {
    if (o.format != "text" && o.format != "json" && o.format != "markdown")
      throw UsageError("unknown --format '" + o.format + "' for audit (text, markdown, json)");
    if (o.targets.empty()) throw UsageError("audit needs at least one --target ARCH (e.g. --target sm_120)");
    Knowledge k = builtinKnowledge();
    Scanned s = scanAndAnalyze(o, k);
    ReportInput in{s.program, s.findings, s.opts, s.seconds, useColor(o.color, o.output)};
    std::ostringstream text;
    if (o.format == "json") printAuditJson(in, text);
    else if (o.format == "markdown") printAuditMarkdown(in, text);
    else printAuditText(in, text);
    writeOutput(o.output, text.str());
    return 0;
  });
}

int runArchs(const CommonOptions& o) {
  return guarded([&] {
    Knowledge k = builtinKnowledge();
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
