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

#include "compile_flags.h"
#include "observations.h"

namespace archscan::cpp {

class MissingPaths;

struct ClangSettings {
  std::string root;           // the scanned folder: include dirs are guessed below it
  std::string database;       // compile_commands.json to use; "" for tolerant mode
  // Helpers in included files whose bodies are worth parsing (by name);
  // every other body outside the main file is skipped.
  std::function<bool(const std::string&)> keep_body;
  // Tolerant C++/CUDA parses start from the standard headers precompiled
  // once (shim/prelude.h). The first parse that needs it takes
  // `shipped_prelude_dir`/<key>.pch (built with archscan, never written), else
  // `prelude_dir`/<key>.pch (kept between scans), else builds it and keeps
  // it there; "" skips a folder.
  bool prelude = false;
  std::string prelude_dir;
  std::string shipped_prelude_dir;
};

class ClangParser {
 public:
  // Throws std::runtime_error naming the file when the database cannot be read.
  explicit ClangParser(const ClangSettings& settings);
  ~ClangParser();
  ClangParser(const ClangParser&) = delete;
  ClangParser& operator=(const ClangParser&) = delete;

  Observations parse(const std::string& path, const std::string& text) const;
  bool usesDatabase() const { return !entries_.empty(); }
  // Loads or builds the prelude now; false when it cannot be built. With
  // `prelude_dir` set, a built one is kept there: this is how the prelude
  // shipped with archscan is made.
  bool preparePrelude() const { return !prelude().empty(); }

 private:
  // The precompiled prelude's bytes, "" when it cannot be built or loaded
  // (parses then include the shim as usual).
  struct Prelude;
  std::string_view prelude() const;
  std::unique_ptr<Prelude> loadOrBuildPrelude() const;
  std::string preludeFileName() const;
  std::vector<std::string> cc1CommandLine(const std::vector<std::string>& flags, const std::vector<std::string>& includes,
                                          const std::string& file) const;

  ClangSettings settings_;
  ClangPaths paths_;
  std::vector<CompileEntry> entries_;
  mutable std::once_flag prelude_once_;
  mutable std::unique_ptr<Prelude> prelude_;
  // cc1 arguments by flag set and extension, for a placeholder file; empty
  // when the file's path shows up where it cannot be swapped in.
  mutable std::mutex cc1_mutex_;
  mutable std::map<std::string, std::vector<std::string>> cc1_;
  std::unique_ptr<MissingPaths> missing_;  // paths a parse found missing, for the parses after it
};

// compile_commands.json directly in `root` or in one of its build*/ folders.
std::string findCompilationDatabase(const std::string& root);

}  // namespace archscan::cpp
