#include "analyze/code_objects.h"

#include <algorithm>

namespace archscan {
namespace {

void add(std::vector<CodeObject>& out, const CodeObject& o) {
  auto same = [&](const CodeObject& x) { return x.ptx == o.ptx && x.arch == o.arch; };
  if (std::none_of(out.begin(), out.end(), same)) out.push_back(o);
}

}  // namespace

std::vector<CodeObject> codeObjects(const Site& s) {
  std::vector<CodeObject> out;
  for (const Entry& e : s.entries) {
    if (e.arch.major_only) continue;  // "12" alone is no build target
    Arch a = e.arch;
    if (e.form == EntryForm::Gencode) {
      std::vector<CodeObject> targets = flagCodeObjects(e.key_text);
      if (targets.empty()) targets.push_back(CodeObject{a, false});
      for (const auto& o : targets) add(out, o);
      continue;
    }
    const std::string& suffix = e.style.suffix;
    bool sass = true, ptx = false;
    if (suffix == "-real") {
      ptx = false;
    } else if (suffix == "-virtual" || e.style.prefix == "compute_") {
      sass = false, ptx = true;
    } else if (suffix == "+PTX" || suffix == "+ptx") {
      ptx = true;
    } else {
      ptx = e.style.kind != SpellingKind::DottedString;
    }
    if (sass) add(out, CodeObject{a, false});
    if (ptx) add(out, CodeObject{a, true});
  }
  return out;
}

bool anyRunsOn(const std::vector<CodeObject>& objects, const Arch& target) {
  return std::any_of(objects.begin(), objects.end(), [&](const CodeObject& o) { return runsOn(o, target); });
}

}  // namespace archscan
