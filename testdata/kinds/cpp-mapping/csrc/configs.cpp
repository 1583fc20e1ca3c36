#include <map>
#include <stdexcept>

int getSMVersion();

struct TileConfig {
  int m, n;
};

static const std::map<int, TileConfig> kConfigBySm{{90, {128, 128}}, {100, {256, 128}}};  // expect: missing-arch sm_120 error

struct ArchStages {
  int arch;
  int stages;
};

static const ArchStages kStagesBySm[] = {{90, 4}, {100, 6}};  // expect: missing-arch sm_120 warning

TileConfig tile() { return kConfigBySm.at(getSMVersion()); }

int stages() {
  int sm = getSMVersion();
  for (const auto& e : kStagesBySm)
    if (e.arch == sm) return e.stages;
  return 2;
}
