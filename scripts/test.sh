#!/usr/bin/env bash
# The whole test suite, from a fresh clone: setup, the format check, then a warnings-as-errors
# build with ctest, the same tests under AddressSanitizer + UndefinedBehaviorSanitizer, and the
# unit tests and the concurrent e2e cases under ThreadSanitizer. .ci/run calls this.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's line says how long the suite has run so far (CI has 90 minutes on 2 cores).
at() { printf '%dm%02ds' $((SECONDS / 60)) $((SECONDS % 60)); }
bash scripts/setup.sh
bash scripts/format_check.sh
jobs=$(nproc 2>/dev/null || echo 2)

# One cache for both passes: the tests share built references and bugs (keyed by content hash).
export JUDGE_E2E_CACHE="${JUDGE_E2E_CACHE:-$PWD/build/e2e-cache}"
rm -rf "$JUDGE_E2E_CACHE"

for preset in dev asan-ubsan; do
  echo "== $preset: configure and build (at $(at))"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  echo "== $preset: test (at $(at))"
  ctest --preset "$preset" -j "$jobs"
  if [ "$preset" = dev ]; then
    # No verdict depends on the machine's load: the time and memory cases beside 3x as many busy
    # loops as cores give the same reports as on a quiet machine, twice in a row (issue #20).
    for round in 1 2; do
      echo "== load stress, round $round (at $(at))"
      bash tests/stress/load_stress.sh build/dev/bin/judge "$PWD"
    done
  fi
done

# ThreadSanitizer: the judge and the unit tests only (the other tests add no thread), then the
# tests labelled unit or concurrent (grade --jobs, merge of shards, validate's parallel bugs).
echo "== tsan: configure and build (at $(at))"
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j "$jobs"
echo "== tsan: test (at $(at))"
ctest --preset tsan -j "$jobs"
echo "== done (at $(at))"
