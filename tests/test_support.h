#pragma once
// Helpers shared by the unit tests.
#include <string>

#include "cpp/clang_parser.h"
#include "cpp/cpp_frontend.h"
#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "python/python_frontend.h"

namespace archscan::test {

inline const Knowledge& knowledge() {
  static const Knowledge k = builtinKnowledge();
  return k;
}

inline FileFacts extractPython(const std::string& source, const std::string& path = "mod.py") {
  PythonFrontend fe(knowledge());
  return fe.extract(SourceText{path, source});
}

// Parses `source` as if it were `path` (its extension picks C, C++ or CUDA);
// the path need not exist: Clang reads the text from memory.
inline FileFacts extractCpp(const std::string& source, const std::string& path = "/nonexistent/k.cu") {
  CppFrontend fe(knowledge(), CppSettings{"/nonexistent", ""});
  return fe.extract(SourceText{path, source});
}

// What the Clang observer records for `source`, before any site is decided.
inline cpp::Observations observeCpp(const std::string& source, const std::string& path = "/nonexistent/k.cu") {
  cpp::ClangParser parser(cpp::ClangSettings{"/nonexistent", "", {}});
  return parser.parse(path, source);
}

inline const Site* siteNamed(const FileFacts& f, const std::string& name) {
  for (const auto& s : f.sites)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace archscan::test
