#include "cli/outputs.h"

#include <algorithm>
#include <sstream>

#include "cli/usage_error.h"

namespace archscan {

bool isAuditFormat(Command command, Format format) { return formatInfo(format).audit & command; }

std::vector<OutputRequest> outputRequests(const Settings& s) {
  std::vector<OutputRequest> out;
  auto primary = formatNamed(s.o.format);  // the option table has checked the name
  if (!primary) throw UsageError("--format: unknown format '" + s.o.format + "'");
  out.push_back({*primary, s.o.output == "-" ? "" : s.o.output, true});
  for (const auto& item : s.o.output_format) {
    size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
      throw UsageError("--output-format '" + item +
                       "' must be FORMAT=FILE (e.g. sarif=results.sarif; FILE - is standard output)");
    std::string name = item.substr(0, eq), file = item.substr(eq + 1);
    auto format = formatNamed(name);
    if (!format || !(formatInfo(*format).extra & s.command)) {
      std::string list;
      for (const auto& f : formatChoices(s.command, false)) list += (list.empty() ? "" : ", ") + f;
      throw UsageError("--output-format: unknown format '" + name + "' (" + list + ")");
    }
    out.push_back({*format, file == "-" ? "" : file, false});
  }
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t j = i + 1; j < out.size(); ++j)
      if (out[i].file == out[j].file)
        throw UsageError(out[i].file.empty()
                             ? std::string("two reports to standard output (--format and --output-format FORMAT=-)")
                             : "two reports to one file: " + out[i].file);
  // A diff is a list of changes, which the page has no place for.
  for (const auto& o : out)
    if (!s.o.diff.empty() && o.format == Format::Html && isAuditFormat(s.command, o.format))
      throw UsageError("--diff prints text, markdown or json, not html");
  bool needsTargets = false;
  for (const auto& o : out) needsTargets |= isAuditFormat(s.command, o.format);
  if (needsTargets && s.o.target.empty())
    throw UsageError("the audit matrix needs at least one --target ARCH (e.g. --target sm_120)");
  return out;
}

std::string render(Command command, Format format, const ReportInput& in, const AuditView& audit) {
  std::ostringstream text;
  if (isAuditFormat(command, format) && audit.diff) {
    switch (format) {
      case Format::Json:
        printAuditDiffJson(*audit.diff, text);
        break;
      case Format::Markdown:
        printAuditDiffMarkdown(*audit.diff, text);
        break;
      case Format::Text:
      case Format::Sarif:
      case Format::Github:
      case Format::Html:  // refused with --diff by outputRequests()
      case Format::Diff:
        printAuditDiffText(*audit.diff, text);
        break;
    }
  } else if (isAuditFormat(command, format)) {
    const AuditModel& m = *audit.model;
    switch (format) {
      case Format::Json:
        printAuditJson(m, in.program, text);
        break;
      case Format::Markdown:
        printAuditMarkdown(m, text);
        break;
      case Format::Html:
        printAuditHtml(m, text);
        break;
      case Format::Text:
      case Format::Sarif:
      case Format::Github:
      case Format::Diff:
        printAuditText(m, in.color, text);
        break;
    }
  } else {
    switch (format) {
      case Format::Json:
        printCheckJson(in, text);
        break;
      case Format::Text:
        printCheckText(in, text);
        break;
      case Format::Sarif:
        printCheckSarif(in, text);
        break;
      case Format::Github:
        printCheckGithub(in, text);
        break;
      case Format::Markdown:  // always the audit's (isAuditFormat)
      case Format::Html:
      case Format::Diff:
        break;
    }
  }
  return text.str();
}

}  // namespace archscan
