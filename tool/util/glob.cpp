#include "util/glob.h"

#include <fnmatch.h>

namespace archscan {

bool globMatch(const std::string& pattern, const std::string& path) {
  // "**/" may match zero folders: try with it removed too.
  size_t dd = pattern.find("**/");
  if (dd != std::string::npos) {
    std::string without = pattern.substr(0, dd) + pattern.substr(dd + 3);
    if (globMatch(without, path)) return true;
  }
  // With FNM_PATHNAME off, '*' crosses '/', which is what '**' means.
  bool deep = pattern.find("**") != std::string::npos;
  return fnmatch(pattern.c_str(), path.c_str(), deep ? 0 : FNM_PATHNAME) == 0;
}

}  // namespace archscan
