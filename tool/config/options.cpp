#include "config/options.h"

#include "analyze/rules/rules.h"
#include "config/formats.h"

namespace archscan {
namespace {

// The catalogue's ids, so --select, --ignore and `rules:` accept, complete and document exactly the rules there are.
std::vector<std::string> ruleIds() {
  std::vector<std::string> ids;
  for (const auto& r : ruleCatalogue()) ids.push_back(r.id);
  return ids;
}

}  // namespace

const std::vector<CommandSpec>& commandTable() {
  static const std::vector<CommandSpec> commands = {
      {kCheck, "check", "List arch sites that lack a target arch or a sibling's arch", "[PATH...]",
       "Files or folders to scan (default: .)"},
      {kAudit, "audit", "Print a coverage matrix: every arch site x every arch", "[PATH...]",
       "Files or folders to scan (default: .)"},
      {kPatch, "patch", "Apply YAML patch sets to every selected site, all or none", "PATCHSET.yaml... [PATH...]",
       "Patch sets (*.yaml, *.yml), then files or folders (default: .)", 1},
      {kFix, "fix", "Add one arch like another everywhere (a one-rule patch set)", "[PATH...]",
       "Files or folders to scan (default: .)"},
      {kArchs, "archs", "List the known archs, their spellings and GPU names", "[ARCH]",
       "Say what is known of one arch (sm_107, 12.0, rtx-pro-6000)", 0, 1},
      {kRules, "rules", "List the rules with their default severity and a one-line summary", "", "", 0, 0},
      {kExplain, "explain", "Print a rule's documentation: what it means, an example, how to fix or suppress it",
       "RULE", "A rule id (archscan rules lists them)", 1, 1},
      {kCompletion, "completion", "Print a shell completion script", "SHELL", "bash, zsh or fish", 1, 1},
      {kExtract, "extract", "Write the facts of one shard of a scan (--shard K/N) for a later --facts", "[PATH...]",
       "Files or folders to scan (default: .)"},
      {kRecover, "recover", "Complete or roll back a --write that was interrupted, then stop", "[PATH]",
       "The scanned root (default: .)", 0, 1},
  };
  return commands;
}

const std::vector<OptionSpec>& optionTable() {
  using O = Options;
  static const std::vector<OptionSpec> options = {
      {"target",
       't',
       "ARCH",
       "Arch to check for: sm_120, 12.0, 120, sm_90a or a GPU name (rtx-pro-6000); repeatable or comma-separated; "
       "given on the command line, replaces archscan.yaml's",
       kCheck | kAudit | kExtract,
       Scope::Both,
       &O::target,
       {},
       Check::Arch},
      {"format", 0, "FORMAT", "Report format", kCheck, Scope::CommandLine, &O::format, formatChoices(kCheck, true),
       Check::None, Merge::Replace, false, "text"},
      {"format", 0, "FORMAT", "Report format", kAudit, Scope::CommandLine, &O::format, formatChoices(kAudit, true),
       Check::None, Merge::Replace, false, "text"},
      {"format", 0, "FORMAT", "Output format: a unified diff or the planned edits as JSON", kPatch | kFix,
       Scope::CommandLine, &O::format, formatChoices(kPatch, true), Check::None, Merge::Replace, false, "diff"},
      {"output", 'o', "FILE", "Write the report to FILE instead of standard output (whole, or not at all)",
       kCheck | kAudit | kPatch | kFix | kArchs | kRules | kExplain | kExtract, Scope::CommandLine, &O::output},
      {"output-format", 0, "FORMAT=FILE",
       "Also write the report in FORMAT to FILE, from the same scan; repeatable (sarif=results.sarif, "
       "html=audit.html, github=-)",
       kCheck | kAudit, Scope::CommandLine, &O::output_format},
      {"all", 0, "", "Also report low-confidence and arch-specific sites", kAnalyzing, Scope::Both, &O::all},
      {"fail-on",
       0,
       "LEVEL",
       "Exit 1 when a finding is at or above LEVEL",
       kCheck | kAudit,
       Scope::Both,
       &O::fail_on,
       {"error", "warning", "note", "never"},
       Check::None,
       Merge::Replace,
       false,
       "error"},
      {"strict", 0, "",
       "Stop with exit 2 when a file cannot be read or decoded (default: warn, skip it and scan the rest)", kScanning,
       Scope::Both, &O::strict},
      {"baseline", 0, "FILE",
       "Report only findings whose fingerprint is not in FILE; a FILE that does not exist yet is an empty baseline",
       kCheck, Scope::CommandLine, &O::baseline},
      {"baseline-ref", 0, "REF",
       "Report only findings that REF's version of the scanned files does not have (a branch, tag or commit: the "
       "base of a pull request); REF is unpacked into a temporary folder and scanned with the same settings",
       kCheck, Scope::CommandLine, &O::baseline_ref},
      {"write-baseline", 0, "FILE", "Write the reported findings' fingerprints to FILE, for a later --baseline", kCheck,
       Scope::CommandLine, &O::write_baseline},
      {"report-unused-ignores", 0, "", "List `archscan: ignore` comments that suppress nothing", kCheck, Scope::Both,
       &O::report_unused_ignores},
      {"select", 0, "RULE",
       "Report only these rules (repeatable or comma-separated; on the command line, replaces archscan.yaml's; fix and "
       "patch then edit only sites that check reports under them). Rules",
       kAnalyzing, Scope::Both, &O::select, ruleIds(), Check::Rule, Merge::Replace, false, "every rule"},
      {"ignore", 0, "RULE",
       "Do not report these rules, selected or not (repeatable or comma-separated; the command line's and "
       "archscan.yaml's both apply). Rules",
       kAnalyzing, Scope::Both, &O::ignore, ruleIds(), Check::Rule, Merge::Append},
      {"exclude",
       0,
       "GLOB",
       "Skip paths matching GLOB (** crosses folders; a bare name or name/ matches at any depth, while ./dir, a/b or "
       "an "
       "absolute path matches only there); repeatable. On the command line relative to the current folder, in "
       "archscan.yaml to its folder; both lists apply",
       kScanning,
       Scope::Both,
       &O::exclude,
       {},
       Check::None,
       Merge::Append},
      {"config", 0, "FILE",
       "Project settings to use (default: the archscan.yaml nearest above the scanned paths, up to the repository "
       "root)",
       kScanning | kArchs, Scope::CommandLine, &O::config},
      {"no-config", 0, "", "Do not read any archscan.yaml", kScanning | kArchs, Scope::CommandLine, &O::no_config},
      {"jobs",
       'j',
       "N",
       "Extraction threads, at least 1",
       kScanning,
       Scope::CommandLine,
       &O::jobs,
       {},
       Check::Jobs,
       Merge::Replace,
       false,
       "all cores"},
      {"compile-commands", 'p', "PATH",
       "compile_commands.json (or its folder) for C/C++/CUDA flags; default: the scanned root's or a build*/ one",
       kScanning, Scope::CommandLine, &O::compile_commands},
      {"write", 0, "", "Write the files (default: print a diff, write nothing)", kPatch | kFix, Scope::CommandLine,
       &O::write},
      {"add",
       0,
       "ARCH",
       "The arch to add (sm_120)",
       kFix,
       Scope::CommandLine,
       &O::add,
       {},
       Check::Arch,
       Merge::Replace,
       true},
      {"like",
       0,
       "ARCH",
       "The arch whose entries are copied (sm_100); where its path needs (or, unknown, may need) what --add lacks, the "
       "nearest arm --add can run",
       kFix,
       Scope::CommandLine,
       &O::like,
       {},
       Check::Arch,
       Merge::Replace,
       true},
      {"emit-patchset", 0, "FILE", "Also write the equivalent patch set to FILE", kFix, Scope::CommandLine,
       &O::emit_patchset},
      {"force", 0, "", "With --write, also replace read-only files", kPatch | kFix, Scope::CommandLine, &O::force},
      {"verify-build", 0, "",
       "Compile each edited CUDA source for the added arch with nvcc (sm_XYa) and refuse the edits of one ptxas "
       "rejects; says what it could not check",
       kPatch | kFix, Scope::CommandLine, &O::verify_build},
      {"discard", 0, "",
       "Keep the files of an interrupted write as they are now: delete its journal and the temporary and backup files "
       "beside them, and change no other file",
       kRecover, Scope::CommandLine, &O::discard},
      {"color",
       0,
       "WHEN",
       "When to colour; auto is on a terminal, unless NO_COLOR is set, and wherever FORCE_COLOR is",
       kCheck | kAudit | kArchs | kRules | kExplain,
       Scope::CommandLine,
       &O::color,
       {"auto", "always", "never"},
       Check::None,
       Merge::Replace,
       false,
       "auto"},
      {"quiet", 'q', "", "No progress and no summary on standard error", kScanning, Scope::CommandLine, &O::quiet},
      {"verbose", 'v', "",
       "Print the settings file used and where the time went (CPU per phase and language, costliest files) on standard "
       "error",
       kScanning, Scope::CommandLine, &O::verbose},
      {"no-cache", 0, "", "Extract every file; neither read nor write the content cache", kScanning, Scope::CommandLine,
       &O::no_cache},
      {"cache-dir",
       0,
       "DIR",
       "Content cache folder",
       kScanning,
       Scope::CommandLine,
       &O::cache_dir,
       {},
       Check::None,
       Merge::Replace,
       false,
       ".archscan-cache/ at the repository root, else $XDG_CACHE_HOME/archscan"},
      {"no-prefilter", 0, "",
       "Parse every file, also those without arch-shaped words (slow; for checking the prefilter)", kScanning,
       Scope::CommandLine, &O::no_prefilter},
      {"no-clang-prelude", 0, "",
       "C/C++ without a compilation database: let each Clang parse read the C++ standard headers itself, instead of "
       "starting from them precompiled once (when archscan was built, else kept in the cache folder)",
       kScanning, Scope::CommandLine, &O::no_clang_prelude},
      {"facts", 0, "FILE",
       "Link and analyze these `archscan extract` outputs (every shard) instead of extracting; repeatable, and with it "
       "the .json/.json.zst files among the arguments count too (`--facts facts-*.json.zst`)",
       kCheck | kAudit | kFix, Scope::CommandLine, &O::facts},
      {"shard",
       0,
       "K/N",
       "The files whose path hashes to shard K of N",
       kExtract,
       Scope::CommandLine,
       &O::shard,
       {},
       Check::None,
       Merge::Replace,
       false,
       "1/1, all"},
      {"columns",
       0,
       "WHICH",
       "Matrix columns: near is the targets, the archs the code distinguishes near them, then one 'older' column; "
       "all is every arch",
       kAudit,
       Scope::CommandLine,
       &O::columns,
       {"near", "all"},
       Check::None,
       Merge::Replace,
       false,
       "near"},
      {"show",
       0,
       "WHICH",
       "Rows: findings is the sites with findings, worst first; all is every site",
       kAudit,
       Scope::CommandLine,
       &O::show,
       {"findings", "all"},
       Check::None,
       Merge::Replace,
       false,
       "findings"},
      {"link-base",
       0,
       "URL",
       "URL that file:line links start with (a repository blob URL at a commit)",
       kAudit,
       Scope::CommandLine,
       &O::link_base,
       {},
       Check::None,
       Merge::Replace,
       false,
       "relative to the output file's folder"},
      {"diff", 0, "FILE", "An earlier audit --format json: print what changed since (text, markdown or json)", kAudit,
       Scope::CommandLine, &O::diff},
      {"top",
       0,
       "N",
       "Markdown: how many rows to list without --show all, 0 or more",
       kAudit,
       Scope::CommandLine,
       &O::top,
       {},
       Check::NonNegative,
       Merge::Replace,
       false,
       "50"},
      {"capability-sources", 0, "NAME",
       "Project functions whose return value is a compute capability (get_gpu_generation)", 0, Scope::Config,
       &O::capability_sources},
      {"arch-names", 0, "WORD", "Identifier words that make a name arch-like (gpu_gen)", 0, Scope::Config,
       &O::arch_names},
      {"support-paths", 0, "GLOB",
       "Tests, benchmarks, examples and docs: their findings are at most warnings and listed apart (default: "
       "**/test/**, **/tests/**, **/benchmarks/**, **/examples/**, **/docs/**, **/test_*.py, ...)",
       0, Scope::Config, &O::support_paths},
      {"archs", 0, "[{cc, names, family, min_cuda, threads, smem_kb}...]",
       "GPUs the built-in table lacks, or facts that override it: a capability (cc: \"10.7\"), the GPU names users "
       "type for it, its family, the first CUDA toolkit that targets it, resident threads per SM and shared memory "
       "per block in KB",
       0, Scope::Config, &O::archs},
      {"rules",
       0,
       "RULE: LEVEL",
       "Each rule's level, a rule id mapped to a level: every finding of the rule takes it (in tests, benchmarks and "
       "the other support paths still at most a warning); off stops reporting the rule, as --ignore does. Levels",
       0,
       Scope::Config,
       &O::rules,
       {"error", "warning", "note", "off"}},
      {"families", 0, "NAME: [SITE...]",
       "Sites that must stay in sync whatever reads them: a family name mapped to site names or globs", 0,
       Scope::Config, &O::families},
      {"components",
       0,
       "NAME: [GLOB...]",
       "How the audit groups rows: a component name mapped to path globs, relative to the scanned folder; a path "
       "belongs to the first component that matches",
       0,
       Scope::Config,
       &O::components,
       {},
       Check::None,
       Merge::Replace,
       false,
       "CODEOWNERS, else the top-level package or folder"},
  };
  return options;
}

std::string commandNames(unsigned commands) {
  std::string out;
  for (const auto& c : commandTable())
    if (commands & c.command) out += (out.empty() ? "" : ", ") + c.name;
  return out;
}

const CommandSpec* findCommand(const std::string& name) {
  for (const auto& c : commandTable())
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::string> splitArchList(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    std::string part;
    int depth = 0;
    auto flush = [&] {
      size_t b = part.find_first_not_of(" \t"), e = part.find_last_not_of(" \t");
      if (b != std::string::npos) out.push_back(part.substr(b, e - b + 1));
      part.clear();
    };
    for (char c : item) {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (c == ',' && depth == 0) flush();
      else part += c;
    }
    flush();
  }
  return out;
}

const OptionSpec* findOption(const std::string& name, Command command) {
  for (const auto& o : optionTable())
    if (o.name == name && (o.commands & command)) return &o;
  return nullptr;
}

}  // namespace archscan
