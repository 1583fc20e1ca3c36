#include "link/dominance.h"

namespace archscan {

void markDominated(std::vector<Site>& sites) {
  for (const Site& c : sites) {
    if (!c.check || c.polarity != Polarity::Allow || !c.ranges.empty() || c.entries.empty() || c.scope.empty() ||
        !c.subject || c.subject->binding.empty())
      continue;
    for (Site& s : sites) {
      if (&s == &c || s.scope != c.scope || !s.subject || s.subject->binding != c.subject->binding ||
          s.extent.begin < c.extent.end || !s.dominated_by.empty())
        continue;
      s.dominated_by = dominatorKey(c);
      for (const auto& e : c.entries) s.reached_only_by.push_back(e.arch);
    }
  }
}

}  // namespace archscan
