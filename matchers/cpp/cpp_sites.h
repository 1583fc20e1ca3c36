#pragma once
// Observations to sites, one function per site kind. Follows the rules the
// Python front-end applies: purity of keys, evidence from subjects and names,
// what a missing arch runs into (the default, the else, the next statement).
#include <string_view>
#include <vector>

#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

struct SiteInput {
  std::string_view text;
  const std::vector<Token>& tokens;  // the whole file, lexed once
  const Observations& obs;
  const Knowledge& k;
};

void switchSites(const SiteInput& in, std::vector<Site>& out);
void chainSites(const SiteInput& in, std::vector<Site>& out);
void loneSites(const SiteInput& in, std::vector<Site>& out);
void initializerSites(const SiteInput& in, std::vector<Site>& out);
void templateSites(const SiteInput& in, std::vector<Site>& out);
std::vector<Lookup> lookups(const SiteInput& in);

// Scope, evidence from an arch-named function, and patchability shared by all kinds.
void finishSite(Site& s, const std::string& function, const MacroOrigin& origin, const Knowledge& k);

}  // namespace archscan::cpp
