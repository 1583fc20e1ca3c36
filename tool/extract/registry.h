#pragma once
// The table of front-ends: every language archscan reads is registered here,
// once, and nowhere else.
#include <memory>
#include <string>

#include "frontend/frontend.h"
#include "knowledge/knowledge.h"

namespace archscan {

struct FrontendSettings {
  std::string root;  // the scanned folder (C++ include dirs are guessed below it)
  std::string database;  // compile_commands.json for C++; "" for the tolerant mode
  // C++ without a database: parse the standard headers once, into a
  // precompiled prelude kept in `prelude_dir` ("" for this scan only), built
  // on the first Clang parse unless the one built with archscan, in
  // `shipped_prelude_dir`, loads.
  bool clang_prelude = false;
  std::string prelude_dir;
  std::string shipped_prelude_dir;
};

// Throws std::runtime_error when a front-end cannot start (an unreadable database).
std::shared_ptr<const FrontendSet> makeFrontends(const Knowledge& k, const FrontendSettings& s);

// compile_commands.json at `root` or in one of its build*/ folders; "" if none.
std::string findCompilationDatabase(const std::string& root);

// What the front-ends are built on, for --version: "clang 19.1.7 ...".
std::string frontendToolchains();

// What identifies front-end code kept outside the executable (a module's
// size and time), for cache keys; "" when all of it is linked in.
std::string frontendModules();

}  // namespace archscan
