#pragma once
// Planning a patch run: select the sites each rule applies to, render them
// as edits, reject overlaps, build every patched file in memory and verify it
// by re-parsing and re-extracting. Nothing here writes; apply.h does.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analyze/analyze.h"
#include "frontend/frontend.h"
#include "link/program.h"
#include "model/edit.h"
#include "patch/patchset.h"

namespace archscan {

struct Skipped {
  size_t site = 0;
  std::string arch;
  std::string reason;
};

struct FilePlan {
  std::string path;  // as displayed
  Language language = Language::Python;
  std::string real_path;  // symlinks resolved, inside the scanned root
  std::string old_content;
  std::string new_content;
};

struct Plan {
  std::vector<Edit> edits;
  std::vector<Skipped> skipped;  // selected, but not patched, with why
  std::vector<Skipped> already;  // selected, and already handle the arch
  std::vector<FilePlan> files;
  size_t sitesPatched() const;
};

struct PlanOptions {
  std::vector<std::string> roots;  // the scanned paths
  AnalyzeOptions analyze;  // visibility (--all)
  const Knowledge* knowledge = nullptr;  // the hardware model: what `add` can run (null: not judged)
  // --select, --ignore, `rules:`: only these sites may be edited; nullopt: every site.
  std::optional<std::set<size_t>> sites;
};

// Throws PatchError on conflicts, stale files, globs that select nothing and
// failed verification; the message names the file and line.
Plan planPatches(const std::vector<PatchSet>& sets, const Program& program, const PlanOptions& opts,
                 const FrontendSet& frontends);

}  // namespace archscan
