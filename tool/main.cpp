// archscan: CLI11 wiring only; every command lives in cli/commands.cpp.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <thread>

#include "cli/commands.h"
#include "cli/extract_command.h"
#include "cli/patch_command.h"
#include "cli/recover.h"

int main(int argc, char** argv) {
  using namespace archscan;
  CLI::App app{"archscan: find and patch every compute-capability table in a GPU codebase"};
  app.set_version_flag("--version", versionText());
  app.require_subcommand(1);
  CommonOptions o;
  // More threads than 4x the cores only costs memory; fewer than one is a typo.
  const int maxJobs = 4 * static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const CLI::Range jobRange(1, maxJobs);
  // Options of every command that scans: the cache, -v, and --facts where a
  // command can take merged facts instead of scanning.
  auto scanning = [&](CLI::App* cmd, bool facts) {
    cmd->add_flag_function("--no-cache", [&o](std::int64_t) { o.scan.cache = false; }, "Extract every file; neither read nor write the cache");
    cmd->add_option("--cache-dir", o.scan.cache_dir,
                    "Content cache folder (default: .archscan-cache/ at the repository root, else $XDG_CACHE_HOME/archscan)");
    cmd->add_flag_function("--no-prefilter", [&o](std::int64_t) { o.scan.prefilter = false; },
                           "Parse every file, also those without arch-shaped words (slow; for checking the prefilter)");
    cmd->add_flag("-v,--verbose", o.verbose, "Print where the time went (CPU per phase and language, costliest files)");
    if (facts)
      cmd->add_option("--facts", o.scan.facts_files,
                      "Link and analyze these `archscan extract` outputs (all shards) instead of extracting")
          ->expected(1)
          ->allow_extra_args(false)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  };

  auto common = [&](CLI::App* cmd, bool scans) {
    if (scans) {
      cmd->add_option("paths", o.scan.paths, "Files or folders to scan (default: .)");
      cmd->add_option("-j,--jobs", o.scan.jobs, "Extraction threads (default: all cores)")->check(jobRange);
      cmd->add_option("-p,--compile-commands", o.scan.compile_db,
                      "compile_commands.json (or its folder) for C++/CUDA; default: the root's or a build*/ one");
      cmd->add_option("--exclude", o.scan.excludes, "Glob of paths to skip, relative to the scanned root")
          ->expected(1)
          ->allow_extra_args(false)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
      cmd->add_option("-t,--target", o.targets, "Arch to check for (sm_120, 12.0, rtx-pro-6000, ...); repeatable")
          ->expected(1)
          ->allow_extra_args(false)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
      cmd->add_flag("--all", o.all, "Also show low-confidence and arch-specific sites");
      cmd->add_option_function<std::string>(
             "--fail-on",
             [&o](const std::string& v) {
               o.fail_on = parseFailOn(v);
               if (!o.fail_on) throw CLI::ValidationError("--fail-on", v + " not in {error, warning, note, never}");
             },
             "Exit 1 on findings at or above: error (default), warning, note, never");
      cmd->add_option("--config", o.config, "Project settings (default: archscan.yaml in the scanned folder)");
    }
    cmd->add_option("-o,--output", o.output, "Write the report to FILE");
    cmd->add_option("--color", o.color, "auto, always or never")->check(CLI::IsMember({"auto", "always", "never"}));
    cmd->add_flag("-q,--quiet", o.quiet, "No progress output");
  };
  auto* check = app.add_subcommand("check", "List arch sites that lack a target arch or a sibling's arch");
  common(check, true);
  scanning(check, true);
  check->add_option("--format", o.format, "text, json, sarif or github");
  check->add_option("--baseline", o.baseline, "Do not report findings whose fingerprint is in FILE");
  check->add_option("--write-baseline", o.write_baseline, "Write the reported findings' fingerprints to FILE");
  check->add_flag("--report-unused-ignores", o.report_unused_ignores, "List archscan: ignore comments that suppress nothing");
  auto* audit = app.add_subcommand("audit", "Print a coverage matrix: every arch site x every arch");
  common(audit, true);
  scanning(audit, true);
  audit->add_option("--format", o.format, "text, markdown, html or json");
  audit->add_option("--columns", o.audit.columns,
                    "near: the targets, the archs the code distinguishes near them, then one 'older' column "
                    "(default); all: every arch");
  audit->add_option("--show", o.audit.show, "findings: sites with findings, worst first (default); all: every site");
  audit->add_option("--link-base", o.audit.link_base,
                    "URL that file:line links start with (a repository blob URL at a commit); default: relative "
                    "to the output file's folder");
  audit->add_option("--diff", o.audit.diff, "An earlier audit --format json: print what changed since");
  audit->add_option("--top", o.audit.top, "Markdown: how many rows to list without --show all (default 50)");
  ExtractCommand xc;
  auto* extract = app.add_subcommand("extract", "Write the facts of one shard of a scan (--shard K/N) for a later --facts");
  common(extract, true);
  scanning(extract, false);
  extract->add_option("--shard", xc.shard, "K/N: the files whose path hashes to shard K of N (default 1/1: all)");
  auto* archs = app.add_subcommand("archs", "List the known archs, their spellings and GPU names");
  archs->add_option("arch", o.arch_query, "Say what is known of one arch (sm_107, 12.0, rtx-pro-6000)");
  common(archs, false);

  PatchOptions po;
  std::vector<std::string> patchArgs;
  auto patchCommon = [&](CLI::App* cmd) {
    cmd->add_option("-j,--jobs", o.scan.jobs, "Extraction threads (default: all cores)")->check(jobRange);
    cmd->add_option("-p,--compile-commands", o.scan.compile_db, "compile_commands.json (or its folder) for C++/CUDA");
    cmd->add_option("--exclude", o.scan.excludes, "Glob of paths to skip")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_flag("--write", po.write, "Write the files (default: print a diff)");
    cmd->add_option("--format", o.format, "diff or json");
    cmd->add_option("-o,--output", o.output, "Write the diff or JSON to FILE");
    cmd->add_flag("--all", o.all, "Also patch low-confidence sites");
    cmd->add_flag("-q,--quiet", o.quiet, "No summary on stderr");
    cmd->add_option("--config", o.config, "Project settings (default: archscan.yaml in the scanned folder)");
  };
  auto* patch = app.add_subcommand("patch", "Apply YAML patch sets to every selected site, all or none");
  patch->add_option("args", patchArgs, "PATCHSET.yaml... then PATH... (default: .)")->required();
  patchCommon(patch);
  scanning(patch, false);
  auto* fix = app.add_subcommand("fix", "Add one arch like another everywhere (a one-rule patch set)");
  fix->add_option("paths", o.scan.paths, "Files or folders (default: .)");
  fix->add_option("--add", po.add, "The arch to add (sm_120)")->required();
  fix->add_option("--like", po.like, "The arch whose entries are copied (sm_100)")->required();
  fix->add_option("--emit-patchset", po.emit_patchset, "Also write the equivalent patch set to FILE");
  patchCommon(fix);
  for (auto* cmd : {patch, fix}) cmd->add_flag("--force", po.force, "Also replace read-only files");
  std::string recoverPath = ".";
  auto* recover = app.add_subcommand("recover", "Complete or roll back a --write that was interrupted, then stop");
  recover->add_option("path", recoverPath, "The scanned root (default: .)");
  scanning(fix, true);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  if (patch->parsed() || fix->parsed()) {
    if (o.format == "text") o.format = "diff";
    po.common = o;
    if (patch->parsed()) {
      splitPatchArgs(patchArgs, po);
      return runPatch(po);
    }
    return runFix(po);
  }
  if (recover->parsed()) return runRecover(recoverPath);
  if (extract->parsed()) {
    xc.common = o;
    return runExtract(xc);
  }
  if (check->parsed()) return runCheck(o);
  if (audit->parsed()) return runAudit(o);
  return runArchs(o);
}
