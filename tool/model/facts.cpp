#include "model/facts.h"

namespace archscan {

const char* kindName(SiteKind k) {
  switch (k) {
    case SiteKind::Mapping:
      return "mapping";
    case SiteKind::Set:
      return "set";
    case SiteKind::Switch:
      return "switch";
    case SiteKind::IfChain:
      return "if-chain";
    case SiteKind::Guard:
      return "guard";
    case SiteKind::Range:
      return "range";
  }
  return "?";
}

const char* entryFormName(EntryForm f) {
  switch (f) {
    case EntryForm::Key:
      return "key";
    case EntryForm::Element:
      return "element";
    case EntryForm::Compare:
      return "compare";
    case EntryForm::Case:
      return "case";
    case EntryForm::SemicolonItem:
      return "semicolon-item";
    case EntryForm::SpaceItem:
      return "space-item";
    case EntryForm::Gencode:
      return "gencode";
    case EntryForm::TemplateArg:
      return "template-arg";
  }
  return "?";
}

const char* onMissingName(OnMissing m) {
  switch (m) {
    case OnMissing::Crash:
      return "crash";
    case OnMissing::Fallback:
      return "fallback";
    case OnMissing::Unknown:
      return "unknown";
  }
  return "?";
}

const char* confidenceName(Confidence c) {
  switch (c) {
    case Confidence::High:
      return "high";
    case Confidence::Medium:
      return "medium";
    case Confidence::Low:
      return "low";
  }
  return "?";
}

bool ArchRange::contains(const Arch& a) const {
  // A major-only arch (sm_12x) is inside when any of its minors is.
  int lo = a.smInt(), hi = a.major_only ? a.major * 10 + 9 : a.smInt();
  if (low && hi < *low) return false;
  if (high && lo >= *high) return false;
  return true;
}

std::vector<std::string> PathNeed::features() const {
  std::vector<std::string> out;
  for (const auto& n : needs) out.push_back(n.feature);
  return out;
}

bool isCompiledSource(std::string_view path) {
  for (std::string_view ext : {".cu", ".cpp", ".cc", ".cxx", ".c"})
    if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0) return true;
  return false;
}

}  // namespace archscan
