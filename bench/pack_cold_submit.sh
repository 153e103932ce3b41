#!/usr/bin/env bash
# A student's first submit on a pack, on an empty cache (issue #19: at most 4x the bare compile of
# the same file): only the submission is compiled (and the harness, beside it, where the student's
# compiler is not the one that made the pack); the reference's and the seeded bugs' outputs come
# from the pack. Compared with `g++` compiling the same file
# alone, with the judge's flags. Uses hyperfine, with the cache emptied before every run.
#   bash bench/pack_cold_submit.sh [JUDGE_BINARY]     (default: build/release/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
. bench/lib.sh
work=$(mktemp -d)
export JUDGE_CACHE=$work/cache NO_COLOR=1
trap 'rm -rf "$work"' EXIT
"$JUDGE" -q pack --all --out "$work/pack"
"$JUDGE" -q show problem_mha --bug lens_repeat_not_interleave >"$work/bug.cpp"
cp student_template/problem_mha/solution.cpp "$work/template.cpp"
echo "== first submit on a pack, empty cache ($(nproc) cores), against the bare compile of the same file"
for f in template bug; do
  hyperfine --runs "${RUNS:-5}" -i --prepare "rm -rf $JUDGE_CACHE" \
    -n "cold submit on the pack: $f.cpp" "$JUDGE -q --root $work/pack submit problem_mha --file $work/$f.cpp" \
    -n "bare compile: g++ -std=c++20 -O2 -c $f.cpp" "g++ -std=c++20 -O2 -I. -c $work/$f.cpp -o $work/$f.o"
done
echo "== a student whose compiler is not the packing judge's: the pack's harness object does not serve"
cp -r "$work/pack" "$work/other"
rm -rf "$work"/other/key/*/harness
python3 - "$work/other/pack.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m['files'] = {k: v for k, v in m['files'].items() if '/harness/' not in k}
json.dump(m, open(sys.argv[1], 'w'), indent=1)
PY
for f in template bug; do
  hyperfine --runs "${RUNS:-5}" -i --prepare "rm -rf $JUDGE_CACHE" \
    -n "cold submit, harness compiled: $f.cpp" "$JUDGE -q --root $work/other submit problem_mha --file $work/$f.cpp"
done
echo "== for comparison: the same submit on the full root, empty cache (builds the reference and bugs)"
hyperfine --runs "${RUNS:-3}" -i --prepare "rm -rf $JUDGE_CACHE" \
  -n "cold submit on the full root: bug.cpp" "$JUDGE -q submit problem_mha --file $work/bug.cpp"
