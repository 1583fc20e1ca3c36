#pragma once
// Imports read from the text alone, for files the prefilter keeps away from
// the parser: a package __init__.py that only re-exports a table must still
// link `from pkg import TABLE` to the module that defines it.
#include <string>
#include <vector>

#include "model/facts.h"

namespace archscan::py {

std::vector<Import> importLines(const std::string& text);

}  // namespace archscan::py
