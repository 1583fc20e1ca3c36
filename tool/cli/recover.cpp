#include "cli/recover.h"

#include <filesystem>
#include <iostream>
#include <set>

#include "cli/commands.h"
#include "cli/errors.h"
#include "patch/journal.h"
#include "util/escape.h"

namespace archscan {
namespace {

size_t settleUnder(const std::string& root) {
  FileOps ops;
  auto done = recoverInterrupted(root, ops);
  for (const auto& line : done) std::cerr << "archscan: " << printable(line) << "\n";
  return done.size();
}

}  // namespace

void recoverRoots(const std::vector<std::string>& paths) {
  std::set<std::string> seen;
  for (const auto& p : paths.empty() ? std::vector<std::string>{"."} : paths) {
    std::error_code ec;
    if (!std::filesystem::exists(p, ec)) continue;  // a missing path is the scan's to report
    std::string dir = cacheDirOf(p);
    if (seen.insert(dir).second) settleUnder(p);
  }
}

// `archscan recover [PATH]`: 0 when settled or nothing to do, 2 when it cannot be.
int runRecover(const Settings& s) {
  const std::string path = s.o.args.empty() ? "." : s.o.args.front();
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec))
    throw ApplyError(path + ": not a folder (recover takes the scanned root)");
  if (s.o.discard) {
    FileOps ops;
    auto done = discardInterrupted(path, ops);
    for (const auto& line : done) std::cerr << "archscan: " << printable(line) << "\n";
    if (done.empty()) std::cerr << "archscan: nothing to discard in " << printable(path) << "\n";
    return 0;
  }
  if (settleUnder(path) == 0) std::cerr << "archscan: nothing to recover in " << printable(path) << "\n";
  return 0;
}

}  // namespace archscan
