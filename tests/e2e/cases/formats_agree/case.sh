# shellcheck shell=bash
# cost: 90
# Issue #23: every format gives the judge's own total. grade's (the JSON report, grades.csv, JUnit,
# Gradescope) for every seeded bug of problem_mha, the reference, the template and a compile error;
# submit's GitHub Classroom (as its grading reporter adds it up), PrairieLearn and CodeGrade for six
# of them.
c="$TMP/class"
mkdir -p "$c"
for b in "$ROOT"/reference/problem_mha/bugs/*; do
    id=$(basename "${b%.*}")
    mkdir -p "$c/$id"
    bug_source "$ROOT" problem_mha "$id" "$c/$id/solution.cpp"
done
mkdir -p "$c/zz_reference" "$c/zz_template" "$c/zz_compile_error"
cp "$ROOT/reference/problem_mha/solution.cpp" "$c/zz_reference/"
cp "$ROOT/student_template/problem_mha/solution.cpp" "$c/zz_template/"
cp "$SUB/compile_error/solution.cpp" "$c/zz_compile_error/"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$c" --out "$TMP/g" --jobs 2 \
    --no-counterexamples
# submit's own formats (three submits a student): the reference, the template, a compile error, and
# bugs that score in different ways: one blocking five traps, one failing the last trap alone,
# one whose tests throw. The formats are functions of the report, so what matters is how varied
# the reports are; grade's formats above cover every bug.
for id in zz_reference zz_template zz_compile_error fold_one_reshape lens_repeat_not_interleave no_head_check; do
    b="$c/$id"
    [ -d "$b" ] || fail "no student $id in the class"
    mkdir -p "$TMP/f/$id"
    for f in classroom prairielearn codegrade; do  # json, CSV, JUnit and Gradescope: from grade
        "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$b/solution.cpp" --format "$f" --no-counterexamples \
            >"$TMP/f/$id/$f" 2>"$TMP/err"
        [ $? -le 1 ] || fail "submit --format $f on $id failed: $(cat "$TMP/err")"
    done
done
python3 "$HERE/check.py" "$TMP/g" "$TMP/f" || fail "the formats do not agree"
echo "  $(ls "$c" | wc -l) submissions: the same total in grade's four formats; $(ls "$TMP/f" | wc -l) of them in all seven"
