#!/usr/bin/env bash
# Grades a synthetic class of 100 submissions and compares with the compile floor.
#   bash bench/grade_class.sh [JUDGE_BINARY]     (default: build/release/bin/judge)
# The class: 40 correct (three styles), 40 seeded bugs, 10 compile errors, 10 time-outs. Each file
# gets its student's id in a comment, so no two are byte-identical. The floor is the sum of bare
# `g++ -O2 -c` times of the same files (with the judge's precompiled header), divided by the jobs.
# The goal: at most 1.5x the floor for the accepted and wrong-answer submissions.
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=$(realpath "${1:-build/release/bin/judge}")
[ -x "$JUDGE" ] || { cmake --preset release >/dev/null && cmake --build --preset release >/dev/null; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export JUDGE_CACHE=$W/cache NO_COLOR=1
"$JUDGE" -q validate problem_mha >/dev/null   # warm: harness, reference, bugs and their runs

correct=(reference/problem_mha/solution.cpp reference/problem_mha/accepted/folded_layout.cpp reference/problem_mha/accepted/index_loops.cpp)
mapfile -t bugs < <(ls reference/problem_mha/bugs/*.cpp)
add() {  # add CLASS ID FILE
    mkdir -p "$1/$2"
    { echo "// student $2"; cat "$3"; } >"$1/$2/solution.cpp"
}
for i in $(seq -w 1 40); do
    add "$W/ok_wa" "c$i" "${correct[$((10#$i % 3))]}"
    add "$W/ok_wa" "b$i" "${bugs[$((10#$i % ${#bugs[@]}))]}"
done
cp -r "$W/ok_wa" "$W/all"
for i in $(seq -w 1 10); do
    add "$W/all" "e$i" tests/e2e/submissions/compile_error/solution.cpp
    add "$W/all" "t$i" tests/e2e/submissions/time_limit/solution.cpp
done

INC=$(ls -d "$JUDGE_CACHE"/include-*)
floor_start=$(date +%s.%N)
for f in "$W"/ok_wa/*/solution.cpp; do
    g++ -std=c++20 -O2 -fdiagnostics-color=never -fmax-errors=20 -I "$INC" -c "$f" -o "$W/x.o"
done
floor=$(echo "$(date +%s.%N) - $floor_start" | bc)
echo "compile floor, 80 accepted and wrong-answer files: ${floor}s in all"
# The same compiles two at a time: what two cores really give (the issue's floor divides by 2).
par_start=$(date +%s.%N)
find "$W"/ok_wa -mindepth 2 -maxdepth 2 -name solution.cpp -print0 | sort -z | xargs -0 -P 2 -I{} g++ -std=c++20 -O2 -fdiagnostics-color=never -fmax-errors=20 -I "$INC" -c {} -o /dev/null
echo "the same 80 compiles, two at a time (xargs -P 2): $(echo "$(date +%s.%N) - $par_start" | bc)s"

for jobs in 1 2; do
    start=$(date +%s.%N)
    "$JUDGE" -q grade problem_mha --class "$W/ok_wa" --out "$W/out-okwa-$jobs" --jobs $jobs >/dev/null
    t=$(echo "$(date +%s.%N) - $start" | bc)
    echo "grade 80 accepted/wrong-answer, --jobs $jobs: ${t}s; floor/$jobs = $(echo "scale=2; $floor / $jobs" | bc)s; ratio $(echo "scale=2; $t * $jobs / $floor" | bc)"
done
for jobs in 1 2; do
    start=$(date +%s.%N)
    "$JUDGE" -q grade problem_mha --class "$W/all" --out "$W/out-all-$jobs" --jobs $jobs >/dev/null
    t=$(echo "$(date +%s.%N) - $start" | bc)
    echo "grade all 100 (with 10 compile errors and 10 time-outs), --jobs $jobs: ${t}s"
done
cmp "$W/out-all-1/grades.csv" "$W/out-all-2/grades.csv" && echo "grades.csv identical for --jobs 1 and --jobs 2"
tail -n +2 "$W/out-all-2/grades.csv" | cut -d, -f2 | sort | uniq -c
