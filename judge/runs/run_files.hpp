// judge/runs/run_files.hpp: what a finished run left, and reading it back as a TestRun.
//
// A test's run leaves files in its output folder (box_protocol.hpp): judge_status (how its process
// ended), the harness's status, stdout.txt, stderr.txt and one .npy per output. A submission's are
// read where they are, below its box; a course program's are copied out of its box into a RunFiles
// value (each file a regular one, cut to what the judge reads of it), which the cache keeps as one
// file (pipeline/trusted_runs.hpp) and a pack as a folder (pack/pack.cpp). Both are read by the
// same code, so a cached run says exactly what the run said.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "problem/spec.hpp"
#include "runs/box_protocol.hpp"
#include "runs/program_run.hpp"

namespace judge {

/// A finished run's files by name (judge_status, status, stdout.txt, stderr.txt, <output>.npy).
using RunFiles = std::map<std::string, std::string>;

/// What the run of `fn` left in `base / dir` (`base` trusted, nothing below it): each file the
/// judge reads, as far as it reads it; a link, a FIFO or a folder in a file's place is left out
/// (then read as missing). judge_status is not among them: the caller records how the run ended.
RunFiles copy_run_files(const std::filesystem::path& base, const std::filesystem::path& dir, const FunctionSpec& fn);

/// `files` as one byte string, and back: nullopt when `bytes` is not such a string.
std::string encode_run_files(const RunFiles& files);
std::optional<RunFiles> decode_run_files(const std::string& bytes);

/// Reads the finished run in `base / dir` (a box's test, or a folder of a pack); nullopt when no
/// judge_status was recorded there (the test was never run, or its runner was stopped first).
/// `base` is a folder the judge trusts (the box, or the pack); nothing below it is trusted: a link
/// or a FIFO is refused, never followed or read.
std::optional<TestRun> read_finished_run(const FunctionSpec& fn, const std::filesystem::path& base,
                                         const std::filesystem::path& dir);

/// The same for the files of a run copied out of its box.
std::optional<TestRun> read_finished_run(const FunctionSpec& fn, const RunFiles& files);

/// What the program left in `base / dir`, read with `how` as the way its process ended.
TestRun read_run(const FunctionSpec& fn, const std::filesystem::path& base, const std::filesystem::path& dir,
                 const box::TestStatus& how);

}  // namespace judge
