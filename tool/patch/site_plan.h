#pragma once
// One site, one rule: the edits that add `rule.add` like `rule.like`, or why
// the site is left alone. The planner (fix, patch) and the fixes findings
// carry (check's JSON and SARIF) both decide here, so they never disagree.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "frontend/frontend.h"
#include "knowledge/knowledge.h"
#include "link/program.h"
#include "patch/patchset.h"
#include "patch/render.h"

namespace archscan {

enum class SiteVerdict {
  NotConcerned,  // the site does not handle `like`: the rule is not about it
  Edits,  // rendered: `rendered.edits`
  Skipped,  // should get the arch, but is left alone: `reason`
  Already,  // handles the arch already: `reason`
};

struct SitePlan {
  SiteVerdict verdict = SiteVerdict::NotConcerned;
  Rendered rendered;
  std::string reason;
  // Skipped because the `like` path needs what `add` lacks: another arm of
  // the site may still be one `add` can run.
  bool like_refused = false;
};

struct SitePlanInput {
  const Program& program;
  const FrontendSet& frontends;  // the site's front-end says how its language is edited
  size_t site = 0;
  const std::vector<size_t>& same_file;  // indices of the sites of the site's file
  bool all = false;  // --all: single-arch sites are patched too
  // The patch set's `values` entry for the site, asked only when it is rendered.
  std::function<std::optional<std::string>()> value_override;
  // The hardware model: a site whose `like` path needs what `add` lacks is
  // refused with that evidence, never widened. Null: not judged.
  const Knowledge* knowledge = nullptr;
};

// Why `rule.add` cannot take the path `rule.like` takes at a site: "the
// sm_100 path needs tcgen05 (`gemm_sm100`, line 12); sm_120 has no tcgen05",
// or nullopt when it can or nothing is known of that path.
std::optional<std::string> likePathRefusal(const Site& s, const PatchRule& rule, const Knowledge& k);

// `source` gives the file's text; it is asked only when the site is rendered.
// `like` is a preference: when its path needs what `add` lacks, or runs what
// nobody recorded while like's own kernels use what add lacks, the site is
// patched like the arm `add` can run that is nearest to it (its own family
// first, then the newest older arch whose instructions it has), and refused
// with the evidence when there is none.
SitePlan planSite(const SitePlanInput& in, const PatchRule& rule, const std::function<const std::string&()>& source);

}  // namespace archscan
