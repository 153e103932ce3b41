#include "compile/toolchain.hpp"

#include <cstdlib>

#include "core/errors.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

std::vector<std::string> Toolchain::compile_command(const fs::path& include, const std::string& source,
                                                    const fs::path& object, const std::string& first) const {
    std::vector<std::string> argv = {cxx};
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.insert(argv.end(), {"-I", include.string()});
    if (!first.empty()) argv.insert(argv.end(), {"-include", precompiled_header, "-include", first});
    argv.insert(argv.end(), {"-c", source, "-o", object.string()});
    return argv;
}

std::vector<std::string> Toolchain::precompile_command(const fs::path& header, const fs::path& out) const {
    std::vector<std::string> argv = {cxx};
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.insert(argv.end(), {"-x", "c++-header", header.string(), "-o", out.string()});
    return argv;
}

std::vector<std::string> Toolchain::link_command(const std::vector<std::string>& objects, const fs::path& exe) const {
    std::vector<std::string> argv = {cxx};
    argv.insert(argv.end(), link_flags.begin(), link_flags.end());
    argv.insert(argv.end(), objects.begin(), objects.end());
    argv.insert(argv.end(), {"-o", exe.string()});
    return argv;
}

ProcessSpec compiler_process(std::vector<std::string> argv, const fs::path& cwd, std::chrono::milliseconds wall_limit) {
    ProcessSpec ps;
    ps.argv = std::move(argv);
    ps.cwd = cwd;
    ps.wall_limit = wall_limit;
    // Its temporary files (cc*.s, cc*.o) go to cwd, a folder the judge removes even when a signal
    // ends the compiler mid-way, never to the judge's TMPDIR, where a killed compiler leaves them.
    ps.env = {{"LC_ALL", "C"}, {"TMPDIR", cwd.string()}};
    return ps;
}

Toolchain detect_toolchain() {
    Toolchain tc;
    const char* cxx = std::getenv("CXX");
    tc.cxx = cxx != nullptr && *cxx != '\0' ? cxx : "g++";
    TempDir tmp("judge-cc");
    ProcessSpec ps = compiler_process({tc.cxx, "--version"}, tmp.path(), std::chrono::seconds(20));
    ps.env.clear();
    ps.stdout_path = tmp.path() / "version";
    const ProcessResult r = run_process(ps);
    if (!r.started || r.exit_code != 0) {
        throw JudgeFailure("cannot run the C++ compiler '" + tc.cxx + "'" +
                           (r.start_error.empty() ? "" : ": " + r.start_error) + " (install g++, or set CXX)");
    }
    const std::string v = read_head(tmp.path() / "version", 4096);
    tc.id = v.substr(0, v.find('\n'));
    tc.flags = {"-std=c++20", "-O2", "-fdiagnostics-color=never", "-fmax-errors=20"};
    if (find_in_path("ld.gold")) tc.link_flags = {"-fuse-ld=gold"};
    return tc;
}

}  // namespace judge
