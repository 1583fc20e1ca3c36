#pragma once
// What one build list compiles: the SASS and PTX code objects its items
// produce, read the way the list's consumer reads them. With runsOn
// (knowledge/hardware.h) this says whether a module built from the list
// has a kernel image for an arch at all.
#include <vector>

#include "knowledge/hardware.h"
#include "link/program.h"
#include "model/facts.h"

namespace archscan {

// The code objects of one build list's entries (Site::build_list), in entry
// order, without repeats:
// - a -gencode pair: exactly its `code=` targets (`code=[sm_90,compute_90]`);
// - `-real`: SASS only; `-virtual` and `compute_XY`: PTX only; `+PTX`: both;
// - a dotted item (TORCH_CUDA_ARCH_LIST `9.0`, `12.0a`): SASS only, as
//   PyTorch's extension builder and CMake helpers that read dotted lists build it;
// - any other plain item (`90`, `100a`, `sm_90`): SASS and PTX, as CMake's
//   CUDA_ARCHITECTURES and nvcc's `-arch=sm_90` build it. Where a list's
//   consumer is not known this is the reading that embeds PTX, which can
//   only hide a missing kernel image, never invent one.
std::vector<CodeObject> codeObjects(const Site& buildList);

// "sm_90a, compute_80": the objects' names, as messages list them.
std::string codeObjectList(const std::vector<CodeObject>& objects);

// The code objects nvcc arch flags build, in order, without repeats.
std::vector<CodeObject> flagsCodeObjects(const std::vector<std::string>& flags);

// Whether any of `objects` runs on `target`.
bool anyRunsOn(const std::vector<CodeObject>& objects, const Arch& target);

// What a compiled module (a setup.py extension) is built for, when its own
// file says: the code objects of every arch flag the file spells. Unknown
// (`why` says) when its flags come from TORCH_CUDA_ARCH_LIST or from strings
// built at run time: what is built cannot be read, and nothing is guessed.
struct UnitBuild {
  bool known = false;
  std::string why;  // when not known
  std::vector<CodeObject> objects;
};
UnitBuild unitBuild(const LinkedUnit& u);

// Whether a site in a module's sources lets `t` in at run time: a decision
// on the capability (not a build list, not an `#if __CUDA_ARCH__` guard, not
// a test skip) whose range or key admits t, or that lets t past a refusal.
// An else or a default is not counted: what it does is the arm's business.
bool letsInAtRunTime(const Site& s, const Arch& t);

// A module built for `t` (SASS or an a/f target that runs there, not only
// generic PTX) whose run-time checks all keep `t` out: the check `site`
// refuses t (it crashes or leaves), and no check in the module's sources lets
// t in. A forgotten key, or a build nothing uses. The module, or null.
const LinkedUnit* neverAdmittedBy(const Program& p, size_t site, const Arch& t);

}  // namespace archscan
