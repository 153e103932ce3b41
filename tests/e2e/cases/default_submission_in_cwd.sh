# shellcheck shell=bash
# With no --file, <problem>/solution.cpp in the current folder is judged.
mkdir -p "$TMP/work/problem_mha"
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/work/problem_mha/solution.cpp"
(cd "$TMP/work" && "$JUDGE" --root "$ROOT" submit problem_mha) >"$TMP/out" 2>"$TMP/err" || fail "should be accepted"
expect_err "judging problem_mha/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/work"
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/nowhere"
expect_err "judge: error: --dir: none of $TMP/nowhere/problem_mha/solution.cpp (or .py), $TMP/nowhere/solution.cpp (or .py) exists"
