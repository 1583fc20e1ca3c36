#include "cli/color.h"

#include <unistd.h>

#include <cstdlib>

namespace archscan {

bool useColor(const std::string& mode, bool toStdout) {
  if (mode == "always") return true;
  if (mode == "never" || !toStdout) return false;
  const char* no = std::getenv("NO_COLOR");
  if (no && *no) return false;
  const char* force = std::getenv("FORCE_COLOR");
  if (force && *force && std::string(force) != "0") return true;
  return isatty(STDOUT_FILENO) != 0;
}

}  // namespace archscan
