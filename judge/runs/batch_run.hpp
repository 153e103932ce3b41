// judge/runs/batch_run.hpp: several tests of one course program in one process.
//
// A test is one process (box_protocol.hpp), and a course program's run costs the process more
// than the test: under a secret every submission has its own draw, so the reference runs on each
// student's tests, and a seeded bug on many of them (issue #62). In a box of course programs
// (Plan::together) the runner starts `prog --batch <function> <in> <out> ...` (harness/support.hpp)
// for a few tests at a time, and keeps a test's result only when nothing could have made it differ
// from the test's own run: the process exited 0 within its limits, the harness wrote "ok" or an
// exception of the program's own (bad_alloc aside: memory an earlier test did not give back), and
// the test's stdout and stderr stayed under the cap. Every other test of the batch gets no
// judge_status, and the judge runs it again alone (pipeline/trusted_box.cpp).
//
// A submission's counterexample candidates (box::Plan::feedback_from) go the same way when it is a
// built program (each test its own exec): they only explain, all run before any hidden test, and a
// case a batch did not keep runs again alone, in its own folder emptied first (runs/box_runner.cpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "problem/spec.hpp"
#include "runs/program_run.hpp"

namespace judge {

/// One test of a batch: the function, its input folder and its output folder (made, empty).
struct BatchTest {
    std::string function;
    std::filesystem::path in_dir;
    std::filesystem::path out_dir;
};

/// Runs `exe` on `tests` in one process through `runner` (each test's limits, the time times the
/// tests), and writes judge_status "exit 0" into each test's folder whose result is its own (see
/// above); the others' judge_status stays reserved, as nothing recorded. Returns which it kept.
std::vector<bool> execute_batch(const std::filesystem::path& exe, const std::vector<BatchTest>& tests,
                                const Limits& limits, const Runner& runner, const InBox& in_box);

/// Empties a test's output folder that a batch left without a result, so that the test can run
/// again there alone: what a child of the batch wrote must not pass for what the test's own run
/// wrote. Links are removed, never followed.
void empty_folder(const std::filesystem::path& dir);

}  // namespace judge
