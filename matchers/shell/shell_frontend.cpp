#include "shell_frontend.h"

#include <cctype>
#include <regex>

#include "formats.h"
#include "frontend/prefilter.h"
#include "frontend/suppressions.h"

namespace archscan {
namespace {

bool endsWith(std::string_view s, std::string_view x) {
  return s.size() >= x.size() && s.substr(s.size() - x.size()) == x;
}

// Reads the file into sites and collects the lexers' complaints.
FileFacts scan(const SourceText& src, const Knowledge& k, shell::Errors& errors) {
  FileFacts f;
  f.path = src.path;
  f.language = Language::Shell;
  shell::SiteBuilder b(k, f);
  shell::formatOf(src.path).read(src.text, b, errors);
  b.finish();
  return f;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A CI job under .github/ that builds only to test: its arch list decides
// what a test run compiles, not what users install. A job that ships (a
// wheel, a release, a package upload) is where a missing arch reaches users.
bool ciCheckOnly(std::string_view path, std::string_view text) {
  std::string p = lower(path);
  if (p.rfind(".github/", 0) != 0 && p.find("/.github/") == std::string::npos) return false;
  for (const char* w : {"wheel", "release", "publish", "deploy", "package"})
    if (p.find(w) != std::string::npos) return false;
  std::string t = lower(text);
  for (const char* w : {"upload-artifact", "gh-release", "gh release", "pypi", "twine", "upload-to-release", "publish"})
    if (t.find(w) != std::string::npos) return false;
  return true;
}

}  // namespace

bool ShellFrontend::accepts(std::string_view filename, std::string_view head) const {
  if (shell::formatOf(filename).by_name) return true;
  static const std::regex shebang(R"(^#![ \t]*/\S*/(env[ \t]+(-\S+[ \t]+)*)?(ba)?sh([ \t]|\r?$))");
  std::string first(head.substr(0, head.find('\n')));
  return std::regex_search(first, shebang);
}

bool ShellFrontend::acceptsPath(std::string_view path) const {
  size_t at = path.rfind(".github/workflows/");
  if (at == std::string_view::npos || (at > 0 && path[at - 1] != '/')) return false;
  std::string_view rest = path.substr(at + 18);
  return rest.find('/') == std::string_view::npos && (endsWith(rest, ".yml") || endsWith(rest, ".yaml"));
}

bool ShellFrontend::worthParsing(std::string_view text) const {
  return mentionsAny(text, archOrFrameworkWords()) && !shell::toolFile(text);
}

int ShellFrontend::syntaxErrors(const SourceText& source) const {
  shell::Errors errors;
  scan(source, k_, errors);
  return static_cast<int>(errors.size());
}

const EditingSyntax& ShellFrontend::editing() const {
  static const EditingSyntax syntax = [] {
    EditingSyntax s;
    s.line_comment = "#";  // shell, Dockerfile and YAML alike
    s.or_op = " || ";
    s.and_op = " && ";
    return s;
  }();
  return syntax;
}

std::optional<std::string> ShellFrontend::notOneValue(const std::string&) const {
  return "cannot be checked for shell, Dockerfile and workflow sites, which are patched by hand";
}

FileFacts ShellFrontend::extract(const SourceText& src) const {
  shell::Errors errors;
  FileFacts f = scan(src, k_, errors);
  // A JSON reader's complaint is about JSON; the others come from the shell lexer.
  std::string what = shell::formatOf(src.path).format == shell::Format::Json ? "JSON syntax: " : "shell syntax: ";
  for (const auto& [line, msg] : errors) f.diagnostics.push_back({"warning", src.path, line, what + msg});
  if (ciCheckOnly(src.path, src.text))
    for (auto& s : f.sites) {
      s.evidence.name = false;
      s.evidence.reasons.push_back("a CI job that builds to test and ships nothing (no wheel, release or upload)");
    }
  f.suppressions = applySuppressions(src.text, "#", f.sites);
  f.parsed = true;
  return f;
}

}  // namespace archscan
