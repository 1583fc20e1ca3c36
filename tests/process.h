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

struct ProcessOptions {
  std::string stdin_text;
  // Set in the child; an empty value unsets. NO_COLOR=1 is set unless named here.
  std::vector<std::pair<std::string, std::string>> env;
  int uid = -1;  // run as this user (the caller must be root); -1: as the caller
};

// Runs `program args...` in `cwd` with no shell; captures stdout and stderr.
ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args, const std::string& cwd,
                         const std::string& stdinText = "");
ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args, const std::string& cwd,
                         const ProcessOptions& options);

}  // namespace archscan
