#include "patch/render.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <regex>

#include "arch/spelling.h"
#include "util/source_text.h"

namespace archscan {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t'; }

// The line break the file uses near `pos`.
std::string lineEnding(const std::string& src, size_t pos) {
  size_t nl = src.find('\n', pos);
  if (nl == std::string::npos) nl = src.rfind('\n');
  if (nl != std::string::npos && nl > 0 && src[nl - 1] == '\r') return "\r\n";
  return "\n";
}

size_t lineStart(const std::string& src, size_t pos) {
  size_t nl = pos == 0 ? std::string::npos : src.rfind('\n', pos - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

// End of the line holding `pos`, before its \r\n or \n.
size_t lineEnd(const std::string& src, size_t pos) {
  size_t nl = src.find('\n', pos);
  if (nl == std::string::npos) return src.size();
  return nl > 0 && src[nl - 1] == '\r' ? nl - 1 : nl;
}

// The new key for `add`, written like the `like` entry's key.
std::string newKey(const Entry& like, const Arch& add) {
  Arch a = add;
  if (a.variant == Variant::None) a.variant = like.arch.variant;
  return encode(a, like.style);
}

struct Layout {
  bool multiline = false;
  bool comma = false;  // the like item is followed by a comma
  size_t afterItem = 0;  // just past the item (before the comma)
  std::string indent;
};

// How the neighbours are laid out around the like item [b, e).
Layout layoutAfter(const std::string& src, uint32_t b, uint32_t e) {
  Layout l;
  l.afterItem = e;
  size_t p = e;
  while (p < src.size() && isSpace(src[p])) ++p;
  if (p < src.size() && src[p] == ',') {
    l.comma = true;
    ++p;
  }
  while (p < src.size() && isSpace(src[p])) ++p;
  l.multiline = p >= src.size() || src[p] == '\n' || src[p] == '\r' || src[p] == '#';
  size_t ls = lineStart(src, b);
  bool ownLine = true;
  for (size_t i = ls; i < b; ++i) ownLine &= isSpace(src[i]);
  l.indent = ownLine ? src.substr(ls, b - ls) : std::string(b - ls, ' ');
  return l;
}

Edit baseEdit(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src, uint32_t begin, uint32_t end,
              std::string text) {
  Edit e;
  e.file = s.file;
  e.begin = begin;
  e.end = end;
  e.text = std::move(text);
  e.site = idx;
  e.line = lineAt(src, begin);
  e.add_arch = r.add;
  e.add = r.add.name();
  e.like = r.like.name();
  return e;
}

// A new item (mapping entry or element) after the like item.
void insertAfter(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src, const Entry& like,
                 const std::string& item, Rendered& out, const std::string& valueSource) {
  Layout l = layoutAfter(src, like.item.begin, like.item.end);
  if (l.multiline) {
    if (!l.comma) {
      Edit c = baseEdit(s, idx, r, src, like.item.end, like.item.end, ",");
      c.value_source = "";
      out.edits.push_back(c);
    }
    size_t at = lineEnd(src, l.afterItem);
    Edit e = baseEdit(s, idx, r, src, static_cast<uint32_t>(at), static_cast<uint32_t>(at),
                      lineEnding(src, at) + l.indent + item + (l.comma ? "," : ""));
    e.line = lineAt(src, at) + 1;
    e.value_source = valueSource;
    out.edits.push_back(e);
  } else {
    Edit e = baseEdit(s, idx, r, src, like.item.end, like.item.end, ", " + item);
    e.value_source = valueSource;
    out.edits.push_back(e);
  }
}

// `cap == 10` -> `cap in (10, 12)`; `cap != 10` -> `cap not in (10, 12)`.
std::optional<std::string> widen(const std::string& src, const Entry& like, const std::string& key) {
  std::string prefix = src.substr(like.item.begin, like.key.begin - like.item.begin);
  std::string suffix = src.substr(like.key.end, like.item.end - like.key.end);
  std::smatch m;
  static const std::regex left(R"(^([\s\S]*?)\s*(==|!=)\s*$)"), right(R"(^\s*(==|!=)\s*([\s\S]*)$)");
  std::string subject, op;
  if (!prefix.empty() && suffix.empty() && std::regex_match(prefix, m, left)) {
    subject = m[1];
    op = m[2];
  } else if (prefix.empty() && std::regex_match(suffix, m, right)) {
    op = m[1];
    subject = m[2];
  } else {
    return std::nullopt;
  }
  return subject + (op == "==" ? " in (" : " not in (") + like.key_text + ", " + key + ")";
}

// The entry a new arch goes after: of `like`'s collection (same container
// and form), the one with the highest arch below `add`, so entries stay in
// arch order; `like` itself when nothing lies below.
const Entry& anchorFor(const Site& s, const Entry& like, const Arch& add) {
  const Entry* best = nullptr;
  for (const Entry& e : s.entries) {
    if (e.form != like.form || e.container.begin != like.container.begin || e.container.end != like.container.end)
      continue;
    if (e.arch.smInt() >= add.smInt()) continue;
    if (!best || e.arch.smInt() > best->arch.smInt() ||
        (e.arch.smInt() == best->arch.smInt() && e.item.begin > best->item.begin))
      best = &e;
  }
  return best ? *best : like;
}

// A copied value names the template's arch in sites nested in it
// (`"sm100a": dict(arch_list="sm100a")`): in the copy they name the new arch.
void rekeyNested(std::string& item, uint32_t itemBegin, const Entry& like, const Arch& add,
                 const std::vector<const Site*>& nested) {
  std::vector<std::pair<const Entry*, std::string>> keys;
  for (const Site* n : nested) {
    if (n->extent.begin < like.value.begin || n->extent.end > like.value.end || n->entries.empty()) continue;
    bool onlyLike = true;
    for (const Entry& e : n->entries) onlyLike &= e.arch.base() == like.arch.base() || covers(e.arch, like.arch);
    if (!onlyLike) continue;
    for (const Entry& e : n->entries) keys.push_back({&e, newKey(e, add)});
  }
  std::sort(keys.begin(), keys.end(),
            [](const auto& a, const auto& b) { return a.first->key.begin > b.first->key.begin; });
  for (const auto& [e, key] : keys) item.replace(e->key.begin - itemBegin, e->key.end - e->key.begin, key);
}

// `"-gencode arch=compute_100a,code=sm_100a"` for the new arch: every
// `compute_100`/`sm_100` of the pair renamed, the variant letter kept.
std::string gencodeFor(std::string pair, const Arch& like, const Arch& add) {
  std::string from = std::to_string(like.smInt()), to = std::to_string(add.smInt());
  for (const char* prefix : {"compute_", "sm_"}) {
    std::string needle = std::string(prefix) + from;
    for (size_t at = pair.find(needle); at != std::string::npos; at = pair.find(needle, at + 1)) {
      size_t end = at + needle.size();
      if (end < pair.size() && std::isdigit(static_cast<unsigned char>(pair[end]))) continue;
      pair.replace(at + std::strlen(prefix), from.size(), to);
    }
  }
  return pair;
}

// Where the code before `pos` ends: blanks, line breaks and `#` comments
// of earlier lines skipped. Returns the offset just past that code.
size_t codeBefore(const std::string& src, size_t pos) {
  size_t p = pos;
  while (p > 0) {
    if (isSpace(src[p - 1]) || src[p - 1] == '\r') {
      --p;
    } else if (src[p - 1] == '\n') {
      --p;
      size_t ls = lineStart(src, p);
      char quote = 0;
      for (size_t i = ls; i < p; ++i) {  // a '#' outside quotes starts a comment
        if (quote) {
          if (src[i] == '\\') ++i;
          else if (src[i] == quote) quote = 0;
        } else if (src[i] == '"' || src[i] == '\'') {
          quote = src[i];
        } else if (src[i] == '#') {
          p = i;
          break;
        }
      }
    } else {
      break;
    }
  }
  return p;
}

// A new -gencode pair beside the template pair: another element of its list
// literal, or another `flags.append(...)` line after the template's.
bool gencodePair(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src, const Entry& like,
                 Rendered& out) {
  std::string pair = gencodeFor(src.substr(like.item.begin, like.item.end - like.item.begin), like.arch, r.add);
  // `"-gencode", "arch=..."` as two arguments: the new pair needs its own "-gencode" before it.
  bool split = pair.find("-gencode") == std::string::npos;
  size_t b = codeBefore(src, like.item.begin);
  if (b > 0 && (src[b - 1] == '[' || src[b - 1] == ',')) {
    std::string flag;
    if (split) {
      size_t q = codeBefore(src, b - 1);  // before the comma: the element must be "-gencode"
      if (q < 10 || src.compare(q - 10, 10, "\"-gencode\"") != 0) {
        out.skip_reason = "the -gencode pair's flag is not the element before it; add the new pair by hand";
        return false;
      }
      flag = "\"-gencode\", ";
    }
    insertAfter(s, idx, r, src, like, flag + pair, out, "");
    return true;
  }
  size_t ls = lineStart(src, like.item.begin), le = lineEnd(src, like.item.begin);
  std::string line = src.substr(ls, le - ls);
  size_t open = like.item.begin - ls, close = like.item.end - ls;
  std::string head = line.substr(0, open), tail = line.substr(close);
  size_t hashAt = tail.find('#');
  std::string code = hashAt == std::string::npos ? tail : tail.substr(0, hashAt);
  while (!code.empty() && isSpace(code.back())) code.pop_back();
  bool call = head.find(".append(") != std::string::npos && code == ")";
  if (!call) {
    out.skip_reason =
        "the -gencode pair is neither a list element nor a `flags.append(...)` line; add the new pair by hand";
    return false;
  }
  std::string nl = lineEnding(src, le), text = nl + head + pair + code;
  if (split) {
    // The line before must be the same call with "-gencode": both are copied.
    size_t prevEnd = ls == 0 ? 0 : lineEnd(src, ls - 1), prevStart = lineStart(src, prevEnd);
    std::string prev = src.substr(prevStart, prevEnd - prevStart);
    std::string flagCall = head + "\"-gencode\"" + code;
    if (ls == 0 || prev.compare(0, flagCall.size(), flagCall) != 0) {
      out.skip_reason = "the -gencode pair's flag is not on the line before it; add the new pair by hand";
      return false;
    }
    text = nl + flagCall + text;
  }
  Edit e = baseEdit(s, idx, r, src, static_cast<uint32_t>(le), static_cast<uint32_t>(le), text);
  e.line = lineAt(src, le) + 1;
  out.edits.push_back(e);
  return true;
}

// A front-end that leaves its sites unmarked has them rendered all the same,
// except keys spelled in a macro's body (`macro` is set: that text is every
// expansion's).
bool editableUnmarked(const LinkedSite& s, const EditingSyntax& syntax) {
  return syntax.renders_unmarked_sites && !s.site.macroExpansion();
}

// An entry in a form of the language's own, as its front-end rendered it:
// one edit, or the reason it is refused.
bool languageEdit(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src, const EntryEdit& c,
                  Rendered& out) {
  if (!c.refused.empty()) {
    out.edits.clear();
    out.skip_reason = c.refused;
    return false;
  }
  Edit e = baseEdit(s, idx, r, src, c.begin, c.end, c.text);
  if (c.begin == c.end && !c.text.empty() && (c.text[0] == '\n' || c.text[0] == '\r'))
    e.line = lineAt(src, c.begin) + 1;
  // A new case label shares the `like` body; a widened test admits the new arch to it.
  e.value_source = "widened from " + r.like.name();
  out.edits.push_back(e);
  return true;
}

}  // namespace

Rendered renderSite(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src,
                    const Frontend& frontend, const std::optional<std::string>& valueOverride,
                    const std::vector<const Site*>& nested) {
  Rendered out;
  const EditingSyntax& syntax = frontend.editing();
  bool gencode = !s.site.entries.empty();
  for (const Entry& e : s.site.entries) gencode &= e.form == EntryForm::Gencode;
  // A site that says why it cannot be patched (flags joined in a check) is
  // refused in every language; an unmarked C++ site is otherwise edited.
  bool refused = !s.site.patchable && !s.site.unpatchable_reason.empty();
  if (((!s.site.patchable && !editableUnmarked(s, syntax)) || refused) && !gencode) {
    out.skip_reason = s.site.unpatchable_reason.empty() ? "cannot be patched automatically; patch it by hand"
                                                        : s.site.unpatchable_reason;
    return out;
  }
  bool any = false;
  for (const Entry& like : s.site.entries) {
    if (!covers(like.arch, r.like)) continue;
    if (like.item.end > src.size() || like.key.end > src.size()) {
      out.skip_reason = "the file is shorter than when it was read";
      return out;
    }
    any = true;
    // `cc_major == 8 && cc_minor > 0`: the test admits some minors only, and
    // widening the major test alone would still turn the new arch away.
    if (!like.minors.empty() && !std::count(like.minors.begin(), like.minors.end(), r.add.minor)) {
      out.edits.clear();
      out.skip_reason = "its test on " + like.key_text + " also requires a minor that " + r.add.name() +
                        " does not have; widen the whole test by hand";
      return out;
    }
    if (syntax.keys_may_be_elsewhere &&
        src.compare(like.key.begin, like.key.end - like.key.begin, like.key_text) != 0) {
      out.edits.clear();
      out.skip_reason = "its key `" + like.key_text +
                        "` is not spelled at its place in this file (a macro expansion?); "
                        "add the arch where the key is written";
      return out;
    }
    std::string key = newKey(like, r.add);
    if (auto own = frontend.renderEntry(src, s.site.entries, like, key, r.add)) {
      if (!languageEdit(s, idx, r, src, *own, out)) return out;
      continue;
    }
    switch (like.form) {
      case EntryForm::Key: {
        std::string item = src.substr(like.item.begin, like.item.end - like.item.begin);
        std::string source = "copied-from " + r.like.name();
        if (valueOverride && !like.value.empty()) {
          item.replace(like.value.begin - like.item.begin, like.value.end - like.value.begin, *valueOverride);
          source = "override";
        }
        if (!valueOverride) rekeyNested(item, like.item.begin, like, r.add, nested);
        item.replace(like.key.begin - like.item.begin, like.key.end - like.key.begin, key);
        // A composite key has one `like` entry per other element: each copy goes beside its own template.
        bool single = true;
        for (const Entry& e : s.site.entries) single &= &e == &like || !covers(e.arch, r.like);
        // A C++ `{100, cfg}` item has no value range, yet copies one.
        bool copies = !like.value.empty() || like.item.end - like.item.begin > like.key.end - like.key.begin;
        insertAfter(s, idx, r, src, single ? anchorFor(s.site, like, r.add) : like, item, out, copies ? source : "");
        break;
      }
      case EntryForm::Element:
        insertAfter(s, idx, r, src, anchorFor(s.site, like, r.add), key, out, "");
        return out;  // one element per collection
      case EntryForm::Compare: {
        auto widened = widen(src, like, key);
        if (!widened) {
          out.skip_reason =
              "cannot widen the comparison `" + src.substr(like.item.begin, like.item.end - like.item.begin) + "`";
          return out;
        }
        // The new arch now takes like's path: a widened test, as in C++.
        Edit e = baseEdit(s, idx, r, src, like.item.begin, like.item.end, *widened);
        e.value_source = "widened from " + r.like.name();
        out.edits.push_back(e);
        break;
      }
      case EntryForm::SemicolonItem:
      case EntryForm::SpaceItem: {
        std::string sep = like.form == EntryForm::SemicolonItem ? ";" : " ";
        const Entry& at = anchorFor(s.site, like, r.add);
        // `9.0+PTX` is SASS for 9.0 and PTX that every newer arch without its
        // own SASS JITs from (10.0, 10.3, 11.0 when the list stops at 9.0).
        // The PTX stays where it is: PTX for the new arch would run only on
        // it and later, and take that fallback away from the archs between.
        // The new arch is added as SASS.
        auto ptx = [](const Entry& e) { return e.style.suffix == "+PTX" || e.style.suffix == "+ptx"; };
        if (ptx(like) && key.size() > like.style.suffix.size() &&
            key.compare(key.size() - like.style.suffix.size(), std::string::npos, like.style.suffix) == 0)
          key.resize(key.size() - like.style.suffix.size());
        out.edits.push_back(baseEdit(s, idx, r, src, at.item.end, at.item.end, sep + key));
        return out;  // one item per list
      }
      case EntryForm::Case:
        out.edits.push_back(baseEdit(s, idx, r, src, like.key.end, like.key.end, " | " + key));
        break;
      case EntryForm::Gencode:
        if (!gencodePair(s, idx, r, src, like, out)) return out;
        break;
      case EntryForm::TemplateArg:
        out.skip_reason = "a template argument outside C++; add the arch by hand";
        return out;
    }
  }
  if (!any) out.skip_reason = "has no " + r.like.name() + " entry to copy";
  return out;
}

}  // namespace archscan
