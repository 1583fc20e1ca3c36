#pragma once
// What a missing arch really meets at a site, beyond crash or fallback: a
// fallback that is probably wrong for it, or a gate that keeps it out on
// purpose. Language-neutral; reads only the linked site.
#include <optional>
#include <string>

#include "arch/arch_table.h"
#include "link/program.h"

namespace archscan {

// Why the path `target` falls back to is probably the wrong one: an arm of
// the site groups archs by a hardware fact the target shares (`arch == 86 ||
// arch == 89`: 99 KB shared memory, 1536 threads per SM, like sm_120), or the
// site handles another arch of the target's own major. nullopt: no reason.
std::optional<std::string> wrongFallback(const Site& s, const Arch& target, const ArchTable& archs);

// The arm of a site that groups archs by a hardware fact the target shares
// (`arch == 86 || arch == 89`: 1536 threads per SM, as on sm_120): where the
// target's resources say it belongs. nullopt: no arm does.
struct ResourceTwin {
  int arm = 0;
  std::string archs;  // "sm_86, sm_87, sm_89"
  std::string fact;  // "1536 resident threads per SM"
};
std::optional<ResourceTwin> resourceTwin(const Site& s, const Arch& target, const ArchTable& archs);

// A deliberate hardware gate: a check or membership list whose crash says a
// feature is only for, requires, or is for certain archs ("FP8 is only
// supported on SM100"), or a check that ties the arch to a feature (`fp4 &&
// arch == 10`). nullopt: an ordinary crash, as in a dispatcher whose else says
// "Unsupported architecture".
std::optional<std::string> gateReason(const LinkedSite& ls);

// "the site handles sm_120 of sm_121's own family (12.x)": a family mate the
// target lacks beside; "" when the site has none.
std::string familyMate(const Site& s, const Arch& target);

// The guard every read of the table sits behind (`TABLE[cap]` in a class's
// constructor, which raises first; an earlier `if cap not in ...: return`),
// when none of them lets `target` through: it never reads the table, and the
// guard is where it is refused. "" when some read is open to it.
std::string guardBeforeEveryRead(const LinkedSite& ls, const Arch& target);

// A message or name cut to one line of at most `max` characters.
std::string oneLine(const std::string& text, size_t max = 100);

}  // namespace archscan
