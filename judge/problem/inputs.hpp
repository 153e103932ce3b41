// judge/problem/inputs.hpp: turning a test's input spec into concrete arrays.
//
// Deterministic by construction: every value comes from the generator's seed (mixed with the
// grading seed when one is given) through splitmix64 and Box-Muller, never from std::random,
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
/// new ones, for a grading run whose inputs no student has seen.
InputArrays make_inputs(const TestSpec& test, uint64_t grading_seed);

/// The tests whose inputs are the same under every grading seed (by index): a pack holds their
/// inputs and the reference's outputs, so a table looked up from them passes them in the grade
/// that counts too. Probed with two grading seeds against the spec's own inputs (issue #38).
std::vector<size_t> seed_independent_tests(const Problem& p);

/// The points of those tests.
int seed_independent_points(const Problem& p);

/// The tensor a generator makes, before any beyond_lens intervention.
std::vector<float> generate(const Generator& g, uint64_t grading_seed);

}  // namespace judge
