// judge/pipeline/input_files.hpp: every test's input files, made from their seeds once per judge.
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "problem/inputs.hpp"
#include "problem/spec.hpp"
#include "util/files.hpp"

namespace judge {

/// The inputs of every test of a problem as .npy files, in a private temporary folder:
/// <root>/<name(t)>/<param>.npy, where name(t) is a random name that only the judge (and the box
/// runner's plan) knows. The root is root-owned and can be crossed but not listed (0711), so a box
/// mounts it whole at /in and its mount table names no test.
class InputFiles {
public:
    /// Inputs made from the spec's generators under the grading seed (on a pack, a hidden test's
    /// inputs are the stored arrays, as "values": problem/packed.hpp).
    InputFiles(const Problem& p, uint64_t seed);

    /// The inputs of `p`'s tests in a folder of their own under `outer`'s root, with a random name:
    /// a box that mounts outer.root() at /in reaches both, by names relative to it (name(t)).
    /// `outer` must outlive it.
    InputFiles(const Problem& p, uint64_t seed, const InputFiles& outer);

    /// Writes every test's inputs (once; later calls return at once). Thread-safe.
    void ensure();

    /// The folder holding every test's folder; a box mounts it read-only at /in.
    std::filesystem::path root() const { return m_root; }

    /// Test `t`'s folder name below root() (two components for nested inputs).
    const std::string& name(size_t t) const { return m_names[t]; }

    /// The folder holding test `t`'s input files.
    std::filesystem::path dir(size_t t) const { return root() / m_names[t]; }

private:
    const Problem& m_p;
    uint64_t m_seed;
    std::optional<TempDir> m_work;  // the outermost's own; nested ones live in it
    std::filesystem::path m_root;
    std::string m_nest;  // nested: the folder under m_root holding this one's tests
    std::vector<std::string> m_names;
    std::once_flag m_once;
};

}  // namespace judge
