#pragma once
// Arch lists as build systems write them: "9.0a;10.0a", "80 90 100",
// "8.0 9.0+PTX", "90-real;100a-virtual", "sm_90", "compute_90".
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "arch/spelling.h"

namespace archscan {

struct ListItem {
  size_t begin = 0, end = 0;  // within the list text
  ClassifiedKey key;
  bool ptx = false;  // +PTX, -virtual, compute_: JIT-compilable for newer archs
};

// In CMake's CUDA_ARCHITECTURES (CMAKE_CUDA_ARCHITECTURES, CUDAARCHS) a
// plain `89` builds sm_89 SASS *and* compute_89 PTX; `-real` drops the PTX.
// Whether `key`, written in such a list, adds PTX that newer archs can
// JIT-compile: never for an `a`/`f` arch, whose PTX runs on it (its family) alone.
bool cmakeItemEmbedsPtx(const ClassifiedKey& key);
// Bare numbers joined by `;` alone ("80;89;90") are CMake's list syntax, the
// way CUDA_ARCHITECTURES is written; TORCH_CUDA_ARCH_LIST's items are dotted.
// Where such a string goes is not always visible (`build.sh --arch`, an
// environment default handed to -DCMAKE_CUDA_ARCHITECTURES), so its syntax
// says how its items read.
bool cmakeListSyntax(std::string_view text, const std::vector<ListItem>& items);

// One item: nullopt when it is not a well-formed arch (known or not).
std::optional<ClassifiedKey> classifyListItem(std::string_view item, const ArchTable& t, bool* ptx = nullptr);

// Every item (separated by ';', spaces or commas) must be an arch; items holding
// `${` or `$<` (CMake references) are skipped. nullopt when any other item is not
// an arch, no item is, or an unknown arch is no family mate of known ones.
std::optional<std::vector<ListItem>> parseArchList(std::string_view text, const ArchTable& t);
// The same check without keeping the items (a list of a million archs need
// not be held twice): how many items parseArchList would give, 0 for nullopt.
size_t archListSize(std::string_view text, const ArchTable& t);
// parseArchList's items one at a time, for a list archListSize accepted.
void forEachArchListItem(std::string_view text, const ArchTable& t, const std::function<void(const ListItem&)>& each);

}  // namespace archscan
