#pragma once
// Tile sizes shared by the forward and backward launchers.
#include <cstdint>

constexpr int64_t kHeadDimMax = 256;
