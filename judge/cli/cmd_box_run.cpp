// `judge __box-run`: the adapter for the in-box test runner (runs/box_runner.hpp).
#include "cli/commands.hpp"
#include "runs/box_runner.hpp"

namespace judge {

int cmd_box_run(const BoxRunOptions& o) { return run_box({o.plan, o.in, o.out}); }

}  // namespace judge
