#include "cli/errors.h"

#include <iostream>
#include <stdexcept>

#include "util/escape.h"

namespace archscan {

// Every error archscan raises (ArchError, UsageError, ConfigError, PatchError,
// ApplyError, ...) is a std::runtime_error whose message names the place.
int guarded(const std::function<int()>& command) {
  try {
    return command();
  } catch (const std::runtime_error& e) {
    std::cerr << "archscan: " << printable(e.what()) << "\n";  // one line, whatever names it quotes
  }
  return 2;
}

}  // namespace archscan
