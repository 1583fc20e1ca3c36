// The standard headers framework sources include most, parsed once per scan
// into a precompiled header that every tolerant Clang parse starts from
// (clang_parser.cpp). Their function bodies are skipped, as in any parse of
// a header outside the scanned tree, so a unit that includes them sees the
// same declarations either way; a unit that gets std::optional through a
// framework header absent here (torch, c10) parses the functions using it,
// which it otherwise drops as invalid.
// Headers that define macros a framework might also use as a name
// (<sys/sysmacros.h>: major, minor) stay out.
#pragma once
#include <algorithm>
#include <any>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <cctype>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <complex>
#include <condition_variable>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <initializer_list>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <queue>
#include <random>
#include <regex>
#include <set>
#include <shared_mutex>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>
