// judge/run/test_run.hpp: running a built program on one test and reading back what it wrote.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "judge/protocol/npy.hpp"
#include "problem/inputs.hpp"
#include "problem/spec.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// How one run of one function on one test ended, read only from files.
struct TestRun {
    enum class Status { ok, exception, timed_out, cpu_limit, output_limit, crashed, no_result, bad_output };
    Status status = Status::no_result;
    std::string exception_type;     // e.g. "invalid_argument"
    std::string exception_message;
    std::string detail;             // crash or bad-output explanation
    std::string stderr_tail;        // the program's last words on stderr
    std::map<std::string, npy::Array> outputs;

    /// The wall clock or the CPU limit stopped it; these count toward the time-out cutoff.
    bool hit_time_limit() const { return status == Status::timed_out || status == Status::cpu_limit; }
};

/// Writes each input as <dir>/<param>.npy.
void write_inputs(const std::filesystem::path& dir, const InputArrays& inputs);

/// Runs `exe` on `fn` with inputs from `in_dir`, writing into `out_dir` (created, must be empty),
/// and reads the result back, under the problem's limits. With a sandbox (untrusted code) the run
/// sees `box` read-write at /box and `in_dir` read-only at /in; `exe` and `out_dir` must be in `box`.
/// Without one (trusted code) it runs as a plain limited process.
TestRun run_test(const std::filesystem::path& exe, const FunctionSpec& fn, const std::filesystem::path& in_dir,
                 const std::filesystem::path& out_dir, const Limits& limits, const Sandbox* sandbox = nullptr,
                 const std::filesystem::path& box = {});

/// Runs one test and records how the process ended in <out_dir>/judge_status, without reading the
/// outputs back. This is run_test's first half, and what the in-box runner does for each test.
void execute_test(const std::filesystem::path& exe, const std::string& function, const std::filesystem::path& in_dir,
                  const std::filesystem::path& out_dir, const Limits& limits, const Sandbox* sandbox = nullptr,
                  const std::filesystem::path& box = {});

/// Runs `n` tests in order, in batches of `batch` at a time, and stops after `max_timeouts` time-outs.
/// `run(i)` runs test i; `timed_out(i)` says whether it hit a time limit. Returns the index of the
/// first test not run. The cutoff is applied in test order, so it never depends on scheduling.
size_t run_in_order(size_t n, size_t batch, int max_timeouts, const std::function<void(size_t)>& run,
                    const std::function<bool(size_t)>& timed_out);

/// Reads a finished run's directory (also used for cached runs of trusted programs).
TestRun read_test_run(const FunctionSpec& fn, const std::filesystem::path& out_dir);

}  // namespace judge
