#!/usr/bin/env bash
# Times a warm `judge submit` against the compile floor: `g++ -O2 -c` of the same file with the
# same flags. The issue's goal is a ratio of at most 1.5. Uses hyperfine (Debian package).
#   bash bench/warm_submit.sh [JUDGE_BINARY]     (default: build/release/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
. bench/lib.sh
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
trap 'rm -rf "$JUDGE_CACHE"' EXIT
SRC=${SRC:-reference/problem_mha/solution.cpp}

# Warm the cache: harness, reference, seeded bugs and expected outputs.
"$JUDGE" -q submit problem_mha --file "$SRC" >/dev/null
"$JUDGE" -q validate problem_mha >/dev/null
INC=$(ls -d "$JUDGE_CACHE"/include-*)
OUT=$(mktemp -d)

echo "== compile floor vs warm submit ($SRC, $(nproc) cores)"
# The floor compiles with the judge's own include dir, so both sides use its precompiled header.
# The last command is the same compile without the cache: the header straight from the repo.
hyperfine --warmup 2 --runs 10 --export-json "$OUT/submit.json" \
  -n "g++ -O2 -c (floor)" "g++ -std=c++20 -O2 -fdiagnostics-color=never -fmax-errors=20 -I $INC -c $SRC -o $OUT/x.o" \
  -n "judge submit (warm)" "$JUDGE -q submit problem_mha --file $SRC" \
  -n "g++ -O2 -c, no precompiled header" "g++ -std=c++20 -O2 -I . -c $SRC -o $OUT/y.o" \
  -n "g++ -O2 -c of the student template, no precompiled header" "g++ -std=c++20 -O2 -I . -c student_template/problem_mha/solution.cpp -o $OUT/z.o"
python3 - "$OUT/submit.json" <<'PY' 2>/dev/null || true
import json, sys
r = json.load(open(sys.argv[1]))["results"]
floor, submit = r[0]["mean"], r[1]["mean"]
print(f"floor {floor:.3f} s, warm submit {submit:.3f} s, ratio {submit / floor:.2f}")
PY
echo "== a failing submission (also runs the seeded bugs' cached outputs for attribution)"
hyperfine --warmup 1 --runs 5 -i -n "judge submit (warm, seeded bug)" \
  "$JUDGE -q submit problem_mha --file reference/problem_mha/bugs/lens_repeat_not_interleave.cpp"
rm -rf "$OUT"
