// --format github: workflow commands that GitHub Actions turns into annotations.
#include "report/report.h"

namespace archscan {
namespace {

// Escaping rules of workflow commands: data escapes %, CR, LF; properties also : and ,.
std::string data(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string property(const std::string& s) {
  std::string out;
  for (char c : data(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

const char* command(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "notice";
  }
  return "notice";
}

}  // namespace

void printCheckGithub(const ReportInput& in, std::ostream& out) {
  for (const auto& f : in.findings) {
    const LinkedSite& s = in.program.sites[f.site];
    std::string title = "archscan " + f.rule + (f.arch.empty() ? "" : " " + f.arch);
    out << "::" << command(f.severity) << " file=" << property(s.file) << ",line=" << s.site.line
        << ",endLine=" << s.site.end_line << ",title=" << property(title) << "::" << data(f.message) << "\n";
  }
  for (const auto& u : in.unused_ignores)
    out << "::notice file=" << property(u.file) << ",line=" << u.line << ",title=archscan unused-ignore::"
        << data("this `" + u.text + "` suppresses nothing") << "\n";
  // Files archscan could not parse, globs that match nothing: shown where they are, not only in the log.
  for (const auto& d : in.program.diagnostics) {
    std::string cmd = d.level == "error" ? "error" : d.level == "warning" ? "warning" : "notice";
    out << "::" << cmd << " ";
    if (!d.file.empty()) out << "file=" << property(d.file) << (d.line ? ",line=" + std::to_string(d.line) : "") << ",";
    out << "title=archscan " << d.level << "::" << data(d.message) << "\n";
  }
}

}  // namespace archscan
