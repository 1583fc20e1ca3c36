#pragma once
// The Clang the C++/CUDA front-end is built on, for --version and diagnostics.
#include <string>

namespace archscan {

std::string clangVersion();
std::string clangResourceDir();

}  // namespace archscan
