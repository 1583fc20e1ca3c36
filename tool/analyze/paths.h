#pragma once
// Which path of a site a target takes, and whether the target can run it:
// the hardware model applied to one decision. A site's arms carry what their
// bodies need (Site::needs, from the front-ends); the knowledge says what
// each arch has. Unknown stays unknown: an arm with no recorded need is
// never judged.
#include <optional>
#include <string>
#include <vector>

#include "arch/arch.h"
#include "knowledge/knowledge.h"
#include "model/facts.h"

namespace archscan {

// The path `t` takes at a site: the first arm (in source order) whose keys
// or range admit it, or the fallback (else, default) when none does.
struct TakenPath {
  int arm = kFallbackArm;
  bool by_range = false;  // admitted by a range or family test, not by naming the arch
  bool past = false;  // let past a deny test (`if cc[0] < 10: return`) into what follows it
  std::string how;  // "`sm >= 100`", "`12`", "the else branch", "`cc[0] < 10`"
};
TakenPath takenPath(const Site& s, const Arch& t);

// The arm entry `entry` chooses: a mapping's entries are a path each (the
// entry's index), a chain's or switch's entries share their branch's arm.
int armOf(const Site& s, size_t entry);
// The recorded need of one arm, or null.
const PathNeed* needOf(const Site& s, int arm);

// The features `need` asks for that `t` lacks. Empty when t has them, when
// nothing is known of t, or when the path is named for an arch whose own
// kernels t runs (an sm120 variant beside the sm100 one: the path holds an
// alternative for t).
std::vector<std::string> unmet(const PathNeed& need, const Arch& t, const Knowledge& k);

// "tcgen05 (`grouped_gemm_sm100`, line 12)": the features and where each is said.
std::string describeNeed(const PathNeed& need, const std::vector<std::string>& features);
// Whether code that uses one of `features` runs on the path (a call, a
// kernel, PTX), rather than only a value named for an arch (a tuning).
bool runsAny(const PathNeed& need, const std::vector<std::string>& features);

// The target taken into a path that needs what it lacks: the path, its
// need and the features it misses; nullopt when its path is fine or unknown.
// Only a range, a family test or an else lets a target in by mistake: an
// arm that names the target was written for it. A site inside a file or
// function named for an arch the target cannot run (sm100_gemm.cuh,
// csrc/sm90/) is that arch's own variant, compiled for it alone.
struct WrongPath {
  TakenPath taken;
  const PathNeed* need = nullptr;
  std::vector<std::string> missing;
};
std::optional<WrongPath> wrongPath(const Site& s, const std::string& file, const Arch& t, const Knowledge& k);

// A site whose every listed arm needs what `t` lacks keeps t out for a
// hardware reason: adding t there would send it into code it cannot run.
// So does a build list of arch-specific targets only (`90a`, `100f`) whose
// every arch has instructions `t` lacks: it builds those archs' own kernels.
// The reason, or nullopt when some arm is generic or not known.
std::optional<std::string> hardwareGate(const Site& s, const Arch& t, const Knowledge& k);

}  // namespace archscan
