#pragma once
// Comparisons in a condition read as arms of one subject: `sm == 90` an
// entry, `sm != 90` a negated one, `sm >= 100 && sm < 120` a range.
#include <string>
#include <string_view>
#include <vector>

#include "knowledge/knowledge.h"
#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

struct Arms {
  std::vector<Entry> entries;
  std::vector<ArchRange> ranges;
  SpellingStyle style;
  int positive = 0;  // == tests
  int negated = 0;  // != tests
};

// Adds the arms of `c` whose subject is spelled `subject` to `out`, as arm
// number `arm` of their site (the branch they select).
void addArms(const Condition& c, const std::string& subject, std::string_view text, const Knowledge& k, Arms& out,
             int arm = 0);

// Whether the condition spelled in text[whole] tests nothing but `subject`:
// `arch == 9 || arch == 10` does; `fp4 && arch == 10` tests a feature too.
bool onlyTestsOn(const Condition& c, const std::string& subject, std::string_view text,
                 const std::vector<Token>& tokens, const Span& whole);

// An integer key as an arch: 9 (major), 90 (sm), 900 (__CUDA_ARCH__).
std::optional<ClassifiedKey> classifyInt(long long value, const Knowledge& k);

// The subject most tests in `conds` compare, preferring ones with evidence;
// "" when every candidate is vetoed.
std::string chooseSubject(const std::vector<const Condition*>& conds, const Knowledge& k, Subject* chosen);

// A site's keys, ranges, spelling, subject and evidence from its arms: kind
// `withEntries` when it has entries, else a range.
void applyArms(Site& s, const Arms& arms, const Subject& subject, SiteKind withEntries);

Entry entryAt(const ClassifiedKey& key, const std::string& keyText, const Span& keySpan, const Span& item,
              EntryForm form);
ByteRange byteRange(const Span& s);

// `a >= 1000) && \\\n   (a < 1100` as one line: continuations and runs of
// blanks become one space; longer than `max`, cut with "...".
std::string oneLine(std::string_view s, size_t max = std::string::npos);

}  // namespace archscan::cpp
