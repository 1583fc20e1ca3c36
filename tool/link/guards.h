#pragma once
// Guards in front of reads: `if cap not in (90, 100, 101, 103): return`
// followed by `SMEM[cap]` in the same function. Only the guard's archs reach
// the read, so a table read there must handle every one of them.
#include <vector>

#include "link/program.h"

namespace archscan {

// Fills LinkedLookup::reached_only_by and ::guard of every read that a guard
// on the same subject, earlier in the same function of the same file, stops
// for unlisted archs.
void markGuardedReads(Program& p);

}  // namespace archscan
