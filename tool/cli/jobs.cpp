#include "cli/jobs.h"

#include <algorithm>
#include <string>
#include <thread>

#include "cli/usage_error.h"

namespace archscan {

void validateJobs(int jobs) {
  if (jobs < 1) throw UsageError("-j/--jobs must be at least 1, not " + std::to_string(jobs));
  // More threads than 4x the cores only costs memory: a typo, most likely.
  const int most = 4 * static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (jobs > most)
    throw UsageError("-j/--jobs " + std::to_string(jobs) + " is more than 4x the " + std::to_string(most / 4) +
                     " cores (at most " + std::to_string(most) + ")");
}

}  // namespace archscan
