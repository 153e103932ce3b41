#include "pipeline/submission_runs.hpp"

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include <sys/stat.h>

#include "compile/python_build.hpp"
#include "core/errors.hpp"
#include "runs/box_protocol.hpp"
#include "runs/box_runner.hpp"
#include "runs/python_server.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

constexpr long long python_server_mb = 512;  // a server's own memory in its box (torch: about 250 MB)

constexpr const char* out_of_time = "not run: the submission's tests used up their total time";

// A submission's whole test run may take this long: every batch its full limit, plus the time-outs
// before the cutoff, plus a grace. Past it the remaining tests are not run.
std::chrono::milliseconds total_budget(const Problem& p, size_t batch, int max_timeouts, bool python) {
    const auto batches = static_cast<long long>((p.tests.size() + batch - 1) / batch);
    const std::chrono::milliseconds import = python ? python_import_limit : std::chrono::seconds(0);
    return import + std::chrono::milliseconds(
                        (batches + max_timeouts) * p.limits.time_per_test_ms * box::wall_clock_factor + 10000);
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

// Runs every test in one bubblewrap launch, with the judge itself as the runner inside. Returns
// the cutoff; tests before it without a judge_status got no result.
size_t run_in_box(const Problem& p, const fs::path& box, const std::string& out_name, const InputFiles& inputs,
                  const Sandbox& sandbox, size_t batch, const std::vector<std::string>& outs, bool& timed_out) {
    const std::optional<PythonBox> python = python_box(box);
    box::Plan plan;
    if (python) {  // the harness's files as the box sees them: below /box
        const auto inside = [&](const fs::path& f) { return "/box/" + f.lexically_relative(box).string(); };
        plan.python_library = std::string(language_name(python->language));
        plan.python_server = inside(python->server);
        plan.python_table = inside(python->table);
        plan.python_solution = inside(python->solution);
    }
    for (size_t t = 0; t < p.tests.size(); ++t)
        plan.tests.push_back({p.tests[t].id, p.tests[t].function, inputs.name(t), outs[t], random_name()});
    plan.limits = p.limits;
    plan.batch = batch;
    // The plan names every test's folder: it goes through a memfd that only the runner holds.
    const MemFile plan_file("judge-plan", box::encode_plan(plan));
    const fs::path out = box / out_name;
    const fs::path judge_exe = sandbox.share(fs::read_symlink("/proc/self/exe"), box);
    ProcessSpec ps;
    const fs::path program = python ? python->solution : sandbox.exec_only(box / "prog", box);
    ps.argv = box_runner_command(judge_exe, {"/proc/self/fd/" + std::to_string(plan_file.fd()), program, "/in", out});
    ps.inherit_fds = {plan_file.fd()};
    ps.cwd = box;
    ps.stdout_path = box / "runner.out";
    ps.stderr_path = box / "runner.err";
    ps.env = {{"ASAN_OPTIONS", "detect_leaks=0"}};  // an ASan-built judge runs in the box too
    ps.wall_limit = total_budget(p, batch, plan.max_timeouts, python.has_value());
    // The whole box: `batch` tests at their limit side by side, plus the runner and the tmpfs mounts
    // (and a Python server: torch is about 250 MB resident).
    ps.runner.group_memory_mb = static_cast<long long>(p.limits.memory_mb) * static_cast<long long>(batch) + 256 +
                                (python ? python_server_mb : 0);
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
    // Beside it, the runner finds the small client it starts for each Python test.
    if (const fs::path client = python_client_exe(); python && client.filename() == "judge-py-client")
        mounts.push_back({sandbox.share(client, box), "/judge/judge-py-client", false});
    const ProcessResult r = sandbox.run(ps, mounts);
    timed_out = r.timed_out;
    const std::optional<size_t> cut =
        box::decode_cutoff(read_below(box, fs::path(out_name) / box::cutoff_file, 32, ReadPart::head).bytes);
    if (!r.timed_out && (r.exit_code != 0 || !cut)) {
        spdlog::debug("the in-box runner ended early ({}): {}",
                      r.signal != 0 ? describe_signal(r.signal) : "exit " + std::to_string(r.exit_code),
                      printable(read_below(box, "runner.err", 500, ReadPart::tail).bytes));
    } else if (const std::string said = read_below(box, "runner.err", 2000, ReadPart::tail).bytes; !said.empty()) {
        spdlog::debug("the in-box runner said: {}", printable(said));  // a Python server's words, say
    }
    return cut ? std::min(p.tests.size(), *cut) : p.tests.size();
}

}  // namespace

std::string fresh_out_folder(const fs::path& box) {
    // A name no test could have planted: the box may be the box user's to write during a run
    // (the fallback tier), and a link planted here would take the judge's writes elsewhere.
    const std::string name = "out-" + random_name();
    if (::mkdir((box / name).c_str(), 0700) != 0)
        throw JudgeFailure("cannot make " + (box / name).string() + ": " + std::strerror(errno));
    return name;
}

SubmissionRuns run_submission(const Problem& p, const fs::path& box, const InputFiles& inputs, const Sandbox& sandbox,
                              const std::string& out_name) {
    const size_t n = p.tests.size();
    const size_t batch = std::max(2u, std::min(8u, 2 * std::thread::hardware_concurrency()));
    SubmissionRuns s;
    s.runs.resize(n);
    // What the tests may write: each its stdout, stderr and outputs, at most output_kb each.
    const long long out_mb = 16 + static_cast<long long>(n) * 4 * p.limits.output_kb / 1024;
    const fs::path out = box / out_name;
    const std::unique_ptr<BoundedDir> bounded = sandbox.bound_writable(out, out_mb);
    const std::vector<std::string> outs = make_out_folders(sandbox, out, n);
    if (sandbox.tier() == Tier::bubblewrap) {
        bool box_timed_out = false;
        s.cutoff = run_in_box(p, box, out_name, inputs, sandbox, batch, outs, box_timed_out);
        for (size_t t = 0; t < s.cutoff; ++t)
            s.runs[t] = read_finished_run(p.function(p.tests[t].function), box, fs::path(out_name) / outs[t]);
        s.missing_verdict = box_timed_out ? Verdict::time_limit : Verdict::runtime_error;
        s.missing_message = box_timed_out
                                ? out_of_time
                                : "no result: the test runner in the box was stopped (killed by the submission?)";
        return s;
    }
    // The fallback tier: the judge runs each test itself, within the same overall budget as a box,
    // with the same folders: given as descriptors to a program the tests can run but not read.
    const std::optional<PythonBox> python = python_box(box);
    const fs::path prog = python ? python->solution : sandbox.exec_only(box / "prog", box);
    InBox by_descriptor{{}, true, "", nullptr, {}};
    const auto budget = total_budget(p, batch, box::default_max_timeouts, python.has_value());
    std::unique_ptr<PythonServer> server;
    if (python) {  // as in a box: one server, started by the judge in the fallback tier's sandbox
        const std::string library(language_name(python->language));
        server = std::make_unique<PythonServer>(
            sandbox, PythonLaunch{library, python->server.string(), python->table.string(), python->solution.string()},
            p.limits, budget, std::vector<Mount>{{box, "/box", false}}, -1);
        by_descriptor.python = server.get();
        by_descriptor.judge_exe = sandbox.share(python_client_exe(), box);
    }
    const auto deadline = std::chrono::steady_clock::now() + budget;
    s.missing_verdict = Verdict::time_limit;
    s.missing_message = out_of_time;
    s.cutoff = run_in_order(
        n, batch, box::default_max_timeouts,
        [&](size_t t) {
            if (std::chrono::steady_clock::now() >= deadline) return;
            const FunctionSpec& fn = p.function(p.tests[t].function);
            const fs::path dir = fs::path(out_name) / outs[t];
            try {
                execute_test(prog, fn.name, inputs.dir(t), box / dir, p.limits, sandbox, box, by_descriptor);
            } catch (const BoxFolderGone&) {
                TestRun gone;  // an earlier test of the same submission moved or replaced it
                gone.status = TestRun::Status::bad_output;
                gone.detail = "its output folder was moved or replaced (by a link?) before it ran";
                s.runs[t] = gone;
                return;
            }
            s.runs[t] = read_finished_run(fn, box, dir);
        },
        [&](size_t t) { return s.runs[t] && s.runs[t]->hit_time_limit(); });
    return s;
}

}  // namespace judge
