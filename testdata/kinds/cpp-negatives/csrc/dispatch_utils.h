#pragma once
#include <stdexcept>

enum class DataType { kFloat16, kBFloat16, kFloat8 };

inline int bytesPerElement(int num_bits) {
  switch (num_bits) {
    case 8: return 1;
    case 9: return 2;
    case 10: return 2;
    default: throw std::invalid_argument("num_bits");
  }
}

inline int blocksFor(int head_dim) {
  switch (head_dim) {
    case 64: return 4;
    case 80: return 3;
    case 96: return 3;
    case 128: return 2;
    case 256: return 1;
    default: throw std::invalid_argument("head_dim");
  }
}

inline int stagesForTile(int tile_n) {
  switch (tile_n) {
    case 80: return 4;
    case 90: return 3;
    default: return 2;
  }
}

inline int swizzleMode(int swizzle_bytes) {
  switch (swizzle_bytes) {
    case 32: return 1;
    case 64: return 2;
    case 128: return 3;
    default: return 0;
  }
}

inline int elementSize(DataType dtype) {
  switch (dtype) {
    case DataType::kFloat16: return 2;
    case DataType::kBFloat16: return 2;
    case DataType::kFloat8: return 1;
  }
  return 0;
}

template <int log2_elements>
struct WarpReduce;

inline int warpIterations(int log2_elements) {
  switch (log2_elements) {
    case 7: return 1;
    case 8: return 2;
    case 9: return 4;
    case 10: return 8;
    default: throw std::invalid_argument("log2_elements");
  }
}
