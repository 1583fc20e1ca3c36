#pragma once
// The report and diff formats, declared once. The option table takes each
// command's --format choices from here, `--output-format` checks its names
// here, and cli/outputs.cpp renders by the enum (the compiler checks that
// every format has a renderer).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/options.h"

namespace archscan {

enum class Format { Text, Json, Sarif, Github, Markdown, Html, Diff };
constexpr int kFormatCount = static_cast<int>(Format::Diff) + 1;

struct FormatInfo {
  Format format;
  const char* name;
  unsigned primary;  // commands whose --format takes it (Command bits)
  unsigned extra;  // commands whose --output-format FORMAT=FILE takes it
  unsigned audit;  // commands in which it prints the audit matrix rather than the command's own report
};

const std::vector<FormatInfo>& formatTable();
const FormatInfo& formatInfo(Format f);
std::optional<Format> formatNamed(std::string_view name);
const char* formatName(Format f);
// The names --format (primary) or --output-format (!primary) takes for `command`, in table order.
std::vector<std::string> formatChoices(Command command, bool primary);

}  // namespace archscan
