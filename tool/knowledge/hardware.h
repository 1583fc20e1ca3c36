#pragma once
// The hardware model: what an arch can run, what a path needs, and which
// code objects run where. An arch is hardware, not a number: sm_120 is above
// sm_100 and lacks tcgen05; sm_110 has it; sm_121 runs what sm_120 runs.
// Facts come from knowledge.yaml (`features`, each arch's `features`,
// `specific` and `signature`), with their sources there.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arch/arch.h"
#include "knowledge/knowledge.h"

namespace archscan {

// Whether the hardware of `a` has a feature (arch-specific ones included:
// code built for the arch's `a`/`f` target may use them). nullopt: the
// knowledge says nothing about the arch.
std::optional<bool> hasFeature(const Arch& a, const std::string& feature, const Knowledge& k);
// The features of `needs` that `a` lacks; empty when it has them all or
// nothing is known of it (unknown stays unknown).
std::vector<std::string> lacking(const Arch& a, const std::vector<std::string>& needs, const Knowledge& k);

// What one identifier or string says a path needs: a feature word
// (`tcgen05_mma`, `umma`, `wgmma`) or an arch it is named for (`_sm100`,
// `sm90a`: that arch's signature). `why` is what said it, for the finding.
struct Need {
  std::vector<std::string> features;
  std::optional<Arch> named;  // the arch a name is for (sm100 -> 10.0), if that is what said it
};
std::optional<Need> needNamedBy(std::string_view identifier, const Knowledge& k);
// The features inline PTX in `text` uses (`tcgen05.mma`, `wgmma.fence`).
std::vector<std::string> featuresInPtx(std::string_view text, const Knowledge& k);

// One code object a build produces: SASS for sm_XY[a|f], or PTX for compute_XY[a|f].
struct CodeObject {
  Arch arch;
  bool ptx = false;
  std::string name() const;  // sm_100a, compute_90
};
// Parses `sm_100a`, `compute_90`, `sm100f`; nullopt for anything else.
std::optional<CodeObject> parseCodeObject(std::string_view text);
// The code objects one nvcc arch flag as written builds, in order, without
// repeats: a -gencode pair (`arch=compute_90a,code=sm_90a`,
// `-gencode=arch=compute_90,code=[sm_90,compute_90]`) exactly its `code=`
// targets; `-arch=sm_90` (or `--gpu-architecture=`) SASS and PTX, as nvcc
// expands it; `-arch=compute_90` PTX. Empty for anything else.
std::vector<CodeObject> flagCodeObjects(std::string_view flag);
// The CUDA programming guide's rules: SASS sm_XY runs on the same major at
// minor >= Y; sm_XYa on exactly XY; sm_XYf on XY's family at minor >= Y;
// PTX compute_XY on any arch >= XY (JIT); compute_XYa/f where their SASS would.
bool runsOn(const CodeObject& object, const Arch& target);

}  // namespace archscan
