#include "discover/git_files.h"

#include "util/subprocess.h"

namespace archscan {

std::optional<GitFiles> gitFiles(const std::string& folder) {
  auto listed = commandOutput({"git", "-C", folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard"});
  if (!listed || listed->empty()) return std::nullopt;
  GitFiles g;
  size_t start = 0;
  while (start < listed->size()) {
    size_t end = listed->find('\0', start);
    if (end == std::string::npos) end = listed->size();
    std::string path = listed->substr(start, end - start);
    start = end + 1;
    // An untracked repository inside is listed as "clone/": one entry, like a submodule.
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    if (path.empty()) continue;
    for (size_t slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
      g.folders.insert(path.substr(0, slash));
    g.files.insert(std::move(path));
  }
  return g;
}

}  // namespace archscan
