#!/usr/bin/env bash
# CPU isolation between boxes (issue #20): how long a cold submit (every build on an empty cache,
# the reference's and the submission's) takes alone, and beside a neighbour whose tests start 60
# spinning children each. With a cpu cgroup per run (equal shares), the neighbour's box gets one
# share of the machine however many processes (and sessions: each child calls setsid, and autogroup
# scheduling gives a session a share of its own) it starts. Wall time (/usr/bin/time), median of RUNS.
#   bash bench/neighbour_cpu.sh [JUDGE_BINARY]     (default: build/release/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
RUNS=${RUNS:-5}
work=$(mktemp -d)
chmod 755 "$work"
export JUDGE_CACHE=$work/cache NO_COLOR=1
spinner_pid=
trap '[ -n "$spinner_pid" ] && kill "$spinner_pid" 2>/dev/null; pkill -f "$work/spin" 2>/dev/null; rm -rf "$work"' EXIT
cp -r tests/hostile/course "$work/course"
cat >"$work/spin.cpp" <<'CPP'
#include <judge/tensor.hpp>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    for (int k = 0; k < 60; ++k)
        if (::fork() == 0) {
            ::setsid();  // a session each: the kernel's autogroups would give each its own share
            for (volatile unsigned long spin = 0;; spin = spin + 1) {
            }
        }
    ::sleep(10);
    return x;
}
CPP
"$JUDGE" -q --root "$work/course" submit probe --file "$work/spin.cpp" >/dev/null 2>&1 || true  # warm the cache
compile_seconds() {  # one cold submit of the reference: its builds (and the trusted ones) on an empty cache
    rm -rf "$work/cold"
    JUDGE_CACHE=$work/cold /usr/bin/time -f %e -o "$work/t" "$JUDGE" -q submit problem_mha \
        --file reference/problem_mha/solution.cpp >/dev/null 2>&1 || true
    cat "$work/t"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
alone=$(for _ in $(seq "$RUNS"); do compile_seconds; done | median)
(while :; do "$JUDGE" -q --root "$work/course" submit probe --file "$work/spin.cpp" >/dev/null 2>&1 || true; done) &
spinner_pid=$!
sleep 2
beside=$(for _ in $(seq "$RUNS"); do compile_seconds; done | median)
echo "cold submit of problem_mha's reference ($(nproc) cores, median of $RUNS): alone ${alone} s, beside a box of 60-child spinners ${beside} s"
