#include "patch/render.h"

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
  bool comma = false;       // the like item is followed by a comma
  size_t afterItem = 0;     // just past the item (before the comma)
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

}  // namespace

Rendered renderSite(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src,
                    const std::optional<std::string>& valueOverride) {
  Rendered out;
  if (!s.site.patchable) {
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
    std::string key = newKey(like, r.add);
    switch (like.form) {
      case EntryForm::Key: {
        std::string item = src.substr(like.item.begin, like.item.end - like.item.begin);
        std::string source = "copied-from " + r.like.name();
        if (valueOverride && !like.value.empty()) {
          item.replace(like.value.begin - like.item.begin, like.value.end - like.value.begin, *valueOverride);
          source = "override";
        }
        item.replace(like.key.begin - like.item.begin, like.key.end - like.key.begin, key);
        insertAfter(s, idx, r, src, like, item, out, like.value.empty() ? "" : source);
        break;
      }
      case EntryForm::Element:
        insertAfter(s, idx, r, src, like, key, out, "");
        return out;  // one element per collection
      case EntryForm::Compare: {
        auto widened = widen(src, like, key);
        if (!widened) {
          out.skip_reason =
              "cannot widen the comparison `" + src.substr(like.item.begin, like.item.end - like.item.begin) + "`";
          return out;
        }
        out.edits.push_back(baseEdit(s, idx, r, src, like.item.begin, like.item.end, *widened));
        break;
      }
      case EntryForm::SemicolonItem:
      case EntryForm::SpaceItem: {
        std::string sep = like.form == EntryForm::SemicolonItem ? ";" : " ";
        out.edits.push_back(baseEdit(s, idx, r, src, like.item.end, like.item.end, sep + key));
        return out;  // one item per list
      }
      case EntryForm::Case:
        out.edits.push_back(baseEdit(s, idx, r, src, like.key.end, like.key.end, " | " + key));
        break;
      case EntryForm::Gencode:
      case EntryForm::TemplateArg:
        break;  // no renderer for these forms yet: nothing is edited
    }
  }
  if (!any) out.skip_reason = "has no " + r.like.name() + " entry to copy";
  return out;
}

}  // namespace archscan
