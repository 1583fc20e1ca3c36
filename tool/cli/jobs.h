#pragma once
// The one check of -j/--jobs, wherever it is given.
namespace archscan {

// Throws UsageError when `jobs` is not a usable thread count.
void validateJobs(int jobs);

}  // namespace archscan
