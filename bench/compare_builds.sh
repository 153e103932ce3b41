#!/usr/bin/env bash
# Compares two judge binaries on the same machine in one hyperfine run, so that machine drift hits
# both alike: a warm submit of the reference and of a seeded bug (bubblewrap tier), and the same
# submit in each tier (the cost of isolation). Used to show a refactoring is not slower.
#   bash bench/compare_builds.sh JUDGE_BEFORE JUDGE_AFTER [ROOT_BEFORE ROOT_AFTER]
# The roots (default: this checkout for both) are the course each binary reads, for a change that
# also changes the problem folders' format: e.g. a `git worktree` of the old revision.
# Then a paired run (bench/paired_submit.py) of the two submits, which resolves differences of a
# few percent that hyperfine's means cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
A=$(realpath "$1") B=$(realpath "$2")
RA=$(realpath "${3:-.}") RB=$(realpath "${4:-.}")
# Each binary runs through a wrapper that names its root, so that every command below (and
# paired_submit.py) stays one word.
WRAP=$(mktemp -d)
printf '#!/bin/sh\nexec "%s" --root "%s" "$@"\n' "$A" "$RA" >"$WRAP/before"
printf '#!/bin/sh\nexec "%s" --root "%s" "$@"\n' "$B" "$RB" >"$WRAP/after"
chmod +x "$WRAP/before" "$WRAP/after"
A=$WRAP/before B=$WRAP/after
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine: sudo apt-get install -y hyperfine" >&2; exit 1; }
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
trap 'rm -rf "$JUDGE_CACHE" "$WRAP"' EXIT
REF=$PWD/reference/problem_mha/solution.cpp
BUG=$PWD/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp   # exits 1: hyperfine -i below
for j in "$A" "$B"; do   # warm the cache for both (their headers differ, so their keys do)
    JUDGE_SANDBOX=bubblewrap "$j" -q validate problem_mha >/dev/null
    JUDGE_SANDBOX=fallback "$j" -q submit problem_mha --file "$REF" >/dev/null
done
# Each case runs in the order before, after, after, before (ABBA), so that a steady drift of the
# machine's speed during the run cancels out of the comparison.
cases=("submit reference (bubblewrap)|JUDGE_SANDBOX=bubblewrap @J@ -q submit problem_mha --file $REF"
       "submit reference (fallback)|JUDGE_SANDBOX=fallback @J@ -q submit problem_mha --file $REF"
       "submit seeded bug (bubblewrap)|JUDGE_SANDBOX=bubblewrap @J@ -q submit problem_mha --file $BUG")
args=()
for c in "${cases[@]}"; do
    name=${c%%|*} cmd=${c#*|}
    args+=(-n "before 1: $name" "${cmd/@J@/$A}" -n "after 1: $name" "${cmd/@J@/$B}"
           -n "after 2: $name" "${cmd/@J@/$B}" -n "before 2: $name" "${cmd/@J@/$A}")
done
hyperfine --warmup 2 --runs 10 -i --export-json "$JUDGE_CACHE/compare.json" "${args[@]}" >"$JUDGE_CACHE/hyperfine.log"
python3 - "$JUDGE_CACHE/compare.json" <<'PY'
import json, sys
r = {x["command"]: x["mean"] for x in json.load(open(sys.argv[1]))["results"]}
mean = lambda who, what: (r[f"{who} 1: {what}"] + r[f"{who} 2: {what}"]) / 2
for what in ("submit reference (bubblewrap)", "submit reference (fallback)", "submit seeded bug (bubblewrap)"):
    a, b = mean("before", what), mean("after", what)
    print(f"{what}: before {a:.3f} s, after {b:.3f} s ({100 * (b - a) / a:+.1f}%)")
for who in ("before", "after"):
    f, b = mean(who, "submit reference (fallback)"), mean(who, "submit reference (bubblewrap)")
    print(f"{who}: isolation costs {b - f:+.3f} s, {100 * (b - f) / b:+.1f}% of a warm submit")
PY
echo "== paired, alternating runs (bubblewrap tier when available)"
python3 bench/paired_submit.py "$A" "$B" "$REF" 40
python3 bench/paired_submit.py "$A" "$B" "$BUG" 25
