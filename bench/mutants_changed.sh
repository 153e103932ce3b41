#!/usr/bin/env bash
# Issue #43, point 1: what a one-line change to a reference costs under `validate --mutants`. On a
# copy of the course: a first --mutants run (every mutant built: cold), the same again (warm: the
# builds and runs are cached by content), then one line of the reference changed (and the seeded
# bug whose patch holds that line, as its author would change it) and timed with --changed, then a
# second line change timed with a full --mutants. /usr/bin/time, one run each.
# The first run is also made with --jobs 1 on its own cold cache: the pace before --jobs.
#   bash bench/mutants_changed.sh [JUDGE_BINARY [PROBLEM [LINE OLD NEW]]]
# (default: build/release/bin/judge, problem_block, and in its line holding 'return judge::matmul(judge::relu(',
# ' + b2;' becomes ' + (b2);'). LINE is a fixed string that finds the line to change in the reference.
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
PROBLEM=${2:-problem_block}
OUT=$(mktemp -d)
JUDGE_CACHE=${JUDGE_CACHE:-$OUT/cache}
export JUDGE_CACHE NO_COLOR=1
trap 'rm -rf "$OUT"' EXIT
cp -r problems reference student_template "$OUT/"
REF="$OUT/reference/$PROBLEM/solution.cpp"
timed() {  # timed NAME ARGS...: the wall time of validate ARGS, and its mutants' summary
    local name=$1
    shift
    /usr/bin/time -f "%e" -o "$OUT/$name.time" "$JUDGE" -q --root "$OUT" validate "$PROBLEM" --seeds 0 "$@" \
        --format json >"$OUT/$name.json" || true
    python3 - "$OUT/$name.json" "$name" "$(cat "$OUT/$name.time")" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["mutants"]
print(f"{sys.argv[2]:<28} {float(sys.argv[3]):6.1f} s  {m['total'] - m['reused']:3} of {m['total']} mutants run")
PY
}
# change_line OLD NEW: the reference's line OLD (the last line that makes a mutant: the block's
# feed-forward return) becomes NEW, and so does each patch line that holds it.
change_line() {
    python3 - "$REF" "$1" "$2" "$OUT/reference/$PROBLEM/bugs" <<'PY'
import glob, sys
ref, old, new, bugs = sys.argv[1:5]
for f in [ref] + glob.glob(bugs + "/*.patch"):
    s = open(f).read()
    for lead in ("\n", "\n-", "\n "):
        s = s.replace(lead + old + "\n", lead + new + "\n")
    open(f, "w").write(s)
assert new in open(ref).read(), "the line to change is not in the reference"
PY
}
PATTERN=${3:-'return judge::matmul(judge::relu('}
FROM=${4:-' + b2;'}
TO=${5:-' + (b2);'}
line=$(grep -m1 -F "$PATTERN" "$REF")
JUDGE_CACHE=$OUT/serial timed "first --mutants --jobs 1 (cold)" --mutants --jobs 1
timed "first --mutants (cold)" --mutants
timed "again (warm)" --mutants
changed=${line/"$FROM"/"$TO"}
change_line "$line" "$changed"
timed "one line changed, --changed" --changed
change_line "$changed" "${changed/;/ ;}"
timed "one line changed, --mutants" --mutants
