#include "discover/git_files.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

extern char** environ;

namespace archscan {
namespace {

// Runs `args` (args[0] looked up on PATH) and returns its standard output;
// nullopt when it cannot be started or does not exit 0. Its stderr is
// dropped: outside a work tree git says so there, and that is an answer.
std::optional<std::string> outputOf(std::vector<std::string> args) {
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
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
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return text;
}

}  // namespace

std::optional<GitFiles> gitFiles(const std::string& folder) {
  auto listed = outputOf({"git", "-C", folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard"});
  if (!listed || listed->empty()) return std::nullopt;
  GitFiles g;
  size_t start = 0;
  while (start < listed->size()) {
    size_t end = listed->find('\0', start);
    if (end == std::string::npos) end = listed->size();
    std::string path = listed->substr(start, end - start);
    start = end + 1;
    // An untracked repository inside is listed as "clone/": one entry, like a submodule.
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    if (path.empty()) continue;
    for (size_t slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
      g.folders.insert(path.substr(0, slash));
    g.files.insert(std::move(path));
  }
  return g;
}

}  // namespace archscan
