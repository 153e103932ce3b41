# shellcheck shell=bash
# cost: 180
# Issue #23: every format gives the judge's own total, for every seeded bug of problem_mha, the
# reference, the template and a compile error: the JSON report, grades.csv, JUnit, Gradescope,
# GitHub Classroom (as its grading reporter adds it up), PrairieLearn and CodeGrade.
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
for b in "$c"/*; do
    id=$(basename "$b")
    mkdir -p "$TMP/f/$id"
    for f in classroom prairielearn codegrade; do  # json, CSV, JUnit and Gradescope: from grade
        "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$b/solution.cpp" --format "$f" --no-counterexamples \
            >"$TMP/f/$id/$f" 2>"$TMP/err"
        [ $? -le 1 ] || fail "submit --format $f on $id failed: $(cat "$TMP/err")"
    done
done
python3 "$HERE/check.py" "$TMP/g" "$TMP/f" || fail "the formats do not agree"
echo "  $(ls "$c" | wc -l) submissions: the same total in all seven formats"
