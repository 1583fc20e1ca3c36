#pragma once
// Worker threads with a stack deep enough for the parsers. Clang's
// preprocessor and tree-sitter's walkers recurse once per nesting level of
// the code they read, and a generated or hostile file (16,000 nested
// parentheses in one `#if`) overflows the 8 MiB of a default thread: the
// whole scan would die with SIGSEGV. The stack is address space, touched
// only as deep as a parse goes.
#include <cstddef>
#include <functional>

namespace archscan {

inline constexpr size_t kWorkerStackBytes = size_t(1) << 30;  // 1 GiB of address space per worker

// Runs `work` on `n` threads (at least one) with `kWorkerStackBytes` of
// stack each and waits for all of them. Where the system refuses so large a
// stack, a thread gets the default one.
void runWorkers(int n, const std::function<void()>& work);

}  // namespace archscan
