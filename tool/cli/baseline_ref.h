#pragma once
// check --baseline-ref REF: what is new since a git ref (the base of a pull
// request), found by scanning REF's version of the scanned files.
#include <set>
#include <string>

#include "cli/settings.h"

namespace archscan {

// The fingerprints of the findings check reports, with these settings, on
// the files as they are at `st.o.baseline_ref`: REF unpacked (git archive)
// into a temporary folder and scanned from the place there that matches
// the current folder, so paths, and with them fingerprints, come out as
// they do here. `cache_dir` is the content cache the first scan used ("":
// none), so files REF shares with the work tree are not parsed again. A
// scanned path REF does not have gives an empty set: every finding is new.
// Throws UsageError outside a git work tree and for a REF that names no commit.
std::set<std::string> fingerprintsAtRef(const Settings& st, const std::string& cache_dir);

}  // namespace archscan
