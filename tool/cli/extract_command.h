#pragma once
// `archscan extract [PATH...] --shard K/N -o FILE`: the map step of a scan
// split over machines; `check|audit|fix --facts FILE...` is the reduce.
#include <string>

#include "cli/commands.h"

namespace archscan {

struct ExtractCommand {
  CommonOptions common;
  std::string shard = "1/1";  // K/N
};

int runExtract(const ExtractCommand& c);

}  // namespace archscan
