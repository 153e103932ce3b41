# shellcheck shell=bash
# One function per end-to-end case; sourced by run_e2e.sh.

case_cli_help() {
    expect_exit 0 "$JUDGE" --help
    expect_out "Exit codes: 0 accepted or success"
    expect_out "list"
}

case_cli_version() {
    expect_exit 0 "$JUDGE" --version
    expect_out "judge 0.1.0"
}

case_cli_list() {
    expect_exit 0 "$JUDGE" --root "$ROOT" list
    expect_out "problem_mha"
    # The course root is also found from the current directory.
    (cd "$ROOT/problems" && "$JUDGE" list) >"$TMP/out" 2>"$TMP/err" || fail "list from a subdirectory failed"
    expect_out "problem_mha"
}

case_cli_unknown_problem() {
    expect_exit 2 "$JUDGE" --root "$ROOT" show no_such_problem
    expect_err "judge: error: unknown problem 'no_such_problem'"
    expect_err "known problems: problem_mha"
}

case_cli_bad_usage() {
    expect_exit 2 "$JUDGE" frobnicate
    expect_err "judge: error:"
    expect_exit 2 "$JUDGE"
    expect_exit 2 "$JUDGE" --root /nonexistent list
    expect_err "judge: error: --root: /nonexistent is not a course root (it has no problems/ folder)"
}
