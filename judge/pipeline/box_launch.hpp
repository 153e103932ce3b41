// judge/pipeline/box_launch.hpp: one bubblewrap launch of a box of tests, with the judge itself as
// the runner inside (runs/box_runner.hpp), and the time it may take.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/input_files.hpp"
#include "problem/spec.hpp"
#include "runs/box_protocol.hpp"
#include "runs/launch.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// The box's output folder, below it: each test's is under a random name.
inline constexpr const char* box_out = "out";

/// A box's tests may take this long in all: every batch of `batch` its full limit, plus
/// `max_timeouts` time-outs, plus a grace, counted net of the time the box waited for a CPU
/// (process/run_delay.hpp), so that a busy machine does not cut a correct submission's tests.
std::chrono::milliseconds total_budget(const Problem& p, size_t tests, size_t batch, int max_timeouts,
                                       const LaunchSpec& launch);

/// A backstop on a box that keeps its tasks waiting on purpose (many spinning threads, its runner
/// stopped): plain wall time, this many budgets (and its CPU time, every test at its limit).
inline constexpr int wall_cap_budgets = 4;

/// The cutoff the in-box runner wrote below `box` (box::decode_cutoff), nullopt when none is there.
std::optional<size_t> read_cutoff(const std::filesystem::path& box);

/// How many tests a box runs side by side: two per core, from 2 to 8.
size_t tests_side_by_side();

/// The size of a box's output folder for `tests` tests: what each may write (its stdout, stderr
/// and outputs, at most output_kb each), and a margin.
long long out_folder_mb(const Problem& p, size_t tests);

/// How one launch of a box goes beyond running its tests once: the first `first_phase` tests
/// before the others, with `at_phase_end` between (from `feedback_from` on, in the first phase,
/// feedback cases); with `at_last`, a last round of tests run again, which it names
/// (box::Plan::again); the judging deadline; and whether its tests are course programs.
struct BoxRun {
    size_t first_phase = 0;
    size_t feedback_from = SIZE_MAX;
    std::function<void()> at_phase_end;
    std::function<std::string()> at_last;  // box::encode_again's text
    // When all judging must be over (submit --deadline): the box is stopped then. nullopt: none.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // A box of course programs: their tests a few to a process (box::Plan::together).
    bool together = false;
};

/// Runs `tests` in one bubblewrap launch, with the judge itself as the runner inside: each test's
/// inputs in its folder below inputs.root() (mounted at /in), its output folder made by the caller
/// below `box / "out"`, in `rounds`; after `max_timeouts` time-outs the rest are not
/// run. Returns how the box ended: its cutoff, a position in `tests` (tests before it without a
/// judge_status got no result).
struct BoxEnd {
    size_t cutoff = 0;
    bool timed_out = false;  // the box as a whole ran out of time
    // The in-box runner ended early (not for time, without writing its cutoff): stopped by a test, or
    // failed; `said` is the tail of its stderr, the judge's own words (a test's go to its files).
    bool ended_early = false;
    std::string said;
};
BoxEnd run_in_box(const Problem& p, const std::filesystem::path& box, const LaunchSpec& launch,
                  const InputFiles& inputs, const Sandbox& sandbox, size_t batch, std::vector<box::PlannedTest> tests,
                  const BoxRun& rounds = {}, int max_timeouts = box::default_max_timeouts);

}  // namespace judge
