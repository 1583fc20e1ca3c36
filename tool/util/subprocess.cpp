#include "util/subprocess.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

extern char** environ;

namespace archscan {

namespace {

// Starts `args` with stdout (and, with `withErrors`, stderr) into one pipe,
// reads it to the end and waits; nullopt when it cannot be started.
std::optional<CommandRun> spawnAndRead(std::vector<std::string>& args, bool withErrors) {
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  if (withErrors) posix_spawn_file_actions_adddup2(&actions, out[1], STDERR_FILENO);
  else posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  if (spawned != 0) {
    ::close(out[0]);
    return std::nullopt;
  }
  std::string text;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(out[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  CommandRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  run.output = std::move(text);
  return run;
}

}  // namespace

std::optional<std::string> commandOutput(std::vector<std::string> args) {
  auto run = spawnAndRead(args, false);
  if (!run || run->exit_code != 0) return std::nullopt;
  return std::move(run->output);
}

std::optional<CommandRun> runCommand(std::vector<std::string> args) { return spawnAndRead(args, true); }

}  // namespace archscan
