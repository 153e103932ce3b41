# shellcheck shell=bash
# --help lists the subcommands, the exit codes and every setting as an option; the subcommands'
# help says what happens, with no CLI11 default marks such as "{false}".
expect_exit 0 "$JUDGE" --help
expect_out "Exit codes: 0 accepted or success"
expect_out "list"
expect_out "--sandbox TEXT"
expect_out "(the same as \$JUDGE_SANDBOX, which it overrides)"
expect_out "(the same as \$JUDGE_CACHE, which it overrides)"
expect_out "(the same as \$JUDGE_BOX_UIDS, which it overrides)"
for sub in submit grade validate run pack merge show doctor secret feedback; do
    expect_exit 0 "$JUDGE" "$sub" --help
    expect_no_out "{false}"
    expect_no_out "{true}"
done
expect_exit 0 "$JUDGE" submit --help
expect_out "classroom (GitHub Classroom's runner result, base64, for its grading reporter)"
expect_exit 0 "$JUDGE" grade --help
expect_out "students/<id>/report.json and students/<id>/results.json (Gradescope)"
expect_exit 0 "$JUDGE" --help
expect_out "secret"
# judge secret: a new secret is 64 hex digits, never twice the same; a subcommand is required.
expect_exit 0 "$JUDGE" secret new
grep -qxE '[0-9a-f]{64}' "$TMP/out" || fail "judge secret new printed $(cat "$TMP/out")"
cp "$TMP/out" "$TMP/first"
expect_exit 0 "$JUDGE" secret new
cmp -s "$TMP/out" "$TMP/first" && fail "judge secret new printed the same secret twice"
expect_exit 2 "$JUDGE" secret
expect_err "A subcommand is required"
expect_exit 2 "$JUDGE" --root "$ROOT" secret key no_such_problem
