# shellcheck shell=bash
# Issues #9 and #13: student folders named like the class files, or with characters that CI uploads
# refuse. Each student's files go to students/<folder>, upload-safe; the class files keep the real ids.
C="$TMP/class"
mkdir -p "$C/grades.csv" "$C/grade.json" "$C/a:b" "$C/q\"<>|*?" "$C/students" "$C/x..y"
cp "$ROOT/reference/problem_mha/solution.cpp" "$C/grades.csv/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
[ -f "$TMP/g/grades.csv" ] && [ -f "$TMP/g/grade.json" ] || fail "a student's folder took a class file's place"
grep -q '"shard": "all"' "$TMP/g/grade.json" || fail "grade.json is not the class's"
for f in "$TMP"/g/students/*; do
    case "${f##*/}" in *[\":\<\>\|\*\?]* | .*) fail "unsafe folder name: ${f##*/}" ;; esac
    [ -f "$f/report.json" ] || fail "no report in $f"
done
[ -f "$TMP/g/students/a%3Ab/report.json" ] || { ls "$TMP/g/students"; fail "a:b is not in a%3Ab"; }
python3 "$HERE/check.py" "$TMP/g" || fail "the class files do not keep the real ids"
# A merge of that output reads the same students back.
expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/g" --out "$TMP/m"
cmp "$TMP/g/grades.csv" "$TMP/m/grades.csv" || fail "the merge lost or renamed a student"
