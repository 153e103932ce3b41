#!/usr/bin/env bash
# End-to-end cases for the real judge binary: run_e2e.sh CASE JUDGE_BINARY SOURCE_ROOT
# A case is tests/e2e/cases/CASE.sh, or tests/e2e/cases/CASE/case.sh with its fixtures beside it
# ($HERE is that folder). A family runs once per member: pack_same_reports:PROBLEM
# (tests/e2e/families/). Each prints what it checks and exits non-zero
# on the first mismatch. tests/e2e/CMakeLists.txt finds every case; a line "# labels: X" in a
# case gives its ctest labels (concurrent: the ThreadSanitizer pass runs it too; sanitized: CI runs it
# under AddressSanitizer and UndefinedBehaviorSanitizer instead of the dev build: scripts/test.sh).
set -uo pipefail
# JUDGE, ROOT, PROBLEM and HERE are read by the case it sources.
# shellcheck disable=SC2034
case_name=$1 JUDGE=$2 ROOT=$3
export NO_COLOR=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export JUDGE_CACHE="${JUDGE_E2E_CACHE:-$TMP/cache}"
E2E=$(cd "$(dirname "$0")" && pwd)

fail() { echo "FAIL [$case_name]: $*" >&2; exit 1; }

# expect_exit CODE CMD...: runs CMD, captures stdout/stderr in $TMP/out and $TMP/err.
expect_exit() {
    local want=$1; shift
    "$@" >"$TMP/out" 2>"$TMP/err"
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "--- stdout"; head -c 4000 "$TMP/out"; echo "--- stderr"; head -c 4000 "$TMP/err"
        fail "exit code $got, expected $want: $*"
    fi
}
expect_out() { grep -qF -- "$1" "$TMP/out" || { echo "--- stdout"; head -c 6000 "$TMP/out"; fail "stdout lacks: $1"; }; }
expect_err() { grep -qF -- "$1" "$TMP/err" || { echo "--- stderr"; head -c 6000 "$TMP/err"; fail "stderr lacks: $1"; }; }
expect_no_out() { if grep -qF -- "$1" "$TMP/out"; then head -c 6000 "$TMP/out"; fail "stdout has: $1"; fi; }

. "$E2E/../box_pids.sh"
. "$E2E/lib.sh"

case_file() {  # name dir -> the case's script
    if [ -f "$2/$1.sh" ]; then echo "$2/$1.sh"
    elif [ -f "$2/$1/case.sh" ]; then echo "$2/$1/case.sh"
    else fail "no case $1 in $2"; fi
}
# shellcheck disable=SC2034
if [ "${case_name#pack_same_reports:}" != "$case_name" ]; then PROBLEM=${case_name#pack_same_reports:}; family=pack_same_reports
else family=""; fi
if [ -n "$family" ]; then file=$(case_file "$family" "$E2E/families") || exit 1
else file=$(case_file "$case_name" "$E2E/cases") || exit 1; fi
# shellcheck disable=SC2034
HERE=$(dirname "$file")
# shellcheck disable=SC1090  # the case's file, found above
run_case() { . "$file"; }
run_case
echo "ok: $case_name"
