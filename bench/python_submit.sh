#!/usr/bin/env bash
# Times a warm `judge submit` of problem_mha in C++, NumPy and PyTorch, each accepted (the
# reference, or its translation) and failing (the same file with its output scaled by 1.01: a wrong
# answer on most tests that no seeded bug explains, so the judge runs those tests a second time and
# gives no counterexample it cannot stand by), for one judge or for two side by side in the same
# hyperfine run (issue #65: a judge before a change and after it). Warm: the reference, the
# seeded bugs, the expected outputs and the counterexample candidates' reference runs are cached;
# the C++ submission is still compiled, and a Python box still imports its library once.
#   bash bench/python_submit.sh [JUDGE] [RUNS] [BEFORE_JUDGE]
# (defaults: build/release/bin/judge, 10 runs, none). It prints the ratios the issue sets as goals:
# a failing PyTorch submit at most 1.3x an accepted one, an accepted one at most 2x the C++ one.
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
RUNS=${2:-10}
BEFORE=${3:-}
. bench/lib.sh
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
OUT=$(mktemp -d)
trap 'rm -rf "$JUDGE_CACHE" "$OUT"' EXIT
# scaled SRC OLD NEW DST: SRC with its one line OLD replaced by NEW.
scaled() {
  python3 - "$@" <<'PY'
import sys
src, old, new, dst = sys.argv[1:5]
text = open(src).read()
assert text.count(old) == 1, (src, old)
open(dst, "w").write(text.replace(old, new))
PY
}
CPP=reference/problem_mha/solution.cpp
TORCH=reference/problem_mha/solution.py
NUMPY=reference/problem_mha/accepted/numpy_arrays.py
scaled "$CPP" "return judge::matmul(merge_heads(heads), W_o);" "return judge::matmul(merge_heads(heads), W_o) * 1.01f;" \
  "$OUT/failing.cpp"
scaled "$TORCH" "return merge_heads(heads) @ W_o" "return merge_heads(heads) @ W_o * 1.01" "$OUT/failing_torch.py"
scaled "$NUMPY" "return merge_heads(heads) @ W_o" "return merge_heads(heads) @ W_o * 1.01" "$OUT/failing_numpy.py"
files=("$CPP" "$OUT/failing.cpp" "$NUMPY" "$OUT/failing_numpy.py" "$TORCH" "$OUT/failing_torch.py")
names=("C++ accepted" "C++ failing" "NumPy accepted" "NumPy failing" "PyTorch accepted" "PyTorch failing")
judges=("$JUDGE")
labels=(after)
[ -n "$BEFORE" ] && judges=("$BEFORE" "$JUDGE") && labels=(before after)
commands=()
for j in "${!judges[@]}"; do
  for f in "${files[@]}"; do "${judges[$j]}" -q submit problem_mha --file "$f" >/dev/null || true; done  # warm
  for i in "${!files[@]}"; do
    commands+=(-n "${names[$i]} (${labels[$j]})" "${judges[$j]} -q submit problem_mha --file ${files[$i]}")
  done
done

echo "== warm submit of problem_mha, accepted and failing: C++, NumPy, PyTorch ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
hyperfine -i --warmup 1 --runs "$RUNS" --export-json "$OUT/python.json" "${commands[@]}"
python3 - "$OUT/python.json" "${labels[@]}" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
print("| submission | " + " | ".join(sys.argv[2:]) + " |")
print("|---|" + "---|" * len(sys.argv[2:]))
for name in ("C++ accepted", "C++ failing", "NumPy accepted", "NumPy failing", "PyTorch accepted", "PyTorch failing"):
    cells = []
    for label in sys.argv[2:]:
        x = r[f"{name} ({label})"]
        cells.append(f"{x['mean']:.3f} s ± {x['stddev']:.3f}")
    print(f"| {name} | " + " | ".join(cells) + " |")
for label in sys.argv[2:]:
    m = {n: r[f"{n} ({label})"]["mean"] for n in ("C++ accepted", "PyTorch accepted", "PyTorch failing")}
    print(f"{label}: PyTorch failing / accepted {m['PyTorch failing'] / m['PyTorch accepted']:.2f}x (goal at most 1.3x), "
          f"PyTorch accepted / C++ accepted {m['PyTorch accepted'] / m['C++ accepted']:.2f}x (goal at most 2x)")
PY
