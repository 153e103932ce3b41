#!/usr/bin/env bash
# Issue #12's figures: for every problem, `judge validate --mutants` from an empty cache (the
# harness, the reference, the accepted alternatives, the seeded bugs, the template and every
# mutant built and run), with its tests, traps, seeded bugs and mutation score.
#   bash bench/validate_problems.sh [JUDGE_BINARY [PROBLEM...]]   (default: build/release/bin/judge, every problem)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
printf '%-24s %6s %6s %5s %9s %22s %9s\n' problem tests traps bugs accepted "mutants killed" "wall (s)"
shift $(( $# > 0 ? 1 : 0 ))
problems=("$@")
[ ${#problems[@]} -gt 0 ] || mapfile -t problems < <("$JUDGE" list | awk '{print $1}')
for p in "${problems[@]}"; do
  cache=$(mktemp -d)
  JUDGE_CACHE=$cache /usr/bin/time -f "%e" -o "$OUT/time" "$JUDGE" -q validate "$p" --mutants --format json >"$OUT/v.json"
  rm -rf "$cache"
  python3 - "$OUT/v.json" "$(cat "$OUT/time")" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))
v = v[0] if isinstance(v, list) else v
m = v["mutants"]
alive = m["total"] - m["stillborn"] - len(m["equivalent"])
bugs_ok = all(b["failed_traps"] == [b["trap"]] for b in v["bugs"])
print(f'{v["problem"]:<24} {v["tests"]:>6} {v["traps"]:>6} {len(v["bugs"]):>5} {len(v["accepted"]):>9} '
      f'{m["killed"]:>5} of {alive:<4} ({100.0 * m["killed"] / alive:5.1f}%) {float(sys.argv[2]):>9.1f}'
      + ("" if bugs_ok else "   (a bug fails more than its own trap)"))
PY
done
