#include "runs/box_runner.hpp"

#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include <algorithm>
#include <memory>

#include "process/cgroup.hpp"
#include "process/runner.hpp"
#include "runs/batch_run.hpp"
#include "runs/box_protocol.hpp"
#include "runs/launcher.hpp"
#include "runs/program_run.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;

size_t run_in_order(size_t n, size_t batch, int max_timeouts, const std::function<void(size_t)>& run,
                    const std::function<bool(size_t)>& timed_out, size_t phase_end,
                    const std::function<void()>& at_phase_end, size_t feedback_from) {
    size_t cutoff = n;
    int timeouts = 0;
    int feedback_timeouts = 0;
    const auto feedback = [&](size_t t) { return t >= feedback_from && t < phase_end; };
    for (size_t start = 0; start < cutoff;) {
        size_t end = std::min(cutoff, start + batch);
        if (start < phase_end && end > phase_end) end = phase_end;  // no batch spans both phases
        parallel_for(end - start, static_cast<unsigned>(end - start), [&](size_t i) { run(start + i); });
        size_t next = end;
        for (size_t t = start; t < end && cutoff == n; ++t) {
            if (!timed_out(t)) continue;
            if (!feedback(t)) {
                if (++timeouts >= max_timeouts) cutoff = t + 1;
            } else if (++feedback_timeouts == max_timeouts) {
                next = std::max(end, phase_end);  // the other feedback cases are skipped; the grade goes on
            }
        }
        start = next;
        if (start == phase_end && start < cutoff && at_phase_end) at_phase_end();
    }
    return cutoff;
}

size_t feedback_cutoff(size_t from, size_t to, int max_timeouts, const std::function<bool(size_t)>& timed_out) {
    int timeouts = 0;
    for (size_t t = from; t < to; ++t)
        if (timed_out(t) && ++timeouts == max_timeouts) return t + 1;
    return to;
}

bool end_first_phase(int fd) {
    const char done = 'd';
    if (::send(fd, &done, 1, MSG_NOSIGNAL) != 1) return false;
    char go = 0;
    ssize_t k = 0;
    do k = ::recv(fd, &go, 1, 0);
    while (k < 0 && errno == EINTR);
    return k >= 0;
}

std::optional<std::vector<std::pair<size_t, std::string>>> ask_again(int fd, size_t tests) {
    const char done = 'e';
    if (::send(fd, &done, 1, MSG_NOSIGNAL) != 1) return std::nullopt;
    std::string text;
    char buf[4096];
    while (text.size() < (tests + 1) * 64) {  // the judge's answer ends where it shuts its side
        const ssize_t k = ::recv(fd, buf, sizeof buf, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        text.append(buf, static_cast<size_t>(k));
    }
    return box::decode_again(text, tests);
}

std::vector<std::string> box_runner_command(const fs::path& judge_exe, const BoxRunPaths& paths) {
    return {judge_exe.string(), "__box-run", "--plan",          paths.plan.string(), "--in",
            paths.in.string(),  "--out",     paths.out.string()};
}

namespace {

const std::string& program_of(const box::Plan& plan, size_t t) {
    return plan.tests[t].program.empty() ? plan.launch.program : plan.tests[t].program;
}

// Runs the plan's tests [from, to) under `limits`, consecutive tests of one program in one process,
// at most ceil((to - from) / batch) of them so that one program's tests still run `batch` processes
// side by side (runs/batch_run.hpp). Returns which tests it kept (char: stored from several
// threads); a test it did not keep has no judge_status.
std::vector<char> run_batches(const box::Plan& plan, const BoxRunPaths& paths, const Runner& runner, size_t from,
                              size_t to, const Limits& limits) {
    std::vector<char> kept(plan.tests.size(), 0);
    const size_t most = std::max<size_t>(1, (to - from + plan.batch - 1) / plan.batch);
    std::vector<std::pair<size_t, size_t>> groups;  // [first, end)
    for (size_t t = from; t < to;) {
        size_t end = t + 1;
        while (end < to && end - t < most && program_of(plan, end) == program_of(plan, t)) ++end;
        groups.emplace_back(t, end);
        t = end;
    }
    parallel_for(groups.size(), static_cast<unsigned>(plan.batch), [&](size_t g) {
        const auto [first, end] = groups[g];
        std::vector<BatchTest> tests;
        for (size_t t = first; t < end; ++t)
            tests.push_back({plan.tests[t].function, paths.in / plan.tests[t].dir, paths.out / plan.tests[t].out});
        InBox in_box;
        in_box.cgroup = plan.tests[first].cgroup;
        const std::vector<bool> batch = execute_batch(program_of(plan, first), tests, limits, runner, in_box);
        kill_adopted_orphans();
        for (size_t i = 0; i < tests.size(); ++i) kept[first + i] = batch[i] ? 1 : 0;
    });
    return kept;
}

// A box of course programs (Plan::together): all its tests in batches. A test a batch did not
// keep has no judge_status, and the judge runs it again alone; every test counts as run (the
// cutoff is the end).
int run_together(const box::Plan& plan, const BoxRunPaths& paths, const Runner& runner) {
    const fs::path cutoff_file = paths.out / box::cutoff_file;
    box::reserve(cutoff_file);
    run_batches(plan, paths, runner, 0, plan.tests.size(), plan.limits);
    return box::write_reserved(cutoff_file, box::encode_cutoff(plan.tests.size())) ? 0 : 1;
}

// A built program's feedback cases (each test its own exec otherwise) in batches, before the other
// tests, each batch at a quarter of a case's time (a counterexample is a small input): a case costs
// at most that more than its own run. Returns which it kept; the others' folders are emptied, for
// their run alone.
std::vector<char> feedback_together(const box::Plan& plan, const BoxRunPaths& paths, const Runner& runner) {
    const size_t from = plan.feedback_from, to = plan.first_phase;
    if (plan.launch.kind != LaunchSpec::Kind::exec || from >= to || to > plan.tests.size())
        return std::vector<char>(plan.tests.size(), 0);
    Limits quick = box::feedback_limits(plan.limits);
    quick.time_per_test_ms = std::max(1, quick.time_per_test_ms / 4);
    const std::vector<char> kept = run_batches(plan, paths, runner, from, to, quick);
    for (size_t t = from; t < to; ++t)
        if (!kept[t]) empty_folder(paths.out / plan.tests[t].out);
    // On the runner's stderr, which the judge logs at -vv ("the in-box runner said").
    std::fprintf(stderr, "feedback cases: %zu of %zu kept from batches\n",
                 static_cast<size_t>(std::count(kept.begin(), kept.end(), 1)), to - from);
    return kept;
}

// Plan::again: the tests the judge names run once more, each into its new folder, at the tests'
// limits, in the box's cgroup (a test's own holds its first run's CPU time). The box's shared
// places are emptied first, as the judge empties out/ of all but the tests' folders: nothing a
// hidden test left there reaches a second run (whose outcome a report says). When one cannot be
// emptied (a test took its permissions away), nothing runs again: the judge then says less.
void run_again(const box::Plan& plan, const BoxRunPaths& paths, const Runner& runner, const InBox& in_box) {
    const auto again = ask_again(plan.phase_fd, plan.tests.size());
    if (!again || again->empty()) return;
    for (const fs::path& place : in_box.also_bounded) {
        empty_folder(place);
        std::error_code ec;
        if (!fs::is_empty(place, ec) || ec) {
            std::fprintf(stderr, "not run again: %s could not be emptied\n", place.c_str());
            return;
        }
    }
    std::vector<box::TestStatus> statuses(again->size());
    run_in_order(
        again->size(), plan.batch, plan.max_timeouts,
        [&](size_t i) {
            const auto& [t, out] = (*again)[i];
            statuses[i] = execute_test(program_of(plan, t), plan.tests[t].function, paths.in / plan.tests[t].dir,
                                       paths.out / out, plan.limits, runner, {}, in_box);
            kill_adopted_orphans();
        },
        [&](size_t i) { return statuses[i].hit_time_limit(); });
}

}  // namespace

int run_box(const BoxRunPaths& paths) {
    ::prctl(PR_SET_DUMPABLE, 0);         // tests run as the same uid: they must not ptrace the runner
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);  // and what they leave behind is killed after each test
    const box::Plan plan = box::decode_plan(read_file(paths.plan));
    // Already inside the box. Where the judge made each test a cgroup of its own, the test joins it
    // (process/cgroup.hpp): its memory limit and its CPU time are its own processes' together.
    std::unique_ptr<Runner> runner = std::make_unique<PlainRunner>();
    if (::access(box_memory_cgroup, X_OK) == 0)
        runner = std::make_unique<CgroupRunner>(box_memory_cgroup, box_cpuacct_cgroup);
    if (plan.together) return run_together(plan, paths, *runner);
    const auto test_dir = [&](const fs::path& root, size_t t) { return root / plan.tests[t].dir; };
    // What the launch needs before any test (a Python fork server), started in the box's cgroup: its
    // start is not any test's time. Its words go to the runner's stderr (runner.err).
    const PlainRunner plain;
    const size_t runs = plan.tests.size() * (plan.again ? 2 : 1);  // a test run again, at most once
    const Launcher launcher(plan.launch, plain, plan.limits, launcher_wall(plan.limits, runs, plan.batch), {}, 2);
    const InBox in_box{{"/tmp", "/dev/shm"}, true, "", &launcher, nullptr};
    std::vector<box::TestStatus> statuses(plan.tests.size());
    const fs::path cutoff_file = paths.out / box::cutoff_file;
    box::reserve(cutoff_file);
    const Limits fed = box::feedback_limits(plan.limits);
    const auto feedback = [&](size_t t) { return t >= plan.feedback_from && t < plan.first_phase; };
    const std::vector<char> kept = feedback_together(plan, paths, *runner);
    const size_t cutoff = run_in_order(
        plan.tests.size(), plan.batch, plan.max_timeouts,
        [&](size_t t) {
            if (kept[t]) {  // run in a batch: exited 0, well within its time
                statuses[t] = {box::TestStatus::Kind::exited, 0, {}};
                return;
            }
            InBox this_test = in_box;
            this_test.cgroup = plan.tests[t].cgroup;
            statuses[t] =
                execute_test(program_of(plan, t), plan.tests[t].function, test_dir(paths.in, t),
                             paths.out / plan.tests[t].out, feedback(t) ? fed : plan.limits, *runner, {}, this_test);
            kill_adopted_orphans();
        },
        [&](size_t t) { return statuses[t].hit_time_limit(); }, plan.phase_fd >= 0 ? plan.first_phase : 0,
        [&] { end_first_phase(plan.phase_fd); }, plan.feedback_from);
    const bool written = box::write_reserved(cutoff_file, box::encode_cutoff(cutoff));
    if (plan.again && plan.phase_fd >= 0) run_again(plan, paths, *runner, in_box);
    return written ? 0 : 1;
}

}  // namespace judge
