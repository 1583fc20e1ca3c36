#include "clang_gate.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "cpp_arms.h"
#include "cpp_subject.h"
#include "knowledge/names.h"

namespace archscan::cpp {
namespace {

// What judgeOperand counts as evidence for a lone identifier: a capability
// call or attribute, a major/minor member, or a name that speaks of archs in
// general (arch, cc, sm_version). A name for one arch (Sm90, sm100_kernel,
// CacheHintSm90) is a type, namespace or kernel, never a subject.
bool speaksOfCapability(std::string_view id, const Knowledge& k) {
  std::string s(id);
  if (k.capability_attributes.count(s)) return true;
  Operand probe;
  probe.text = s;
  probe.calls.push_back(s);
  Subject judged = judgeOperand(probe, k);
  if (judged.evidence.subject) return true;
  NameVerdict v = judgeName(s, k);
  if (!v.arch_like || v.named_archs.empty()) return v.arch_like;
  // Judge again without the words naming one arch: `sm90_arch` still says arch.
  std::string rest;
  for (const auto& w : splitWords(s)) {
    if (w == "sm" || std::isdigit(static_cast<unsigned char>(w[0])) || !judgeName(w, k).named_archs.empty()) continue;
    rest += w + "_";
  }
  return !rest.empty() && judgeName(rest, k).arch_like;
}

// A name for one arch, as an enumerator or constant in a case label.
bool namesAnArch(std::string_view id, const Knowledge& k) { return judgeName(id, k).arch_like; }

bool declares(std::string_view s) {
  return s == "typename" || s == "class" || s == "struct" || s == "namespace" || s == "enum" || s == "union";
}

bool directiveWithCode(std::string_view text, const Token& d) {
  std::string name = directiveHead(text, d).name;
  return name != "include" && name != "include_next" && name != "pragma" && name != "error" && name != "warning" &&
         name != "line" && name != "import";
}

bool integerType(std::string_view s) {
  return s == "int" || s == "unsigned" || s == "long" || s == "short" || s == "int32_t" || s == "uint32_t" ||
         s == "int64_t" || s == "size_t";
}

bool listOpen(std::string_view s) { return s == "{" || s == "," || s == "<" || s == "("; }
bool listClose(std::string_view s) { return s == "}" || s == "," || s == ">" || s == ")"; }

class Reader {
 public:
  Reader(std::string_view text, const Knowledge& k) : text_(text), k_(k) {}

  // Code tokens: one capability word is enough (a flow, a helper, a lookup
  // may start from it).
  bool code(const std::vector<Token>& t) {
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i].kind == Tok::Directive) {
        if (!directiveWithCode(text_, t[i])) continue;
        std::vector<char> code = std::move(open_);  // a directive's brackets are its own
        std::vector<First> firsts = std::move(first_);
        open_.clear();
        first_.clear();
        bool instantiating = std::exchange(instantiation_, false);
        Specialisation specialising = std::exchange(spec_, Specialisation{});
        if (directive(directiveOperands(text_, t[i]))) return true;
        open_ = std::move(code);
        first_ = std::move(firsts);
        instantiation_ = instantiating;
        spec_ = specialising;
        continue;
      }
      std::string_view s = spell(text_, t[i]);
      if (s == "template") {
        instantiation_ = explicitInstantiation(t, i);
        if (auto args = specialisedFunctionArgs(t, i); !args.empty())
          spec_ = Specialisation{Specialisation::Head, open_.size(), std::move(args), {}};
      }
      if (s == ";") instantiation_ = false;
      if (common(t, i)) return true;
      followSpecialisation(s);
      if (t[i].kind == Tok::Ident && speaks(t, i)) return true;
    }
    return false;
  }

 private:
  // A directive decides an arch only by comparing with an arch number
  // (`__CUDA_ARCH__ >= 900`); `defined(CUTLASS_ARCH_MMA_SM90_SUPPORTED)` tests
  // a feature macro, and a #define body counts when it holds both.
  bool directive(const std::vector<Token>& t) {
    bool named = false, numbered = false;
    for (size_t i = 0; i < t.size(); ++i) {
      if (common(t, i)) return true;
      if (t[i].kind == Tok::Ident) named |= speaks(t, i);
      if (t[i].kind == Tok::Number) numbered |= archNumber(t[i]).has_value();
    }
    return named && numbered;
  }

  // What both code and directives answer yes to at once: a case label that
  // is an arch, and the second distinct arch number in a list.
  bool common(const std::vector<Token>& t, size_t i) {
    std::string_view before = i > 0 ? spell(text_, t[i - 1]) : "";
    if (before == "case") {
      for (size_t j = i; j < t.size() && spell(text_, t[j]) != ":"; ++j) {
        if (t[j].kind == Tok::Number && archNumber(t[j])) return true;
        if (t[j].kind == Tok::Ident && namesAnArch(spell(text_, t[j]), k_)) return true;
      }
    }
    std::string_view s = spell(text_, t[i]);
    if (s == "{" || s == "(" || s == "[") open_.push_back(s[0]), first_.push_back(First::None);
    if ((s == "}" || s == ")" || s == "]") && !open_.empty()) open_.pop_back(), first_.pop_back();
    if (t[i].kind != Tok::Number) return false;
    auto v = archNumber(t[i]);
    std::string_view after = i + 1 < t.size() ? spell(text_, t[i + 1]) : "";
    // The first number of a list says what the list holds: `{90, 132}` is an
    // arch and its value, `{123, 121}` and `dim3(128, 90)` are sizes.
    bool listed = listOpen(before) && listClose(after) && before != "<" && after != ">";
    if (listed && !first_.empty() && first_.back() == First::None) first_.back() = v ? First::Arch : First::Other;
    bool sizes = listed && !first_.empty() && first_.back() == First::Other;
    if (!v || instantiation_ || !listOpen(before) || !listClose(after)) return false;
    if (spec_.part == Specialisation::Head && std::find(spec_.args.begin(), spec_.args.end(), i) != spec_.args.end())
      return spec_.own.insert(*v), false;
    // Clang reads a template's arguments one parameter at a time: `Sm<90>`
    // and `Sm<100>` are a set, `Table<90, 100>` is not, nor `Swizzle<2, 5, 3>`
    // beside `Swizzle<3, 4, 3>`.
    if (auto slot = templateSlot(t, i)) {
      if (spec_.part == Specialisation::Body && spec_.own.count(*v)) return false;
      std::set<long long>& values = slots_[*slot];
      values.insert(*v);
      return values.size() >= 2;
    }
    // A major (9, 10) is every small count too: it counts in a braced list,
    // not among a call's arguments.
    bool braced = !open_.empty() && open_.back() == '{';
    if ((*v < 20 && !braced) || sizes) return false;
    listed_.insert(*v);
    return listed_.size() >= 2;
  }

  // The template and parameter position of a number written as a template
  // argument, from the `<` that opens its list: back over nested brackets,
  // counting the commas of that list.
  std::optional<std::pair<std::string_view, int>> templateSlot(const std::vector<Token>& t, size_t i) const {
    int depth = 0, index = 0;
    for (size_t j = i, steps = 0; j-- > 0 && steps < 256; ++steps) {
      std::string_view s = spell(text_, t[j]);
      if (s == ">" || s == ")" || s == "]" || s == "}") ++depth;
      else if (s == ">>") depth += 2;
      else if (s == "(" || s == "[" || s == "{" || s == "<") {
        if (depth > 0) {
          --depth;
          continue;
        }
        if (s != "<" || j == 0 || t[j - 1].kind != Tok::Ident) return std::nullopt;
        return std::make_pair(spell(text_, t[j - 1]), index);
      } else if (s == ";") return std::nullopt;
      else if (s == "," && depth == 0) ++index;
    }
    return std::nullopt;
  }

  // `template void run<80, float>(...);` and `extern template struct
  // Traits<90>;` make code for one arch; Clang observes no template argument
  // in them (the generated per-arch instantiation files of attention
  // libraries hold nothing else), so their numbers are no list.
  bool explicitInstantiation(const std::vector<Token>& t, size_t i) const {
    std::string_view before = i > 0 ? spell(text_, t[i - 1]) : "";
    if (before == "." || before == "->" || before == "::") return false;  // obj.template get<90>()
    return i + 1 < t.size() && spell(text_, t[i + 1]) != "<";
  }

  // `template <> void run_<80, T>(...) { run_hdim<80, T>(...); }`: a function
  // specialised for one arch. Clang observes neither the numbers given as its
  // name's arguments nor, in its body, the same numbers passed on
  // (TemplateArgObserver); a type in its return, parameters or arguments it
  // does. The positions of those numbers, or none when `template` starts no
  // such function: a member of a specialised class (`Traits<90>::run`, the
  // class's arguments are a type's), a class, a variable.
  std::vector<size_t> specialisedFunctionArgs(const std::vector<Token>& t, size_t i) const {
    if (i + 3 >= t.size() || spell(text_, t[i + 1]) != "<" || spell(text_, t[i + 2]) != ">") return {};
    std::string_view first = spell(text_, t[i + 3]);
    if (first == "struct" || first == "class" || first == "union") return {};
    int angles = 0;
    std::vector<size_t> args;  // numbers directly in the latest outermost <...>
    for (size_t j = i + 3; j < t.size() && j < i + 128; ++j) {
      std::string_view s = spell(text_, t[j]);
      if (s == "<" && angles++ == 0) args.clear();
      else if (s == ">") --angles;
      else if (s == ">>") angles -= 2;
      else if (s == "::" && angles == 0 && spell(text_, t[j - 1]) == ">") return {};
      else if (s == "(" && angles == 0) return spell(text_, t[j - 1]) == ">" ? args : std::vector<size_t>{};
      else if (s == ";" || s == "{" || s == "=") return {};
      else if (angles == 1 && t[j].kind == Tok::Number) args.push_back(j);
    }
    return {};
  }

  // Head (the name and parameters) to body to past the body, by the brackets
  // open where `template` stood.
  void followSpecialisation(std::string_view s) {
    if (spec_.part == Specialisation::Head) {
      if (s == "{" && open_.size() == spec_.depth + 1) spec_.part = Specialisation::Body;
      else if (s == ";" && open_.size() == spec_.depth) spec_ = Specialisation{};
    } else if (spec_.part == Specialisation::Body && s == "}" && open_.size() == spec_.depth) {
      spec_ = Specialisation{};
    }
  }

  bool speaks(const std::vector<Token>& t, size_t i) {
    std::string_view s = spell(text_, t[i]);
    // `arch::` qualifies what follows, which speaks for itself; a declared
    // type or namespace name is no value.
    if (i + 1 < t.size() && spell(text_, t[i + 1]) == "::") return false;
    std::string_view before = i > 0 ? spell(text_, t[i - 1]) : "";
    std::string_view after = i + 1 < t.size() ? spell(text_, t[i + 1]) : "";
    if (declares(before)) return false;
    // `using Arch = Arch_;` names a type: both sides are types.
    if (before == "using" && after == "=") return false;
    if (before == "=" && after == ";" && i >= 3 && spell(text_, t[i - 3]) == "using") return false;
    // `int arch_{};` and `int arch;` declare a number and give it no value:
    // Clang observes nothing there, and a use elsewhere speaks for itself.
    if (integerType(before) && (after == ";" || (after == "{" && i + 2 < t.size() && spell(text_, t[i + 2]) == "}")))
      return false;
    // A template argument (`get_best_config<SM90ArchSpec>`) is a type or a
    // constant passed on, not a value compared here.
    if ((before == "<" && (after == ">" || after == ",")) || (before == "," && after == ">")) return false;
    // Only a member is the major of device properties: `int major, minor;`
    // parsed from a version string is not.
    if (s == "major" || s == "minor") return before == "." || before == "->";
    auto [it, fresh] = judged_.emplace(s, false);
    if (fresh) it->second = speaksOfCapability(s, k_);
    return it->second;
  }

  // Archs are written in decimal. Hex and binary numbers are bytes, masks
  // and encodings: an embedded cubin (`{0x7f, 0x45, ..., 0x5a, ...}`, 2.6 MB
  // in a TensorRT plugin) holds every "arch number" and is no list of archs.
  std::optional<long long> archNumber(const Token& tok) const {
    std::string_view spelled = spell(text_, tok);
    if (spelled.size() > 1 && spelled[0] == '0' &&
        (spelled[1] == 'x' || spelled[1] == 'X' || spelled[1] == 'b' || spelled[1] == 'B'))
      return std::nullopt;
    auto v = integerValue(spelled);
    if (!v || !classifyInt(*v, k_)) return std::nullopt;
    return v;
  }

  std::string_view text_;
  const Knowledge& k_;
  std::set<long long> listed_;  // arch numbers in braced lists and calls
  std::map<std::pair<std::string_view, int>, std::set<long long>> slots_;  // per template parameter
  std::vector<char> open_;  // brackets open at the token read
  enum class First { None, Arch, Other };
  std::vector<First> first_;  // per open bracket: what its first listed number was
  bool instantiation_ = false;  // inside an explicit instantiation
  struct Specialisation {
    enum Part { None, Head, Body } part = None;
    size_t depth = 0;  // brackets open at its `template`
    std::vector<size_t> args;  // where its name's number arguments stand
    std::set<long long> own;  // the arch numbers among them
  } spec_;  // a function specialised for one arch
  std::map<std::string_view, bool> judged_;  // identifiers already judged
};

}  // namespace

bool needsClang(std::string_view text, const std::vector<Token>& tokens, const Knowledge& k) {
  return Reader(text, k).code(tokens);
}

}  // namespace archscan::cpp
