#pragma once
// The one table of options. Every option and archscan.yaml key is declared
// here once; the command-line parser, the archscan.yaml reader, docs/reference.md's
// option list, the man page, the shell completions and the JSON Schema of
// archscan.yaml are all built from it.
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "model/family.h"

namespace archscan {

// `components:` in archscan.yaml: a component name and its path globs, in file order.
using ComponentGlobs = std::vector<std::pair<std::string, std::vector<std::string>>>;
// `rules:` in archscan.yaml: a rule id and the level its findings take (error,
// warning, note, or off), in file order.
using RuleLevels = std::vector<std::pair<std::string, std::string>>;

// `archs:` in archscan.yaml: a GPU the built-in knowledge lacks, or facts
// that override it. Text as written; config.cpp checks and converts it.
struct DeclaredArch {
  std::string cc;  // "10.7"
  std::string family;  // empty: keep / derive
  std::string min_cuda;  // "13.1"; empty: keep / unknown
  std::vector<std::string> names;  // GPU names users may type (b300x)
  int threads = 0, smem_kb = 0;  // 0: keep / unknown
  int line = 0, column = 0;  // where the entry is written
};

// Every value an option or an archscan.yaml key can set.
struct Options {
  std::vector<std::string> args;  // positionals: paths; for patch, PATCHSET.yaml... then paths
  std::vector<std::string> target;
  std::string format;  // empty: the command's default
  std::string output;
  std::vector<std::string> output_format;  // FORMAT=FILE
  bool all = false;
  std::string fail_on;
  std::string baseline;
  std::string baseline_ref;  // a git ref
  std::string write_baseline;
  bool report_unused_ignores = false;
  bool strict = false;
  std::vector<std::string> exclude;
  std::vector<std::string> select;  // rule ids; empty: every rule
  std::vector<std::string> ignore;  // rule ids
  RuleLevels rules;  // archscan.yaml only
  std::string config;
  bool no_config = false;
  int jobs = 0;  // 0: all cores
  std::string compile_commands;
  bool write = false;
  bool force = false;
  bool verify_build = false;  // fix/patch: compile each edited CUDA source for the added arch
  bool discard = false;  // recover --discard: keep the files as they are, drop the journal
  std::string add, like, emit_patchset;
  std::string color = "auto";
  bool quiet = false;
  bool verbose = false;
  // the content cache and how extraction is run
  bool no_cache = false;
  std::string cache_dir;
  bool no_prefilter = false;
  bool no_clang_prelude = false;
  std::vector<std::string> facts;  // `archscan extract` outputs to link instead of scanning
  std::string shard = "1/1";  // extract: K/N
  // audit only
  std::string columns = "near";
  std::string show = "findings";
  std::string link_base;
  std::string diff;
  int top = 50;
  // archscan.yaml only: what the project knows.
  std::vector<std::string> capability_sources;
  std::vector<std::string> arch_names;
  std::vector<std::string> support_paths;
  std::vector<DeclaredFamily> families;
  ComponentGlobs components;
  std::vector<DeclaredArch> archs;
};

enum Command : unsigned {
  kCheck = 1,
  kAudit = 2,
  kPatch = 4,
  kFix = 8,
  kArchs = 16,
  kRules = 32,
  kExplain = 64,
  kCompletion = 128,
  kExtract = 256,
  kRecover = 512,
};
// The commands that scan a tree (and so read archscan.yaml).
constexpr unsigned kScanning = kCheck | kAudit | kPatch | kFix | kExtract;
// The commands that report or patch findings.
constexpr unsigned kAnalyzing = kCheck | kAudit | kPatch | kFix;

// Where an option can be given.
enum class Scope { CommandLine, Config, Both };
// What a value must be beyond its type; checked by the command line and archscan.yaml alike.
// Rule: an id of the rule catalogue (the option's choices), items comma-separated on the command line.
enum class Check { None, Arch, Jobs, NonNegative, Rule };
// Lists from the command line and archscan.yaml: the command line replaces, or both add up.
enum class Merge { Replace, Append };

using Field = std::variant<bool Options::*, int Options::*, std::string Options::*, std::vector<std::string> Options::*,
                           std::vector<DeclaredFamily> Options::*, ComponentGlobs Options::*,
                           std::vector<DeclaredArch> Options::*, RuleLevels Options::*>;

struct OptionSpec {
  std::string name;  // --name on the command line, `name:` in archscan.yaml
  char short_name;  // 0: none
  std::string metavar;
  std::string help;
  unsigned commands;  // the commands that take it (Command bits); 0 for archscan.yaml-only keys
  Scope scope;
  Field field;
  std::vector<std::string> choices;  // a closed set of values, if any
  Check check = Check::None;
  Merge merge = Merge::Replace;
  bool required = false;
  std::string default_text;  // what an absent option means, for the documentation
};

struct CommandSpec {
  Command command;
  std::string name;
  std::string summary;
  std::string positional;  // "[PATH...]", "RULE"; empty: none
  std::string positional_help;
  int positional_min = 0;
  int positional_max = -1;  // -1: any number
};

const std::vector<OptionSpec>& optionTable();
const std::vector<CommandSpec>& commandTable();
// The commands taking `spec`, in table order: "check, audit".
std::string commandNames(unsigned commands);
const CommandSpec* findCommand(const std::string& name);
// "sm_120,sm_121" -> {"sm_120", "sm_121"}, item by item; commas inside "(12, 0)"
// do not split, and blanks around items are dropped.
std::vector<std::string> splitArchList(const std::vector<std::string>& items);
// The spec named `name` that `command` takes (format differs per command), or null.
const OptionSpec* findOption(const std::string& name, Command command);

}  // namespace archscan
