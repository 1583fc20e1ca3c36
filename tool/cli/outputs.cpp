#include "cli/outputs.h"

#include <algorithm>
#include <sstream>

#include "cli/usage_error.h"

namespace archscan {
namespace {

const std::vector<std::string>& formats(Command command) {
  static const std::vector<std::string> check = {"text", "json", "sarif", "github", "markdown", "html"};
  static const std::vector<std::string> audit = {"text", "markdown", "html", "json", "sarif", "github"};
  return command == kAudit ? audit : check;
}

}  // namespace

bool isAuditFormat(Command command, const std::string& format) {
  if (command == kAudit) return format != "sarif" && format != "github";
  return format == "markdown" || format == "html";
}

std::vector<OutputRequest> outputRequests(const Settings& s) {
  std::vector<OutputRequest> out;
  out.push_back({s.o.format, s.o.output == "-" ? "" : s.o.output, true});
  for (const auto& item : s.o.output_format) {
    size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
      throw UsageError("--output-format '" + item +
                       "' must be FORMAT=FILE (e.g. sarif=results.sarif; FILE - is standard output)");
    std::string format = item.substr(0, eq), file = item.substr(eq + 1);
    const auto& known = formats(s.command);
    if (std::find(known.begin(), known.end(), format) == known.end()) {
      std::string list;
      for (const auto& f : known) list += (list.empty() ? "" : ", ") + f;
      throw UsageError("--output-format: unknown format '" + format + "' (" + list + ")");
    }
    out.push_back({format, file == "-" ? "" : file, false});
  }
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t j = i + 1; j < out.size(); ++j)
      if (out[i].file == out[j].file)
        throw UsageError(out[i].file.empty()
                             ? std::string("two reports to standard output (--format and --output-format FORMAT=-)")
                             : "two reports to one file: " + out[i].file);
  // A diff is a list of changes, which the page has no place for.
  for (const auto& o : out)
    if (!s.o.diff.empty() && o.format == "html" && isAuditFormat(s.command, o.format))
      throw UsageError("--diff prints text, markdown or json, not html");
  bool needsTargets = false;
  for (const auto& o : out) needsTargets |= isAuditFormat(s.command, o.format);
  if (needsTargets && s.o.target.empty())
    throw UsageError("the audit matrix needs at least one --target ARCH (e.g. --target sm_120)");
  return out;
}

std::string render(Command command, const std::string& format, const ReportInput& in, const AuditView& audit) {
  std::ostringstream text;
  if (isAuditFormat(command, format) && audit.diff) {
    if (format == "json") printAuditDiffJson(*audit.diff, text);
    else if (format == "markdown") printAuditDiffMarkdown(*audit.diff, text);
    else printAuditDiffText(*audit.diff, text);
  } else if (isAuditFormat(command, format)) {
    const AuditModel& m = *audit.model;
    if (format == "json") printAuditJson(m, in.program, text);
    else if (format == "markdown") printAuditMarkdown(m, text);
    else if (format == "html") printAuditHtml(m, text);
    else printAuditText(m, in.color, text);
  } else if (format == "json") {
    printCheckJson(in, text);
  } else if (format == "text") {
    printCheckText(in, text);
  } else if (format == "sarif") {
    printCheckSarif(in, text);
  } else if (format == "github") {
    printCheckGithub(in, text);
  }
  return text.str();
}

}  // namespace archscan
