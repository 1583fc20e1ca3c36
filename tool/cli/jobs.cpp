#include "cli/jobs.h"

#include <string>

#include "cli/usage_error.h"

namespace archscan {

void validateJobs(int jobs) {
  if (jobs < 1) throw UsageError("-j/--jobs must be at least 1, not " + std::to_string(jobs));
}

}  // namespace archscan
