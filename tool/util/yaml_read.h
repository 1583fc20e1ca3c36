#pragma once
// Reading strict YAML (archscan.yaml, patch sets) with errors that name the place.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "util/input_file.h"
#include "util/source_text.h"

namespace archscan {

// "file:line:column" of a node (1-based).
inline std::string yamlPlace(const std::string& origin, const YAML::Mark& m) {
  return origin + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
}

// A YAML file's text: a regular file of at most 16 MiB, in UTF-8; anything
// else becomes Error naming it.
template <class Error>
std::string yamlReadFile(const std::string& path) {
  std::string text;
  try {
    text = readInputFile(path);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  if (auto bad = firstInvalidUtf8(text)) throw Error(path + ":" + std::to_string(lineAt(text, *bad)) + ": not UTF-8");
  return text;
}

// What YAML::Load accepts but a strict reader must not: a NUL byte, or a key
// given twice in one mapping (YAML::Load keeps both and a lookup sees only
// the first). "file:line:column: ..." or nullopt; a syntax error throws
// YAML::ParserException.
std::optional<std::string> yamlStrictnessError(const std::string& text, const std::string& origin);

// Parses YAML text; a syntax error becomes Error("file:line:column: malformed YAML: ...").
template <class Error>
YAML::Node yamlLoad(const std::string& text, const std::string& origin) {
  try {
    if (auto e = yamlStrictnessError(text, origin)) throw Error(*e);
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw Error(yamlPlace(origin, e.mark) + ": malformed YAML: " + e.msg);
  }
}

// A string or a list of strings; anything else becomes Error("place: WHAT must be ...").
template <class Error>
std::vector<std::string> yamlStrings(const std::string& origin, const YAML::Node& n, const std::string& what) {
  if (n.IsScalar()) return {n.as<std::string>()};
  if (!n.IsSequence()) throw Error(yamlPlace(origin, n.Mark()) + ": " + what + " must be a list of strings");
  std::vector<std::string> out;
  for (const auto& item : n) {
    if (!item.IsScalar()) throw Error(yamlPlace(origin, item.Mark()) + ": " + what + " entries must be strings");
    out.push_back(item.as<std::string>());
  }
  return out;
}

}  // namespace archscan
