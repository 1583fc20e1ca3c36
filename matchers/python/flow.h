#pragma once
// What happens on the path a missing arch takes: does it raise (crash), or
// carry on somewhere else (fallback)?
#include <tree_sitter/api.h>

#include <initializer_list>
#include <string>

#include "model/facts.h"
#include "module_index.h"

namespace archscan::py {

// A statement that raises, asserts False or aborts.
bool statementRaises(TSNode stmt, const ModuleIndex& idx);
// The first statement of a block that raises, asserts False or aborts; null if none.
TSNode raisingStatement(TSNode block, const ModuleIndex& idx);
// What a crash says: the string literals of `stmt` (a raise's message, an
// assert's message) or, for a bare exit, of the print calls before it in its
// block. Whitespace collapsed.
std::string crashMessage(TSNode stmt, const ModuleIndex& idx);
// A block that skips a test: pytest.skip(...), self.skipTest(...),
// raise SkipTest(...), pytest.xfail(...).
bool blockSkips(TSNode block, const ModuleIndex& idx);
// A block that raises, asserts False or calls an abort-like function at its top level.
bool blockRaises(TSNode block, const ModuleIndex& idx);
// A block that leaves: return, raise, continue, break.
bool blockExits(TSNode block, const ModuleIndex& idx);
// A block that only turns something off: x = False, return False/None,
// raise, warn(...), disable...(): the shape of a deny-list arm.
bool blockDisables(TSNode block, const ModuleIndex& idx);
// The statement after `stmt` in its block, or a null node.
TSNode nextStatement(TSNode stmt);

// For a test inside an if/elif/assert condition: what a missing arch does,
// given whether the missing arch makes the test true (`not in`) or false (`in`).
// `crash`, when given, receives the statement that raises on that path.
OnMissing missingPath(TSNode test, bool missingMakesTrue, const ModuleIndex& idx, TSNode* crash = nullptr);

}  // namespace archscan::py
