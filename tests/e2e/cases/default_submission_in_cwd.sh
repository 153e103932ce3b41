# shellcheck shell=bash
# With no --file, <problem>/solution.cpp in the current folder is judged.
mkdir -p "$TMP/work/problem_mha"
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/work/problem_mha/solution.cpp"
(cd "$TMP/work" && "$JUDGE" --root "$ROOT" submit problem_mha) >"$TMP/out" 2>"$TMP/err" || fail "should be accepted"
expect_err "judging problem_mha/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/work"
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/nowhere"
expect_err "judge: error: --dir: $TMP/nowhere is not a folder"
mkdir "$TMP/empty"
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/empty"
expect_err "judge: error: --dir: no solution.cpp or solution.py in $TMP/empty or in $TMP/empty/problem_mha; hand in"
# --dir is read as judge grade reads a student's folder (issue #38): a link is never followed.
mkdir "$TMP/linked"
ln -s "$ROOT/reference/problem_mha/solution.cpp" "$TMP/linked/solution.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/linked"
expect_out "invalid_submission"
expect_out "solution.cpp is a symbolic link (or lies behind one); a submission must be a regular file"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/linked" --format prairielearn
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['gradable'] is False, r" "$TMP/out" ||
    fail "a linked submission scored"
