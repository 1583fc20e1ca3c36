#pragma once
// Running another program (git, tar) and reading what it prints.
#include <optional>
#include <string>
#include <vector>

namespace archscan {

// Runs `args` (args[0] looked up on PATH) with no shell, standard input
// empty, and returns its standard output; nullopt when it cannot be started
// or does not exit 0. Its stderr is dropped: callers say what failed in
// archscan's words.
std::optional<std::string> commandOutput(std::vector<std::string> args);

// What a finished command printed (stdout and stderr together, in order)
// and its exit code (128 + the signal when a signal ended it).
struct CommandRun {
  int exit_code = 0;
  std::string output;
};
// Runs `args` like commandOutput, whatever it exits with; nullopt only when
// it cannot be started.
std::optional<CommandRun> runCommand(std::vector<std::string> args);

}  // namespace archscan
