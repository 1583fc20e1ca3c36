#pragma once
// Reading arch keys from Python literals: 9, 120, "9.0", "sm_90a", (9, 0).
#include <tree_sitter/api.h>

#include <optional>
#include <vector>

#include "arch/spelling.h"
#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "module_index.h"

namespace archscan::py {

// The literal at n reduced to a key, or nullopt for anything else.
// `tuples`: whether a (int, int) tuple reads as one key.
std::optional<KeyLiteral> keyLiteral(TSNode n, const ModuleIndex& idx, bool tuples);

std::optional<ClassifiedKey> classify(TSNode n, const ModuleIndex& idx, const Knowledge& k, bool tuples = true);

ByteRange rangeOf(TSNode n);
Entry makeEntry(const ClassifiedKey& key, TSNode keyNode, TSNode itemNode, const ModuleIndex& idx);

// Keys of a pure collection (list, tuple, set): every element a known arch in
// one spelling. nullopt when any element is not.
struct PureKeys {
  std::vector<Entry> entries;
  SpellingStyle style;
};
std::optional<PureKeys> collectionKeys(TSNode coll, const ModuleIndex& idx, const Knowledge& k);
// Keys of a pure dict, including composite keys whose arch is one element.
std::optional<PureKeys> dictKeys(TSNode dict, const ModuleIndex& idx, const Knowledge& k);

}  // namespace archscan::py
