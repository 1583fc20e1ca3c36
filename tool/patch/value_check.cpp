#include "patch/value_check.h"

namespace archscan {
namespace {

bool cmakeSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// One CMake argument: "quoted" (escapes allowed), [[bracket]] or unquoted
// without the characters that end or nest an argument.
bool oneCmakeArgument(const std::string& v) {
  if (v.empty()) return false;
  if (v.front() == '"') {
    for (size_t i = 1; i < v.size(); ++i) {
      if (v[i] == '\\') ++i;
      else if (v[i] == '"') return i + 1 == v.size();
    }
    return false;
  }
  if (v.front() == '[') {
    size_t eq = 1;
    while (eq < v.size() && v[eq] == '=') ++eq;
    if (eq >= v.size() || v[eq] != '[') return false;
    std::string close = "]" + std::string(eq - 1, '=') + "]";
    size_t end = v.find(close, eq + 1);
    return end != std::string::npos && end + close.size() == v.size();
  }
  for (size_t i = 0; i < v.size(); ++i) {
    char c = v[i];
    if (c == '\\') {
      ++i;
      if (i >= v.size()) return false;
      continue;
    }
    if (cmakeSpace(c) || c == '(' || c == ')' || c == '#' || c == '"' || c == ';') return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> notOneValue(const std::string& value, Language language, const FrontendSet& frontends) {
  switch (language) {
    case Language::Python: {
      // The front-end only counts syntax errors, so "one expression" is tested
      // by where the text may stand: as the right side of an assignment (the
      // form the value takes), inside two different brackets (so it cannot
      // close the table it is written into and open code of its own), and as
      // the test of a conditional expression (one expression: no top-level
      // comma, no comprehension, no statement, no comment).
      const Frontend& fe = frontends.of(language);
      for (const std::string& probe : {"x = " + value + "\n", "x = (" + value + "\n)\n", "x = [" + value + "\n]\n",
                                       "x = 0 if " + value + " else 0\n"}) {
        if (fe.syntaxErrors(SourceText{"<value>", probe}) > 0) return "is not one Python expression";
      }
      return std::nullopt;
    }
    case Language::CMake:
      if (!oneCmakeArgument(value)) return "is not one CMake argument";
      return std::nullopt;
    case Language::Cpp:
      return "cannot be checked for C/C++ sites, which are patched by hand";
    case Language::Shell:
      return "cannot be checked for shell, Dockerfile and workflow sites, which are patched by hand";
  }
  return "has an unknown language";
}

}  // namespace archscan
