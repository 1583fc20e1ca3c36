#include "arch/arch_list.h"

namespace archscan {

std::optional<ClassifiedKey> classifyListItem(std::string_view item, const ArchTable& t, bool* ptx) {
  std::string s(item);
  std::string suffix;
  for (const char* sfx : {"-real", "-virtual", "+PTX", "+ptx"}) {
    std::string x(sfx);
    if (s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0) {
      suffix = x;
      s.resize(s.size() - x.size());
      break;
    }
  }
  KeyLiteral k;
  k.type = KeyLiteral::Type::String;
  k.text = s;
  auto c = classifyAnyKey(k, t);
  if (!c) return std::nullopt;
  if (c->style.kind == SpellingKind::MajorString) return std::nullopt;  // "9" alone is no build arch
  c->style.quote = '\0';
  c->style.suffix = suffix;
  if (ptx) *ptx = suffix == "-virtual" || suffix == "+PTX" || suffix == "+ptx" || c->style.prefix == "compute_";
  return c;
}

bool cmakeItemEmbedsPtx(const ClassifiedKey& key) {
  bool bare = key.style.kind == SpellingKind::SmString || key.style.kind == SpellingKind::SmInt;
  return bare && key.style.prefix.empty() && key.style.suffix.empty() && key.arch.variant == Variant::None;
}

bool cmakeListSyntax(std::string_view text, const std::vector<ListItem>& items) {
  if (items.size() < 2) return false;
  for (size_t i = 0; i < items.size(); ++i) {
    const ClassifiedKey& k = items[i].key;
    if (!k.style.prefix.empty() || k.style.kind == SpellingKind::DottedString) return false;
    if (i > 0 && text.substr(items[i - 1].end, items[i].begin - items[i - 1].end) != ";") return false;
  }
  return true;
}

namespace {

// Fermi and Kepler (2.0, 2.1, 3.0, 3.2, 3.5, 3.7), spelled as a list item
// (`35`, `3.5`, `sm_35`, `compute_37`, `3.5+PTX`): retired archs the
// knowledge has no entry for. Long-lived build lists still begin with them
// (`35 50 52 60 61 70 75 80 86`), and the list is no less a list for it.
bool retiredArchItem(std::string_view item) {
  for (std::string_view sfx : {"-real", "-virtual", "+PTX", "+ptx"})
    if (item.size() > sfx.size() && item.substr(item.size() - sfx.size()) == sfx) item.remove_suffix(sfx.size());
  for (std::string_view pre : {"sm_", "compute_"})
    if (item.substr(0, pre.size()) == pre) item.remove_prefix(pre.size());
  for (std::string_view old : {"20", "21", "30", "32", "35", "37", "2.0", "2.1", "3.0", "3.2", "3.5", "3.7"})
    if (item == old) return true;
  return false;
}

// Each item of the list, in order, to `each`; false at the first item that
// is not an arch (items holding `${` or `$<`, and retired archs, are skipped), and when an
// unknown arch is no family mate of known ones. 0 items is false too.
template <class Each>
bool scanArchList(std::string_view text, const ArchTable& t, Each each) {
  KeyTally keys;
  size_t i = 0;
  auto sep = [](char c) { return c == ';' || c == ' ' || c == '\t' || c == '\n' || c == ','; };
  while (i < text.size()) {
    while (i < text.size() && sep(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !sep(text[i])) ++i;
    if (i == start) break;
    std::string_view item = text.substr(start, i - start);
    if (item.find("${") != std::string_view::npos || item.find("$<") != std::string_view::npos) continue;
    if (retiredArchItem(item)) continue;  // no entry of its own; the rest still counts
    bool ptx = false;
    auto c = classifyListItem(item, t, &ptx);
    if (!c) return false;
    keys.add(*c);
    each(ListItem{start, i, *c, ptx});
  }
  return keys.size() > 0 && keys.unknownsAreFamilyMates();
}

}  // namespace

std::optional<std::vector<ListItem>> parseArchList(std::string_view text, const ArchTable& t) {
  std::vector<ListItem> out;
  if (!scanArchList(text, t, [&](ListItem&& it) { out.push_back(std::move(it)); })) return std::nullopt;
  return out;
}

size_t archListSize(std::string_view text, const ArchTable& t) {
  size_t n = 0;
  return scanArchList(text, t, [&](ListItem&&) { ++n; }) ? n : 0;
}

void forEachArchListItem(std::string_view text, const ArchTable& t, const std::function<void(const ListItem&)>& each) {
  scanArchList(text, t, [&](ListItem&& it) { each(it); });
}

}  // namespace archscan
