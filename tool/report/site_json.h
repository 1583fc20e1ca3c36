#pragma once
// The JSON form of a site, shared by check and audit output.
#include "link/program.h"
#include "util/json_writer.h"

namespace archscan {

// id, name, kind, spelling, archs, family (fields of an open object).
void writeSiteSummary(JsonWriter& w, const Program& p, size_t site);
// file, line, end_line, polarity, confidence, on_missing, lookups (fields of an open object).
void writeSiteDetail(JsonWriter& w, const Program& p, size_t site);
// The family's display name, or "" for none.
std::string familyName(const Program& p, size_t site);

}  // namespace archscan
