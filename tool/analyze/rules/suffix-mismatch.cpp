// suffix-mismatch: a build list serves the target's family only through another member's arch-specific
// (`a`) cubin, while a run-time check in the tree admits the target: the target gets no kernel image.
#include <algorithm>
#include <optional>
#include <tuple>

#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/rules/rules.h"

namespace archscan {
namespace {

// How a run-time site lets the target in, best first: naming it (`(12, 1)`,
// "12.1"), testing its whole major (`major == 12`), or a range that starts in
// its family (`major >= 12`, `sm >= 100`). A range from an older family
// (`major >= 9`) says nothing about this family and is not counted.
struct Admission {
  size_t site = 0;
  int rank = 0;
  std::string how;
};

std::optional<Admission> admits(const LinkedSite& ls, size_t index, const Arch& t, const AnalyzeOptions& opts) {
  const Site& s = ls.site;
  // Run time only: a build list, a CMake or shell test and an `#if
  // __CUDA_ARCH__` guard decide what is compiled, not what is launched.
  if (!visible(ls, opts) || s.build_list || s.polarity != Polarity::Allow || s.kind == SiteKind::Guard || s.skips ||
      ls.support || s.spelling.kind == SpellingKind::CudaArchInt ||
      (ls.language != Language::Python && ls.language != Language::Cpp))
    return std::nullopt;
  std::optional<Admission> best;
  auto consider = [&](int rank, const std::string& how) {
    if (!best || rank < best->rank) best = Admission{index, rank, how};
  };
  for (const Entry& e : s.entries) {
    if (e.arch.major != t.major) continue;
    if (!e.minors.empty() && std::find(e.minors.begin(), e.minors.end(), t.minor) == e.minors.end()) continue;
    if (!e.arch.major_only && e.arch.minor == t.minor) consider(0, e.key_text);
    else if (e.arch.major_only) consider(1, e.key_text);
  }
  for (const ArchRange& r : s.ranges)
    if (!r.negated && r.low && *r.low / 10 == t.major && r.contains(t)) consider(2, r.text);
  return best;
}

size_t commonDirs(const std::string& a, const std::string& b) {
  size_t n = 0;
  for (size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i)
    if (a[i] == '/') ++n;
  return n;
}

// The fix in the list's own spelling: `12.0f`, `120f-real`, `arch=compute_120f,code=sm_120f`.
std::string spelled(const Arch& a, const Entry& like) {
  if (like.form == EntryForm::Gencode) {
    std::string n = std::to_string(a.smInt()) + static_cast<char>(a.variant);
    return "arch=compute_" + n + ",code=sm_" + n;
  }
  SpellingStyle style = like.style;
  style.quote = '\0';
  if (style.kind != SpellingKind::DottedString) style.kind = SpellingKind::SmString;
  return encode(a, style);
}

std::string toolkit(int version) { return std::to_string(version / 10) + "." + std::to_string(version % 10); }

}  // namespace

void checkSuffixMismatch(const RuleContext& ctx, std::vector<Finding>& out) {
  const Program& p = ctx.program;
  for (const Arch& t : ctx.opts.targets) {
    if (t.major_only) continue;
    std::vector<Admission> admitted;
    for (size_t j = 0; j < p.sites.size(); ++j)
      if (auto a = admits(p.sites[j], j, t, ctx.opts)) admitted.push_back(*a);
    if (admitted.empty()) continue;
    const KnownArch* known = ctx.k.archs.find(t.major, t.minor);
    for (size_t i = 0; i < p.sites.size(); ++i) {
      const LinkedSite& ls = p.sites[i];
      const Site& s = ls.site;
      if (!visible(ls, ctx.opts) || !s.build_list || s.polarity != Polarity::Allow) continue;
      if (s.max_cuda && known && known->min_cuda >= s.max_cuda) continue;  // this branch's toolkit predates t
      std::vector<CodeObject> objects = codeObjects(s);
      if (anyRunsOn(objects, t)) continue;
      // The family is there, but only as another member's `a` target.
      const Entry* specific = nullptr;
      for (const Entry& e : s.entries) {
        bool other = e.arch.major == t.major && e.arch.minor != t.minor && e.arch.variant == Variant::A;
        if (other && !e.arch.major_only && !specific) specific = &e;
      }
      if (!specific) continue;
      // The run-time end to cite: the check nearest the list (its folder),
      // then, for a CMake or shell build of C++/CUDA, one in that C++ code
      // rather than in Python beside it, then the plainest admission. Which
      // check loads which module is not traced yet.
      auto order = [&](const Admission& a) {
        const LinkedSite& r = p.sites[a.site];
        bool native = ls.language != Language::Python && r.language == Language::Cpp;
        return std::tuple(commonDirs(r.file, ls.file), native, -a.rank);
      };
      const Admission* best = nullptr;
      for (const auto& a : admitted)
        if (!best || order(a) > order(*best)) best = &a;
      const LinkedSite& r = p.sites[best->site];
      Arch a = specific->arch;
      std::string cubin = CodeObject{a, false}.name();
      Arch family{t.major, std::min(a.minor, t.minor), false, Variant::F};
      Arch own{t.major, t.minor, false, Variant::A};
      const KnownArch* head = ctx.k.archs.find(family.major, family.minor);
      std::string fix = "build " + spelled(own, *specific);
      if (head && head->family_cuda)
        fix = "build " + spelled(family, *specific) + " (CUDA >= " + toolkit(head->family_cuda) + ") or " +
              spelled(own, *specific);
      bool ptx = std::any_of(objects.begin(), objects.end(), [](const CodeObject& o) { return o.ptx; });
      std::string message = s.name + " (" + keyList(s) + ") builds " + cubin + " for the " + std::to_string(t.major) +
                            ".x family and " + (ptx ? "no PTX that runs on " + t.name() : "no PTX") + ", while " +
                            r.file + ":" + std::to_string(r.site.line) + " (" + r.site.name + ", `" + best->how +
                            "`) admits " + t.name() + ": no kernel image for " + t.name() + ": " + cubin +
                            " cubins run on " + std::to_string(a.major) + "." + std::to_string(a.minor) + " only; " +
                            fix;
      Finding f = makeFinding(ctx, "suffix-mismatch", i, Severity::Error, t.name(), message);
      // The two ends are joined across the tree, not through the module a
      // check loads: too few real findings have been judged to show them by
      // default (docs/rules.md), so --all lists them.
      f.confidence = Confidence::Low;
      out.push_back(std::move(f));
    }
  }
}

}  // namespace archscan
