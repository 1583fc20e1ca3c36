#pragma once
// Running the archscan binary from tests, as a user would.
#include <string>
#include <vector>

namespace archscan {

struct ProcessResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `program args...` in `cwd` with no shell; captures stdout and stderr.
ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args, const std::string& cwd,
                         const std::string& stdinText = "");

}  // namespace archscan
