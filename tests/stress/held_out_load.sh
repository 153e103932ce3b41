#!/usr/bin/env bash
# The held-out load check (issue #46): problem_mha's reference, a slow but correct solution of it
# (1.2 s of CPU time on every test, 60% of the limit), and a memory hog (the hostile case
# memory_children on the probe problem: four children of 100 MB that hold their memory together,
# against 256 MB), each judged on a quiet machine and then beside busy loops, in
# every tier this machine has; prints each verdict, score and wall time, and fails when a report
# differs. Not in .ci/run (about 10 minutes on 2 cores): run it when the sandbox, the runner or
# the limits change.
#   tests/stress/held_out_load.sh JUDGE ROOT [LOOPS]     (LOOPS: 3 x the cores unless given)
set -uo pipefail
JUDGE=$1 ROOT=$2
cores=$(nproc 2>/dev/null || echo 2)
busy=${3:-$((3 * cores))}
TMP=$(mktemp -d)
chmod 755 "$TMP"
loops=()
stop_loops() { [ ${#loops[@]} -gt 0 ] && kill "${loops[@]}" 2>/dev/null; wait 2>/dev/null; loops=(); }
trap 'stop_loops; rm -rf "$TMP"' EXIT
export NO_COLOR=1 TMPDIR="$TMP" JUDGE_CACHE="${JUDGE_E2E_CACHE:-$TMP/cache}"
mkdir -p "$JUDGE_CACHE"
tiers=(fallback)
"$JUDGE" doctor 2>/dev/null | grep '^bubblewrap: *works' >/dev/null && tiers=(bubblewrap fallback)
cp -r "$ROOT/tests/hostile/course" "$TMP/course"
declare -A files=([reference]=$ROOT/reference/problem_mha/solution.cpp
    [slow_correct]=$ROOT/tests/stress/slow_correct/problem_mha.cpp
    [memory_hog]=$ROOT/tests/hostile/cases/memory_children/solution.cpp)
names=(reference slow_correct memory_hog)
fail() { echo "FAIL [held-out load]: $*" >&2; exit 1; }

# judge NAME TIER OUT: the JSON report without the lines that name the tier and the file; prints
# "verdict score wall-seconds".
judge() {
    local name=$1 tier=$2 out=$3 t0
    t0=$(date +%s.%N)
    local root=$ROOT problem=problem_mha
    [ "$name" = memory_hog ] && root=$TMP/course problem=probe
    JUDGE_SANDBOX=$tier timeout 900 "$JUDGE" --root "$root" submit "$problem" --format json \
        --file "${files[$name]}" >"$out.raw" 2>"$out.err"
    local code=$?
    grep -v '"sandbox"\|"submission"' "$out.raw" >"$out"
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["verdict"], r["score"], end=" ")' \
        "$out.raw" 2>/dev/null || { cat "$out.err"; fail "$name ($tier): no report (exit $code)"; }
    printf '%.0f s\n' "$(echo "$(date +%s.%N) - $t0" | bc)"
}

echo "| submission | tier | quiet | beside $busy busy loops on $cores cores |"
echo "|---|---|---|---|"
declare -A quiet
# A memory case first, not kept: on a fresh VM, memory the host has not yet backed is slow to touch
# the first time (docs/sandbox.md, "The guarantee and its limit").
judge memory_hog "${tiers[0]}" "$TMP/warm-up" >/dev/null
for tier in "${tiers[@]}"; do
    for name in "${names[@]}"; do quiet[$name-$tier]=$(judge "$name" "$tier" "$TMP/quiet-$name-$tier"); done
done
for _ in $(seq "$busy"); do
    setsid timeout 3600 sh -c 'while :; do :; done' &
    loops+=($!)
done
sleep 1
differ=0
for tier in "${tiers[@]}"; do
    for name in "${names[@]}"; do
        loaded=$(judge "$name" "$tier" "$TMP/busy-$name-$tier")
        same=same
        diff -q "$TMP/quiet-$name-$tier" "$TMP/busy-$name-$tier" >/dev/null || { same="DIFFERS"; differ=1; }
        echo "| $name | $tier | ${quiet[$name-$tier]} | $loaded ($same) |"
    done
done
stop_loops
[ "$differ" = 0 ] || fail "a report changed beside $busy busy loops"
echo "ok: held-out load check, ${#names[@]} submissions x ${#tiers[@]} tiers, the same report quiet and beside $busy busy loops"
