# shellcheck shell=bash
# judge doctor says what the machine offers for isolation and which tier submit uses.
expect_exit 0 "$JUDGE" doctor
expect_out "bubblewrap:"
expect_out "user namespaces:"
expect_out "cgroups:"
expect_out "tier:"
JUDGE_SANDBOX=fallback "$JUDGE" doctor >"$TMP/out" 2>"$TMP/err" || fail "doctor failed"
expect_out "tier:             fallback (NOT isolated) (JUDGE_SANDBOX=fallback)"
JUDGE_SANDBOX=nope "$JUDGE" doctor >"$TMP/out" 2>"$TMP/err"
[ $? = 2 ] || fail "a bad JUDGE_SANDBOX should exit 2"
expect_err 'judge: error: --sandbox (JUDGE_SANDBOX): expected bubblewrap or fallback, got "nope"'
