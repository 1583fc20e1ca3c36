#pragma once
// Turns what the format readers found (shell commands, NAME=VALUE bindings,
// YAML sequences) into arch sites of one file. A list is an arch list only
// under an arch-like name (TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES,
// *_CUDA_ARCHS, a matrix key `cuda_archs`) or after an nvcc flag (-gencode,
// -arch, --gpu-architecture); every item must be an arch, so versions,
// ports and counts never are.
#include <map>
#include <string>
#include <vector>

#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "shell_lexer.h"

namespace archscan::shell {

// Which separators may be written between list items outside quotes: none
// in a shell word, `;` in a Dockerfile ENV pair, both in a YAML plain scalar.
struct BareSeparators {
  bool semicolon = false;
  bool space = false;
};

// One element of a YAML sequence: the scalar (quotes included) and, in a
// block sequence, the `- scalar` it sits in.
struct SequenceItem {
  std::string text;  // the scalar without quotes
  char quote = '\0';
  ByteRange scalar;  // quotes included
  ByteRange item;  // `- 90` in a block sequence; the scalar in a flow one
  int line = 0;
};

class SiteBuilder {
 public:
  SiteBuilder(const Knowledge& k, FileFacts& facts) : k_(k), f_(facts) {}

  // Assignments, nvcc flags and `case` labels of a lexed script.
  void shell(const ShellLex& lex);
  // A value bound to a name; `single_ok` admits a one-arch value without a list-like name.
  void binding(const std::string& name, const Slice& value, BareSeparators bare, int line, ByteRange extent,
               const std::string& origin, bool single_ok = false);
  // A YAML sequence under an arch-like key (`cuda_archs: [80, 90]`, or `- 90` lines); `block` for the latter.
  void sequence(const std::string& name, const std::vector<SequenceItem>& items, bool block, int line, ByteRange extent,
                const std::string& origin = "YAML sequence");
  // The named list is built only by CUDA toolkits older than `max_cuda`
  // (major * 10 + minor): a table's `"12.4": {"cuda_archs": ...}` entry.
  void toolkitCeiling(const std::string& name, int max_cuda);
  // The toolkit that builds the lists that follow (a Dockerfile stage's base
  // image), as a ceiling; 0: not known. A list seen under several keeps the
  // newest, or none when one is not known.
  void toolkit(int max_cuda) { toolkit_ = max_cuda; }
  // Marks a named list as one to add to by hand (a matrix `include:` entry per arch).
  void byHand(const std::string& name, const std::string& reason);
  // Severity of each list from what it holds; call once, at the end.
  void finish();

 private:
  Site& siteFor(const std::string& name, int line, ByteRange extent, const std::string& reason);
  void flags(const ShellCommand& c);
  void caseStatements(const ShellLex& lex);
  void ifChains(const ShellLex& lex);
  // scripts/new-kind.sh adds script readers above this line.

  const Knowledge& k_;
  FileFacts& f_;
  std::map<std::string, size_t> lists_;  // name (and scope_) -> index in f_.sites
  // Where the bindings now read hold: empty for the file, a command's line
  // for `VAR=x cmd`, whose VAR is that command's alone.
  std::string scope_;
  std::map<size_t, bool> ptx_;  // site index -> the list keeps PTX
  int toolkit_ = 0;
  std::map<size_t, bool> printedOnly_;  // site index -> every script assigning it only prints it
  std::map<size_t, int> toolkits_;  // site index -> ceiling of the toolkits building it (0: unknown)
};

}  // namespace archscan::shell
