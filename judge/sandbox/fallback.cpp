// The fallback tier: see the theory of operation in sandbox/sandbox.hpp. Not isolated.
#include "sandbox/sandbox.hpp"
#include "sandbox/seccomp.hpp"

namespace judge {

namespace {

class FallbackSandbox final : public Sandbox {
public:
    FallbackSandbox(SandboxProbe probe, std::shared_ptr<UidLease> lease)
        : Sandbox(std::move(probe), std::move(lease)) {}

    std::unique_ptr<Sandbox> for_one_box() const override {
        return std::make_unique<FallbackSandbox>(m_probe, lease_for_box());
    }

    ProcessResult run(ProcessSpec spec, const std::vector<Mount>&) const override {
        spec.clear_env = true;
        spec.env.insert(spec.env.begin(), {{"PATH", "/usr/bin:/bin"}, {"LC_ALL", "C"}});
        drop_root(spec);  // never root: the cache and the trusted runs stay out of reach
        spec.seccomp_filter = seccomp_program();
        const RunCgroup cg(m_probe.cgroups, max_processes, spec.runner.group_memory_mb);
        spec.join_cgroups = cg.procs_files();
        spec.cpu_usage_file = cg.cpu_usage_file();  // every process of the test counts, waited for or not
        ProcessResult r = run_process(spec);
        r.oom_kills = cg.oom_kills();
        r.memory_at_limit = cg.memory_at_limit();
        kill_adopted_orphans();  // orphans that left the process group with setsid
        return r;
    }
};

}  // namespace

std::unique_ptr<Sandbox> make_fallback_sandbox(SandboxProbe probe) {
    return std::make_unique<FallbackSandbox>(std::move(probe), nullptr);
}

}  // namespace judge
