#include "util/compile_database.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <string_view>

#include "util/escape.h"
#include "util/input_file.h"
#include "util/nesting.h"
#include "util/source_text.h"

namespace archscan {
namespace {

// Where `text` stops being one JSON value (RFC 8259), as "line N: what", or
// nullopt. yaml-cpp reads YAML, a superset, and keeps the first document of
// several; Clang's reader is LLVM's own YAML parser, which reads less and
// prints its complaints to standard error. Strict JSON is what both read
// alike. A loop with a stack of open brackets, no recursion.
std::optional<std::string> jsonSyntaxProblem(const std::string& text) {
  size_t i = 0;
  const size_t n = text.size();
  auto at = [&](const std::string& what) -> std::optional<std::string> {
    return "line " + std::to_string(lineAt(text, std::min(i, n))) + ": not JSON (" + what + ")";
  };
  auto blank = [&] {
    while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
  };
  auto digits = [&] {
    size_t from = i;
    while (i < n && text[i] >= '0' && text[i] <= '9') ++i;
    return i > from;
  };
  auto string = [&]() -> std::optional<std::string> {  // at the opening quote
    for (++i;; ++i) {
      if (i >= n) return at("a string is not closed");
      auto u = static_cast<unsigned char>(text[i]);
      if (u == '"') break;
      if (u < 0x20) return at("a control character in a string");
      if (u != '\\') continue;
      if (++i >= n) return at("a string is not closed");
      if (text[i] == 'u') {
        for (int k = 0; k < 4; ++k)
          if (++i >= n || !std::isxdigit(static_cast<unsigned char>(text[i]))) return at("a bad \\u escape");
      } else if (std::string_view("\"\\/bfnrt").find(text[i]) == std::string_view::npos) {
        return at("a bad escape");
      }
    }
    ++i;
    return std::nullopt;
  };
  auto member = [&]() -> std::optional<std::string> {  // a key and its ':'
    blank();
    if (i >= n || text[i] != '"') return at("expected a quoted key");
    if (auto p = string()) return p;
    blank();
    if (i >= n || text[i] != ':') return at("expected ':'");
    ++i;
    return std::nullopt;
  };
  std::string open;  // '[' or '{' per level
  bool wantValue = true;  // else a ',', a closing bracket or the end
  for (;;) {
    blank();
    if (wantValue) {
      if (i >= n) return at("ends early");
      char c = text[i];
      if (c == '[' || c == '{') {
        ++i;
        blank();
        if (i < n && text[i] == (c == '[' ? ']' : '}')) {
          ++i;
          wantValue = false;
          continue;
        }
        open.push_back(c);
        if (c == '{')
          if (auto p = member()) return p;
        continue;
      }
      if (c == '"') {
        if (auto p = string()) return p;
      } else if (c == '-' || (c >= '0' && c <= '9')) {
        if (c == '-') ++i;
        if (i < n && text[i] == '0') ++i;
        else if (!digits()) return at("a bad number");
        if (i < n && text[i] == '.' && (++i, !digits())) return at("a bad number");
        if (i < n && (text[i] == 'e' || text[i] == 'E')) {
          ++i;
          if (i < n && (text[i] == '+' || text[i] == '-')) ++i;
          if (!digits()) return at("a bad number");
        }
      } else if (text.compare(i, 4, "true") == 0 || text.compare(i, 4, "null") == 0) {
        i += 4;
      } else if (text.compare(i, 5, "false") == 0) {
        i += 5;
      } else {
        return at("unexpected '" + printable(text.substr(i, 1)) + "'");
      }
      wantValue = false;
      continue;
    }
    if (open.empty()) return i >= n ? std::nullopt : at("more after the value");
    if (i >= n) return at("ends early");
    if (text[i] == ',') {
      ++i;
      if (open.back() == '{')
        if (auto p = member()) return p;
      wantValue = true;
    } else if (text[i] == (open.back() == '[' ? ']' : '}')) {
      ++i;
      open.pop_back();
    } else {
      return at("expected ',' or a closing bracket");
    }
  }
}

}  // namespace

std::optional<std::string> compilationDatabaseProblem(const std::string& path) {
  return compilationDatabaseTextProblem(readInputFile(path));
}

std::optional<std::string> compilationDatabaseTextProblem(const std::string& text) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return "empty, not a JSON list of compile commands";
  if (auto deep = nestingProblem(text)) return "line " + std::to_string(deep->line) + ": " + deep->what;
  if (auto bad = firstInvalidUtf8(text)) return "line " + std::to_string(lineAt(text, *bad)) + ": not UTF-8";
  if (auto syntax = jsonSyntaxProblem(text)) return syntax;
  YAML::Node root;
  try {
    root = YAML::Load(text);  // JSON is YAML; the mark says where it breaks
  } catch (const YAML::Exception& e) {
    return "line " + std::to_string(e.mark.line + 1) + ": not JSON (" + e.msg + ")";
  }
  if (!root.IsSequence()) return "not a JSON list of compile commands";
  // Clang's reader (JSONCompilationDatabase) refuses the whole file for one
  // key it does not know or one value of the wrong kind, so the check asks
  // what it asks: what passes here, Clang reads.
  size_t n = 0;
  for (const auto& entry : root) {
    ++n;
    std::string which = "entry " + std::to_string(n);
    if (!entry.IsMap()) return which + " is not an object";
    for (const auto& kv : entry) {
      if (!kv.first.IsScalar()) return which + " has a key that is not a string";
      const std::string& key = kv.first.Scalar();
      if (key == "arguments") {
        if (!kv.second.IsSequence()) return which + ": `arguments` is not a list";
        for (const auto& a : kv.second)
          if (!a.IsScalar()) return which + ": `arguments` holds something other than strings";
      } else if (key == "directory" || key == "file" || key == "command" || key == "output") {
        if (!kv.second.IsScalar()) return which + ": `" + key + "` is not a string";
      } else {
        return which + " has a key Clang does not read: `" + printable(key) + "`";
      }
    }
    for (const char* key : {"directory", "file"})
      if (!entry[key]) return which + " has no `" + key + "` string";
    if (!entry["command"] && !entry["arguments"]) return which + " has neither `command` nor `arguments`";
  }
  return std::nullopt;
}

}  // namespace archscan
