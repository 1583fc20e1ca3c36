#include "scripts_frontend.h"

#include <regex>

#include "formats.h"
#include "frontend/prefilter.h"
#include "frontend/suppressions.h"

namespace archscan {
namespace {

bool endsWith(std::string_view s, std::string_view x) { return s.size() >= x.size() && s.substr(s.size() - x.size()) == x; }

// Reads the file into sites and collects the lexers' complaints.
FileFacts scan(const SourceText& src, const Knowledge& k, scripts::Errors& errors) {
  FileFacts f;
  f.path = src.path;
  f.language = Language::Shell;
  scripts::SiteBuilder b(k, f);
  switch (scripts::formatOf(src.path)) {
    case scripts::Format::Shell: scripts::readShell(src.text, b, errors); break;
    case scripts::Format::Dockerfile: scripts::readDockerfile(src.text, b, errors); break;
    case scripts::Format::Workflow: scripts::readWorkflow(src.text, b, errors); break;
  }
  b.finish();
  return f;
}

}  // namespace

bool ScriptsFrontend::accepts(std::string_view filename, std::string_view head) const {
  if (endsWith(filename, ".sh") || endsWith(filename, ".bash") || filename.rfind("Dockerfile", 0) == 0 ||
      endsWith(filename, ".dockerfile") || endsWith(filename, ".Dockerfile"))
    return true;
  static const std::regex shebang(R"(^#![ \t]*/\S*/(env[ \t]+(-\S+[ \t]+)*)?(ba)?sh([ \t]|\r?$))");
  std::string first(head.substr(0, head.find('\n')));
  return std::regex_search(first, shebang);
}

bool ScriptsFrontend::acceptsPath(std::string_view path) const {
  size_t at = path.rfind(".github/workflows/");
  if (at == std::string_view::npos || (at > 0 && path[at - 1] != '/')) return false;
  std::string_view rest = path.substr(at + 18);
  return rest.find('/') == std::string_view::npos && (endsWith(rest, ".yml") || endsWith(rest, ".yaml"));
}

bool ScriptsFrontend::worthParsing(std::string_view text) const { return mentionsAny(text, archOrFrameworkWords()); }

int ScriptsFrontend::syntaxErrors(const SourceText& source) const {
  scripts::Errors errors;
  scan(source, k_, errors);
  return static_cast<int>(errors.size());
}

FileFacts ScriptsFrontend::extract(const SourceText& src) const {
  scripts::Errors errors;
  FileFacts f = scan(src, k_, errors);
  for (const auto& [line, msg] : errors) f.diagnostics.push_back({"warning", src.path, line, "shell syntax: " + msg});
  f.suppressions = applySuppressions(src.text, "#", f.sites);
  f.parsed = true;
  return f;
}

}  // namespace archscan
