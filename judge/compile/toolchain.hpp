// judge/compile/toolchain.hpp: the compiler, its flags, and every command line the judge gives it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "process/process.hpp"

namespace judge {

/// The student header, below the include folder: the one header the judge precompiles
/// (<header>.gch beside it), which every solution's compile names first (compile_command).
inline constexpr const char* precompiled_header = "judge/tensor.hpp";

/// The compiler and flags every build uses.
struct Toolchain {
    std::string cxx;                      // $CXX or g++
    std::string id;                       // first line of `cxx --version`, part of every cache key
    std::vector<std::string> flags;       // compile flags shared by all builds
    std::vector<std::string> link_flags;  // e.g. -fuse-ld=gold where gold is installed (4x faster links)

    /// `cxx <flags> -I include [-include judge/tensor.hpp -include first] -c source -o object`: `first`
    /// is read before the source, and the student header before it, named on the command line: GCC
    /// uses a precompiled header only for a file named first (by -include or the source's first
    /// #include), never for one included by another header, such as `first`.
    std::vector<std::string> compile_command(const std::filesystem::path& include, const std::string& source,
                                             const std::filesystem::path& object, const std::string& first = "") const;

    /// `cxx <flags> -x c++-header header -o out`: a precompiled header (of precompiled_header, with the
    /// flags of compile_command, which is what GCC requires to use it).
    std::vector<std::string> precompile_command(const std::filesystem::path& header,
                                                const std::filesystem::path& out) const;

    /// `cxx <link flags> objects... -o exe`.
    std::vector<std::string> link_command(const std::vector<std::string>& objects,
                                          const std::filesystem::path& exe) const;
};

/// Finds the compiler; throws JudgeFailure when it cannot be run.
Toolchain detect_toolchain();

/// A compiler process in `cwd`: LC_ALL=C, so that its diagnostics (plain quotes included) are the
/// same on every machine, and TMPDIR=cwd (where there is no such folder, in a box, GCC uses /tmp).
ProcessSpec compiler_process(std::vector<std::string> argv, const std::filesystem::path& cwd,
                             std::chrono::milliseconds wall_limit);

}  // namespace judge
