#include "sandbox/sandbox.hpp"

#include <sys/prctl.h>

namespace judge {

Sandbox::Sandbox(SandboxProbe probe) : m_probe(std::move(probe)) { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

std::string Sandbox::warning() const {
    if (m_probe.tier == Tier::bubblewrap) return "";
    return "the submission runs WITHOUT isolation (fallback tier: " +
           (m_probe.forced.empty() ? m_probe.bwrap_error : m_probe.forced) + "); run `judge doctor` for details";
}

std::unique_ptr<Sandbox> make_sandbox(SandboxProbe probe) {
    return probe.tier == Tier::bubblewrap ? make_bubblewrap_sandbox(std::move(probe))
                                          : make_fallback_sandbox(std::move(probe));
}

}  // namespace judge
