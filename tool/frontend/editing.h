#pragma once
// The editing half of a front-end: how its language is written where the
// patch stage edits it. Each front-end declares one EditingSyntax (plain
// data) and renders the entry forms only its language has, so the patch
// stage asks the site's front-end and never names a language itself.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace archscan {

struct EditingSyntax {
  // What starts a comment that runs to the end of the line: the words read
  // around a site ("SM12x is excluded on purpose") are its comments.
  std::string_view line_comment;
  // The operators that join a new bound to a range being narrowed:
  // `cc[0] < 10 or cc[0] >= 12`, `(sm >= 100 && sm < 120)`.
  std::string_view or_op;
  std::string_view and_op;
  // An upper bound joins the lower one in one chained comparison
  // (`10 <= major < 12`) instead of `and_op`.
  bool chained_comparisons = false;
  // Statements whose condition ends at `:` or `,` (`if cap[0] < 10:`): a
  // test that is their whole condition needs no parentheses. Empty where
  // only brackets delimit a condition.
  std::vector<std::string_view> condition_keywords;
  // Whether a patch set's `values:` entry is written into the copied entry.
  // False where every edit widens a test, adds a label to the template's
  // body or copies its initializer whole: there is no value of its own.
  bool takes_values = true;
  // Whether the front-end leaves every site "not patched yet" and the patch
  // stage renders them all the same, except keys spelled in a macro's body
  // (that text is every expansion's).
  bool renders_unmarked_sites = false;
  // Whether an entry's key text may come from somewhere else (a macro
  // expansion): such an entry is edited only where its key is spelled.
  bool keys_may_be_elsewhere = false;
};

// One edit an entry form of the language's own is rendered as: bytes
// [begin, end) replaced by `text` ([begin, begin) inserts), or `refused`
// saying why not.
struct EntryEdit {
  uint32_t begin = 0, end = 0;
  std::string text;
  std::string refused;
};

}  // namespace archscan
