#pragma once
// fix/patch --verify-build: compile each CUDA source a plan edits for the
// arch it adds, so an arm that reaches instructions the arch lacks through a
// header (a tcgen05 helper called from the widened `#if`) is refused on
// ptxas's word, not only on the words the hardware model reads.
#include <string>
#include <vector>

#include "patch/plan.h"

namespace archscan {

struct BuildCheckOptions {
  std::string nvcc;  // the compiler; empty: `nvcc` on PATH, else /usr/local/cuda/bin/nvcc
  std::vector<std::string> roots;  // the scanned paths: include folders are guessed from them
};

// Compiles the new content of every planned `.cu` file (in a temporary
// folder, never in the tree) for each arch its edits add, as `sm_XYa`.
// A file ptxas rejects loses all its edits, and each site among them is
// listed as not patched with ptxas's first error. Returns one line per
// file saying what was checked, refused, or could not be checked (no nvcc,
// a header not found, an edit outside a `.cu` file: build lists and
// headers are compiled only through the sources that include them).
std::vector<std::string> verifyBuild(Plan& plan, const BuildCheckOptions& opts);

}  // namespace archscan
