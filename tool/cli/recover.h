#pragma once
// Settling what an interrupted `--write` left behind (patch/journal.h): every
// command does it first for the roots it scans; `archscan recover` does only that.
#include <string>
#include <vector>

namespace archscan {

// Completes or rolls back interrupted writes under the scanned roots (a file
// stands for its folder) and says on stderr what was done. Throws ApplyError
// when one cannot be settled.
void recoverRoots(const std::vector<std::string>& paths);

}  // namespace archscan
