#include "cli/settings.h"

#include <filesystem>
#include <iostream>

#include "arch/parse.h"
#include "cli/usage_error.h"
#include "config/config.h"

namespace archscan {

namespace {

void mergeConfig(Settings& s, const std::string& path) {
  ProjectConfig c = loadConfig(path, s.k.archs);
  extendKnowledge(s.k, c);
  s.o.scan.excludes.insert(s.o.scan.excludes.end(), c.exclude.begin(), c.exclude.end());
  s.o.scan.families = c.families;
  s.o.audit.components = c.components;
  if (s.o.targets.empty()) s.o.targets = c.target;
  if (!s.o.fail_on && c.fail_on) s.o.fail_on = c.fail_on;
  if (c.all) s.o.all = s.o.all || *c.all;
}

}  // namespace

Settings settle(const CommonOptions& given) {
  // A path that is not there is a typo, not an empty tree that passes.
  for (const auto& p : given.scan.paths) {
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(p, ec))) throw UsageError(p + ": no such file or folder");
  }
  Settings s{builtinKnowledge(), given, {}};
  std::optional<std::string> path = given.config.empty() ? findConfig(given.scan.paths) : std::optional(given.config);
  if (path) mergeConfig(s, *path);
  assumeArchs(s, s.o.targets);
  return s;
}

void addNotes(const Settings& s, Program& p) {
  for (const auto& n : s.notes) {
    if (!s.o.quiet) std::cerr << "archscan: " << n << "\n";
    p.diagnostics.push_back(Diagnostic{"note", "", 0, n});
  }
}

void assumeArchs(Settings& s, const std::vector<std::string>& archs) {
  for (const auto& text : archs) {
    auto a = tryParseUserArch(text, s.k.archs);
    if (!a || a->major_only || s.k.archs.isKnown(a->major, a->minor)) continue;
    KnownArch assumed;
    assumed.major = a->major;
    assumed.minor = a->minor;
    assumed.family = s.k.archs.familyOf(a->major, -1);
    s.k.archs.known.push_back(assumed);
    s.notes.push_back(a->base().name() + " is not in archscan's table of known GPUs; treated as compute capability " +
                      a->base().dotted());
  }
}

}  // namespace archscan
