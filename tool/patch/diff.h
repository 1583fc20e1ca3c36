#pragma once
// Unified diffs that `git apply` accepts: `--- a/PATH`, `+++ b/PATH`, hunks
// with three lines of context, CRLF kept inside lines, and the
// "\ No newline at end of file" marker where it applies.
#include <string>
#include <vector>

namespace archscan {

struct DiffNote {
  int new_line = 0;  // 1-based line in the new file the note is about
  std::string text;  // shown after the hunk header (git ignores it)
};

std::string unifiedDiff(const std::string& path, const std::string& before, const std::string& after,
                        const std::vector<DiffNote>& notes = {});

}  // namespace archscan
