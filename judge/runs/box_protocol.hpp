// judge/runs/box_protocol.hpp: the files through which the judge and the programs it runs
// talk. Each file the judge's own code writes (the plan, judge_status, cutoff) is written by one
// encode_ function and read by one decode_ function, here. One file is not: the harness's
// `status` (harness_status_file), which the program under test writes in its own language:
// harness/support.hpp in C++, and for Python the fork server (harness/python_server.py) or,
// when the server could not run the test, the client (runs/python_client.cpp). Its one reader is
// decode_harness_status, here, which trusts nothing of it (a submission can write it).
//
// Theory of operation. A test is one process, `prog <function> <in_dir> <out_dir>`: the harness
// linked into every program (harness/support.hpp) reads <in_dir>/<param>.npy, calls the function
// and writes <out_dir>/<output>.npy and <out_dir>/status ("ok"; "exception", the type and the
// message; "wrong_return" and what came back, from the Python harness; or "harness_error" and why). Whoever started the
// process then writes <out_dir>/judge_status: how it ended (TestStatus). The judge never reads the program's stdout.
//
// Who starts the test processes:
//   - trusted programs (reference, seeded bugs) and the fallback tier: the judge itself;
//   - the bubblewrap tier: one box per submission, in which the judge runs itself as the test
//     runner (`judge __box-run`, runs/box_runner.hpp). The judge hands it the plan (the
//     tests, the limits, the batch size, the time-out budget) through a memfd that no test can
//     open; the runner runs the plan in ordered batches, writes each test's judge_status, and
//     finally <out>/cutoff: the index of the first test it did not run.
//
//     The sample tests run first, and the judge reads their results before any hidden test
//     starts (Plan::first_phase): what a hidden test leaves in the box's shared places (/tmp,
//     /dev/shm, its IPC and network namespaces, out/) comes too late for any result that shows a
//     submission's words or values. The counterexample candidates run in that first phase too.
//     After the last test the runner asks the judge which tests to run once more (Plan::again:
//     wrong answers, to tell outputs that change between runs), and runs them in the same box,
//     with the same warm Python server, each into a new output folder; what they return is
//     compared with their first run only, and shown nowhere.
//
//     Each test sees only its own inputs: the session's inputs are one read-only mount at /in, a
//     root-owned folder that may be crossed but not listed (0711), holding each test's folder under
//     a random name from the plan, so the mount table names no test. Its results go to
//     /box/out/<out>, another random name: a folder the judge made before the box started (the
//     box's, 0700) in a sticky out/ that cannot be listed (1733, when the judge is root). The test
//     gets both folders as descriptors (/proc/self/fd/N; its input folder as O_PATH), so no name
//     appears on its command line, and it runs a copy of the program it may execute but not read,
//     which makes it non-dumpable: its siblings cannot open its /proc/<pid>/fd or environ. The judge reads everything
//     back outside the box and compares the outputs with the reference there, so a runner killed by the submission can
//     lose results but never make a wrong output pass.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "problem/spec.hpp"
#include "runs/launch.hpp"

namespace judge::box {

inline constexpr const char* plan_file = "plan.json";
inline constexpr const char* status_file = "judge_status";    // in each test's out_dir
inline constexpr const char* harness_status_file = "status";  // in each test's out_dir, by the harness
inline constexpr const char* cutoff_file = "cutoff";

/// A test may use time_per_test_ms of CPU time. Waiting (sleep, a blocked read) uses none, so the
/// wall clock stops it too, at this many times the limit: far enough that a busy machine (CI running
/// other jobs, or the box's own tests side by side) does not turn a passing test into a time-out.
inline constexpr int wall_clock_factor = 3;

/// After this many tests hit the time limit, a submission's remaining tests are not run, so a
/// student's total grading time is at most about max_timeouts * time_per_test_ms plus the rest.
inline constexpr int default_max_timeouts = 2;

/// A feedback case's limits (Plan::feedback_from): half the tests' time. A counterexample is a small
/// input, which a correct function answers in far less; a slow submission's cases time out soon and
/// the rest are skipped, so that its feedback never takes the time its graded tests need.
inline Limits feedback_limits(const Limits& tests) {
    Limits l = tests;
    l.time_per_test_ms = std::max(1, tests.time_per_test_ms / 2);
    return l;
}

struct PlannedTest {
    std::string id;
    std::string function;
    std::string dir;     // the test's folder under the box's /in: a random name no other test knows
    std::string out;     // its folder under the box's out/: another random name, made by the judge
    std::string cgroup;  // its cgroup under the box's /cgroup/*, made by the judge; "" = none
    // The program it runs, as the box sees it, when not the launch's (a box of course programs
    // runs several, each test its own: pipeline/trusted_box.hpp); "" = Plan::launch's.
    std::string program;
};

/// What the in-box runner is asked to do.
struct Plan {
    std::vector<PlannedTest> tests;  // in the order they run
    Limits limits;
    size_t batch = 1;
    int max_timeouts = default_max_timeouts;
    // Two phases: the first `first_phase` tests (a submission's sample tests), then the rest. At
    // the end of the first, the runner sends a byte on the socket `phase_fd` and waits for one
    // (or its end) before any test of the second starts: by then the judge has read what the
    // first phase's tests left, so nothing a hidden test does can reach a sample test's result.
    // 0 / -1: one phase.
    size_t first_phase = 0;
    int phase_fd = -1;
    // After every test (the cutoff written), the runner sends 'e' on phase_fd and reads which
    // tests to run once more, each into a new output folder the judge made (encode_again): a
    // wrong answer run again, to tell a program whose outputs change between runs (issue #65: in
    // the same box, so a Python submission imports its library once). Needs phase_fd.
    bool again = false;
    // The first phase's tests from this one on are feedback cases (counterexample candidates), run
    // before any hidden test so that nothing a hidden test does reaches their shown values; their
    // time-outs never cut the graded tests (run_in_order). SIZE_MAX: none.
    size_t feedback_from = SIZE_MAX;
    // How each test is started, its paths as the box sees them (runs/launch.hpp).
    LaunchSpec launch;
    // A box of course programs: each program's tests a few at a time in one process, as far as
    // their results are their own (runs/batch_run.hpp); no phases then.
    bool together = false;
};

std::string encode_plan(const Plan& plan);

/// The judge's answer to 'e' (Plan::again): the plan's tests to run again, as (position in
/// Plan::tests, output folder under out/), one "<position> <folder>" line each after a line with
/// their count.
std::string encode_again(const std::vector<std::pair<size_t, std::string>>& again);

/// Reads encode_again's text as far as it is well formed: positions below `tests`, folder names
/// of one component; nullopt when the count line is missing or a line is not so.
std::optional<std::vector<std::pair<size_t, std::string>>> decode_again(const std::string& text, size_t tests);

/// Throws std::runtime_error when `text` is not a plan.
Plan decode_plan(const std::string& text);

/// How one test's process ended.
struct TestStatus {
    // not_started: the process could not be started (its box's process limit used up by the same
    // submission's other processes, a program the kernel would not load, or a broken box); value is
    // the errno.
    // memory_limit: the kernel's OOM killer ended it or one of its processes, at the memory limit of
    // its cgroup (value: memory_mb).
    // disk_full: a place it may write (its output folder, /tmp) was full when it ended (value: its MB).
    enum class Kind { exited, signalled, timed_out, cpu_limit, memory_limit, output_limit, disk_full, not_started };
    Kind kind = Kind::exited;
    // value: the exit code, the signal, the time limit in ms (timed_out: stopped by the wall clock at
    // wall_clock_factor times it; cpu_limit: used more CPU time than it), or the output limit in KB.
    long value = 0;
    std::optional<long> output_kb;  // timed_out and cpu_limit only: the output had also reached this cap

    /// The wall clock or the CPU limit stopped it; these count toward the time-out cutoff.
    bool hit_time_limit() const { return kind == Kind::timed_out || kind == Kind::cpu_limit; }
};

/// One line, e.g. "timed_out 2000 1024", "signal 11" or "exit 0" (runs cached by earlier judges
/// use the same words).
std::string encode_status(const TestStatus& s);

/// nullopt when `text` is empty or not a status.
std::optional<TestStatus> decode_status(const std::string& text);

/// What the harness's `status` says, as its one reader reads it. Every line the three writers
/// write: "ok"; "exception\n<type>\n<message>"; "wrong_return\n<what came back>" (Python);
/// "harness_error\n<why>". Anything else, an empty file included, is `none`: the program's own
/// words, or nothing (it exited before the harness wrote). Type and text are as written: the caller
/// makes them printable.
struct HarnessStatus {
    enum class Kind { none, ok, exception, library_error, wrong_return, harness_error };
    Kind kind = Kind::none;
    std::string type;  // exception: the spec's type name ("invalid_argument"), or what a forgery wrote
    // exception: the message; library_error, wrong_return and harness_error: what the harness said
    std::string text;
};
HarnessStatus decode_harness_status(const std::string& text);

std::string encode_cutoff(size_t first_not_run);

/// The status and cutoff files are made, full of spaces, before the tests run, and written in place
/// afterwards: a test that fills the space it may write cannot stop its status from being recorded.
/// A file still all spaces decodes as nothing recorded.
inline constexpr size_t reserved_bytes = 128;
void reserve(const std::filesystem::path& file);

/// Writes `line` over the start of a reserved file (no new space needed); falls back to a fresh
/// file. False when neither worked (the program removed the file and filled the space, or replaced
/// it with something that is not a regular file): then nothing is recorded.
bool write_reserved(const std::filesystem::path& file, const std::string& line);

/// reserve and write_reserved relative to the folder descriptor `dir` (never following a link):
/// how a test's own judge_status is written, so that no path below a box is resolved.
bool reserve_at(int dir, const std::string& name);
bool write_reserved_at(int dir, const std::string& name, const std::string& line);

/// nullopt when `text` is empty or not a number.
std::optional<size_t> decode_cutoff(const std::string& text);

}  // namespace judge::box
