#pragma once
// Writing a report to stdout or to -o FILE. Every write, flush and close is
// checked: a full disk or a closed stdout is an error (exit 2), not a
// silently short report.
#include <stdexcept>
#include <string>

namespace archscan {

struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A regular FILE is replaced whole (a temporary beside it, then rename); a
// device or FIFO (/dev/stdout, a pipe) is written in place.
void writeOutput(const std::string& path, const std::string& text);

}  // namespace archscan
