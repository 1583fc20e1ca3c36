// Clang linked into the executable: tests, tools and sanitizer builds.
#include "clang_parser.h"

namespace archscan::cpp {

std::unique_ptr<ClangService> openClang(const ClangSettings& settings) {
  return std::make_unique<ClangParser>(settings);
}

std::string clangModuleStamp() { return ""; }

}  // namespace archscan::cpp
