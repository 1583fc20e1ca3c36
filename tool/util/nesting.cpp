#include "util/nesting.h"

namespace archscan {

std::optional<NestingProblem> nestingProblem(std::string_view text, int limit) {
  int depth = 0, line = 1;
  char quote = 0;
  bool lineStart = true;
  int dashes = 0;  // `- ` items opened at the start of this line
  int indent = 0;
  auto tooDeep = [&](int d) -> std::optional<NestingProblem> {
    if (d <= limit) return std::nullopt;
    return NestingProblem{line, "nested deeper than " + std::to_string(limit) + " levels"};
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      lineStart = true;
      dashes = 0;
      indent = 0;
      quote = 0;  // a quoted scalar spanning lines is rare; losing track of one only misjudges its brackets
      continue;
    }
    if (quote) {
      if (c == '\\' && quote == '"') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (lineStart && (c == ' ' || c == '\t')) {
      // YAML nests by indentation too: a level is at least one column.
      if (++indent > 4 * limit)
        return NestingProblem{line, "indented deeper than " + std::to_string(4 * limit) + " columns"};
      continue;
    }
    if (lineStart && c == '-' && i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '\t')) {
      if (auto p = tooDeep(depth + ++dashes)) return p;
      ++i;
      continue;
    }
    // A quote opens a string only where a value starts (`don't` is plain
    // text); `#` after a blank starts a YAML comment.
    char prev = lineStart ? ' ' : text[i - 1];
    bool valueStart = prev == ' ' || prev == '\t' || prev == '[' || prev == '{' || prev == ',' || prev == ':';
    lineStart = false;
    if (c == '#' && (prev == ' ' || prev == '\t')) {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (c == '"' || (c == '\'' && valueStart)) quote = c;
    else if (c == '[' || c == '{') {
      if (auto p = tooDeep(++depth)) return p;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

}  // namespace archscan
