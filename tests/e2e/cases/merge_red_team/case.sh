# shellcheck shell=bash
# labels: sanitized
# Issue #20: a shard folder is hostile: its links are not followed, its key must be a key, and
# its reports may name only the problem's misconceptions and the judge's tiers.
make_class "$TMP/class"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/s" --jobs 2
cp -r "$TMP/s" "$TMP/a"
rm "$TMP/a/students/alice/key"
ln -s /proc/self/environ "$TMP/a/students/alice/key"
SECRET_TOKEN=hunter2 expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/a" --out "$TMP/m1"
grep -rq hunter2 "$TMP/m1" && fail "merge copied the environment through a link"
[ -e "$TMP/m1/students/alice/key" ] && fail "a key that is a link was kept"
cmp "$TMP/s/grades.csv" "$TMP/m1/grades.csv" || fail "the merge changed a grade"
cp -r "$TMP/s" "$TMP/b"
rm "$TMP/b/students/alice/report.json"
ln -s "$TMP/s/students/bob/report.json" "$TMP/b/students/alice/report.json"
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/b" --out "$TMP/m2"
expect_err "students/alice/report.json: a symbolic link; expected a regular file"
cp -r "$TMP/s" "$TMP/c"
python3 "$HERE/check.py" "$TMP/c/students/bob/report.json"
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/c" --out "$TMP/m3"
expect_err "is none of the problem's"
cp -r "$TMP/s" "$TMP/d"
python3 "$HERE/check_2.py" "$TMP/d/students/mallory/report.json"
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/d" --out "$TMP/m4"
expect_err "is not a tier of this judge"
[ -e "$TMP/m3/summary.md" ] || [ -e "$TMP/m4/summary.md" ] && fail "a refused merge wrote a summary"
return 0
