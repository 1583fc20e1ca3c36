#pragma once
#include <string>

#include "link/program.h"

namespace archscan {

// "crashes: T[cap] (KeyError) at x.py:12" — what a missing arch does at a site.
inline std::string outcome(const LinkedSite& s) {
  const char* what = s.on_missing == OnMissing::Crash      ? "crashes"
                     : s.site.compiled_out                 ? "silently computes nothing"
                     : s.on_missing == OnMissing::Fallback ? "falls back silently"
                                                           : "has unknown effect";
  return std::string(what) + (s.on_missing_reason.empty() ? "" : ": " + s.on_missing_reason);
}

}  // namespace archscan
