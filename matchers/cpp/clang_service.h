#pragma once
// What the C++ front-end asks of Clang, behind one interface. The archscan
// executable keeps Clang in a module of its own (archscan-clang.so), opened
// when the first file needs a parse: Clang's and LLVM's start-up (their
// static constructors, about 5 ms) is then paid only by scans that parse
// C++, not by warm or Python-only ones. Tests and tools link Clang in.
#include <functional>
#include <memory>
#include <string>

#include "observations.h"

namespace archscan::cpp {

struct ClangSettings {
  std::string root;  // the scanned folder: function bodies of headers below it are read
  std::string database;  // compile_commands.json to use; "" for tolerant mode
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

class ClangService {
 public:
  virtual ~ClangService() = default;
  // What Clang observed in `text`, parsed as the file at `path`.
  virtual Observations parse(const std::string& path, const std::string& text) const = 0;
  // Loads or builds the prelude now; false when it cannot be built. With
  // `prelude_dir` set, a built one is kept there: this is how the prelude
  // shipped with archscan is made.
  virtual bool preparePrelude() const = 0;
};

// Clang for these settings: linked in (clang_linked.cpp) or opened from the
// module at the first parse (clang_loader.cpp); an executable links one.
// Throws std::runtime_error naming the file when the database cannot be read
// or the module cannot be found.
std::unique_ptr<ClangService> openClang(const ClangSettings& settings);

// What identifies the Clang code this binary runs beyond the executable
// itself, for the content cache's key: the module's size and time, or "".
std::string clangModuleStamp();

}  // namespace archscan::cpp
