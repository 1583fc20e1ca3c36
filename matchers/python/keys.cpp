#include "keys.h"

#include <cctype>

#include "ts_util.h"

namespace archscan::py {

ByteRange rangeOf(TSNode n) { return ByteRange{ts_node_start_byte(n), ts_node_end_byte(n)}; }

std::optional<KeyLiteral> keyLiteral(TSNode n, const ModuleIndex& idx, bool tuples) {
  n = unparen(n);
  KeyLiteral k;
  if (is(n, "integer")) {
    std::string t = idx.text(n);
    std::string digits;
    for (char c : t) {
      if (c == '_') continue;
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;  // 0x.., 1j
      digits += c;
    }
    if (digits.empty() || digits.size() > 6) return std::nullopt;
    k.type = KeyLiteral::Type::Int;
    k.value = std::stoll(digits);
    return k;
  }
  if (is(n, "string")) {
    std::string content;
    for (TSNode c : namedChildren(n)) {
      if (is(c, "interpolation") || is(c, "escape_sequence")) return std::nullopt;
      if (is(c, "string_content")) content += idx.text(c);
    }
    std::string start = idx.text(ts_node_child(n, 0));
    if (start.empty() || start.size() > 3) return std::nullopt;  // triple quotes are prose, not keys
    for (char c : start)
      if (c == 'b' || c == 'B') return std::nullopt;
    k.type = KeyLiteral::Type::String;
    k.text = content;
    k.quote = start.back();
    return k;
  }
  if (tuples && is(n, "tuple")) {
    auto kids = namedChildren(n);
    if (kids.size() != 2 || !is(kids[0], "integer") || !is(kids[1], "integer")) return std::nullopt;
    auto a = keyLiteral(kids[0], idx, false), b = keyLiteral(kids[1], idx, false);
    if (!a || !b || a->value > 99 || b->value > 9) return std::nullopt;
    k.type = KeyLiteral::Type::Tuple;
    k.first = static_cast<int>(a->value);
    k.second = static_cast<int>(b->value);
    k.tuple_sep =
        idx.source().substr(ts_node_end_byte(kids[0]), ts_node_start_byte(kids[1]) - ts_node_end_byte(kids[0]));
    return k;
  }
  return std::nullopt;
}

std::optional<ClassifiedKey> classify(TSNode n, const ModuleIndex& idx, const Knowledge& k, bool tuples) {
  auto lit = keyLiteral(n, idx, tuples);
  if (!lit) return std::nullopt;
  return classifyKey(*lit, k.archs);
}

namespace {

// A key of a table: known or not; the table decides (unknownsAreFamilyMates).
std::optional<ClassifiedKey> classifyOpen(TSNode n, const ModuleIndex& idx, const Knowledge& k, bool tuples = true) {
  auto lit = keyLiteral(n, idx, tuples);
  if (!lit) return std::nullopt;
  return classifyAnyKey(*lit, k.archs);
}

}  // namespace

Entry makeEntry(const ClassifiedKey& key, TSNode keyNode, TSNode itemNode, const ModuleIndex& idx) {
  Entry e;
  e.arch = key.arch;
  e.style = key.style;
  e.key_text = idx.text(keyNode);
  e.key = rangeOf(keyNode);
  e.item = rangeOf(itemNode);
  e.line = lineOf(itemNode);
  e.end_line = endLineOf(itemNode);
  return e;
}

std::optional<PureKeys> collectionKeys(TSNode coll, const ModuleIndex& idx, const Knowledge& k) {
  PureKeys out;
  KeyTally keys;
  out.entries.reserve(ts_node_named_child_count(coll));
  for (TSNode el : namedChildren(coll)) {
    auto c = classifyOpen(el, idx, k);
    if (!c) return std::nullopt;
    if (keys.size() == 0) out.style = c->style;
    keys.add(*c);
    out.entries.push_back(makeEntry(*c, el, el, idx));
  }
  if (keys.size() == 0 || keys.commonSpelling() == SpellingKind::Unknown || !keys.unknownsAreFamilyMates())
    return std::nullopt;
  return out;
}

namespace {

// A composite key such as ("100a", torch.float): the arch is the element at
// one index in every key.
std::optional<PureKeys> compositeKeys(const std::vector<TSNode>& pairs, const ModuleIndex& idx, const Knowledge& k) {
  size_t width = 0;
  for (TSNode p : pairs) {
    TSNode key = unparen(field(p, "key"));
    if (!is(key, "tuple")) return std::nullopt;
    size_t n = ts_node_named_child_count(key);
    if (width && n != width) return std::nullopt;
    width = n;
  }
  for (size_t i = 0; i < width; ++i) {
    PureKeys out;
    KeyTally keys;
    for (TSNode p : pairs) {
      TSNode key = unparen(field(p, "key"));
      TSNode el = ts_node_named_child(key, static_cast<uint32_t>(i));
      auto c = classifyOpen(el, idx, k, false);
      if (!c) break;
      if (keys.size() == 0) out.style = c->style;
      keys.add(*c);
      Entry e = makeEntry(*c, el, p, idx);
      e.composite = rangeOf(key);
      e.value = rangeOf(field(p, "value"));
      out.entries.push_back(std::move(e));
    }
    if (keys.size() == pairs.size() && keys.commonSpelling() != SpellingKind::Unknown && keys.unknownsAreFamilyMates())
      return out;
  }
  return std::nullopt;
}

}  // namespace

std::optional<PureKeys> dictKeys(TSNode dict, const ModuleIndex& idx, const Knowledge& k) {
  std::vector<TSNode> pairs;
  for (TSNode c : namedChildren(dict)) {
    if (is(c, "pair")) pairs.push_back(c);
    else if (!is(c, "dictionary_splat")) return std::nullopt;
  }
  if (pairs.empty()) return std::nullopt;
  PureKeys out;
  KeyTally keys;
  out.entries.reserve(pairs.size());
  for (TSNode p : pairs) {
    TSNode key = field(p, "key");
    auto c = classifyOpen(key, idx, k);
    if (!c) return compositeKeys(pairs, idx, k);
    if (keys.size() == 0) out.style = c->style;
    keys.add(*c);
    Entry e = makeEntry(*c, unparen(key), p, idx);
    e.value = rangeOf(field(p, "value"));
    out.entries.push_back(std::move(e));
  }
  if (keys.commonSpelling() == SpellingKind::Unknown || !keys.unknownsAreFamilyMates()) return std::nullopt;
  return out;
}

}  // namespace archscan::py
