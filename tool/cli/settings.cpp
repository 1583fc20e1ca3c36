#include "cli/settings.h"

#include <fnmatch.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "analyze/rules/rules.h"
#include "arch/parse.h"
#include "cli/jobs.h"
#include "cli/usage_error.h"
#include "config/config.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

// The standard headers precompiled when archscan was built:
// $ARCHSCAN_PRELUDE_DIR when set ("" for none), else prelude/ beside the
// executable (a build folder), else ../share/archscan/prelude from it (an
// installed archscan).
std::string shippedPreludeDir() {
  if (const char* env = std::getenv("ARCHSCAN_PRELUDE_DIR")) return env;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  fs::path bin = exe.parent_path();
  for (const fs::path& dir : {bin / "prelude", bin.parent_path() / "share/archscan/prelude"})
    if (fs::is_directory(dir, ec)) return dir.string();
  return "";
}

bool isYaml(const std::string& p) {
  auto ends = [&](const std::string& e) {
    return p.size() >= e.size() && p.compare(p.size() - e.size(), e.size(), e) == 0;
  };
  return ends(".yaml") || ends(".yml");
}

bool isFactsFile(const std::string& p) {
  auto ends = [&](const std::string& e) {
    return p.size() >= e.size() && p.compare(p.size() - e.size(), e.size(), e) == 0;
  };
  std::error_code ec;
  return (ends(".json") || ends(".json.zst")) && fs::is_regular_file(p, ec);
}

fs::path absoluteFolder(const fs::path& p) {
  std::error_code ec;
  return fs::absolute(p, ec).lexically_normal();
}

// The project's values for every key it gives, unless the command line gave
// the option too: then the command line's replaces it, or both add up.
void merge(Options& o, const std::set<std::string>& given, const ProjectConfig& c) {
  for (const auto& spec : optionTable()) {
    if (spec.scope == Scope::CommandLine || !c.given.count(spec.name)) continue;
    bool onCommandLine = given.count(spec.name) > 0;
    if (onCommandLine && spec.merge == Merge::Replace) continue;
    std::visit(
        [&](auto field) {
          using T = std::decay_t<decltype(o.*field)>;
          if constexpr (std::is_same_v<T, std::vector<std::string>>) {
            if (onCommandLine) {
              T both = c.values.*field;
              both.insert(both.end(), (o.*field).begin(), (o.*field).end());
              o.*field = both;
              return;
            }
          }
          o.*field = c.values.*field;
        },
        spec.field);
  }
}

// archscan.yaml globs are relative to its folder, but support paths are
// matched against paths as shown: relative to the current folder for files
// below it, absolute for the others. A glob that starts with ** matches from
// anywhere and needs nothing.
std::vector<std::string> rebaseGlobs(const std::vector<std::string>& globs, const fs::path& configDir) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  fs::path up = configDir.lexically_relative(cwd);  // from here down to the config: "python"
  fs::path down = cwd.lexically_relative(configDir);  // from the config down to here
  std::vector<std::string> out;
  for (const auto& g : globs) {
    if (g.rfind("**", 0) == 0 || configDir == cwd) {
      out.push_back(g);
      continue;
    }
    if (!up.empty() && *up.begin() != "..") {
      out.push_back(up.generic_string() + "/" + g);
      continue;
    }
    out.push_back(configDir.generic_string() + "/" + g);
    if (down.empty() || *down.begin() == "..") continue;
    // The config is above the current folder: drop the leading components
    // that lead down to here; a glob that leads elsewhere matches only
    // absolute paths.
    std::string rest = g;
    bool here = true;
    for (const auto& part : down) {
      size_t slash = rest.find('/');
      std::string head = rest.substr(0, slash);
      if (head == "**") break;
      if (slash == std::string::npos || fnmatch(head.c_str(), part.c_str(), 0) != 0) {
        here = false;
        break;
      }
      rest = rest.substr(slash + 1);
    }
    if (here) out.push_back(rest);
  }
  return out;
}

std::optional<ProjectConfig> projectConfig(const Invocation& inv, const std::vector<std::string>& paths, Settings& s) {
  bool named = inv.given.count("config") > 0;
  if (named && inv.options.no_config) throw UsageError("--config and --no-config exclude each other");
  if (named) {
    s.config = inv.options.config;
    return loadConfig(inv.options.config, s.k.archs);
  }
  if (inv.options.no_config) {
    s.config_search = "not read (--no-config)";
    return std::nullopt;
  }
  ConfigSearch search = findConfigs(paths);
  if (search.found.size() > 1)
    throw UsageError("the scanned paths have different settings files (" + search.found[0] + ", " + search.found[1] +
                     "): scan them one at a time, or choose one with --config FILE");
  if (search.found.empty()) {
    std::string upTo;
    for (const auto& u : search.searched_up_to) upTo += (upTo.empty() ? "" : ", ") + u;
    s.config_search = "none found (looked up to " + (upTo.empty() ? std::string("nothing") : upTo) + ")";
    return std::nullopt;
  }
  s.config = search.found.front();
  return loadConfig(s.config, s.k.archs);
}

std::vector<ExcludeSpec> excludes(const Options& cli, const std::optional<ProjectConfig>& c) {
  std::vector<ExcludeSpec> out;
  if (c) {
    fs::path dir = absoluteFolder(c->path).parent_path();
    const auto& places = c->places.count("exclude") ? c->places.at("exclude") : std::vector<Place>{};
    for (size_t i = 0; i < c->values.exclude.size(); ++i)
      out.push_back({c->values.exclude[i], dir.string(), c->path, i < places.size() ? places[i].line : 0});
  }
  std::error_code ec;
  for (const auto& g : cli.exclude) out.push_back({g, fs::current_path(ec).string(), "", 0});
  return out;
}

bool listed(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// The ids were checked against the catalogue where they were read (the
// parser's choices, archscan.yaml's reader); a rule is reported when it is
// selected (every rule when none is), not ignored and not off.
void selectRules(const Options& o, AnalyzeOptions& a) {
  for (const auto& r : ruleCatalogue())
    if ((!o.select.empty() && !listed(o.select, r.id)) || listed(o.ignore, r.id)) a.off.insert(r.id);
  for (const auto& [id, level] : o.rules) {
    if (level == "off") a.off.insert(id);
    else a.levels[id] = level == "error" ? Severity::Error : level == "warning" ? Severity::Warning : Severity::Note;
  }
}

std::string defaultFormat(Command command) {
  const OptionSpec* spec = findOption("format", command);
  return spec ? spec->default_text : "text";
}

}  // namespace

Settings settle(const Invocation& inv) {
  Settings s;
  s.command = inv.command;
  s.k = builtinKnowledge();
  s.o = inv.options;
  if (s.o.format.empty()) s.o.format = defaultFormat(inv.command);
  if (inv.command == kArchs) {  // the project's archs: are known archs too
    if (auto config = projectConfig(inv, {}, s)) extendKnowledge(s.k, *config);
    return s;
  }
  if (!(inv.command & kScanning)) return s;
  for (const auto& a : inv.options.args) {
    // `--facts /tmp/facts-*.json.zst`: the shell hands the flag one file and
    // the rest as arguments; with --facts given, they are shards too.
    if (inv.given.count("facts") && isFactsFile(a)) s.o.facts.push_back(a);
    else (inv.command == kPatch && isYaml(a) ? s.patchsets : s.paths).push_back(a);
  }
  if (inv.given.count("jobs")) validateJobs(inv.options.jobs);
  for (const auto& spec : optionTable())
    if (spec.check == Check::NonNegative && (spec.commands & inv.command) && inv.given.count(spec.name))
      if (int v = inv.options.*std::get<int Options::*>(spec.field); v < 0)
        throw UsageError("--" + spec.name + " must be 0 or more, not " + std::to_string(v));

  std::optional<ProjectConfig> config = projectConfig(inv, s.paths, s);
  if (config) {
    extendKnowledge(s.k, *config);
    merge(s.o, inv.given, *config);
  }
  s.o.target = splitArchList(s.o.target);
  assumeArchs(s, s.o.target);
  if (!s.o.fail_on.empty()) s.fail_on = *parseFailOn(s.o.fail_on);

  ScanOptions& scan = s.scan;
  scan.paths = s.paths;
  scan.excludes = excludes(inv.options, config);
  scan.jobs = s.o.jobs;
  scan.compile_db = s.o.compile_commands;
  scan.progress = !s.o.quiet;
  scan.cache = !s.o.no_cache;
  scan.cache_dir = s.o.cache_dir;
  scan.prefilter = !s.o.no_prefilter;
  scan.strict = s.o.strict;
  scan.clang_prelude = !s.o.no_clang_prelude;
  if (scan.clang_prelude) scan.shipped_prelude_dir = shippedPreludeDir();
  scan.facts_files = s.o.facts;
  if (config) {
    scan.families = config->values.families;
    scan.support_paths = rebaseGlobs(config->values.support_paths, absoluteFolder(config->path).parent_path());
  }
  scan.analyze.all = s.o.all;
  selectRules(s.o, scan.analyze);
  for (const auto& t : s.o.target) scan.analyze.targets.push_back(parseUserArch(t, s.k.archs));
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
