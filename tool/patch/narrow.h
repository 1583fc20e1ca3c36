#pragma once
// Narrowing a range that admits an arch into a path it cannot run (a
// `wrong-path` finding): `major >= 10` in front of a tcgen05 kernel lets
// sm_120 in, and the fix is an upper bound, so sm_120 goes on to its refusal
// or its generic path: `10 <= major < 12` (Python), `(sm >= 100 && sm < 120)`
// (C/C++, #if). A deny test the arch passes (`if cc[0] < 10: return None`
// before tcgen05 code) turns away the new arch too: `(cc[0] < 10 or cc[0] >=
// 12)`. Everything the range admitted below the new arch still goes in; the
// edit is marked for review.
#include <string>

#include "analyze/paths.h"
#include "frontend/editing.h"
#include "link/program.h"
#include "patch/render.h"

namespace archscan {

// One edit replacing the admitting comparison, or a skip reason naming why
// it cannot be written (an else branch admits it, a helper decides, a
// spelling this cannot bound). `syntax` is the site's language's.
// `k` says whether a later arm the narrowed target would reach is one it can run.
Rendered renderNarrowing(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src,
                         const EditingSyntax& syntax, const WrongPath& wrong, const Knowledge* k);

}  // namespace archscan
