// judge/problem/inputs.hpp: turning a test's input spec into concrete arrays.
//
// Deterministic by construction: every value comes from the generator's seed (under a grading
// seed, a state derived from both by SHA-256) through splitmix64 and Box-Muller, never from std::random,
// whose distributions differ between standard libraries.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/protocol/npy.hpp"
#include "problem/spec.hpp"

namespace judge {

/// The concrete inputs of one test, by parameter name.
using InputArrays = std::map<std::string, npy::Array>;

/// Builds every input of `test`. `grading_seed` 0 keeps the spec's seeds; any other value derives
/// new ones, for a grading run whose inputs no student has seen (the test's sizes are redrawn
/// before, by problem/redraw.hpp).
InputArrays make_inputs(const TestSpec& test, uint64_t grading_seed);

/// The tensor a generator makes, before any beyond_lens intervention.
std::vector<float> generate(const Generator& g, uint64_t grading_seed);

}  // namespace judge
