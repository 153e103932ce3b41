// judge/pipeline/trusted_box.hpp: the course's own programs (the reference, seeded bugs, mutants,
// suggested bugs an instructor saved) built and run in a box, as a submission is.
//
// "Trusted" says whose answers they are, not that their code is safe: a seeded bug may have come
// from a student (grade --suggest-bugs). So each build and each run gets a box of its own from the
// sandbox (its own uid when the judge is root), sees only what it needs, and what it wrote is
// copied out file by file, as regular files only, before the judge reads it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "compile/builder.hpp"
#include "pipeline/input_files.hpp"
#include "problem/spec.hpp"
#include "runs/box_protocol.hpp"
#include "runs/run_files.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// A copy of `exe` in the box as `name` (the cache is out of its reach), readable: it holds nothing
/// but itself. Returns its path.
std::filesystem::path place_program(const std::filesystem::path& exe, const std::filesystem::path& box,
                                    const std::string& name = "prog");

/// Runs `exe` on `fn` with the inputs in `in_dir`, under `limits`, in a box of its own from
/// `sandbox`, and returns what the run left (runs/run_files.hpp), judge_status included.
RunFiles run_trusted(const Sandbox& sandbox, const std::filesystem::path& exe, const FunctionSpec& fn,
                     const std::filesystem::path& in_dir, const Limits& limits);

/// One run of a batch: course program `exe` on test `test` of the problem.
struct TrustedJob {
    std::filesystem::path exe;
    size_t test = 0;
};

/// Runs each job's program on its test (the inputs in `inputs`) in one box of its own from
/// `sandbox`: in the bubblewrap tier one launch, the judge as the runner inside, as a submission's
/// tests run (no cutoff after time-outs: each test gets its run), each program copied in once; a
/// test the box left without a result, and every test in the fallback tier, runs as run_trusted
/// runs it. The programs of one box are course programs (the reference, seeded bugs): the box keeps
/// the judge, the cache and the secret from them, and each test's outputs from the others as a
/// submission's tests are kept (folders under random names), not more. Returns what each job's run
/// left, in the order of `jobs`.
std::vector<RunFiles> run_trusted_batch(const Sandbox& sandbox, const Problem& p, const InputFiles& inputs,
                                        const std::vector<TrustedJob>& jobs);

/// Builds a course program from `text` through `builder`, compiling in a box of its own from `sandbox`.
BuildResult build_trusted(Builder& builder, const Sandbox& sandbox, const Problem& p, const std::string& text,
                          const std::string& what, bool say = false);

}  // namespace judge
