#pragma once
// Baselines: a file of finding fingerprints to stop reporting, so CI can
// fail only on new findings. Fingerprints do not change when lines move.
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "link/program.h"
#include "model/finding.h"

namespace archscan {

struct BaselineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::set<std::string> loadBaseline(const std::string& path);
std::string baselineJson(const std::vector<Finding>& findings, const Program& p);
// Findings whose fingerprint is not in the baseline.
std::vector<Finding> withoutBaselined(std::vector<Finding> findings, const std::set<std::string>& baseline);

}  // namespace archscan
