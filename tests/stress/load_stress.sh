#!/usr/bin/env bash
# The load stress test (issue #20): no verdict depends on the machine's load.
#   load_stress.sh JUDGE ROOT
# Runs the judge's time and memory cases, in every tier this machine has, once on a quiet machine
# and once beside 3x as many busy loops as cores (each in a session of its own, so that autogroup
# scheduling cannot fold them into one share; each bounded by `timeout`), and requires the same
# report both times. scripts/test.sh runs it twice in a row.
set -uo pipefail
JUDGE=$1 ROOT=$2
TMP=$(mktemp -d)
chmod 755 "$TMP"
loops=()
stop_loops() { [ ${#loops[@]} -gt 0 ] && kill "${loops[@]}" 2>/dev/null; wait 2>/dev/null; loops=(); }
trap 'stop_loops; rm -rf "$TMP"' EXIT
export NO_COLOR=1 TMPDIR="$TMP" JUDGE_CACHE="${JUDGE_E2E_CACHE:-$TMP/cache}"
mkdir -p "$JUDGE_CACHE"
cp -r "$ROOT/tests/hostile/course" "$TMP/course"
cores=$(nproc 2>/dev/null || echo 2)
busy=$((3 * cores))
# The probe problem's time and memory cases (py_threads: a Python test whose 64 threads use up the
# box's process limit, so that a sibling's fork must wait for them), and problem_mha's time-limit
# submission.
cases=(cpu_heavy infinite_loop sleep_forever memory_bomb memory_children unwaited_cpu py_threads)
tiers=(fallback)
"$JUDGE" doctor 2>/dev/null | grep '^bubblewrap: *works' >/dev/null && tiers=(bubblewrap fallback)
fail() { echo "FAIL [load stress]: $*" >&2; exit 1; }

# judge_case NAME TIER OUT: the JSON report, without the line that names the tier.
judge_case() {
    local name=$1 tier=$2 out=$3 src
    if [ "$name" = mha_time_limit ]; then
        JUDGE_SANDBOX=$tier timeout 300 "$JUDGE" --root "$ROOT" submit problem_mha --format json \
            --file "$ROOT/tests/e2e/submissions/time_limit/solution.cpp" >"$out.raw" 2>"$out.err"
    else
        local ext=cpp
        [ -f "$ROOT/tests/hostile/cases/$name/solution.py" ] && ext=py
        src=$ROOT/tests/hostile/cases/$name/solution.$ext
        sed -e "s|@TAG@|$$|g" "$src" >"$TMP/$name.$ext"
        JUDGE_SANDBOX=$tier timeout 300 "$JUDGE" --root "$TMP/course" submit probe --format json \
            --file "$TMP/$name.$ext" >"$out.raw" 2>"$out.err"
    fi
    echo "exit $?" >"$out"
    grep '"verdict"' "$out.raw" >/dev/null || { cat "$out.err"; fail "$name ($tier): no report"; }
    grep -v '"sandbox"\|"submission"' "$out.raw" >>"$out"
}

start=$(date +%s)
for tier in "${tiers[@]}"; do
    for name in "${cases[@]}" mha_time_limit; do
        judge_case "$name" "$tier" "$TMP/quiet-$tier-$name"
    done
done
for _ in $(seq "$busy"); do
    setsid timeout 900 sh -c 'while :; do :; done' &
    loops+=($!)
done
sleep 1
load=$(cut -d' ' -f1 /proc/loadavg)
for tier in "${tiers[@]}"; do
    for name in "${cases[@]}" mha_time_limit; do
        judge_case "$name" "$tier" "$TMP/busy-$tier-$name"
        if ! diff "$TMP/quiet-$tier-$name" "$TMP/busy-$tier-$name" >"$TMP/diff"; then
            head -40 "$TMP/diff"
            fail "$name ($tier): the report changed beside $busy busy loops"
        fi
        echo "  same report beside $busy busy loops: $name ($tier): $(head -1 "$TMP/busy-$tier-$name"), $(grep -m1 '"verdict"' "$TMP/busy-$tier-$name" | tr -d ' ,')"
    done
done
stop_loops
echo "ok: load stress, ${#tiers[@]} tiers x $((${#cases[@]} + 1)) cases, $busy busy loops on $cores cores (load $load at the start), $(( $(date +%s) - start )) s"
