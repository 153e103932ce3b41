// judge/util/patch.hpp: applying a unified diff (diff -u, git diff) to a text in memory, and
// writing one.
//
// Each hunk's old lines (context and removals) must be found in the text: at the line the hunk
// header names, or else at the nearest line where they all match (as patch(1) allows an offset).
// No fuzz: a hunk whose context does not match exactly is an error, so a seeded bug never
// compiles a reference other than the one it was written against.
#pragma once

#include <stdexcept>
#include <string>

namespace judge {

/// A diff that cannot be applied; the message names the hunk and its line.
struct PatchError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// `original` with the hunks of `diff` applied. Lines before the first "--- " line (a seeded
/// bug's header) are ignored.
std::string apply_patch(const std::string& original, const std::string& diff);

/// The unified diff from `before` to `after` with `context` lines around each change, as
/// `diff -u --label label_a --label label_b` writes it (a shortest edit, by longest common
/// subsequence of lines); "" when they are the same. apply_patch(before, it) is `after`.
std::string unified_diff(const std::string& before, const std::string& after, const std::string& label_a,
                         const std::string& label_b, int context = 3);

}  // namespace judge
