// judge/build/builder.hpp: compiling solutions together with the generated harness.
//
// The harness (generated from the spec) and every trusted solution (reference, seeded bugs) are
// built once and cached under the judge's cache, keyed by a hash of their sources, the student
// header, the compiler's identity and the flags. A submission is never cached: it is compiled to
// an object in its own work directory and linked with the cached harness object.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// The compiler and flags every build uses.
struct Toolchain {
    std::string cxx;                 // $CXX or g++
    std::string id;                  // first line of `cxx --version`, part of every cache key
    std::vector<std::string> flags;  // compile flags shared by all builds
    std::vector<std::string> link_flags;  // e.g. -fuse-ld=gold where gold is installed (4x faster links)
};

/// Finds the compiler; throws JudgeFailure when it cannot be run.
Toolchain detect_toolchain();

/// The C++ source of the harness main() for `p`: declarations of the student's functions and one
/// caller per function (see judge/harness/support.hpp for the runtime half).
std::string harness_source(const Problem& p);

/// How a compile (and link) went.
struct BuildResult {
    bool ok = false;
    bool timed_out = false;
    std::string log;                 // the compiler's own words, capped
    std::filesystem::path exe;
    double seconds = 0.0;
    bool cached = false;
};

class Builder {
public:
    Builder(Toolchain tc, std::filesystem::path cache);

    /// The directory holding judge/tensor.hpp and the harness headers, written once per content.
    const std::filesystem::path& include_dir() const { return m_include; }

    /// Builds a trusted solution (reference or seeded bug) with the harness; cached by content.
    BuildResult build_trusted(const Problem& p, const std::filesystem::path& source);

    /// Compiles `box/solution.cpp` in `box` and links it with the cached harness into `box/prog`,
    /// both inside `sandbox`: the compiler sees only /usr, the box, the headers and the harness object.
    BuildResult build_submission(const Problem& p, const std::filesystem::path& box, const Sandbox& sandbox);

    const Toolchain& toolchain() const { return m_tc; }

private:
    void precompile_header();
    std::filesystem::path harness_object(const Problem& p);
    BuildResult compile_and_link(const Problem& p, const std::filesystem::path& dir, const std::string& source_name,
                                 const std::filesystem::path& exe_out, const Sandbox* sandbox);

    Toolchain m_tc;
    std::filesystem::path m_cache;
    std::filesystem::path m_include;
    std::string m_base_key;  // toolchain + flags + embedded headers
};

/// The largest source file the judge compiles.
inline constexpr size_t max_source_bytes = 1 << 20;

}  // namespace judge
