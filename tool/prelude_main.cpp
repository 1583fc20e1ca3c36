// archscan-prelude: precompiles the C++ standard headers that tolerant
// C/C++/CUDA parses start from, once, when archscan is built.
//   archscan-prelude DIR   writes DIR/<key>.pch (kept if one there still loads)
// archscan takes it from prelude/ beside itself or ../share/archscan/prelude;
// without it, the first scan that parses C++ builds one in its cache folder.
#include <iostream>

#include "cpp/clang_parser.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: archscan-prelude DIR\n";
    return 2;
  }
  archscan::cpp::ClangSettings settings;
  settings.prelude = true;
  settings.prelude_dir = argv[1];
  if (!archscan::cpp::ClangParser(settings).preparePrelude()) {
    std::cerr << "archscan-prelude: Clang could not precompile the standard headers into " << argv[1] << "\n";
    return 1;
  }
  return 0;
}
