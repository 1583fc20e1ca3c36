#include "model/finding.h"

#include <cstdint>
#include <cstdio>

namespace archscan {

const char* severityName(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "?";
}

Severity severityFor(OnMissing m) {
  switch (m) {
    case OnMissing::Crash:
      return Severity::Error;
    case OnMissing::Fallback:
      return Severity::Warning;
    case OnMissing::Unknown:
      return Severity::Note;
  }
  return Severity::Note;
}

std::optional<FailOn> parseFailOn(std::string_view text) {
  if (text == "error") return FailOn::Error;
  if (text == "warning") return FailOn::Warning;
  if (text == "note") return FailOn::Note;
  if (text == "never") return FailOn::Never;
  return std::nullopt;
}

bool fails(Severity s, FailOn f) {
  switch (f) {
    case FailOn::Never:
      return false;
    case FailOn::Note:
      return true;
    case FailOn::Warning:
      return s != Severity::Note;
    case FailOn::Error:
      return s == Severity::Error;
  }
  return false;
}

std::string fingerprint(const std::string& file, const std::string& siteName, const std::string& kind,
                        const std::string& rule, const std::string& arch) {
  uint64_t h = 1469598103934665603ull;
  for (const std::string* part : {&file, &siteName, &kind, &rule, &arch}) {
    for (unsigned char c : *part) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xff;  // separator, so ("ab","c") != ("a","bc")
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace archscan
