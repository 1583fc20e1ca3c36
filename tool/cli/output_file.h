#pragma once
// Writing a report to stdout or to -o FILE (whole, via a temporary and rename).
#include <stdexcept>
#include <string>

namespace archscan {

struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void writeOutput(const std::string& path, const std::string& text);

}  // namespace archscan
