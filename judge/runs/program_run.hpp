// judge/runs/program_run.hpp: running a built program on one test, and reading back what
// it wrote (see the protocol in runs/box_protocol.hpp).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "core/errors.hpp"
#include "judge/protocol/npy.hpp"
#include "problem/inputs.hpp"
#include "problem/spec.hpp"
#include "process/runner.hpp"
#include "runs/box_protocol.hpp"

namespace judge {

/// How one run of one function on one test ended, read only from files.
struct TestRun {
    enum class Status {
        ok,
        exception,
        timed_out,
        cpu_limit,
        memory_limit,
        output_limit,
        crashed,
        no_result,
        bad_output,
        wrong_return  // a Python function returned what the spec does not declare (a list, a dtype)
    };
    Status status = Status::no_result;
    std::string exception_type;  // e.g. "invalid_argument"
    std::string exception_message;
    std::string detail;       // crash or bad-output explanation
    std::string stderr_tail;  // the program's last words on stderr
    std::string stdout_head;  // the first of what it printed on stdout (judge run shows it)
    std::map<std::string, npy::Array> outputs;
    // Its process could not be started: believed only once the box started the judge's own program
    // (pipeline/box_check.hpp).
    bool not_started = false;
    // The exception came from the library's side of a call (harness "library_error"): its message
    // names the library, its version and the calling line.
    bool library = false;

    /// The wall clock or the CPU limit stopped it; these count toward the time-out cutoff.
    bool hit_time_limit() const { return status == Status::timed_out || status == Status::cpu_limit; }
};

/// How the in-box runner runs a test (box_protocol.hpp): the extra places whose filling is the
/// test's output_limit, whether it gets its folders as descriptors instead of by name, and the
/// cgroup the judge made for it ("" = none).
struct InBox {
    std::vector<std::filesystem::path> also_bounded;
    bool folders_by_descriptor = false;
    std::string cgroup;
    // How the test is started (runs/launcher.hpp): nullptr = `exe` itself.
    const class Launcher* launcher = nullptr;
    // The fallback tier's box clock, told how long each test waited for a CPU; nullptr = none.
    class StarvedClock* starved = nullptr;
};

/// The test's output folder in the box is gone or no longer a folder (the submission's other
/// processes replaced it, with a link say) before the test started: that test has no result.
struct BoxFolderGone : JudgeFailure {
    using JudgeFailure::JudgeFailure;
};

/// A test's process limits on `ps`, for `tests` tests run one after the other in it (a batch,
/// runs/batch_run.hpp): CPU time (the per-process backstop too) and the wall clock times `tests`,
/// the memory, the output and the open files of one test, and the test's cgroup ("" = none).
void set_test_limits(ProcessSpec& ps, const Limits& limits, int tests, const std::string& cgroup);

/// Writes each input as <dir>/<param>.npy.
void write_inputs(const std::filesystem::path& dir, const InputArrays& inputs);

/// Runs `exe` on `function` with inputs from `in_dir`, writing into `out_dir` (created, must be
/// empty), under the problem's limits, through `runner`, and records how the process ended in
/// <out_dir>/judge_status. A sandbox shows the run `box` read-write at /box and `in_dir`
/// read-only at /in; `exe` and `out_dir` must then be in `box`. A process that cannot start is
/// recorded as not_started, with its errno. Returns the status it recorded.
box::TestStatus execute_test(const std::filesystem::path& exe, const std::string& function,
                             const std::filesystem::path& in_dir, const std::filesystem::path& out_dir,
                             const Limits& limits, const Runner& runner, const std::filesystem::path& box = {},
                             const InBox& in_box = {});

/// execute_test, then reads back what the program wrote.
TestRun run_test(const std::filesystem::path& exe, const FunctionSpec& fn, const std::filesystem::path& in_dir,
                 const std::filesystem::path& out_dir, const Limits& limits, const Runner& runner,
                 const std::filesystem::path& box = {}, const InBox& in_box = {});

}  // namespace judge
