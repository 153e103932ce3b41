// judge/process/runner.hpp: the one interface through which the judge runs any program.
//
// As ninja passes a CommandRunner, the judge passes a Runner to whoever runs code: the builder, the
// one-test run (runs/program_run.hpp), the in-box test runner. PlainRunner runs trusted programs (the compiler for the
// reference, the reference and the seeded bugs) as plain limited processes. The sandbox tiers
// (sandbox/sandbox.hpp) are the Runners for a submission's code.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "process/process.hpp"

namespace judge {

/// A host path shown inside the box at `inside`; with no `outside`, an empty folder there that can
/// be crossed but not listed.
struct Mount {
    std::filesystem::path outside;
    std::string inside;
    bool writable = false;
};

/// Runs one command under the limits in its spec.
class Runner {
public:
    virtual ~Runner() = default;

    /// Runs `spec`, showing it the `mounts` (a runner without isolation ignores them: the
    /// command then sees the host paths it was given).
    virtual ProcessResult run(ProcessSpec spec, const std::vector<Mount>& mounts) const = 0;

    /// Makes `dir` writable by the user the commands run as.
    virtual void prepare_writable(const std::filesystem::path& dir) const = 0;

    /// A path to `src` (a file or a folder of files) that the commands can read when mounted
    /// from inside `box`.
    virtual std::filesystem::path share(const std::filesystem::path& src, const std::filesystem::path& box) const = 0;
};

/// Trusted code: a plain limited process (run_process), as the judge's own user, no mounts.
class PlainRunner final : public Runner {
public:
    ProcessResult run(ProcessSpec spec, const std::vector<Mount>&) const override { return run_process(spec); }
    void prepare_writable(const std::filesystem::path&) const override {}
    std::filesystem::path share(const std::filesystem::path& src, const std::filesystem::path&) const override {
        return src;
    }
};

}  // namespace judge
