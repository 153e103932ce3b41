#!/usr/bin/env bash
# End-to-end cases for the real judge binary: run_e2e.sh CASE JUDGE_BINARY SOURCE_ROOT
# Each case prints what it checks and exits non-zero on the first mismatch.
set -uo pipefail
case_name=$1
JUDGE=$2
ROOT=$3
export NO_COLOR=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export JUDGE_CACHE="${JUDGE_E2E_CACHE:-$TMP/cache}"

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

. "$(dirname "$0")/../box_pids.sh"
. "$(dirname "$0")/cases.sh"
if [ "${case_name#seeded_bug:}" != "$case_name" ]; then BUG=${case_name#seeded_bug:}; case_seeded_bug
elif [ "${case_name#pack_same_reports:}" != "$case_name" ]; then PROBLEM=${case_name#pack_same_reports:}; case_pack_same_reports
else "case_$case_name"; fi
echo "ok: $case_name"
