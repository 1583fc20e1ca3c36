#pragma once
// The audit's coverage matrix: rows are sites grouped by family, columns are
// every arch seen plus the targets.
#include <string>
#include <vector>

#include "analyze/analyze.h"
#include "link/program.h"

namespace archscan {

enum class Cell { Covered, CoveredByRange, MissingCrash, MissingFallback, MissingUnknown, Denied, Passes };

const char* cellName(Cell c);    // covered, covered-by-range, missing-crash, ...
const char* cellSymbol(Cell c);  // one character for terminals
const char* cellLabel(Cell c);   // words for people: "missing: crashes"
const Cell kAllCells[] = {Cell::Covered, Cell::CoveredByRange, Cell::MissingCrash, Cell::MissingFallback,
                          Cell::MissingUnknown, Cell::Denied, Cell::Passes};

struct MatrixRow {
  size_t site = 0;
  std::vector<Cell> cells;
};

struct MatrixGroup {
  std::string family;  // "" for sites in no family
  std::vector<MatrixRow> rows;
};

struct TargetSummary {
  Arch target;
  int crash = 0, fallback = 0, unknown = 0, covered = 0;
};

struct Matrix {
  std::vector<Arch> columns;
  std::vector<bool> is_target;
  std::vector<MatrixGroup> groups;
  std::vector<TargetSummary> summary;
  size_t sites = 0;
};

Cell cellFor(const LinkedSite& s, const Arch& a);
Matrix buildMatrix(const Program& p, const AnalyzeOptions& opts);

}  // namespace archscan
