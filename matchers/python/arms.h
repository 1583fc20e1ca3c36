#pragma once
// One test of an arch subject inside a condition: `cap == 10`, `cap in (9, 10)`,
// `90 <= sm < 100`, `cap >= (9, 0)`, `sm in range(100, 120)`; and the arms of
// a whole condition, through `and`, `or` and `not`.
#include <tree_sitter/api.h>

#include <optional>
#include <vector>

#include "context.h"

namespace archscan::py {

enum class ArmOp { Eq, In, Range };

struct Arm {
  TSNode comparison{};
  TSNode subject{};
  ArmOp op = ArmOp::Eq;
  bool negated = false;
  std::vector<Entry> entries;
  SpellingStyle style;
  ArchRange range;
};

std::optional<Arm> armOf(TSNode cmp, const PyContext& ctx);
// Narrows `into` to `r` as well (`and`): the higher low bound, the lower high
// one; `into` empty takes `r`.
void intersect(std::optional<ArchRange>& into, const ArchRange& r);
// Arms of a condition; `seen` collects every comparison visited.
void collectArms(TSNode cond, bool negated, const PyContext& ctx, std::vector<Arm>& out, std::vector<TSNode>& seen);

// The calls in a condition that may be predicate helpers returning a range
// test (`is_sm_at_least_90()`, `not utils.is_supported()`): calls without
// arguments, through `and`, `or` and `not`. Each is an arm whose range is a
// placeholder (its text is the call) until link/ reads the helper's
// definition; a call that is no such helper is dropped there.
void collectPredicateCalls(TSNode cond, bool negated, const PyContext& ctx, std::vector<Arm>& out);

}  // namespace archscan::py
