#!/usr/bin/env bash
# Issue #62, point 1: what a draw per submission costs a class grade under a secret.
#   bash bench/secret_grade.sh BEFORE_JUDGE AFTER_JUDGE [STUDENTS] [ROUNDS]
# BEFORE_JUDGE grades every submission on one draw of the secret (the judge before issue #62),
# AFTER_JUDGE on a draw per file (HMAC of the problem's key and the file's bytes), so it runs the
# reference, and the seeded bugs of each failed trap, on every student's own inputs. The class
# (problem_mha, STUDENTS students, default 40): half correct (three styles), half seeded bugs, each
# file with its student's id in a comment. Each judge gets a cache warmed by `validate` (the
# harness, the reference and the bugs built), then grades with --jobs 2, twice: cold (a fresh copy
# of that cache: no student's runs cached) and again on a fresh output folder (the student's runs
# cached, as on a regrade). ROUNDS rounds (default 3), the two judges taking turns within each, so
# that a machine that slows down meanwhile slows both; then each figure's median and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bash bench/secret_grade.sh BEFORE_JUDGE AFTER_JUDGE [STUDENTS] [ROUNDS]" >&2; exit 2; }
BEFORE=$(realpath "$1") AFTER=$(realpath "$2") N=${3:-40} ROUNDS=${4:-3}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export NO_COLOR=1
correct=(reference/problem_mha/solution.cpp reference/problem_mha/accepted/folded_layout.cpp
    reference/problem_mha/accepted/index_loops.cpp)
mapfile -t bugs < <(ls reference/problem_mha/bugs/*.cpp)
for i in $(seq 1 "$N"); do
    if ((i % 2)); then f=${correct[$((i % 3))]}; else f=${bugs[$((i % ${#bugs[@]}))]}; fi
    mkdir -p "$W/class/s$i"
    { echo "// student s$i"; cat "$f"; } >"$W/class/s$i/solution.cpp"
done
judge_of() { if [ "$1" = after ]; then echo "$AFTER"; else echo "$BEFORE"; fi; }
for which in before after; do
    judge=$(judge_of $which)
    # The old judge takes a number; the new one refuses fewer than 128 bits.
    if "$judge" secret new >/dev/null 2>&1; then "$judge" secret new >"$W/secret-$which"; else echo 918273645 >"$W/secret-$which"; fi
    JUDGE_CACHE=$W/warm-$which "$judge" -q validate problem_mha >/dev/null
done
for round in $(seq 1 "$ROUNDS"); do
    for which in before after; do
        judge=$(judge_of $which)
        rm -rf "$W/cache" "$W/out-$which"-*
        cp -a "$W/warm-$which" "$W/cache"
        for run in cold regrade; do
            start=$(date +%s.%N)
            JUDGE_CACHE=$W/cache GRADING_SEED=$(cat "$W/secret-$which") /usr/bin/time -f "%M" -o "$W/mem" \
                "$judge" -q grade problem_mha --class "$W/class" --out "$W/out-$which-$run" --jobs 2 \
                --seed-from-env GRADING_SEED >/dev/null
            t=$(echo "$(date +%s.%N) - $start" | bc)
            echo "$t" >>"$W/times-$which-$run"
            printf 'round %d %-6s %-7s grade of %d students under a secret, --jobs 2: %6.1f s (peak RSS %d MB)\n' \
                "$round" "$which" "$run" "$N" "$t" "$(($(cat "$W/mem") / 1024))"
        done
        if [ "$round" = 1 ]; then
            printf '  %s verdicts: ' "$which"
            tail -n +2 "$W/out-$which-cold/grades.csv" | cut -d, -f2 | sort | uniq -c | tr '\n' ' '
            echo
        fi
    done
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for run in cold regrade; do
    b=$(median "$W/times-before-$run") a=$(median "$W/times-after-$run")
    printf 'median %-7s before %6.1f s, after %6.1f s: %.2fx\n' "$run" "$b" "$a" "$(echo "$a / $b" | bc -l)"
done
