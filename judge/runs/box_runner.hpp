// judge/runs/box_runner.hpp: running a submission's tests in order, in batches, with the
// time-out cutoff; and the in-box test runner (`judge __box-run`) that does it inside one box.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace judge {

/// Runs `n` tests in order, in batches of `batch` at a time, and stops after `max_timeouts` time-outs.
/// `run(i)` runs test i; `timed_out(i)` says whether it hit a time limit. Returns the index of the
/// first test not run. The cutoff is applied in test order, so it never depends on scheduling.
/// With `phase_end` > 0, no batch holds tests from both sides of it, and `at_phase_end` is called
/// once the tests before it have all ended, before any after it starts (if any is still to run).
/// Tests [feedback_from, phase_end) are feedback cases (counterexample candidates), not graded:
/// their time-outs never cut the graded tests; after `max_timeouts` of them the rest of them are
/// skipped (feedback_cutoff says which results count).
size_t run_in_order(size_t n, size_t batch, int max_timeouts, const std::function<void(size_t)>& run,
                    const std::function<bool(size_t)>& timed_out, size_t phase_end = 0,
                    const std::function<void()>& at_phase_end = {}, size_t feedback_from = SIZE_MAX);

/// The end of the feedback cases [from, to) whose results count, by the rule run_in_order applies
/// (in order: just after the `max_timeouts`-th that timed out), so that which cases count never
/// depends on scheduling.
size_t feedback_cutoff(size_t from, size_t to, int max_timeouts, const std::function<bool(size_t)>& timed_out);

/// The in-box runner's side of the phase socket: says the first phase is over, then waits until
/// the judge says go (or closes its end). Returns false when the socket failed.
bool end_first_phase(int fd);

/// The runner's side at the end (box::Plan::again): says every test has ended, then reads which
/// to run again until the judge shuts its side. nullopt when the socket failed or the answer is
/// not box::encode_again's.
std::optional<std::vector<std::pair<size_t, std::string>>> ask_again(int fd, size_t tests);

/// Where the in-box runner finds its plan (which says how to start each test), the inputs (<in>/<test id>/) and where
/// it writes the results (<out>/<test id>/ and <out>/cutoff). Paths as the box sees them.
struct BoxRunPaths {
    std::filesystem::path plan, in, out;
};

/// The command line that starts `judge_exe` as the in-box runner on `paths` (host paths; the
/// sandbox rewrites them).
std::vector<std::string> box_runner_command(const std::filesystem::path& judge_exe, const BoxRunPaths& paths);

/// The in-box runner: runs the plan's tests with run_in_order, each as its own limited process
/// (exactly as the judge would outside), writes each test's judge_status, then the cutoff; then,
/// with box::Plan::again, runs once more the tests the judge names.
/// It runs as the box's user, so a hostile test can kill it; the judge then treats the tests
/// without a status as failed. Returns the process exit code.
int run_box(const BoxRunPaths& paths);

}  // namespace judge
