#!/usr/bin/env bash
# The cost of counterexamples (issue #11): a warm `judge submit` of failing submissions with the
# search and without it (--no-counterexamples), divided by the traps each fails. The budget is 1 s
# extra per failing trap on 2 cores. Uses hyperfine (Debian package).
#   bash bench/counterexamples.sh [JUDGE_BINARY]     (default: build/release/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
. bench/lib.sh
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
OUT=$(mktemp -d)
trap 'rm -rf "$JUDGE_CACHE" "$OUT"' EXIT

# Submissions: seeded bugs of both layers of the problem, and the template (every trap fails).
SUBS=(reference/problem_mha/bugs/merge_without_permute.cpp reference/problem_mha/bugs/scale_by_sqrt_D.cpp
      reference/problem_mha/bugs/mask_off_by_one.cpp reference/problem_mha/bugs/no_head_check.cpp
      student_template/problem_mha/solution.cpp)
# Warm the cache: harness, reference, seeded bugs, expected outputs, the counterexample candidates.
"$JUDGE" -q validate problem_mha >/dev/null
for s in "${SUBS[@]}"; do "$JUDGE" -q submit problem_mha --file "$s" >/dev/null || true; done

printf '%-45s %8s %8s %8s %6s %14s %8s\n' submission with without extra traps "extra per trap" searched
for s in "${SUBS[@]}"; do
  hyperfine -N -i --style none --warmup 1 --runs 8 --export-json "$OUT/r.json" \
    "$JUDGE -q submit problem_mha --file $s" "$JUDGE -q submit problem_mha --file $s --no-counterexamples" >/dev/null 2>&1
  "$JUDGE" -q submit problem_mha --file "$s" --format json >"$OUT/report.json" || true
  python3 - "$OUT/r.json" "$OUT/report.json" "$s" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
rep = json.load(open(sys.argv[2]))
with_cx, without = r[0]["mean"], r[1]["mean"]
# Every trap with a failing test: failed or blocked (a blocked trap's hidden failures are searched too).
traps = sum(1 for t in rep["traps"] if t["status"] != "passed")
searched = sum(1 for t in rep["tests"] if "counterexample_tried" in t)
extra = with_cx - without
print(f"{sys.argv[3].split('/')[-1] if 'bugs' in sys.argv[3] else 'student template':45s} {with_cx:7.3f}s "
      f"{without:7.3f}s {extra:7.3f}s {traps:6d} {extra / max(traps, 1):13.3f}s {searched:8d}")
PY
done
