// judge/util/parallel.hpp: a small fork-join helper.
#pragma once

#include <cstddef>
#include <functional>

namespace judge {

/// Runs `body(i)` for i in [0, n) on up to `threads` threads (the caller's included). The first
/// exception any call throws is rethrown after every thread has finished.
void parallel_for(size_t n, unsigned threads, const std::function<void(size_t)>& body);

}  // namespace judge
