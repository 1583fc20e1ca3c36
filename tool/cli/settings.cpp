#include "cli/settings.h"

#include "config/config.h"

namespace archscan {

Settings settle(const CommonOptions& given) {
  Settings s{builtinKnowledge(), given};
  std::optional<std::string> path = given.config.empty() ? findConfig(given.scan.paths) : std::optional(given.config);
  if (!path) return s;
  ProjectConfig c = loadConfig(*path, s.k.archs);
  extendKnowledge(s.k, c);
  s.o.scan.excludes.insert(s.o.scan.excludes.end(), c.exclude.begin(), c.exclude.end());
  s.o.scan.families = c.families;
  if (s.o.targets.empty()) s.o.targets = c.target;
  if (!s.o.fail_on && c.fail_on) s.o.fail_on = c.fail_on;
  if (c.all) s.o.all = s.o.all || *c.all;
  return s;
}

}  // namespace archscan
