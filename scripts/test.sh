#!/usr/bin/env bash
# The whole test suite, from a fresh clone: setup, the format check and the linters, then every
# ctest test once, in the dev build or under AddressSanitizer + UndefinedBehaviorSanitizer (both
# warnings-as-errors, with libstdc++'s assertions), the load stress once, and the unit tests and
# the concurrent e2e cases under ThreadSanitizer. .ci/run calls this. The README's "Development" says
# what each phase proves, and what runs only on request (the fresh-machine run, the benchmarks).
#   bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says when it starts and how long the suite has run (CI has 90 minutes on 2 cores).
at() { printf '%dm%02ds' $((SECONDS / 60)) $((SECONDS % 60)); }
phase() { echo "== $* (at $(at))"; }
phase setup
bash scripts/setup.sh
phase "format and lint"
bash scripts/format_check.sh
bash scripts/lint.sh
jobs=$(nproc 2>/dev/null || echo 2)
# Tests run one more at a time than there are cores: a test waits too (a box's start, a sleeping
# case's wall clock, a child's exit), and no test depends on the machine's load (issue #44).
test_jobs=$((jobs + 1))

# ccache (Debian's) keeps the judge's objects between runs, in ~/.cache/ccache: a clean clone on a
# machine that built the same sources before compiles almost nothing. Paths are taken relative to
# the checkout, so another folder's clone hits too. A cold cache costs a few percent.
configure=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
  configure=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  ccache --zero-stats >/dev/null
fi
# cached: the compiles ccache answered since the last call, of all it was asked.
cached() {
  command -v ccache >/dev/null || return 0
  ccache --print-stats | awk '$1 ~ /^(direct|preprocessed)_cache_hit$/ {h += $2} $1 == "cache_miss" {m += $2}
    END {printf "ccache: %d of %d compiles from the cache\n", h, h + m}'
  ccache --zero-stats >/dev/null
}

# One judge cache for the whole run, every build tree's tests included: they share built references
# and bugs (keyed by content hash, not by the judge that built them).
export JUDGE_E2E_CACHE="${JUDGE_E2E_CACHE:-$PWD/build/e2e-cache}"
rm -rf "$JUDGE_E2E_CACHE"
configure+=(-DJUDGE_E2E_CACHE="$JUDGE_E2E_CACHE")

# Every test once, under the build that proves most for what it costs. The sanitizers slow the
# judge's own work several times over, so the e2e sweeps (every problem, bug, format and pack)
# run in the dev build (warnings as errors, libstdc++'s assertions); what meets hostile input or
# memory in new ways runs under AddressSanitizer + UndefinedBehaviorSanitizer instead: the unit
# tests, the hostile submissions, and the e2e cases labelled `sanitized` (damaged reports and
# specs, .npy files, every format, a crash, merge and grade's red-team folders).
sanitized='unit|hostile|sanitized'
# The dev build makes only what its tests run: the judge and the e2e tests in C++ (the unit tests
# are built, with the same warnings as errors, and run under the sanitizers; the Debian package
# test's cpack does not build them either).
phase "dev: configure and build"
cmake --preset dev "${configure[@]}" -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON >/dev/null
cmake --build --preset dev -j "$jobs" --target judge e2e_tests
cached
phase "dev: test (all but the sanitized)"
ctest --preset dev -j "$test_jobs" -LE "$sanitized"

phase "asan-ubsan: configure and build"
cmake --preset asan-ubsan "${configure[@]}" >/dev/null
# The judge and the unit tests: the e2e tests in C++ (e2e_tests) run in the dev build only.
cmake --build --preset asan-ubsan -j "$jobs" --target judge unit_tests
cached
phase "asan-ubsan: test (unit, hostile, sanitized)"
ctest --preset asan-ubsan -j "$test_jobs" -L "$sanitized"

# No verdict depends on the machine's load: the time and memory cases beside 3x as many busy
# loops as cores give the same reports as on a quiet machine (issue #20). Load is applied here
# only, never beside the ctest suite.
phase "load stress"
bash tests/stress/load_stress.sh build/dev/bin/judge "$PWD"

# ThreadSanitizer: the judge and the unit tests only (the other tests add no thread), then the
# tests labelled unit or concurrent (grade --jobs, merge of shards, validate's parallel bugs on a
# small course: validate_lint).
phase "tsan: configure and build"
cmake --preset tsan "${configure[@]}" >/dev/null
cmake --build --preset tsan -j "$jobs"
cached
phase "tsan: test"
ctest --preset tsan -j "$test_jobs"
phase finished
