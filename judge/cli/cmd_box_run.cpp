// `judge __box-run`: the trusted test runner that the judge starts inside a submission's box, so
// that one bubblewrap launch serves all of a submission's tests (a launch costs about 6 ms).
//
// It runs each test of the plan as its own limited process (execute_test, exactly as the judge
// would outside), in ordered batches with the same time-out cutoff, and writes each test's
// judge_status, then <out>/cutoff. It runs as the box's user, so a hostile test can kill it; the
// judge then treats the tests without a status as failed. It cannot make a wrong output pass: the
// judge compares every output with the reference outside the box.
#include <sys/prctl.h>

#include <fmt/core.h>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "run/process.hpp"
#include "run/test_run.hpp"
#include "util/errors.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

int cmd_box_run(const BoxRunOptions& o) {
    ::prctl(PR_SET_DUMPABLE, 0);        // tests run as the same uid: they must not ptrace the runner
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);  // and what they leave behind is killed after each test
    std::vector<std::pair<std::string, std::string>> plan;  // test id, function
    std::istringstream in(read_file(o.plan));
    for (std::string id, fn; in >> id >> fn;) plan.emplace_back(id, fn);
    Limits limits;
    limits.time_per_test_ms = o.time_ms;
    limits.memory_mb = o.memory_mb;
    limits.output_kb = o.output_kb;
    const size_t cutoff = run_in_order(
        plan.size(), o.batch, o.max_timeouts,
        [&](size_t t) {
            execute_test(o.exe, plan[t].second, fs::path(o.in) / plan[t].first, fs::path(o.out) / plan[t].first, limits);
            kill_adopted_orphans();
        },
        [&](size_t t) {
            const std::string how = read_head(fs::path(o.out) / plan[t].first / "judge_status", 64);
            return how.rfind("timed_out", 0) == 0 || how.rfind("cpu_limit", 0) == 0;
        });
    write_file_atomic(fs::path(o.out) / "cutoff", std::to_string(cutoff) + "\n");
    return 0;
}

}  // namespace judge
