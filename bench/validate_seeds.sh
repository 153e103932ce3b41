#!/usr/bin/env bash
# Issue #38's figure: what `validate --seeds N` adds to `validate --all --strict` (the goal: under
# 5 minutes for all problems with 20 seeds, the bugs' builds cached). Warms the cache with one
# plain run, then times the plain run and the run with seeds once each (/usr/bin/time), and says
# how many bugs were caught by their trap under every seed.
#   bash bench/validate_seeds.sh [JUDGE_BINARY [SEEDS]]   (default: build/release/bin/judge, 20)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=${1:-build/release/bin/judge}
SEEDS=${2:-20}
. bench/lib.sh
OUT=$(mktemp -d)
JUDGE_CACHE=${JUDGE_CACHE:-$OUT/cache}
export JUDGE_CACHE NO_COLOR=1
trap 'rm -rf "$OUT"' EXIT
# --strict alone proves 20 seeds: the plain runs say --seeds 0.
"$JUDGE" -q validate --all --strict --seeds 0 >/dev/null  # builds everything once
/usr/bin/time -f "%e" -o "$OUT/plain" "$JUDGE" -q validate --all --strict --seeds 0 >/dev/null
/usr/bin/time -f "%e" -o "$OUT/seeds" "$JUDGE" -q validate --all --strict --seeds "$SEEDS" --format json >"$OUT/v.json"
python3 - "$OUT/v.json" "$SEEDS" "$(cat "$OUT/plain")" "$(cat "$OUT/seeds")" <<'PY'
import json, sys
runs, n, plain, seeds = json.load(open(sys.argv[1])), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
bugs = [b for v in runs for b in v["seeds"]["bugs"]]
always = sum(b["caught"] == n for b in bugs)
print(f"validate --all --strict --seeds 0: {plain:.0f} s; with --seeds {n}: {seeds:.0f} s (+{seeds - plain:.0f} s); "
      f"{always} of {len(bugs)} bugs caught by their trap under every seed; "
      f"{sum(len(v['errors']) for v in runs)} errors")
PY
