// `judge doctor`: what this machine offers for isolation, and the tier `submit` will use.
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "compile/toolchain.hpp"
#include "core/cache.hpp"
#include "pipeline/box_check.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

int cmd_doctor(const GlobalOptions&) {
    const SandboxProbe p = probe_sandbox();
    fmt::print("{}", doctor_report(p));
    // A real program in a real box, as a test is started: a box that starts nothing fails every test.
    try {
        const std::chrono::milliseconds took = confirm_box_starts(*make_sandbox(p), Limits{});
        fmt::print("box check:        starts a program as a test is started ({} ms)\n", took.count());
    } catch (const std::exception& e) {
        fmt::print("box check:        FAILED: {}\n", e.what());
        return code(ExitCode::judge_error);
    }
    try {
        const Toolchain tc = detect_toolchain();
        fmt::print("compiler:         {} ({}){}\n", tc.cxx, tc.id, tc.link_flags.empty() ? "" : ", links with gold");
    } catch (const std::exception& e) {
        fmt::print("compiler:         not usable: {}\n", e.what());
        return code(ExitCode::judge_error);
    }
    fmt::print("cache:            {}\n", cache_root().string());
    return code(ExitCode::ok);
}

CLI::App* add_doctor(CLI::App& app) {
    return app.add_subcommand(
        "doctor",
        "Show what this machine offers for isolating submissions (bubblewrap, user namespaces, cgroups,\n"
        "the uid) and which sandbox tier submit will use. --sandbox fallback or bubblewrap (or\n"
        "JUDGE_SANDBOX) forces one. It starts a program in a box, as a test is started, and exits 3\n"
        "when that fails.");
}

}  // namespace judge
