# shellcheck shell=bash
# Issue #13: summary.md counts attempts only (not a missing, non-compiling or untouched-template
# submission), and counts the named misconceptions.
c="$TMP/class"
mkdir -p "$c"/{alice,bob,carol,dave,tim}
cp "$ROOT/reference/problem_mha/solution.cpp" "$c/alice/"
cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$c/bob/solution.cpp"
cp "$SUB/compile_error/solution.cpp" "$c/dave/"
cp "$ROOT/student_template/problem_mha/solution.cpp" "$c/tim/"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$c" --out "$TMP/g" --jobs 2
md="$TMP/g/summary.md"
grep -q "^Of the 2 attempts " "$md" || { cat "$md"; fail "summary.md does not count the 2 attempts"; }
grep -q '^| `shapes` | Output shapes | 0 | 100% of 2 | 0 |$' "$md" || { cat "$md"; fail "non-attempts counted as failing shapes"; }
grep -q '^| `mask_head_alignment` | Each head uses its own example.s valid length | 1 | 50% of 2 | 0 |$' "$md" ||
    { cat "$md"; fail "bob's mistake is not counted"; }
grep -q '| `lens_repeat_not_interleave` | 1 | bob |$' "$md" || { cat "$md"; fail "the named misconception is not counted"; }
grep -q '"untouched_template": true' "$TMP/g/students/tim/report.json" || fail "tim's report does not say untouched template"
grep -q '"untouched_template"' "$TMP/g/students/alice/report.json" && fail "alice's report says untouched template"
grep -q "^tim,runtime_error,0,32," "$TMP/g/grades.csv" || fail "tim is not in grades.csv"
