// judge/cli/which_test.hpp: the test a --test option names (judge run, judge heads).
#pragma once

#include <cstddef>
#include <string>

#include "problem/spec.hpp"

namespace judge {

/// The index of test `id` of `p`. A hidden test is allowed on the full course root (its owner's)
/// and refused on a student pack, naming the sample tests, as an unknown id is (InputError).
size_t test_index(const Problem& p, const std::string& id);

}  // namespace judge
