#pragma once
// The command line Clang parses one file with. Two sources: a compilation
// database entry (nvcc or gcc/clang lines, translated), or a tolerant guess
// for trees that have none. Plain string work, no Clang types.
#include <string>
#include <vector>

namespace archscan::cpp {

// One compile_commands.json entry, made absolute.
struct CompileEntry {
  std::string file;
  std::string directory;
  std::vector<std::string> argv;
};

// Where the Clang front-end finds its built-in pieces.
struct ClangPaths {
  std::string driver;  // absolute clang++ (the driver finds libstdc++ relative to it)
  std::string resource_dir;  // stddef.h and the CUDA builtin headers
  std::string shim_dir;  // virtual folder holding the CUDA shim and empty runtime headers
  std::string prelude_pch;  // the precompiled prelude tolerant C++/CUDA parses start from; "" for none
};

// Flags the prelude (shim/prelude.h) is precompiled with: those of a
// tolerant CUDA parse, without include dirs.
std::vector<std::string> preludeFlags(const ClangPaths& paths);

// Flags for `file` with no database: its language from the extension and
// the CUDA shim, the same for every file of a language.
std::vector<std::string> tolerantFlags(const std::string& file, const ClangPaths& paths);

// An entry's command line reduced to what parsing needs (-I, -isystem,
// -iquote, -D, -U, -std, -include), relative paths made absolute against
// the entry's directory; nvcc-only flags (-gencode, -Xcompiler, --expt-*, ...)
// dropped with their operands; then the same language and shim flags as the
// tolerant mode.
std::vector<std::string> databaseFlags(const CompileEntry& entry, const std::string& file, const ClangPaths& paths);

// The entry for `file`, or for a header the entry of the source file that
// shares the longest folder prefix; nullptr when the database is empty.
const CompileEntry* entryFor(const std::vector<CompileEntry>& entries, const std::string& file);

// The full argv: driver, flags, the file.
std::vector<std::string> commandLine(const ClangPaths& paths, const std::vector<std::string>& flags,
                                     const std::string& file);

// "c", "c++" or "cuda" by extension.
std::string languageOfExtension(const std::string& file);

}  // namespace archscan::cpp
