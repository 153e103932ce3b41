# shellcheck shell=bash
# submit --format junit and gradescope are valid documents; blocked traps are blocked.
bug="$ROOT/reference/problem_mha/bugs/no_output_projection.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format junit
python3 "$HERE/check.py" "$TMP/out" || fail "--format junit is not one valid JUnit document"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format gradescope
python3 "$HERE/check_2.py" "$TMP/out" || fail "--format gradescope is not Gradescope's results.json"
