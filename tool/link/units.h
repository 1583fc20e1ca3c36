#pragma once
// Build units joined to the scanned files they compile: a setup.py's
// `CUDAExtension(..., sources=["csrc/api.cpp", ...])` names its sources
// relative to its own folder; this finds them among the files of the scan.
#include <vector>

#include "link/program.h"

namespace archscan {

// The units of `files` with their sources found among them and the sites of
// `p` (already linked) in those sources, into p.units and p.units_of.
void linkUnits(const std::vector<FileFacts>& files, Program& p);

}  // namespace archscan
