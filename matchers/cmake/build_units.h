#pragma once
// Compiled targets a CMakeLists.txt declares (add_library, add_executable,
// pybind11_add_module, ...): their sources, as the file's own literals and
// variables set from literals say, and the arch flags their CUDA code is
// built with (the target's CUDA_ARCHITECTURES, the file's
// CMAKE_CUDA_ARCHITECTURES, -gencode options). FileFacts::build_units.
#include <vector>

#include "lexer.h"
#include "model/facts.h"

namespace archscan::cmake {

// `subdirectories`, when given, receives each add_subdirectory() and the
// default build in force there.
std::vector<BuildUnit> buildUnits(const std::vector<Command>& commands,
                                  std::vector<Subdirectory>* subdirectories = nullptr);

}  // namespace archscan::cmake
