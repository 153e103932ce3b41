// judge/judging/test_inputs.hpp: every test's input files, made from their seeds once per judge.
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>

#include "problem/spec.hpp"
#include "util/files.hpp"

namespace judge {

/// The inputs of every test of a problem as .npy files, in a private temporary folder: <root>/<test id>/<param>.npy.
class TestInputs {
public:
    TestInputs(const Problem& p, uint64_t seed);

    /// Writes every test's inputs (once; later calls return at once). Thread-safe.
    void ensure();

    /// The folder holding every test's folder; a box mounts it read-only at /in.
    std::filesystem::path root() const { return m_work.path() / "in"; }

    /// The folder holding test `t`'s input files.
    std::filesystem::path dir(size_t t) const;

private:
    const Problem& m_p;
    uint64_t m_seed;
    TempDir m_work;
    std::once_flag m_once;
};

}  // namespace judge
