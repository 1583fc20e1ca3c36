#pragma once
// The C/C++/CUDA front-end: one file's source in, its FileFacts out. Clang
// reads the semantics (subjects, values, structure); the raw lexer reads
// what Clang cannot see (preprocessor guards, dropped labels, skipped code).
#include <memory>
#include <string>

#include "clang_parser.h"
#include "knowledge/knowledge.h"
#include "model/facts.h"

namespace archscan {

class CppFrontend {
 public:
  CppFrontend(const Knowledge& k, const cpp::ClangSettings& settings);
  FileFacts extract(const std::string& path, const std::string& source) const;

 private:
  const Knowledge& k_;
  cpp::ClangParser parser_;
};

}  // namespace archscan
