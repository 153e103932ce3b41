// judge/util/parallel.hpp: a small fork-join helper.
#pragma once

#include <cstddef>
#include <functional>
#include <numeric>
#include <vector>

namespace judge {

/// Runs `body(i)` for i in [0, n) on up to `threads` threads (the caller's included). The first
/// exception any call throws is rethrown after every thread has finished.
void parallel_for(size_t n, unsigned threads, const std::function<void(size_t)>& body);

/// 0, 1, ..., n - 1: every test of a problem, as the functions that take a list of tests want it.
inline std::vector<size_t> indices(size_t n) {
    std::vector<size_t> all(n);
    std::iota(all.begin(), all.end(), size_t{0});
    return all;
}

}  // namespace judge
