#include "sites.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <set>

#include "arch/arch_list.h"
#include "knowledge/names.h"

namespace archscan::shell {
namespace {

bool archName(const std::string& name, const Knowledge& k) {
  NameVerdict v = judgeName(name, k);
  return v.arch_like && !v.negative;
}

// A name for a list of archs, not for one (CUDA_ARCH names one).
bool listName(const std::string& name) {
  std::string low;
  for (char c : name) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* w : {"archs", "arches", "list", "architectures", "capabilities", "targets"})
    if (low.find(w) != std::string::npos) return true;
  return false;
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The value with every reference blanked, except the default of
// ${NAME:-default}: "${TORCH_CUDA_ARCH_LIST};9.0" reads as " ... ;9.0".
std::string resolvedView(const Slice& v) {
  std::string out = v.text;
  for (const Reference& r : v.refs)
    for (size_t i = r.begin; i < r.end && i < out.size(); ++i)
      if (!r.has_default || i < r.default_begin || i >= r.default_end) out[i] = ' ';
  return out;
}

// `arch=compute_90a,code=sm_90a` or `arch=compute_90,code=[sm_90,compute_90]`.
const std::regex& gencodeSpec() {
  static const std::regex re(
      R"(^arch=compute_(\d+[af]?),code=\[?((?:sm|compute)_\d+[af]?)((?:,(?:sm|compute)_\d+[af]?)*)\]?$)");
  return re;
}

// Pieces of a command: its words, and the blank-separated parts of a quoted
// word that holds several flags (NVCC_FLAGS="-gencode arch=... -gencode ...").
struct Piece {
  std::string text;
  Slice value;
  std::string owner;  // the variable a piece is assigned to, if any
  int line = 0;
};

std::vector<Piece> pieces(const ShellCommand& c) {
  std::vector<Piece> out;
  // Assignments lead a command or are the arguments of export and its kin;
  // elsewhere `arch=compute_90,code=sm_90` is a flag's value.
  bool leading = true, declares = false;
  for (const Word& w : c.words) {
    Slice v = w.value;
    std::string owner;
    auto a = leading || declares ? splitAssignment(w, false) : std::nullopt;
    if (a) {
      v = a->value;
      owner = a->name;
    } else if (leading) {
      leading = false;
      const std::string& n = w.value.text;
      declares = n == "export" || n == "local" || n == "declare" || n == "typeset" || n == "readonly" || n == "env";
    }
    size_t i = 0;
    while (i < v.text.size()) {
      while (i < v.text.size() && space(v.text[i])) ++i;
      size_t b = i;
      while (i < v.text.size() && !space(v.text[i])) ++i;
      if (i > b) out.push_back(Piece{v.text.substr(b, i - b), v.sub(b, i), owner, w.line});
    }
  }
  return out;
}

// Where the command's name is, after leading assignments.
std::string commandName(const ShellCommand& c) {
  for (const Word& w : c.words) {
    if (splitAssignment(w, false)) continue;
    std::string n = w.value.text;
    size_t slash = n.rfind('/');
    return slash == std::string::npos ? n : n.substr(slash + 1);
  }
  return "";
}

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// How a script hands its variables on, read once per script: whether it
// exports every assignment (`set -a`, `set -o allexport`), the names it
// exports, and the words of echo or printf commands that print to the
// terminal (no redirection, no pipe).
struct Printing {
  bool exportAll = false;
  std::set<std::string> exported;
  std::vector<std::pair<uint32_t, uint32_t>> printed;
};

Printing printingOf(const ShellLex& lex) {
  Printing out;
  for (const ShellCommand& c : lex.commands) {
    std::string cmd = commandName(c);
    auto word = [&](size_t i) { return i < c.words.size() ? c.words[i].value.text : std::string(); };
    out.exportAll |= cmd == "set" && ((word(1).rfind('-', 0) == 0 && word(1).find('a') != std::string::npos) ||
                                      (word(1) == "-o" && word(2) == "allexport"));
    if (cmd == "export" || cmd == "declare" || cmd == "typeset")
      for (const Word& w : c.words) out.exported.insert(w.value.text.substr(0, w.value.text.find('=')));
    if ((cmd == "echo" || cmd == "printf") && !c.redirected && c.ended_by != "|" && c.ended_by != "|&")
      for (const Word& w : c.words) out.printed.push_back({w.begin, w.end});
  }
  return out;
}

// Whether a script's only reads of `name` are echo or printf commands that
// print to the terminal, and nothing exports it. Such a variable reaches no
// compiler, so its list builds nothing. Reads are found in the raw bytes, so
// a `$(...)` or a here-document body that reads it counts as a use.
bool onlyPrinted(const ShellLex& lex, const Printing& p, const std::string& name) {
  if (p.exportAll || p.exported.count(name)) return false;
  std::string_view text = lex.source.substr(lex.begin, lex.end - lex.begin);
  int reads = 0;
  for (size_t at = text.find('$'); at != std::string_view::npos; at = text.find('$', at + 1)) {
    size_t b = at + 1 + (at + 1 < text.size() && text[at + 1] == '{');
    if (text.substr(b, name.size()) != name || (b + name.size() < text.size() && identChar(text[b + name.size()])))
      continue;
    uint32_t pos = lex.begin + static_cast<uint32_t>(at);
    auto inside = [&](auto r) { return r.first <= pos && pos < r.second; };
    if (std::none_of(p.printed.begin(), p.printed.end(), inside)) return false;
    ++reads;
  }
  return reads > 0;
}

bool nvccArchFlag(const std::string& f) { return f == "-arch" || f == "--arch" || f == "--gpu-architecture"; }

}  // namespace

Site& SiteBuilder::siteFor(const std::string& name, int line, ByteRange extent, const std::string& reason) {
  auto it = lists_.find(name + scope_);
  if (it == lists_.end()) {
    Site s;
    s.kind = SiteKind::Set;
    s.name = name;
    s.evidence.name = true;
    s.evidence.reasons.push_back(reason);
    s.name_archs = judgeName(name, k_).named_archs;
    s.build_list = true;
    s.line = s.end_line = line;
    s.extent = extent;
    f_.sites.push_back(s);
    it = lists_.emplace(name + scope_, f_.sites.size() - 1).first;
  }
  Site& s = f_.sites[it->second];
  auto [seen, first] = toolkits_.emplace(it->second, toolkit_);
  if (!first) seen->second = seen->second && toolkit_ ? std::max(seen->second, toolkit_) : 0;
  s.line = std::min(s.line, line);
  s.end_line = std::max(s.end_line, line);
  s.extent.begin = std::min(s.extent.begin, extent.begin);
  s.extent.end = std::max(s.extent.end, extent.end);
  return s;
}

void SiteBuilder::binding(const std::string& name, const Slice& value, BareSeparators bare, int line, ByteRange extent,
                          const std::string& origin, bool single_ok) {
  if (!archName(name, k_)) return;
  std::string view = resolvedView(value);
  if (view.find_first_not_of(" \t\r\n") == std::string::npos) return;
  auto items = parseArchList(view, k_.archs);
  if (!items || (items->size() < 2 && !listName(name) && !single_ok)) return;
  bool commas = false, semicolons = view.find(';') != std::string::npos;
  for (size_t i = 1; i < items->size(); ++i) {
    std::string between = view.substr((*items)[i - 1].end, (*items)[i].begin - (*items)[i - 1].end);
    commas |= between.find(',') != std::string::npos;
  }
  bool spaces = !semicolons && items->size() > 1;
  // `build.sh --arch "80;89;90"`, `CUDAARCHS=80;90`: a plain `89` there also
  // embeds compute_89 PTX, which newer archs JIT-compile.
  bool cmakeList = cmakeListSyntax(view, *items);
  Site& s = siteFor(name, line, extent, origin + " of arch-like '" + name + "'");
  size_t idx = static_cast<size_t>(&s - f_.sites.data());
  for (const ListItem& it : *items) {
    Entry e;
    e.arch = it.key.arch;
    e.style = it.key.style;
    e.key_text = view.substr(it.begin, it.end - it.begin);
    auto r = value.range(it.begin, it.end);
    bool quoted = it.begin < value.quoted.size() && value.quoted[it.begin];
    // One item alone: `;` where the item is quoted or `;` is a plain character there.
    bool useSpace = spaces || (items->size() == 1 && !quoted && !bare.semicolon && bare.space);
    e.form = useSpace ? EntryForm::SpaceItem : EntryForm::SemicolonItem;
    bool sepOk = quoted || (useSpace ? bare.space : bare.semicolon);
    if (!r || commas || !sepOk) {
      s.patchable = false;
      s.unpatchable_reason = commas ? "a comma-separated list; add the arch by hand"
                             : !r
                                 ? "the list has escaped or continued characters; patch it by hand"
                                 : "an unquoted shell word cannot take another item; quote it and add the arch by hand";
    } else {
      e.key = e.item = *r;
    }
    e.container = extent;
    e.line = e.end_line = line;
    s.entries.push_back(e);
    ptx_[idx] = ptx_[idx] || it.ptx || (cmakeList && cmakeItemEmbedsPtx(it.key));
  }
  if (s.spelling.kind == SpellingKind::Unknown) s.spelling = s.entries.front().style;
}

void SiteBuilder::sequence(const std::string& name, const std::vector<SequenceItem>& items, bool block, int line,
                           ByteRange extent, const std::string& origin) {
  if (!archName(name, k_) || items.empty()) return;
  std::vector<ClassifiedKey> keys;
  std::vector<bool> ptx;
  for (const auto& it : items) {
    bool p = false;
    auto c = classifyListItem(it.text, k_.archs, &p);
    if (!c) return;
    keys.push_back(*c);
    ptx.push_back(p);
  }
  if (!unknownsAreFamilyMates(keys)) return;
  Site& s = siteFor(name, line, extent, origin + " under arch-like key '" + name + "'");
  size_t idx = static_cast<size_t>(&s - f_.sites.data());
  for (size_t i = 0; i < items.size(); ++i) {
    Entry e;
    e.arch = keys[i].arch;
    e.style = keys[i].style;
    e.style.quote = items[i].quote;
    e.key = items[i].scalar;
    e.item = items[i].item;
    e.key_text = items[i].quote ? std::string(1, items[i].quote) + items[i].text + items[i].quote : items[i].text;
    e.form = EntryForm::Element;  // a flow element gets `, 120` after it
    e.container = extent;
    e.line = e.end_line = items[i].line;
    s.entries.push_back(e);
    ptx_[idx] = ptx_[idx] || ptx[i];
  }
  if (s.spelling.kind == SpellingKind::Unknown) s.spelling = s.entries.front().style;
  // The patch engine writes list neighbours with commas; a `- 120` line is not one.
  if (block) {
    s.patchable = false;
    s.unpatchable_reason = "a YAML block sequence; add a `- ` line for the arch by hand";
  }
}

void SiteBuilder::toolkitCeiling(const std::string& name, int max_cuda) {
  auto it = lists_.find(name);
  if (it != lists_.end() && max_cuda > 0) f_.sites[it->second].max_cuda = max_cuda;
}

void SiteBuilder::byHand(const std::string& name, const std::string& reason) {
  auto it = lists_.find(name);
  if (it == lists_.end()) return;
  f_.sites[it->second].patchable = false;
  f_.sites[it->second].unpatchable_reason = reason;
}

// -gencode arch=compute_90,code=sm_90, -gencode=..., --generate-code ...;
// -arch=sm_90, --gpu-architecture sm_90 and --arch 90 (any command).
void SiteBuilder::flags(const ShellCommand& c) {
  std::vector<Piece> ps = pieces(c);
  std::string cmd = commandName(c);
  for (size_t i = 0; i < ps.size(); ++i) {
    const Piece& p = ps[i];
    std::string flag = p.text, spec;
    Slice specValue;
    int specLine = p.line;
    size_t eq = flag.find('=');
    if (eq != std::string::npos && flag[0] == '-') {
      spec = flag.substr(eq + 1);
      specValue = p.value.sub(eq + 1, p.text.size());
      flag = flag.substr(0, eq);
    } else if (i + 1 < ps.size() && flag[0] == '-') {
      spec = ps[i + 1].text;
      specValue = ps[i + 1].value;
      specLine = ps[i + 1].line;
    } else {
      continue;
    }
    std::string owner = p.owner.empty() ? cmd : p.owner;
    ByteRange extent{p.value.at.empty() ? 0 : p.value.at.front(), specValue.at.empty() ? 0 : specValue.at.back() + 1};
    if (flag == "-gencode" || flag == "--generate-code") {
      std::smatch m;
      if (!std::regex_match(spec, m, gencodeSpec())) continue;
      bool p2 = false;
      auto key = classifyListItem(m[2].str(), k_.archs, &p2);
      if (!key) continue;
      Site& s = siteFor(owner + " (-gencode)", specLine, extent, "nvcc -gencode flags");
      size_t idx = static_cast<size_t>(&s - f_.sites.data());
      Entry e;
      e.arch = key->arch;
      e.style = key->style;
      e.key_text = spec;
      if (auto r = specValue.range(0, specValue.text.size())) e.key = e.item = *r;
      e.form = EntryForm::Gencode;
      e.line = e.end_line = specLine;
      s.entries.push_back(e);
      if (s.spelling.kind == SpellingKind::Unknown) s.spelling = key->style;
      // A pair is a flag of its own, not a list item.
      s.patchable = false;
      s.unpatchable_reason = "a -gencode pair is a flag of its own; add the new pair by hand";
      ptx_[idx] = ptx_[idx] || p2 || m[3].str().find("compute_") != std::string::npos;
      ++i;
    } else if (nvccArchFlag(flag) ||
               (flag.rfind("--", 0) == 0 && listName(flag.substr(2)) && archName(flag.substr(2), k_))) {
      std::string name = owner + " " + flag;
      size_t before = f_.sites.size();
      binding(name, specValue, BareSeparators{}, specLine, extent, "the value of " + flag, true);
      if (f_.sites.size() > before || lists_.count(name)) {
        Site& s = f_.sites[lists_[name]];
        s.evidence.reasons.back() = "arch flag " + flag;
        // nvcc -arch=sm_90 alone also embeds compute_90 PTX, which newer GPUs JIT-compile.
        bool plain = cmd == "nvcc" && !s.entries.empty() && s.entries.back().arch.variant == Variant::None;
        if (plain) ptx_[lists_[name]] = true;
      }
      ++i;
    }
  }
}

// case "$ARCH" in 90|100) ...;; *) echo unsupported; exit 1;; esac
namespace {

// The words of a branch that runs when no arch matched (a case's `*)`, an
// if's `else`), one at a time: whether it exits with an error, and the
// message it prints first.
struct FallbackBranch {
  bool exits = false;
  std::string message;
  void word(const Token& prev, bool start, const std::string& w) {
    if (afterExit_) exits |= w != "0";
    afterExit_ = start && (w == "exit" || w == "return");
    if (start && w == "false") exits = true;
    if (!start && (prev.word.value.text == "echo" || prev.word.value.text == "printf") && message.empty()) message = w;
  }
  // A bare `exit` as the branch's last word, after its error message.
  void end() {
    exits |= afterExit_;
    afterExit_ = false;
  }

 private:
  bool afterExit_ = false;
};

// What a missing arch meets at the end of a decision: the fallback branch
// when there is one (`exists`), named `what` ("the `*)` arm"), and `runs`
// how its running reads when it does not exit; `none` when there is none.
void setOutcome(Site& s, bool exists, const FallbackBranch& branch, const std::string& what, const char* runs,
                const char* none) {
  s.crash_message = branch.message;
  if (exists && branch.exits) {
    s.on_missing = OnMissing::Crash;
    s.on_missing_reason = what + " exits with an error";
  } else {
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = exists ? what + " " + runs : none;
  }
}

}  // namespace

void SiteBuilder::caseStatements(const ShellLex& lex) {
  const auto& t = lex.tokens;
  auto isWord = [&](size_t i, const char* w) { return i < t.size() && !t[i].op && t[i].word.value.text == w; };
  auto isOp = [&](size_t i, const char* o) { return i < t.size() && t[i].op && t[i].text == o; };
  for (size_t i = 0; i + 2 < t.size(); ++i) {
    bool commandStart = i == 0 || t[i - 1].op;
    if (!commandStart || !isWord(i, "case") || t[i + 1].op || !isWord(i + 2, "in")) continue;
    const Word& subject = t[i + 1].word;
    if (subject.value.refs.size() != 1 || subject.value.refs[0].name.empty() ||
        !archName(subject.value.refs[0].name, k_))
      continue;
    Site s;
    s.kind = SiteKind::Switch;
    s.name = "case " + subject.value.text;
    s.subject = Subject{subject.value.text, "", Evidence{}};
    s.subject->evidence.name = true;
    s.evidence.name = true;
    s.evidence.reasons.push_back("a case on arch-like '" + subject.value.refs[0].name + "'");
    s.line = t[i].line;
    s.extent.begin = t[i].word.begin;
    bool isArchCase = true, hasDefault = false;
    FallbackBranch otherwise;
    int arm = 0;
    size_t j = i + 3;
    while (j < t.size() && isArchCase) {
      while (isOp(j, "\n") || isOp(j, ";")) ++j;
      if (j >= t.size() || isWord(j, "esac")) break;
      if (isOp(j, "(")) ++j;
      bool isDefault = false;
      std::vector<const Word*> labels;
      while (j < t.size() && !t[j].op) {
        labels.push_back(&t[j].word);
        ++j;
        if (isOp(j, "|")) ++j;
        else break;
      }
      if (!isOp(j, ")") || labels.empty()) {
        isArchCase = false;
        break;
      }
      ++j;
      for (const Word* w : labels) {
        if (w->value.text == "*") {
          isDefault = true;
          continue;
        }
        auto key = w->value.refs.empty() ? classifyListItem(w->value.text, k_.archs) : std::nullopt;
        if (!key || key->style.kind == SpellingKind::MajorString) {
          isArchCase = false;
          break;
        }
        Entry e;
        e.arch = key->arch;
        e.style = key->style;
        e.key_text = w->value.text;
        if (auto r = w->value.range(0, w->value.text.size()); r && !w->value.quoted[0]) e.key = e.item = *r;
        else s.patchable = false;
        e.form = EntryForm::Case;
        e.arm = arm;
        e.line = e.end_line = w->line;
        s.entries.push_back(e);
      }
      // The arm's body, up to its `;;` (nested cases counted).
      int depth = 0;
      for (; j < t.size(); ++j) {
        bool start = t[j - 1].op;
        if (start && isWord(j, "case")) ++depth;
        if (start && isWord(j, "esac")) {
          if (depth == 0) break;
          --depth;
        }
        if (depth == 0 && t[j].op && (t[j].text == ";;" || t[j].text == ";&" || t[j].text == ";;&")) {
          ++j;
          break;
        }
        if (!isDefault || t[j].op) continue;
        otherwise.word(t[j - 1], start, t[j].word.value.text);
      }
      if (isDefault) otherwise.end();
      hasDefault |= isDefault;
      ++arm;
    }
    if (!isArchCase || s.entries.empty() || j >= t.size()) continue;
    s.end_line = t[j].line;
    s.extent.end = t[j].word.end;
    s.spelling = s.entries.front().style;
    setOutcome(s, hasDefault, otherwise, "the `*)` arm", "is taken", "no arm is taken");
    if (!s.patchable) s.unpatchable_reason = "a quoted or escaped case label; patch it by hand";
    f_.sites.push_back(s);
    i = j;
  }
}

// `if [ "$cc" -eq 75 ]; then ... elif [ $cc -ge 80 -a $cc -lt 90 ]; then ...
// else echo "unsupported"; exit 1; fi` on an arch-like variable (an
// entrypoint picking the binary built for the GPU): each arm's tests are its
// keys and ranges. Only a chain whose every test is such a comparison is
// read; `-ne` and anything else leave it alone.
void SiteBuilder::ifChains(const ShellLex& lex) {
  const auto& t = lex.tokens;
  auto isWord = [&](size_t i, const char* w) { return i < t.size() && !t[i].op && t[i].word.value.text == w; };
  auto start = [&](size_t i) { return i == 0 || t[i - 1].op; };
  for (size_t i = 0; i < t.size(); ++i) {
    if (!start(i) || !isWord(i, "if")) continue;
    Site s;
    s.kind = SiteKind::IfChain;
    s.line = t[i].line;
    s.extent.begin = t[i].word.begin;
    s.patchable = false;
    s.unpatchable_reason = "a test in a shell if; add the arch by hand";
    std::string subject;
    bool arch = true, hasElse = false;
    FallbackBranch otherwise;
    int arm = 0, depth = 0;
    size_t j = i;
    // One arm: its test from `if`/`elif` to `then`.
    auto readTest = [&](size_t from) {
      std::optional<int> low, high;
      std::string text;
      size_t k = from;
      auto flush = [&] {
        if (low || high) {
          ArchRange r;
          r.low = low, r.high = high, r.arm = arm, r.text = text, r.line = t[from].line;
          s.ranges.push_back(r);
        }
        low.reset(), high.reset(), text.clear();
      };
      for (; k < t.size() && !isWord(k, "then"); ++k) {
        if (t[k].op) {
          if (t[k].text == "||") flush();
          continue;
        }
        const std::string& w = t[k].word.value.text;
        if (w == "[" || w == "]" || w == "[[" || w == "]]" || w == "test" || w == "-a" || w == "&&") continue;
        if (w == "-o") {
          flush();
          continue;
        }
        const Word& var = t[k].word;
        if (var.value.refs.size() != 1 || var.value.refs[0].name.empty() || k + 2 >= t.size() || t[k + 1].op ||
            t[k + 2].op) {
          arch = false;
          break;
        }
        const std::string& name = var.value.refs[0].name;
        if (subject.empty()) subject = name;
        const std::string& op = t[k + 1].word.value.text;
        const Word& num = t[k + 2].word;
        auto key = num.value.refs.empty() ? classifyListItem(num.value.text, k_.archs) : std::nullopt;
        if (name != subject || !key || key->style.kind == SpellingKind::MajorString ||
            key->style.kind == SpellingKind::DottedString) {
          arch = false;
          break;
        }
        int at = key->arch.smInt();
        std::string written = "$" + name + " " + op + " " + num.value.text;
        if (op == "-eq") {
          Entry e;
          e.arch = key->arch;
          e.style = key->style;
          e.key_text = num.value.text;
          e.form = EntryForm::Compare;
          e.arm = arm;
          e.line = e.end_line = num.line;
          s.entries.push_back(e);
        } else if (op == "-ge" || op == "-gt") {
          low = op == "-ge" ? at : at + 1;
          text += (text.empty() ? "" : " -a ") + written;
        } else if (op == "-lt" || op == "-le") {
          high = op == "-lt" ? at : at + 1;
          text += (text.empty() ? "" : " -a ") + written;
        } else {
          arch = false;
          break;
        }
        k += 2;
      }
      flush();
      return k;
    };
    j = readTest(i + 1);
    if (!arch || j >= t.size()) continue;
    for (++j; j < t.size() && arch; ++j) {
      if (start(j) && isWord(j, "if")) ++depth;
      if (start(j) && isWord(j, "fi")) {
        if (depth == 0) break;
        --depth;
        continue;
      }
      if (depth > 0 || t[j].op) continue;
      const std::string& w = t[j].word.value.text;
      if (start(j) && w == "elif") {
        ++arm;
        j = readTest(j + 1);
        continue;
      }
      if (start(j) && w == "else") {
        hasElse = true;
        continue;
      }
      if (hasElse) otherwise.word(t[j - 1], start(j), w);
    }
    otherwise.end();
    if (!arch || subject.empty() || j >= t.size() || !archName(subject, k_) || (s.entries.empty() && s.ranges.empty()))
      continue;
    s.name = "if $" + subject;
    s.subject = Subject{"$" + subject, "", Evidence{}};
    s.subject->evidence.name = true;
    s.evidence.name = true;
    s.evidence.reasons.push_back("an if on arch-like '" + subject + "'");
    s.spelling = s.entries.empty() ? SpellingStyle{} : s.entries.front().style;
    s.end_line = t[j].line;
    s.extent.end = t[j].word.end;
    setOutcome(s, hasElse, otherwise, "the else branch", "runs instead", "no branch is taken");
    f_.sites.push_back(s);
    i = j;
  }
}

void SiteBuilder::shell(const ShellLex& lex) {
  std::optional<Printing> printing;  // read once, at the first arch-list assignment
  for (const ShellCommand& c : lex.commands) {
    // `TORCH_CUDA_ARCH_LIST="9.0" pip install .`: the assignments before a
    // command are that command's environment alone, so two such commands
    // (two RUN lines building two packages) are two lists, not one.
    size_t lead = 0;
    while (lead < c.words.size() && splitAssignment(c.words[lead], false)) ++lead;
    bool prefixes = lead > 0 && lead < c.words.size();
    if (prefixes) {
      const std::string& cmd = c.words[lead].value.text;
      prefixes = cmd != "export" && cmd != "local" && cmd != "declare" && cmd != "typeset" && cmd != "readonly";
    }
    for (const Assignment& a : assignments(c)) {
      const Word* w = nullptr;
      size_t at = c.words.size();
      for (size_t x = 0; x < c.words.size(); ++x)
        if (c.words[x].begin == a.begin) w = &c.words[x], at = x;
      // --arch=... and --cuda-archs=... are read as flags.
      if (w && w->value.text.rfind("--", 0) == 0) continue;
      scope_ = prefixes && at < lead ? "@" + std::to_string(a.line) : "";
      binding(a.name, a.value, BareSeparators{}, a.line, ByteRange{a.begin, a.end}, "an assignment");
      if (auto it = lists_.find(a.name + scope_); it != lists_.end() && scope_.empty()) {
        // Only a bare assignment: as an argument of export, cmake -D or an
        // echo into $GITHUB_ENV the value is handed on.
        if (!printing) printing = printingOf(lex);
        bool printed = at < lead && onlyPrinted(lex, *printing, a.name);
        auto [seen, first] = printedOnly_.emplace(it->second, printed);
        if (!first) seen->second = seen->second && printed;
      }
      scope_.clear();
    }
    flags(c);
  }
  caseStatements(lex);
  ifChains(lex);
  // scripts/new-kind.sh adds script reader calls above this line.
}

void SiteBuilder::finish() {
  for (auto& [name, idx] : lists_) {
    Site& s = f_.sites[idx];
    if (!s.max_cuda) s.max_cuda = toolkits_[idx];
    if (printedOnly_[idx]) {
      s.evidence.name = false;
      s.evidence.reasons.push_back("only echo or printf reads '" + name + "': no build command uses it");
    }
    if (ptx_[idx]) {
      s.on_missing = OnMissing::Fallback;
      s.on_missing_reason = "no code is built for it; PTX in the list is JIT-compiled instead";
    } else {
      s.on_missing = OnMissing::Crash;
      s.on_missing_reason = "no kernel is built for it (no kernel image is available)";
    }
  }
}

}  // namespace archscan::shell
