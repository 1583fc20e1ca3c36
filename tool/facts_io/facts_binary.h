#pragma once
// FileFacts as compact bytes, for the scan snapshot (cache/snapshot.h): a
// warm scan decodes every file's facts, and the JSON of facts_io costs a
// DOM of small allocations per field. The bytes are machine-local (read by
// the archscan build that wrote them, which the snapshot's key ensures), not
// an exchange format: cache entries and `extract` files stay JSON.
#include <string>
#include <string_view>

#include "facts_io/facts_io.h"
#include "model/facts.h"

namespace archscan {

std::string encodeFileFacts(const FileFacts& facts);
// Throws FactsFormatError("<origin>: ...") on truncated, overlong or out-of-range bytes.
FileFacts decodeFileFacts(std::string_view bytes, const std::string& origin);

}  // namespace archscan
