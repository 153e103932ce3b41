// judge/pipeline/box_check.hpp: whether a box starts a program at all, asked before the judge
// believes a run that did not start or a runner that ended early (issue #64, point 9).
//
// A submission can make its own program fail to start (a file the kernel will not load, its
// processes using up the box's limit) or stop the in-box runner; a broken machine (a /dev/null made
// a regular file by another process, say) does the same to every program. The judge tells the two
// apart by starting a program of its own, as a test is started, in a fresh box of the same kind:
// when even that fails, the failure is the judge's (judge_error, exit 3), never a student's
// runtime_error, and no run of it is kept in a cache.
#pragma once

#include <chrono>

#include <vector>

#include "problem/spec.hpp"
#include "runs/run_files.hpp"
#include "sandbox/sandbox.hpp"

namespace judge {

/// Starts the judge's own program (judge-py-client __box-probe, which exits 0) as a test under
/// `limits`, in a box of its own from `sandbox`: in the bubblewrap tier through the in-box runner, as
/// a submission's tests run, and alone under bubblewrap, as a trusted run alone; in the fallback tier
/// as the judge runs a test. Throws JudgeFailure saying what failed when it does not start and exit
/// 0. Returns how long the check took.
std::chrono::milliseconds confirm_box_starts(const Sandbox& sandbox, const Limits& limits);

/// Whether a course program's run may be the box's failure rather than the program's: it did not
/// start, or it ended without the harness's status (bubblewrap could not start it, say).
bool may_be_box_failure(const RunFiles& files);

/// Runs confirm_box_starts when any of `runs` may be the box's failure: before they are kept.
void confirm_runs(const std::vector<RunFiles>& runs, const Sandbox& sandbox, const Limits& limits);

}  // namespace judge
