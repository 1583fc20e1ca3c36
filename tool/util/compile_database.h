#pragma once
// A compile_commands.json is input like any other: checked before Clang
// reads it, so a malformed one is a one-line error (or, found on its own at
// the root or in build*/, a warning and a scan without it), never a crash.
#include <optional>
#include <string>

namespace archscan {

// What is wrong with the compilation database at `path` ("entry 3 has no
// `directory`"), or nullopt when it is strict JSON (UTF-8, one value): a list
// of entries that each have a `directory`, a `file`, and a `command` or
// `arguments`, no other key than `output`, and strings where Clang's reader
// wants them. What passes, Clang reads (compile_database_fuzzer). Throws
// std::runtime_error when the file cannot be read (a special file, too large).
std::optional<std::string> compilationDatabaseProblem(const std::string& path);
// The same check on a database's text.
std::optional<std::string> compilationDatabaseTextProblem(const std::string& text);

}  // namespace archscan
