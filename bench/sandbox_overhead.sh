#!/usr/bin/env bash
# The cost of isolation: a warm `judge submit` in the bubblewrap tier against the same in the
# fallback tier (no namespaces). The goal is under 10% of a warm submit. Uses hyperfine.
#   bash bench/sandbox_overhead.sh [JUDGE_BINARY]     (default: build/release/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
command -v hyperfine >/dev/null || { echo "bench: needs hyperfine: sudo apt-get install -y hyperfine" >&2; exit 1; }
[ -x "$JUDGE" ] || { cmake --preset release >/dev/null && cmake --build --preset release >/dev/null; }
JUDGE_CACHE=$(mktemp -d)
export JUDGE_CACHE NO_COLOR=1
trap 'rm -rf "$JUDGE_CACHE"' EXIT
SRC=reference/problem_mha/solution.cpp
JUDGE_SANDBOX=bubblewrap "$JUDGE" -q submit problem_mha --file "$SRC" >/dev/null   # warm the cache
"$JUDGE" doctor | grep -E "tier|fork bombs"
hyperfine --warmup 2 --runs 15 --export-json "$JUDGE_CACHE/sandbox.json" \
  -n fallback "JUDGE_SANDBOX=fallback $JUDGE -q submit problem_mha --file $SRC" \
  -n bubblewrap "JUDGE_SANDBOX=bubblewrap $JUDGE -q submit problem_mha --file $SRC"
python3 - "$JUDGE_CACHE/sandbox.json" <<'PY' 2>/dev/null || true
import json, sys
r = {x["command"]: x["mean"] for x in json.load(open(sys.argv[1]))["results"]}
f, b = r["fallback"], r["bubblewrap"]
print(f"fallback {f:.3f} s, bubblewrap {b:.3f} s: isolation costs {b - f:.3f} s, {100 * (b - f) / b:.1f}% of a warm submit")
PY
