// judge/core/cache.hpp: where the judge keeps its builds and trusted outputs.
#pragma once

#include <filesystem>

namespace judge {

/// The judge's build and expectation cache: $JUDGE_CACHE, else $XDG_CACHE_HOME/judge, else
/// ~/.cache/judge. Only the judge writes it, and no box can reach it.
std::filesystem::path cache_root();

}  // namespace judge
