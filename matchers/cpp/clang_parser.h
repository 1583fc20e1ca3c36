#pragma once
// Runs Clang over one C/C++/CUDA file held in memory and returns what the
// observer saw. One instance serves every thread: each parse has its own
// file system view, file manager, diagnostics and AST; what the parses of
// one scan share (the prelude, cc1 arguments, paths found missing) is
// behind a lock or a once-flag.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "clang_service.h"
#include "compile_flags.h"
#include "observations.h"

namespace archscan::cpp {

class MissingPaths;

class ClangParser : public ClangService {
 public:
  // Throws std::runtime_error naming the file when the database cannot be read.
  explicit ClangParser(const ClangSettings& settings);
  ~ClangParser() override;
  ClangParser(const ClangParser&) = delete;
  ClangParser& operator=(const ClangParser&) = delete;

  Observations parse(const std::string& path, const std::string& text) const override;
  bool preparePrelude() const override { return !prelude().empty(); }

 private:
  // The precompiled prelude's bytes, "" when it cannot be built or loaded
  // (parses then include the shim as usual).
  struct Prelude;
  std::string_view prelude() const;
  std::unique_ptr<Prelude> loadOrBuildPrelude() const;
  std::string preludeFileName() const;
  std::vector<std::string> cc1CommandLine(const std::vector<std::string>& flags, const std::string& file) const;

  ClangSettings settings_;
  ClangPaths paths_;
  std::vector<CompileEntry> entries_;
  mutable std::once_flag prelude_once_;
  mutable std::unique_ptr<Prelude> prelude_;
  mutable std::string prelude_error_;
  // cc1 arguments by flag set and extension, for a placeholder file; empty
  // when the file's path shows up where it cannot be swapped in.
  mutable std::mutex cc1_mutex_;
  mutable std::map<std::string, std::vector<std::string>> cc1_;
  std::unique_ptr<MissingPaths> missing_;  // paths a parse found missing, for the parses after it
};

}  // namespace archscan::cpp
