// judge/pipeline/pack_format.hpp: the layout of a student pack (`judge pack`, issue #19).
//
//   pack.json                         the manifest: format, judge, problems (spec hashes), files
//   problems/<p>/problem.json         the packed spec (problem/packed.hpp): no hidden inputs
//   problems/<p>/<statement>          the statement
//   student_template/<p>/...          what the student starts from (theirs to edit: not verified)
//   key/<p>/key.json                  the answer key's index, below
//   key/<p>/runs/<sha256>/...         one trusted run, as the run cache holds it (judge_status,
//                                     status, <output>.npy, stdout.txt, stderr.txt), by content
//   key/<p>/inputs/<sha256>.npy       one hidden input array, by content
//   key/<p>/harness/harness-<key>.o   the harness, as the packing judge's compiler built it (used
//                                     where the student's compiler is the same: the key says so)
//
// key.json: {"problem", "bugs": [{"name", "trap", "misconception", "builds"}],
//   "reference": {test: run}, "bug_runs": {bug: {test: run}}, "candidates": {case id: run},
//   "hidden_inputs": {test: {param: {"npy": file, "arange": [start, step]}}}}
// A run is the name of a folder under runs/; a case id is counterexample.hpp's candidate_id.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace judge::pack {

inline constexpr const char* manifest_file = "pack.json";
inline constexpr const char* format_name = "judge-pack 1";

/// This judge in a manifest: its version and the hash of the headers every program compiles
/// against ("judge 0.1.0, headers 1a2b3c4d5e6f7a8b"). A pack from another judge is refused.
std::string judge_identity();

/// True when `root` holds a pack's manifest.
bool is_pack(const std::filesystem::path& root);

/// key/<problem> below `root`.
std::filesystem::path key_dir(const std::filesystem::path& root, const std::string& problem);

/// Refuses, with an InputError naming the file, a pack that another judge made, or whose files
/// (all but student_template/) are not exactly those the manifest lists with those hashes; with
/// `problem`, the files of that problem only (problems/<p>/, key/<p>/).
void verify(const std::filesystem::path& root, const std::string& problem = "");

/// The largest file a pack may hold.
inline constexpr size_t max_pack_file = size_t{256} << 20;

/// The bytes of `root / rel`, a pack's own file: `rel` must stay below `root` (util/files.hpp) and no part of it a
/// link (util/safe_read.hpp); otherwise an InputError naming `field` (where the path was named).
std::string read_in_pack(const std::filesystem::path& root, const std::string& rel, const std::string& field);

/// The message for a command that needs the full course root.
std::string needs_full_root(const std::string& what);

}  // namespace judge::pack
