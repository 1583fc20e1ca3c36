// --format github: workflow commands that GitHub Actions turns into annotations.
#include "report/report.h"
#include "util/escape.h"

namespace archscan {
namespace {

// Escaping rules of workflow commands: data escapes %, CR, LF; properties also
// : and ,. GitHub decodes only those, so any other control character (ESC
// would colour the log) is shown as a visible escape instead.
std::string data(const std::string& s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    size_t next = s.find_first_of("%\r\n", i);
    out += printable(std::string_view(s).substr(i, next == std::string::npos ? std::string::npos : next - i));
    if (next == std::string::npos) break;
    out += s[next] == '%' ? "%25" : s[next] == '\r' ? "%0D" : "%0A";
    i = next + 1;
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
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "notice";
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
    out << "::notice file=" << property(u.file) << ",line=" << u.line
        << ",title=archscan unused-ignore::" << data("this `" + u.text + "` suppresses nothing") << "\n";
  // Files archscan could not parse, globs that match nothing: shown where they are, not only in the log.
  for (const auto& d : in.program.diagnostics) {
    std::string cmd = d.level == "error" ? "error" : d.level == "warning" ? "warning" : "notice";
    out << "::" << cmd << " ";
    if (!d.file.empty()) out << "file=" << property(d.file) << (d.line ? ",line=" + std::to_string(d.line) : "") << ",";
    out << "title=archscan " << d.level << "::" << data(d.message) << "\n";
  }
}

}  // namespace archscan
