#include "clang_toolchain.h"

#include <clang/Basic/Version.h>

namespace archscan {

std::string clangVersion() { return clang::getClangFullVersion(); }
std::string clangResourceDir() { return ARCHSCAN_CLANG_RESOURCE_DIR; }

}  // namespace archscan
