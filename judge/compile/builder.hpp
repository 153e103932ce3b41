// judge/compile/builder.hpp: compiling solutions together with the generated harness.
//
// The harness (generated from the spec) and every trusted solution (reference, seeded bugs) are
// built once and cached under the judge's cache, keyed by a hash of their sources, the student
// header, the compiler's identity and the flags. A submission is never cached: it is compiled to
// an object in its own box and linked with the cached harness object, through the sandbox.
#pragma once

#include <filesystem>
#include <mutex>
#include <string>

#include "compile/toolchain.hpp"
#include "problem/spec.hpp"
#include "process/runner.hpp"

namespace judge {

/// How a compile (and link) went.
struct BuildResult {
    bool ok = false;
    std::string log;  // the compiler's own words, capped
    std::filesystem::path exe;
    double seconds = 0.0;
};

/// The largest source file the judge compiles.
inline constexpr size_t max_source_bytes = 1 << 20;

/// The compile log of a source file of `bytes` bytes, over max_source_bytes (never read).
std::string source_too_large(unsigned long long bytes);

class Builder {
public:
    /// Writes the embedded headers into `cache` once per content (their precompiled header is made
    /// by the first build, while the harness compiles beside it).
    Builder(Toolchain tc, std::filesystem::path cache);

    /// Builds a trusted solution (reference or seeded bug) with the harness; cached by content.
    /// Throws InputError when `source` cannot be read.
    BuildResult build_trusted(const Problem& p, const std::filesystem::path& source);

    /// The same for a source given as text (a seeded bug made from a patch); `what` names it in logs.
    BuildResult build_trusted_source(const Problem& p, const std::string& text, const std::string& what);

    /// Compiles `box/solution.cpp` in `box` and links it with the cached harness into `box/prog`,
    /// both through `sandbox`: the compiler sees only /usr, the box, the headers and the harness object.
    BuildResult build_submission(const Problem& p, const std::filesystem::path& box, const Runner& sandbox);

    const Toolchain& toolchain() const { return m_tc; }

private:
    void precompile_header();
    /// The precompiled header, made once (the first build that needs it makes it).
    void ensure_precompiled_header();
    std::filesystem::path harness_object(const Problem& p);
    BuildResult compile_and_link(const Problem& p, const std::filesystem::path& dir,
                                 const std::filesystem::path& exe_out, const Runner& runner);

    Toolchain m_tc;
    std::filesystem::path m_cache;
    std::filesystem::path m_include;
    std::string m_base_key;      // toolchain + flags + embedded headers
    std::mutex m_harness_mutex;  // bugs build in parallel; the harness is built once
    std::once_flag m_pch_once;
};

}  // namespace judge
