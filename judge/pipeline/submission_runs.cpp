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
#include <set>

#include "core/errors.hpp"
#include "pipeline/box_check.hpp"
#include "pipeline/box_launch.hpp"
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

// Removes from `out` every entry but `planned` folders and the cutoff: whatever a test wrote under
// a name of its own. False when one is still there.
bool only_planned(const fs::path& out, const std::vector<std::string>& planned) {
    std::set<std::string> keep(planned.begin(), planned.end());
    keep.insert(box::cutoff_file);
    std::error_code ec;
    std::vector<fs::path> planted;
    for (const fs::directory_entry& e : fs::directory_iterator(out, ec))
        if (keep.count(e.path().filename().string()) == 0) planted.push_back(e.path());
    if (ec) return false;
    for (const fs::path& f : planted) fs::remove_all(f, ec);
    return std::all_of(planted.begin(), planted.end(), [](const fs::path& f) {
        std::error_code e;  // (set to "no such file" on the one answer wanted)
        return fs::symlink_status(f, e).type() == fs::file_type::not_found;
    });
}

// Whether any run of `s` could not start its program (TestRun::not_started).
bool any_not_started(const SubmissionRuns& s) {
    for (const auto* runs : {&s.runs, &s.feedback})
        for (const std::optional<TestRun>& run : *runs)
            if (run && run->not_started) return true;
    return false;
}

}  // namespace

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
    const long long out_mb = out_folder_mb(p, all + (options.again ? n : 0));  // (a test run again: once)
    const fs::path out = box / box_out;
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
                store(read_up_to, read_finished_run(p.function(spec(k).function), box, fs::path(box_out) / outs[k]));
            }
        };
        std::vector<box::PlannedTest> planned;
        for (const size_t k : order)
            planned.push_back({spec(k).id, spec(k).function, input_name(k), outs[k], random_name(), ""});
        // At the last round (RunSettings::again): every run read, by the cutoff the runner wrote
        // before it asked, and the tests to run again, each given a new folder.
        std::optional<size_t> last_cutoff;
        std::vector<std::pair<size_t, std::string>> again;  // (test, folder)
        BoxRun rounds{first_phase, feedback_from, [&] { read_runs(first_phase); }, {}, options.deadline, false};
        if (options.again) {
            rounds.at_last = [&] {
                const std::optional<size_t> cut = read_cutoff(box);
                if (!cut) return box::encode_again({});
                last_cutoff = std::min(all, *cut);
                read_runs(*last_cutoff);
                cut_from(*last_cutoff);
                drop_late_feedback();
                // Nothing a test left in out/ beside the tests' own folders reaches a second run.
                if (!only_planned(out, outs)) return box::encode_again({});
                std::vector<std::pair<size_t, std::string>> asked;  // (position in order, folder)
                for (const size_t k : options.again(s)) {
                    const size_t i = static_cast<size_t>(std::find(order.begin(), order.end(), k) - order.begin());
                    if (k >= n || i >= *last_cutoff) continue;
                    again.emplace_back(k, random_name());
                    sandbox.make_box_folder(out, again.back().second);
                    asked.emplace_back(i, again.back().second);
                }
                return box::encode_again(asked);
            };
        }
        BoxEnd end = run_in_box(p, box, launch, inputs, sandbox, batch, std::move(planned), rounds);
        // What the runner wrote before the last round counts: a test run again may overwrite it.
        if (last_cutoff) end = {*last_cutoff, false, false, end.said};
        read_runs(end.cutoff);
        cut_from(end.cutoff);
        drop_late_feedback();
        s.again.resize(n);
        for (const auto& [k, folder] : again)
            s.again[k] = read_finished_run(p.function(spec(k).function), box, fs::path(box_out) / folder);
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
    const int timeouts = box::default_max_timeouts * ((feedback_from == SIZE_MAX ? 1 : 2) + (options.again ? 1 : 0));
    const auto budget = total_budget(p, all + (options.again ? n : 0), batch, timeouts, launch);
    // As in a box: what the launch needs first (a Python server), started by the judge in the sandbox.
    // The tests it starts write only their own output folders (Landlock, in this tier, goes by the
    // folders named here, whatever descriptors a test is handed).
    const Launcher launcher(
        launch, sandbox, p.limits, budget,
        {{box, "/box", false}, {out, std::string("/box/") + box_out, true}, {inputs.root(), "/in", false}}, -1, box);
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
    // Slot k's test (or feedback case), its results to `dir` below the box, under `limits`.
    const auto run_one = [&](size_t k, const fs::path& dir, const Limits& limits) -> std::optional<TestRun> {
        const FunctionSpec& fn = p.function(spec(k).function);
        const fs::path in = k < n ? inputs.dir(k) : feedback.inputs->dir(k - n);
        try {
            execute_test(launch.program, fn.name, in, box / dir, limits, sandbox, box, by_descriptor);
        } catch (const BoxFolderGone&) {
            TestRun gone;  // an earlier test of the same submission moved or replaced it
            gone.status = TestRun::Status::bad_output;
            gone.detail = "its output folder was moved or replaced (by a link?) before it ran";
            return gone;
        }
        return read_finished_run(fn, box, dir);
    };
    const size_t cutoff = run_in_order(
        all, batch, box::default_max_timeouts,
        [&](size_t i) {
            if (out_of_budget()) return;
            const bool fed = i >= feedback_from && i < first_phase;
            store(i, run_one(order[i], fs::path(box_out) / outs[order[i]],
                             fed ? box::feedback_limits(p.limits) : p.limits));
        },
        [&](size_t i) { return static_cast<bool>(ran_out[i]); }, first_phase, {}, feedback_from);
    cut_from(cutoff);
    drop_late_feedback();
    // The last round (RunSettings::again), with the same server, each test into a new folder.
    s.again.resize(n);
    std::vector<size_t> again;
    if (options.again && !out_of_budget() && only_planned(out, outs))
        for (const size_t k : options.again(s))
            if (k < n && s.runs[k]) again.push_back(k);
    const std::vector<std::string> folders = make_out_folders(sandbox, out, again.size());
    std::vector<char> slow(again.size(), 0);
    run_in_order(
        again.size(), batch, box::default_max_timeouts,
        [&](size_t j) {
            if (out_of_budget()) return;
            s.again[again[j]] = run_one(again[j], fs::path(box_out) / folders[j], p.limits);
            slow[j] = s.again[again[j]] && s.again[again[j]]->hit_time_limit() ? 1 : 0;
        },
        [&](size_t j) { return static_cast<bool>(slow[j]); });
    if (any_not_started(s)) confirm_box_starts(sandbox, p.limits);
    if (deadline_hit) s.missing_message = deadline_words;
    return s;
}

}  // namespace judge
