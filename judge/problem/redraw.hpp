// judge/problem/redraw.hpp: the tests of a grading seed, drawn anew (issue #38).
//
// A student pack holds every test's inputs at seed 0 and the reference's outputs on them. Under a
// grading seed no table built from it may find the inputs it is asked about, so every test is
// drawn again, within what its purpose allows:
// - its random tensors (randn, uniform) draw from a state derived from the seed (inputs.hpp);
// - its sizes: every integer of the test (tensor extents, int parameters, the values of int lists
//   and int tensors) goes through one map, drawn for the test, that keeps every relation among
//   them a trap can hinge on: their order (equal stays equal, B != H stays so, a length equal to Lk
//   stays equal to it), the sign, the values -1, 0 and 1, the parity of extents and int parameters,
//   and whether an int parameter divides an extent or another one, or is divided by it (H divides
//   D, or does not). A new value is between half and twice the old one;
// - its arange tensors start further along their step.
// A list's or int tensor's extent may shrink or grow when its entries along it are all the same;
// when they differ it may only grow, keeping every entry (new rows repeat the old ones in turn, a
// longer row repeats its last entry: types.cpp, resize_lists).
// What the spec states outright keeps its value: the extents of a "values" tensor, a declared
// shape's fixed extents, the integers a test lists in "keep" ("keep": "all" keeps the whole test);
// const and values tensors keep their values (X = 0, a neutral LayerNorm: the trap-isolation
// tricks of docs/authoring.md). A draw that gives the
// sizes and stated values of any seed-0 test of the problem is drawn again; when none other
// exists, the test keeps them, and seed_independent_tests counts it.
//
// Seed 0 is the spec itself. `judge validate --seeds N` proves that the reference passes and each
// seeded bug is still caught by its own trap under N grading seeds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "problem/spec.hpp"

namespace judge {

/// Part of every cache key of runs under a grading seed: changed whenever a seed draws other inputs
/// than it did (the map, the generators' states), so that nothing drawn the old way is reused.
inline constexpr const char* redraw_version = "redraw 2";

/// `p` with every test drawn for `grading_seed` (0: `p` as it is).
Problem redraw(const Problem& p, uint64_t grading_seed);

/// What a table could key a test's inputs on, its random values aside: the function, and each
/// input's type, sizes and stated values.
std::string lookup_key(const TestSpec& t);

/// The tests (by index) that keep their lookup_key under a grading seed: a pack's stored answers
/// pass them in the grade that counts too. Probed with two grading seeds.
std::vector<size_t> seed_independent_tests(const Problem& p);

/// The points of those tests.
int seed_independent_points(const Problem& p);

}  // namespace judge
