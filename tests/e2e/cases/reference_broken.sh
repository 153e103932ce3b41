# shellcheck shell=bash
# A reference that does not compile is the course's error (exit 2), not the student's.
    make_course
    echo "this is not C++" >"$TMP/course/reference/problem_mha/solution.cpp"
    expect_exit 2 "$JUDGE" --root "$TMP/course" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
    expect_err "judge: error: reference/problem_mha/solution.cpp: the reference does not compile:"
