#include "pipeline/submission_runs.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <thread>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <functional>
#include <optional>

#include "core/errors.hpp"
#include "pipeline/box_check.hpp"
#include "pipeline/phase_watch.hpp"
#include "process/run_delay.hpp"
#include "runs/box_protocol.hpp"
#include "runs/box_runner.hpp"
#include "runs/launcher.hpp"
#include "runs/run_files.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

constexpr const char* out_of_time = "not run: the submission's tests used up their total time";

// A submission's whole test run may take this long: every batch its full limit, plus the time-outs
// before the cutoff, plus a grace. Past it the remaining tests are not run.
std::chrono::milliseconds total_budget(const Problem& p, size_t tests, size_t batch, int max_timeouts,
                                       const LaunchSpec& launch) {
    const auto batches = static_cast<long long>((tests + batch - 1) / batch);
    return launch_start_time(launch) +
           std::chrono::milliseconds((batches + max_timeouts) * p.limits.time_per_test_ms * box::wall_clock_factor +
                                     10000);
}

// The budget above is counted net of the time the box waited for a CPU (process/run_delay.hpp), so
// that a busy machine does not cut a correct submission's tests. Two backstops bound a box that
// keeps its tasks waiting on purpose (many spinning threads, its runner stopped): its CPU time, at
// most every test at its limit plus the cutoff's and a grace; and plain wall time, this many budgets.
constexpr int wall_cap_budgets = 4;

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

bool past(const std::optional<std::chrono::steady_clock::time_point>& deadline) {
    return deadline && std::chrono::steady_clock::now() >= *deadline;
}

// Makes each test's output folder below `out` under a fresh random name, as the judge, for the
// box's user (0700): no test makes, or can foresee, another's folder.
std::vector<std::string> make_out_folders(const Sandbox& sandbox, const fs::path& out, size_t n) {
    std::vector<std::string> names;
    for (size_t t = 0; t < n; ++t) {
        names.push_back(random_name());
        sandbox.make_box_folder(out, names.back());
    }
    return names;
}

// Earlier runs' output folders in the box ("out", "out-<random>"), hidden from this run under an
// empty folder: a test of a later run (a counterexample's) finds nothing an earlier one left.
std::vector<Mount> hide_other_outs(const fs::path& box, const std::string& out_name) {
    std::vector<Mount> hide;
    const fs::path empty = box / "empty";
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(box, ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("out", 0) != 0 || name == out_name || !e.is_directory(ec) || e.is_symlink(ec)) continue;
        if (hide.empty() && ::mkdir(empty.c_str(), 0555) != 0 && errno != EEXIST)
            throw JudgeFailure("cannot make " + empty.string() + ": " + std::strerror(errno));
        hide.push_back({empty, "/box/" + name, false});
    }
    if (!hide.empty() && (fs::is_symlink(empty, ec) || !fs::is_directory(empty, ec)))
        throw JudgeFailure(empty.string() + ": not a folder");
    return hide;
}

// Whether any run of `s` could not start its program (TestRun::not_started).
bool any_not_started(const SubmissionRuns& s) {
    for (const auto* runs : {&s.runs, &s.feedback})
        for (const std::optional<TestRun>& run : *runs)
            if (run && run->not_started) return true;
    return false;
}

}  // namespace

BoxEnd run_in_box(const Problem& p, const fs::path& box, const LaunchSpec& launch, const RunSettings& options,
                  const InputFiles& inputs, const Sandbox& sandbox, size_t batch, std::vector<box::PlannedTest> tests,
                  size_t first_phase, size_t feedback_from, const std::function<void()>& at_phase_end,
                  int max_timeouts) {
    const std::string& out_name = options.out_name;
    box::Plan plan;
    plan.launch = launch.seen_at(box.string(), "/box");  // its files as the box sees them
    plan.tests = std::move(tests);
    plan.limits = p.limits;
    plan.batch = batch;
    plan.max_timeouts = max_timeouts;
    plan.together = options.together;
    std::optional<PhaseWatch> phases;
    if (first_phase > 0) {
        phases.emplace(at_phase_end);
        plan.first_phase = first_phase;
        plan.phase_fd = phases->runner_fd();
        plan.feedback_from = feedback_from;
    }
    // The plan names every test's folder: it goes through a memfd that only the runner holds.
    const MemFile plan_file("judge-plan", box::encode_plan(plan));
    const fs::path out = box / out_name;
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
    const int timeouts = plan.max_timeouts * (plan.feedback_from < plan.first_phase ? 2 : 1);
    ps.wall_limit = total_budget(p, plan.tests.size(), batch, timeouts, launch);
    ps.wall_cap = wall_cap_budgets * ps.wall_limit;
    if (options.deadline) ps.wall_cap = std::min(ps.wall_cap, until(*options.deadline));
    ps.cpu_limit = total_cpu_budget(p, plan.tests.size(), timeouts, launch);
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
                                 {out, "/box/" + out_name, true},
                                 {inputs.root(), "/in", false},
                                 {judge_exe, "/judge/judge", false}};
    for (const Mount& m : hide_other_outs(box, out_name)) mounts.push_back(m);
    // Beside it, the runner finds the small client it starts for each Python test.
    for (const Mount& m : launch_mounts(launch, sandbox, box)) mounts.push_back(m);
    const ProcessResult r = sandbox.run(ps, mounts);
    phases.reset();  // the runner is gone: its phase socket too
    BoxEnd end;
    end.timed_out = r.timed_out || r.cpu_limited;
    const std::optional<size_t> cut =
        box::decode_cutoff(read_below(box, fs::path(out_name) / box::cutoff_file, 32, ReadPart::head).bytes);
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

size_t tests_side_by_side() { return std::max(2u, std::min(8u, 2 * std::thread::hardware_concurrency())); }

long long out_folder_mb(const Problem& p, size_t tests) {
    return 16 + static_cast<long long>(tests) * 4 * p.limits.output_kb / 1024;
}

std::string fresh_out_folder(const fs::path& box) {
    // A name no test could have planted: the box may be the box user's to write during a run
    // (the fallback tier), and a link planted here would take the judge's writes elsewhere.
    const std::string name = "out-" + random_name();
    if (::mkdir((box / name).c_str(), 0700) != 0)
        throw JudgeFailure("cannot make " + (box / name).string() + ": " + std::strerror(errno));
    return name;
}

std::vector<size_t> run_order(const Problem& p, size_t& first_phase, size_t feedback) {
    std::vector<size_t> order;
    for (size_t t = 0; t < p.tests.size(); ++t)
        if (!p.tests[t].hidden) order.push_back(t);
    const bool hidden = order.size() < p.tests.size();
    for (size_t k = 0; hidden && k < feedback; ++k) order.push_back(p.tests.size() + k);
    first_phase = hidden ? order.size() : 0;
    for (size_t t = 0; t < p.tests.size(); ++t)
        if (p.tests[t].hidden) order.push_back(t);
    return order;
}

SubmissionRuns run_submission(const Problem& p, const fs::path& box, const LaunchSpec& launch, const InputFiles& inputs,
                              const Sandbox& sandbox, const RunSettings& options) {
    const std::string& out_name = options.out_name;
    const FeedbackCases& feedback = options.feedback;
    const size_t n = p.tests.size();
    const size_t batch = tests_side_by_side();
    size_t first_phase = 0;
    const std::vector<size_t> order = run_order(p, first_phase, feedback.cases ? feedback.cases->tests.size() : 0);
    const size_t all = order.size();  // the tests, and the feedback cases when they run
    // Slot k: test k, or feedback case k - n.
    const auto spec = [&](size_t k) -> const TestSpec& { return k < n ? p.tests[k] : feedback.cases->tests[k - n]; };
    const auto input_name = [&](size_t k) { return k < n ? inputs.name(k) : feedback.inputs->name(k - n); };
    const size_t samples =
        static_cast<size_t>(std::count_if(p.tests.begin(), p.tests.end(), [](const TestSpec& t) { return !t.hidden; }));
    const size_t feedback_from = all > n ? samples : SIZE_MAX;
    SubmissionRuns s;
    s.runs.resize(n);
    s.cut.assign(n, false);
    s.feedback.resize(all - n);
    std::vector<char> ran_out(
        all, 0);  // (char: stored from several threads)  // by position: the slot's run hit a time limit
    const auto cut_from = [&](size_t position) {
        for (size_t i = position; i < all; ++i) {
            if (order[i] < n)
                s.cut[order[i]] = true;
            else
                s.feedback[order[i] - n].reset();
        }
    };
    const auto store = [&](size_t i, std::optional<TestRun> run) {
        ran_out[i] = run && run->hit_time_limit() ? 1 : 0;
        if (order[i] < n)
            s.runs[order[i]] = std::move(run);
        else
            s.feedback[order[i] - n] = std::move(run);
    };
    // Only the feedback cases that run_in_order's rule lets count (never scheduling).
    const auto drop_late_feedback = [&] {
        if (feedback_from == SIZE_MAX) return;
        const size_t end = feedback_cutoff(feedback_from, first_phase, box::default_max_timeouts,
                                           [&](size_t i) { return static_cast<bool>(ran_out[i]); });
        for (size_t i = end; i < first_phase; ++i) s.feedback[order[i] - n].reset();
    };
    // What the tests may write: each its stdout, stderr and outputs, at most output_kb each.
    const long long out_mb = out_folder_mb(p, all);
    const fs::path out = box / out_name;
    const std::unique_ptr<BoundedDir> bounded = sandbox.bound_writable(out, out_mb);
    const std::vector<std::string> outs = make_out_folders(sandbox, out, all);  // by slot
    if (past(options.deadline)) {  // nothing more may run: no test has a result
        s.missing_verdict = Verdict::time_limit;
        s.missing_message = deadline_words;
        return s;
    }
    if (sandbox.tier() == Tier::bubblewrap) {
        // Tests [0, read_up_to) of `order` were read at the phase end: the sample tests and the
        // feedback cases, while the runner waited and before any hidden test started. The rest are
        // read once the box has ended.
        size_t read_up_to = 0;
        const auto read_runs = [&](size_t to) {
            for (; read_up_to < to; ++read_up_to) {
                const size_t k = order[read_up_to];
                store(read_up_to, read_finished_run(p.function(spec(k).function), box, fs::path(out_name) / outs[k]));
            }
        };
        std::vector<box::PlannedTest> planned;
        for (const size_t k : order)
            planned.push_back({spec(k).id, spec(k).function, input_name(k), outs[k], random_name(), ""});
        const BoxEnd end = run_in_box(p, box, launch, options, inputs, sandbox, batch, std::move(planned), first_phase,
                                      feedback_from, [&] { read_runs(first_phase); });
        read_runs(end.cutoff);
        cut_from(end.cutoff);
        drop_late_feedback();
        // A runner that ended early, or a program that did not start, may be the box's failure, not
        // the submission's: the judge's own program tells (a JudgeFailure when it cannot start either).
        if (end.ended_early || any_not_started(s)) confirm_box_starts(sandbox, p.limits);
        s.missing_verdict = end.timed_out ? Verdict::time_limit : Verdict::runtime_error;
        s.missing_message = end.timed_out
                                ? (past(options.deadline) ? deadline_words : out_of_time)
                                : "no result: the test runner in the box was stopped (killed by the submission?)";
        return s;
    }
    // The fallback tier: the judge runs each test itself, within the same overall budget as a box,
    // with the same folders: given as descriptors to a program the tests can run but not read.
    const int timeouts = box::default_max_timeouts * (feedback_from == SIZE_MAX ? 1 : 2);
    const auto budget = total_budget(p, all, batch, timeouts, launch);
    // As in a box: what the launch needs first (a Python server), started by the judge in the sandbox.
    // The tests it starts write only their own output folders (Landlock, in this tier, goes by the
    // folders named here, whatever descriptors a test is handed).
    const Launcher launcher(launch, sandbox, p.limits, budget,
                            {{box, "/box", false}, {out, "/box/" + out_name, true}, {inputs.root(), "/in", false}}, -1,
                            box);
    InBox by_descriptor{{}, true, "", &launcher, nullptr};
    // The same budget as a box's: net of the time its tests waited for a CPU, within a plain cap.
    StarvedClock starved;
    by_descriptor.starved = &starved;
    const auto start = std::chrono::steady_clock::now();
    std::atomic<bool> deadline_hit = false;  // (set from the tests' threads)
    const auto out_of_budget = [&] {
        const auto spent = std::chrono::steady_clock::now() - start;
        if (past(options.deadline)) deadline_hit = true;
        return deadline_hit || spent - starved.starved() >= budget || spent >= wall_cap_budgets * budget;
    };
    s.missing_verdict = Verdict::time_limit;
    s.missing_message = out_of_time;
    const size_t cutoff = run_in_order(
        all, batch, box::default_max_timeouts,
        [&](size_t i) {
            const size_t k = order[i];
            if (out_of_budget()) return;
            const FunctionSpec& fn = p.function(spec(k).function);
            const fs::path dir = fs::path(out_name) / outs[k];
            const fs::path in = k < n ? inputs.dir(k) : feedback.inputs->dir(k - n);
            const bool fed = i >= feedback_from && i < first_phase;
            try {
                execute_test(launch.program, fn.name, in, box / dir, fed ? box::feedback_limits(p.limits) : p.limits,
                             sandbox, box, by_descriptor);
            } catch (const BoxFolderGone&) {
                TestRun gone;  // an earlier test of the same submission moved or replaced it
                gone.status = TestRun::Status::bad_output;
                gone.detail = "its output folder was moved or replaced (by a link?) before it ran";
                store(i, gone);
                return;
            }
            store(i, read_finished_run(fn, box, dir));
        },
        [&](size_t i) { return static_cast<bool>(ran_out[i]); }, first_phase, {}, feedback_from);
    cut_from(cutoff);
    drop_late_feedback();
    if (any_not_started(s)) confirm_box_starts(sandbox, p.limits);
    if (deadline_hit) s.missing_message = deadline_words;
    return s;
}

}  // namespace judge
