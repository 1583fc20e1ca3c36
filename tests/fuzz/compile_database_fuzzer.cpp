// libFuzzer target: the compile_commands.json check either names a problem or
// lets the text through to Clang's reader, which must then read it without
// failing or crashing: the check is what stands between Clang and any file.
#include <clang/Tooling/JSONCompilationDatabase.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "util/compile_database.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  if (archscan::compilationDatabaseTextProblem(text)) return 0;
  std::string err;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromBuffer(text, err,
                                                                    clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) std::abort();  // passed the check, refused by Clang: the check is too lenient
  for (const auto& c : db->getAllCompileCommands())
    if (c.Filename.empty() && c.Directory.empty() && c.CommandLine.empty()) std::abort();
  return 0;
}
