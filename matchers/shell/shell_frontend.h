#pragma once
// The shell front-end: arch lists in shell scripts, Dockerfiles and GitHub
// Actions workflows (TORCH_CUDA_ARCH_LIST="8.0;9.0", ENV CUDA_ARCHS ...,
// -gencode pairs, --arch flags, `case "$arch" in 90|100)`, matrix axes).
// These lists decide which kernels a wheel or an image contains. One file
// in, FileFacts out.
#include "frontend/frontend.h"
#include "knowledge/knowledge.h"

namespace archscan {

class ShellFrontend : public Frontend {
 public:
  explicit ShellFrontend(const Knowledge& k) : k_(k) {}

  Language language() const override { return Language::Shell; }
  // *.sh, *.bash, Dockerfile*, *.dockerfile, and files whose first line is a
  // sh or bash shebang.
  bool accepts(std::string_view filename, std::string_view head) const override;
  // *.yml and *.yaml in a .github/workflows folder.
  bool acceptsPath(std::string_view path) const override;
  bool worthParsing(std::string_view text) const override;
  FileFacts extract(const SourceText& source) const override;
  // Unterminated quotes and substitutions (patch verification).
  int syntaxErrors(const SourceText& source) const override;
  const EditingSyntax& editing() const override;
  std::optional<std::string> notOneValue(const std::string& value) const override;

 private:
  const Knowledge& k_;
};

}  // namespace archscan
