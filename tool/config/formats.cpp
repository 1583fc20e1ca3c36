#include "config/formats.h"

namespace archscan {

const std::vector<FormatInfo>& formatTable() {
  // check's text and json are its findings; audit's are its matrix. markdown
  // and html are always the matrix, sarif and github always the findings.
  static const std::vector<FormatInfo> formats = {
      {Format::Text, "text", kCheck | kAudit, kCheck | kAudit, kAudit},
      {Format::Json, "json", kCheck | kAudit | kPatch | kFix, kCheck | kAudit, kAudit},
      {Format::Sarif, "sarif", kCheck, kCheck | kAudit, 0},
      {Format::Github, "github", kCheck, kCheck | kAudit, 0},
      {Format::Markdown, "markdown", kAudit, kCheck | kAudit, kCheck | kAudit},
      {Format::Html, "html", kAudit, kCheck | kAudit, kCheck | kAudit},
      {Format::Diff, "diff", kPatch | kFix, 0, 0},
  };
  return formats;
}

const FormatInfo& formatInfo(Format f) { return formatTable()[static_cast<size_t>(f)]; }

std::optional<Format> formatNamed(std::string_view name) {
  for (const auto& f : formatTable())
    if (name == f.name) return f.format;
  return std::nullopt;
}

const char* formatName(Format f) { return formatInfo(f).name; }

std::vector<std::string> formatChoices(Command command, bool primary) {
  std::vector<std::string> out;
  for (const auto& f : formatTable())
    if ((primary ? f.primary : f.extra) & command) out.push_back(f.name);
  return out;
}

}  // namespace archscan
