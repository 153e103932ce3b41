// The fallback tier: see the theory of operation in sandbox/sandbox.hpp. Not isolated.
#include <unistd.h>

#include <algorithm>

#include "sandbox/landlock.hpp"
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

    ProcessResult run(ProcessSpec spec, const std::vector<Mount>& mounts) const override {
        spec.clear_env = true;
        spec.env.insert(spec.env.begin(), {{"PATH", "/usr/bin:/bin"}, {"LC_ALL", "C"}});
        // The host's /tmp is closed to the box (below): its temporary files go to its own folder.
        const auto tmpdir = std::find_if(mounts.begin(), mounts.end(), [](const Mount& m) { return m.writable; });
        const bool has_tmpdir =
            std::any_of(spec.env.begin(), spec.env.end(), [](const auto& kv) { return kv.first == "TMPDIR"; });
        if (tmpdir != mounts.end() && !has_tmpdir) spec.env.emplace_back("TMPDIR", tmpdir->outside.string());
        drop_root(spec);  // never root: the cache and the trusted runs stay out of reach
        // Files: its own folders, the host read-only, the places anyone may write closed.
        const struct Ruleset {
            int fd;
            ~Ruleset() {
                if (fd >= 0) ::close(fd);
            }
        } ruleset{landlock_ruleset(mounts)};
        spec.landlock_ruleset_fd = ruleset.fd;
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
