// judge/pack/gradescope.hpp: `judge pack --gradescope`, an autograder zip as Gradescope's
// autograder specification describes it: setup.sh and run_autograder at the root of the archive,
// and grading_seed, the problem's key that the autograder's inputs are drawn from (issues #38, #62:
// the key of this one problem, never the term's secret).
//
// Gradescope keeps the autograder private, so the zip holds the full course root of the problem
// (course/, reference and seeded bugs included) and the judge's own source (judge/), which
// setup.sh builds when Gradescope builds the image. run_autograder judges
// /autograder/submission/solution.cpp (or <problem>/solution.cpp there) and writes
// /autograder/results/results.json. The same inputs give the same bytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace judge {

/// Writes the autograder zip of `problem` (of the full course root `root`) to `zip`, with the
/// judge's source tree `judge_source` (CMakeLists.txt, cmake/, judge/, scripts/). Returns the
/// number of files in it. `key` is the problem's key as problem_key_text writes it (core/seed.hpp),
/// which run_autograder passes to judge submit. Throws InputError naming what is missing.
size_t write_gradescope_autograder(const std::filesystem::path& root, const std::string& problem,
                                   const std::filesystem::path& judge_source, const std::filesystem::path& zip,
                                   const std::string& key);

}  // namespace judge
