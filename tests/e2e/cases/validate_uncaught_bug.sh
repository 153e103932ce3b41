# shellcheck shell=bash
# A seeded bug that no test catches makes validate fail.
make_course
# A "bug" that is really the reference: no test can catch it.
{ echo "// trap: masking"; echo "// misconception: nothing at all"; cat "$ROOT/reference/problem_mha/solution.cpp"; } \
    >"$TMP/course/reference/problem_mha/bugs/not_a_bug.cpp"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_mha
expect_out "not_a_bug [masking]: no test catches this seeded bug"
expect_out "validate: 1 error in 1 problem"
