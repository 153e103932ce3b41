// `judge doctor`: what this machine offers for isolation, and the tier `submit` will use.
#include <fmt/core.h>

#include "build/builder.hpp"
#include "cli/commands.hpp"
#include "sandbox/sandbox.hpp"
#include "util/files.hpp"

namespace judge {

int cmd_doctor(const GlobalOptions&) {
    const SandboxProbe p = probe_sandbox();
    fmt::print("{}", doctor_report(p));
    try {
        const Toolchain tc = detect_toolchain();
        fmt::print("compiler:         {} ({}){}\n", tc.cxx, tc.id, tc.link_flags.empty() ? "" : ", links with gold");
    } catch (const std::exception& e) {
        fmt::print("compiler:         not usable: {}\n", e.what());
        return 3;
    }
    fmt::print("cache:            {}\n", cache_root().string());
    return 0;
}

}  // namespace judge
