#pragma once
// The CMake front-end: arch lists in set()/list() of arch-like variables,
// lists passed to arch-named project functions, and version ranges on
// arch-like variables in if(). One file in, FileFacts out.
#include "frontend/frontend.h"
#include "knowledge/knowledge.h"

namespace archscan {

class CMakeFrontend : public Frontend {
 public:
  explicit CMakeFrontend(const Knowledge& k) : k_(k) {}

  Language language() const override { return Language::CMake; }
  bool accepts(std::string_view filename, std::string_view head) const override;
  bool worthParsing(std::string_view text) const override;
  FileFacts extract(const SourceText& source) const override;
  // Lexer errors (patch verification).
  int syntaxErrors(const SourceText& source) const override;
  const EditingSyntax& editing() const override;
  std::optional<std::string> notOneValue(const std::string& value) const override;

 private:
  const Knowledge& k_;
};

}  // namespace archscan
