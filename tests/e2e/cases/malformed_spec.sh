# shellcheck shell=bash
# labels: sanitized
# A malformed problem.json is an error naming the file and the field.
make_course
spec="$TMP/course/problems/problem_mha/problem.json"
sed -i 's/"time_per_test_ms": 2000/"time_per_test_ms": "2s"/' "$spec"
expect_exit 2 "$JUDGE" --root "$TMP/course" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
expect_err 'judge: error: problems/problem_mha/problem.json: limits.time_per_test_ms: expected an integer, got "2s"'
printf '{\n  "schema": 1,\n  "title": \n}\n' >"$spec"
expect_exit 2 "$JUDGE" --root "$TMP/course" show problem_mha
expect_err "judge: error: problems/problem_mha/problem.json:4:1: invalid JSON: syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal"
# list keeps going and marks the broken problem.
expect_exit 0 "$JUDGE" --root "$TMP/course" list
expect_out "(invalid spec: problems/problem_mha/problem.json:4:1: invalid JSON:"
