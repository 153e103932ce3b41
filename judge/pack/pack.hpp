// judge/pack/pack.hpp: `judge pack`, the student course root (issue #19).
//
// A pack holds what a student needs to run `judge submit` locally and nothing from which the
// answers can be rebuilt: each problem's statement, its spec without hidden inputs
// (problem/packed.hpp), its student template, and its answer key as data (pipeline/pack_format.hpp):
// the reference's and every seeded bug's runs on every test, and the reference's runs on every
// counterexample case, precomputed here. No reference, bug or accepted source goes in. Packing the
// same root twice gives the same bytes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "compile/builder.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

struct PackSummary {
    size_t files = 0;
    unsigned long long bytes = 0;
};

/// Writes the pack of `problems` of the full course root `root` to `out`, which must not exist
/// (or be an empty folder). Throws InputError when a problem's reference fails its own tests, or
/// when `root` is itself a pack.
PackSummary write_pack(const std::filesystem::path& root, const std::vector<std::string>& problems,
                       const std::filesystem::path& out, Builder& builder, const Sandbox& sandbox);

}  // namespace judge
