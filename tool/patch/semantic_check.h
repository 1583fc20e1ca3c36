#pragma once
// Semantic verification of one patched file: re-parsed and re-extracted in
// memory, every edited site must handle exactly its old archs plus the
// added ones, every other site exactly its old archs, and a site that did
// not exist before may only sit inside text a patch inserted (a copied
// value). Anything else aborts the whole run, naming the file and site.
#include <string>
#include <vector>

#include "frontend/frontend.h"
#include "link/program.h"
#include "model/edit.h"

namespace archscan {

// The old and the planned bytes of one file; any BOM is blanked by the caller.
struct PatchedText {
  std::string path;  // as displayed
  Language language = Language::Python;
  std::string old_text;
  std::string new_text;
};

// Throws PatchError naming the file, line and site when the patch would do
// anything but add the planned archs to the planned sites.
void checkSemantics(const PatchedText& f, const std::vector<const Edit*>& edits, const Program& p,
                    const FrontendSet& frontends);

// Where an offset of the old text lies in the new one; an offset inside a
// replaced range maps to where the replacement starts. Edits sorted by begin.
uint32_t mapOffset(uint32_t pos, const std::vector<const Edit*>& edits);

// Whether [b, e) of the new text lies inside text an edit inserted.
bool insideInserted(uint32_t b, uint32_t e, const std::vector<const Edit*>& edits);

}  // namespace archscan
