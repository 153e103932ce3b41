#!/usr/bin/env bash
# Times a warm `judge submit` of problem_mha's reference in C++, in PyTorch and in NumPy, in the
# same hyperfine run (issue #26: PyTorch at most 5x the C++ submit, NumPy at most 1.5x). Warm:
# the reference, the seeded bugs and the expected outputs are cached; the C++ submission is still
# compiled, and the Python box still imports its library once.
#   bash bench/python_submit.sh [JUDGE_BINARY] [RUNS]     (default: build/release/bin/judge, 10)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
RUNS=${2:-10}
. bench/lib.sh
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
OUT=$(mktemp -d)
trap 'rm -rf "$JUDGE_CACHE" "$OUT"' EXIT
CPP=reference/problem_mha/solution.cpp
TORCH=reference/problem_mha/solution.py
NUMPY=reference/problem_mha/accepted/numpy_arrays.py
for f in "$CPP" "$TORCH" "$NUMPY"; do "$JUDGE" -q submit problem_mha --file "$f" >/dev/null; done

echo "== warm submit of problem_mha's reference: C++, PyTorch, NumPy ($(nproc) cores)"
hyperfine --warmup 2 --runs "$RUNS" --export-json "$OUT/python.json" \
  -n "C++ (judge submit, warm)" "$JUDGE -q submit problem_mha --file $CPP" \
  -n "PyTorch (judge submit, warm)" "$JUDGE -q submit problem_mha --file $TORCH" \
  -n "NumPy (judge submit, warm)" "$JUDGE -q submit problem_mha --file $NUMPY"
python3 - "$OUT/python.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
cpp = r["C++ (judge submit, warm)"]["mean"]
for name, limit in (("PyTorch", 5.0), ("NumPy", 1.5)):
    m = r[name + " (judge submit, warm)"]["mean"]
    print(f"{name}: {m:.3f} s, {m / cpp:.2f}x the C++ submit's {cpp:.3f} s (the goal: at most {limit}x)")
PY
