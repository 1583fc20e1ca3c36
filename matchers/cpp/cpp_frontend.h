#pragma once
// The C/C++/CUDA front-end: one file's source in, its FileFacts out. Clang
// reads the semantics (subjects, values, structure); the raw lexer reads
// what Clang cannot see (preprocessor guards, dropped labels, skipped code).
#include <string>

#include "frontend/frontend.h"
#include "knowledge/knowledge.h"

namespace archscan {

namespace cpp {
class ClangService;
}

struct CppSettings {
  std::string root;  // the scanned folder: function bodies of headers below it are read
  std::string database;  // compile_commands.json; "" for the tolerant mode
  bool prelude = false;  // start tolerant parses from the precompiled standard headers
  std::string prelude_dir;  // where that prelude is kept between scans; "" not kept
  std::string shipped_prelude_dir;  // where archscan's own build of it is installed; "" none
};

class CppFrontend : public Frontend {
 public:
  // Throws std::runtime_error naming the file when the database cannot be read.
  CppFrontend(const Knowledge& k, const CppSettings& settings);
  ~CppFrontend() override;

  Language language() const override { return Language::Cpp; }
  bool accepts(std::string_view filename, std::string_view head) const override;
  bool worthParsing(std::string_view text) const override;
  FileFacts extract(const SourceText& source) const override;
  // Files with arch words but nothing Clang would observe: the raw lexer's facts.
  FileFacts skim(const SourceText& source) const override;
  int syntaxErrors(const SourceText& source) const override;
  const EditingSyntax& editing() const override;
  std::optional<std::string> notOneValue(const std::string& value) const override;
  std::optional<EntryEdit> renderEntry(const std::string& source, const std::vector<Entry>& entries, const Entry& like,
                                       const std::string& key, const Arch& add) const override;

 private:
  FileFacts read(const SourceText& source, bool withClang) const;

  const Knowledge& k_;
  std::unique_ptr<cpp::ClangService> parser_;
};

// compile_commands.json directly in `root` or in one of its build*/ folders; "" if none.
std::string findCppCompilationDatabase(const std::string& root);
// The Clang this binary parses C++ with, for --version (clang_toolchain.cpp).
std::string clangVersion();

}  // namespace archscan
