#!/usr/bin/env bash
# The whole ctest suite of a build beside busy loops (issue #44): no test depends on the machine's
# load. Starts 3 x as many busy loops as cores (each in a session of its own, so that autogroup
# cannot fold them into one share; each bounded by `timeout`), runs `ctest --preset PRESET -j2`
# with any further ctest arguments, stops the loops and prints ctest's summary with the load at
# the end and the wall time. Not in .ci/run (about 4 x the suite's quiet time): run it when the
# sandbox, the runner or a time limit changes. Build the unit tests too, or ctest counts them as
# not built:
#   cmake --build --preset dev --target judge e2e_tests unit_tests
#   bash tests/stress/suite_beside_loops.sh dev [CTEST_ARGS...]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
preset=${1:?usage: suite_beside_loops.sh PRESET [CTEST_ARGS...]}
shift
cores=$(nproc 2>/dev/null || echo 2)
busy=$((3 * cores))
loops=()
stop_loops() { [ ${#loops[@]} -gt 0 ] && kill "${loops[@]}" 2>/dev/null; wait 2>/dev/null; loops=(); }
trap stop_loops EXIT
for _ in $(seq "$busy"); do
    setsid timeout 14400 sh -c 'while :; do :; done' &
    loops+=($!)
done
start=$(date +%s)
ctest --preset "$preset" -j2 "$@"
code=$?
load=$(cut -d' ' -f1-3 /proc/loadavg)  # at the end: the 1-minute average lags a minute behind the loops
stop_loops
echo "suite beside $busy busy loops on $cores cores (load averages $load at the end): ctest exit $code, $(( $(date +%s) - start )) s"
exit "$code"
