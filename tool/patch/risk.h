#pragma once
// The risk of each edit a site's plan renders (model/edit.h `Risk`), decided
// once here so that the diff, the JSON and SARIF all say the same.
#include "knowledge/knowledge.h"
#include "link/program.h"
#include "model/edit.h"
#include "patch/patchset.h"

namespace archscan {

// Sets `risk` and `risk_why` of `e`, an edit that adds `rule.add` at `s`:
//  - review: a value copied from a neighbour, a test widened or narrowed
//    (what it says is kept in `value_source`), a build list (its sources
//    must compile for the new arch), or a path whose needs are not known;
//  - safe: the patch set's own value, or an arch added to a list whose
//    path is known to need nothing the new arch lacks.
void markRisk(Edit& e, const LinkedSite& s, const PatchRule& rule, const Knowledge* k);

// An edit of punctuation alone (the comma before a new item): it is part
// of the edit beside it and carries no risk of its own (safe, no reason).
bool punctuationOnly(const Edit& e);

}  // namespace archscan
