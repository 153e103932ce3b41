// judge/compile/builder.hpp: compiling solutions together with the generated harness.
//
// The harness (generated from the spec) and every trusted solution (reference, seeded bugs) are
// built once and cached under the judge's cache, keyed by a hash of their sources, the student
// header, the compiler's identity and the flags. A submission is never cached: it is compiled to
// an object in its own box and linked with the cached harness object, through the sandbox.
#pragma once

#include <filesystem>
#include <future>
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
    std::string runtime;  // a Python submission's: "Python 3.11.2, torch 1.13.1, NumPy 1.24.2"
};

/// The largest source file the judge compiles.
inline constexpr size_t max_source_bytes = 1 << 20;

/// The compile log of a source file of `bytes` bytes, over max_source_bytes (never read).
std::string source_too_large(unsigned long long bytes);

/// A submission's compile log with the box's name for it ("solution.cpp:", at a line's start or
/// after a space) replaced by the name the student gave (`display_name`, unless it holds a newline).
std::string with_file_name(const std::string& log, const std::string& display_name);

class Builder {
public:
    /// Writes the embedded headers into `cache` once per content (their precompiled header is made
    /// by the first build, while the harness compiles beside it).
    Builder(Toolchain tc, std::filesystem::path cache);
    ~Builder();
    Builder(const Builder&) = delete;
    Builder& operator=(const Builder&) = delete;

    /// Builds a course program (the reference, a seeded bug made from a patch, a mutant) from its
    /// text with the harness, compiling through `box` (a box of its own: pipeline/trusted_box.hpp);
    /// cached by content. `what` names it in logs; with `say`, a build that is not cached is
    /// announced on the log (a first submit's long wait: the reference).
    BuildResult build_trusted_source(const Problem& p, const std::string& text, const std::string& what,
                                     const Runner& box, bool say = false);

    /// Compiles `box/solution.cpp` in `box` and links it with the cached harness into `box/prog`,
    /// both through `sandbox`: the compiler sees only /usr, the box, the headers and the harness object.
    BuildResult build_submission(const Problem& p, const std::filesystem::path& box, const Runner& sandbox);

    const Toolchain& toolchain() const { return m_tc; }

    /// The cached harness object of `p`, compiled first when needed, or the prebuilt folder's
    /// (a pack's) when it holds one under the same name: the name is the hash of everything that
    /// went into it, the compiler's identity included. A prebuilt object is kept in the cache under
    /// its own content's hash (pack-obj/<sha256>/), apart from the objects this judge compiled: a full root
    /// links only those.
    std::filesystem::path harness_object(const Problem& p);

    /// A folder of harness objects built elsewhere (a pack's), by their cache names.
    void add_prebuilt(std::filesystem::path dir) { m_prebuilt = std::move(dir); }

private:
    void precompile_header();
    /// Starts making the precompiled header, once, beside the first build (which does not wait for
    /// it: it serves the builds after). The destructor waits for it.
    void start_precompiled_header();
    BuildResult compile_and_link(const Problem& p, const std::filesystem::path& dir,
                                 const std::filesystem::path& exe_out, const Runner& runner);

    Toolchain m_tc;
    std::filesystem::path m_cache;
    std::filesystem::path m_include;
    std::string m_base_key;      // toolchain + flags + embedded headers
    std::mutex m_harness_mutex;  // bugs build in parallel; the harness is built once
    std::once_flag m_pch_once;
    std::future<void> m_pch;
    std::filesystem::path m_prebuilt;
};

}  // namespace judge
