#include "process.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace archscan {

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args, const std::string& cwd,
                         const std::string& stdinText) {
  ProcessOptions options;
  options.stdin_text = stdinText;
  return runProcess(program, args, cwd, options);
}

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args, const std::string& cwd,
                         const ProcessOptions& options) {
  const std::string& stdinText = options.stdin_text;
  ProcessResult r;
  char outTmpl[] = "/tmp/archscan-test-outXXXXXX";
  char errTmpl[] = "/tmp/archscan-test-errXXXXXX";
  char inTmpl[] = "/tmp/archscan-test-inXXXXXX";
  int outFd = mkstemp(outTmpl), errFd = mkstemp(errTmpl), inFd = mkstemp(inTmpl);
  if (write(inFd, stdinText.data(), stdinText.size()) < 0) return r;
  lseek(inFd, 0, SEEK_SET);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(inFd, 0);
    dup2(outFd, 1);
    dup2(errFd, 2);
    if (chdir(cwd.c_str()) != 0) _exit(127);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    setenv("NO_COLOR", "1", 1);
    for (const auto& [name, value] : options.env) {
      if (value.empty()) unsetenv(name.c_str());
      else setenv(name.c_str(), value.c_str(), 1);
    }
    if (options.uid >= 0 &&
        (setgid(static_cast<gid_t>(options.uid)) != 0 || setuid(static_cast<uid_t>(options.uid)) != 0))
      _exit(126);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  auto slurp = [](const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  r.out = slurp(outTmpl);
  r.err = slurp(errTmpl);
  close(outFd);
  close(errFd);
  close(inFd);
  unlink(outTmpl);
  unlink(errTmpl);
  unlink(inTmpl);
  return r;
}

}  // namespace archscan
