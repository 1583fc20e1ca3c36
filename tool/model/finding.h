#pragma once
// A rule's verdict on one site.
#include <optional>
#include <string>
#include <string_view>

#include "model/facts.h"

namespace archscan {

enum class Severity { Note, Warning, Error };

const char* severityName(Severity s);
Severity severityFor(OnMissing m);

// --fail-on: the lowest severity that makes a run exit 1; Never: none does.
enum class FailOn { Note, Warning, Error, Never };

// "error", "warning", "note", "never"; nullopt for anything else.
std::optional<FailOn> parseFailOn(std::string_view text);
// Whether a finding of severity `s` fails a run with `f`.
bool fails(Severity s, FailOn f);

struct Finding {
  std::string rule;  // missing-arch, sibling-gap, ...
  Severity severity = Severity::Note;
  // Low: shown only with --all (a fallback nothing says is wrong, an unknown
  // effect); else the site's confidence.
  Confidence confidence = Confidence::Low;
  std::string arch;  // sm_120, sm_12x; empty for arch-less rules
  size_t site = 0;  // index into Program::sites
  std::string message;
  std::string fingerprint;  // stable across line moves
};

// FNV-1a over file, site name, kind, rule and arch: survives edits that only move lines.
std::string fingerprint(const std::string& file, const std::string& siteName, const std::string& kind,
                        const std::string& rule, const std::string& arch);

}  // namespace archscan
