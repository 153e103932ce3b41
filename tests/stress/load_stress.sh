#!/usr/bin/env bash
# The load stress test (issues #20 and #46): no verdict depends on the machine's load.
#   load_stress.sh JUDGE ROOT
# Runs the judge's time and memory cases, in every tier this machine has, once on a quiet machine
# and again beside 3x as many busy loops as cores (each in a session of its own, so that autogroup
# scheduling cannot fold them into one share; each bounded by `timeout`), with two judges of each
# tier side by side, and requires the same report every time: once for most cases, three times in
# a row for the two of issue #46 (a correct solution at 60% of the CPU limit on every test of a
# whole problem, and a hog whose children together pass the memory limit). scripts/test.sh runs
# it once.
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
# submission, each once beside the loops. Three times: memory_children (four children of 100 MB
# that hold their memory together, against 256 MB), and slow_correct (tests/stress/course's
# probe_many, 24 tests of 500 ms: 300 ms of CPU time on each; beside the loops the box takes longer
# in plain wall time than its whole budget, which counts only the time it did not wait for a CPU).
cases=(py_threads infinite_loop unwaited_cpu mha_time_limit cpu_heavy sleep_forever memory_bomb)
thrice=(memory_children slow_correct)
tiers=(fallback)
"$JUDGE" doctor 2>/dev/null | grep '^bubblewrap: *works' >/dev/null && tiers=(bubblewrap fallback)
fail() { echo "FAIL [load stress]: $*" >&2; exit 1; }

# judge_case NAME TIER OUT: the JSON report, without the line that names the tier.
judge_case() {
    local name=$1 tier=$2 out=$3 src
    if [ "$name" = mha_time_limit ]; then
        JUDGE_SANDBOX=$tier timeout 300 "$JUDGE" --root "$ROOT" submit problem_mha --format json \
            --file "$ROOT/tests/e2e/submissions/time_limit/solution.cpp" >"$out.raw" 2>"$out.err"
    elif [ "$name" = slow_correct ]; then
        JUDGE_SANDBOX=$tier timeout 300 "$JUDGE" --root "$ROOT/tests/stress/course" submit probe_many --format json \
            --file "$ROOT/tests/stress/slow_correct/probe_many.cpp" >"$out.raw" 2>"$out.err"
    else
        local ext=cpp dir=$TMP/src-$tier part
        [ -f "$ROOT/tests/hostile/cases/$name/solution.py" ] && ext=py
        src=$ROOT/tests/hostile/cases/$name/solution.$ext
        # One file per tier, written whole before it is renamed into place: the tiers' streams
        # judge the same case side by side, and a judge must never read another's half-written
        # copy (a truncated file is a compile error, not a changed verdict).
        mkdir -p "$dir"
        part=$(mktemp "$dir/.$name.XXXXXX")
        sed -e "s|@TAG@|$$|g" "$src" >"$part"
        mv -f "$part" "$dir/$name.$ext"
        JUDGE_SANDBOX=$tier timeout 300 "$JUDGE" --root "$TMP/course" submit probe --format json \
            --file "$dir/$name.$ext" >"$out.raw" 2>"$out.err"
    fi
    echo "exit $?" >"$out"
    grep '"verdict"' "$out.raw" >/dev/null || { cat "$out.err"; fail "$name ($tier): no report"; }
    grep -v '"sandbox"\|"submission"' "$out.raw" >>"$out"
}

start=$(date +%s)
# First a memory case whose report is not kept: on a fresh VM the first touch of memory the host has
# not yet backed is slow and counts as CPU time (docs/sandbox.md, "The guarantee and its limit"), so
# the quiet run must not be the first to take the memory the others will reuse.
judge_case memory_children "${tiers[0]}" "$TMP/warm-up"
# The quiet runs, the tiers side by side (one judge each: the machine is not overloaded).
quiet_tier() {
    local tier=$1 name
    for name in "${cases[@]}" "${thrice[@]}"; do
        judge_case "$name" "$tier" "$TMP/quiet-$tier-$name"
    done
}
quiet_pids=()
for tier in "${tiers[@]}"; do
    quiet_tier "$tier" >"$TMP/quiet-$tier.log" 2>&1 &
    quiet_pids+=($!)
done
for pid in "${quiet_pids[@]}"; do wait "$pid" || { cat "$TMP"/quiet-*.log; fail "a quiet run gave no report (above)"; }; done
for _ in $(seq "$busy"); do
    setsid timeout 1200 sh -c 'while :; do :; done' &
    loops+=($!)
done
sleep 1
load=$(cut -d' ' -f1 /proc/loadavg)
# busy_case NAME TIER TRY: judges it beside the loops; the report must be the quiet one.
busy_case() {
    local name=$1 tier=$2 try=$3 t0 busy_out
    busy_out="$TMP/busy-$tier-$name-$try"
    t0=$(date +%s)
    judge_case "$name" "$tier" "$busy_out"
    if ! diff "$TMP/quiet-$tier-$name" "$busy_out" >"$busy_out.diff"; then
        head -40 "$busy_out.diff"
        fail "$name ($tier), run $try: the report changed beside $busy busy loops"
    fi
    echo "  same report beside $busy busy loops: $name ($tier, run $try): $(head -1 "$busy_out"), $(grep -m1 '"verdict"' "$busy_out" | tr -d ' ,'), $(( $(date +%s) - t0 )) s"
}
# busy_stream TIER STREAM: one judge after another beside the loops. Stream 1 takes the first five
# cases once each (py_threads is the longest, about 80 s beside the loops in the bubblewrap tier),
# stream 2 the last two and the three runs in a row of the two of issue #46: about as long.
busy_stream() {
    local tier=$1 stream=$2 name try
    if [ "$stream" = 1 ]; then
        for name in "${cases[@]:0:5}"; do busy_case "$name" "$tier" 1; done
    else
        for name in "${cases[@]:5}"; do busy_case "$name" "$tier" 1; done
        for name in "${thrice[@]}"; do
            for try in 1 2 3; do busy_case "$name" "$tier" "$try"; done
        done
    fi
}
# Both streams of every tier run side by side: each judge is more load on the others' (as students
# are in `judge grade --jobs N`), and the phase takes the longest stream's time, not the sum.
stream_pids=()
for tier in "${tiers[@]}"; do
    for stream in 1 2; do
        busy_stream "$tier" "$stream" >"$TMP/busy-$tier-$stream.log" 2>&1 &
        stream_pids+=($!)
    done
done
failed=0
for pid in "${stream_pids[@]}"; do wait "$pid" || failed=1; done
stop_loops
for tier in "${tiers[@]}"; do cat "$TMP/busy-$tier-1.log" "$TMP/busy-$tier-2.log"; done
[ "$failed" = 0 ] || fail "a report changed beside the busy loops (above)"
runs=$(cat "$TMP"/busy-*.log | grep -c '^  same report')
echo "ok: load stress, ${#tiers[@]} tiers x $((${#cases[@]} + ${#thrice[@]})) cases, $runs runs beside $busy busy loops on $cores cores and $((2 * ${#tiers[@]} - 1)) other judges (load $load at the start), $(( $(date +%s) - start )) s"
