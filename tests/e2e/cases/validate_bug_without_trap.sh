# shellcheck shell=bash
# A seeded bug without a trap line is an error naming its file and line.
make_course
echo "int x;" >"$TMP/course/reference/problem_mha/bugs/undeclared.cpp"
expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_mha
expect_err "judge: error: reference/problem_mha/bugs/undeclared.cpp:1: missing a '// trap: <id>' line in the first 40 lines"
