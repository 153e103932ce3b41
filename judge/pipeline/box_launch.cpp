#include "pipeline/box_launch.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <thread>

#include "pipeline/phase_watch.hpp"
#include "runs/box_runner.hpp"
#include "runs/launcher.hpp"
#include "runs/run_files.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

std::chrono::milliseconds total_budget(const Problem& p, size_t tests, size_t batch, int max_timeouts,
                                       const LaunchSpec& launch) {
    const auto batches = static_cast<long long>((tests + batch - 1) / batch);
    return launch_start_time(launch) +
           std::chrono::milliseconds((batches + max_timeouts) * p.limits.time_per_test_ms * box::wall_clock_factor +
                                     10000);
}

namespace {

// The CPU time backstop (wall_cap_budgets): every test at its limit, the cutoff's time-outs and a grace.
std::chrono::milliseconds total_cpu_budget(const Problem& p, size_t count, int max_timeouts, const LaunchSpec& launch) {
    const auto tests = static_cast<long long>(count) + max_timeouts;
    return launch_start_time(launch) + std::chrono::milliseconds(tests * p.limits.time_per_test_ms + 10000);
}

// The time left until `deadline`, at least 1 ms (a run that is given none is not started).
std::chrono::milliseconds until(std::chrono::steady_clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    return std::max(left, std::chrono::milliseconds(1));
}

}  // namespace

BoxEnd run_in_box(const Problem& p, const fs::path& box, const LaunchSpec& launch, const InputFiles& inputs,
                  const Sandbox& sandbox, size_t batch, std::vector<box::PlannedTest> tests, const BoxRun& rounds,
                  int max_timeouts) {
    box::Plan plan;
    plan.launch = launch.seen_at(box.string(), "/box");  // its files as the box sees them
    plan.tests = std::move(tests);
    plan.limits = p.limits;
    plan.batch = batch;
    plan.max_timeouts = max_timeouts;
    plan.together = rounds.together;
    std::optional<PhaseWatch> phases;
    if (rounds.first_phase > 0 || rounds.at_last) {
        phases.emplace(rounds.at_phase_end, rounds.at_last);
        plan.first_phase = rounds.first_phase;
        plan.phase_fd = phases->runner_fd();
        plan.feedback_from = rounds.first_phase > 0 ? rounds.feedback_from : SIZE_MAX;
        plan.again = static_cast<bool>(rounds.at_last);
    }
    // The plan names every test's folder: it goes through a memfd that only the runner holds.
    const MemFile plan_file("judge-plan", box::encode_plan(plan));
    const fs::path out = box / box_out;
    const fs::path judge_exe = sandbox.share(fs::read_symlink("/proc/self/exe"), box);
    ProcessSpec ps;
    ps.argv = box_runner_command(judge_exe, {"/proc/self/fd/" + std::to_string(plan_file.fd()), "/in", out});
    ps.inherit_fds = {plan_file.fd()};
    if (phases) ps.inherit_fds.push_back(phases->runner_fd());
    ps.cwd = box;
    ps.stdout_path = box / "runner.out";
    ps.stderr_path = box / "runner.err";
    ps.env = {{"ASAN_OPTIONS", "detect_leaks=0"}};  // an ASan-built judge runs in the box too
    // The feedback cases may time out as often as the graded tests before they are skipped.
    // A last round runs each test again at most once, and stops after as many time-outs.
    const int timeouts = plan.max_timeouts * ((plan.feedback_from < plan.first_phase ? 2 : 1) + (plan.again ? 1 : 0));
    const size_t fed = plan.feedback_from < plan.first_phase ? plan.first_phase - plan.feedback_from : 0;
    const size_t runs = plan.tests.size() + (plan.again ? plan.tests.size() - fed : 0);
    ps.wall_limit = total_budget(p, runs, batch, timeouts, launch);
    ps.wall_cap = wall_cap_budgets * ps.wall_limit;
    if (rounds.deadline) ps.wall_cap = std::min(ps.wall_cap, until(*rounds.deadline));
    ps.cpu_limit = total_cpu_budget(p, runs, timeouts, launch);
    // The whole box: `batch` tests at their limit side by side, plus the runner and the tmpfs mounts
    // (and a Python server: torch is about 250 MB resident).
    ps.runner.group_memory_mb =
        static_cast<long long>(p.limits.memory_mb) * static_cast<long long>(batch) + 256 + launch_memory_mb(launch);
    // Each test's own cgroup, made by the judge under a name only the plan holds (process/cgroup.hpp).
    for (const box::PlannedTest& t : plan.tests) ps.runner.test_cgroups.push_back(t.cgroup);
    ps.runner.test_memory_mb = p.limits.memory_mb;
    // Smaller than a test's memory limit (tmpfs pages count against it): filling /tmp is a full
    // folder, output_limit, never the OOM killer first.
    ps.runner.tmp_mb = std::max(16, p.limits.memory_mb / 4);
    // The box is read-only now, but for the output folder (a bounded tmpfs, when root). The
    // session's inputs are one mount at /in, which can be crossed, not listed: the mount table
    // names no test, and each test's folder has a random name that only the plan holds.
    std::vector<Mount> mounts = {{box, "/box", false},
                                 {out, std::string("/box/") + box_out, true},
                                 {inputs.root(), "/in", false},
                                 {judge_exe, "/judge/judge", false}};
    // Beside it, the runner finds the small client it starts for each Python test.
    for (const Mount& m : launch_mounts(launch, sandbox, box)) mounts.push_back(m);
    const ProcessResult r = sandbox.run(ps, mounts);
    phases.reset();  // the runner is gone: its phase socket too
    BoxEnd end;
    end.timed_out = r.timed_out || r.cpu_limited;
    const std::optional<size_t> cut = read_cutoff(box);
    end.ended_early = !end.timed_out && (!r.started || r.exit_code != 0 || r.signal != 0 || !cut);
    end.said = printable(r.started ? read_below(box, "runner.err", 500, ReadPart::tail).bytes : r.start_error);
    if (end.ended_early) {
        spdlog::debug("the in-box runner ended early ({}): {}",
                      r.signal != 0 ? describe_signal(r.signal) : "exit " + std::to_string(r.exit_code), end.said);
    } else if (!end.said.empty()) {
        spdlog::debug("the in-box runner said: {}", end.said);  // a Python server's words, say
    }
    end.cutoff = cut ? std::min(plan.tests.size(), *cut) : plan.tests.size();
    return end;
}

std::optional<size_t> read_cutoff(const fs::path& box) {
    return box::decode_cutoff(read_below(box, fs::path(box_out) / box::cutoff_file, 32, ReadPart::head).bytes);
}

size_t tests_side_by_side() { return std::max(2u, std::min(8u, 2 * std::thread::hardware_concurrency())); }

long long out_folder_mb(const Problem& p, size_t tests) {
    return 16 + static_cast<long long>(tests) * 4 * p.limits.output_kb / 1024;
}

}  // namespace judge
