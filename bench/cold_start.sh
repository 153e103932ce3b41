#!/usr/bin/env bash
# Times the first failing submission on an empty cache (issue #10: under 8 s on 2 cores; 19 s
# before): the harness, the reference, the expected outputs and the seeded bugs that can still
# explain the failure (those of the traps it failed) are all built then. Uses hyperfine, with the
# cache emptied before every run.
#   bash bench/cold_start.sh [JUDGE_BINARY]     (default: build/release/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
. bench/lib.sh
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
trap 'rm -rf "$JUDGE_CACHE"' EXIT
echo "== cold start: one failing submission on an empty cache ($(nproc) cores)"
for bug in ${BUGS:-no_mask lens_repeat_not_interleave}; do
  hyperfine --runs "${RUNS:-5}" -i --prepare "rm -rf $JUDGE_CACHE/*" \
    -n "cold submit of bugs/$bug.cpp" "$JUDGE -q submit problem_mha --file reference/problem_mha/bugs/$bug.cpp"
done
echo "== for comparison: the same with every seeded bug already built (warm)"
"$JUDGE" -q validate problem_mha >/dev/null
hyperfine --warmup 1 --runs "${RUNS:-5}" -i -n "warm submit of bugs/no_mask.cpp" \
  "$JUDGE -q submit problem_mha --file reference/problem_mha/bugs/no_mask.cpp"
