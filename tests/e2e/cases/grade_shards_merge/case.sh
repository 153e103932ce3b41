# shellcheck shell=bash
# cost: 50
# labels: concurrent sanitized
# Shards merged give byte-identical class files to one run over the whole class.
make_class "$TMP/class"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/all" --jobs 2
# Three shards: with these six ids (a SHA-256 of each decides), every shard holds someone.
total=0
for k in 1 2 3; do
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/s$k" --shard $k/3
    n=$(($(wc -l <"$TMP/s$k/grades.csv") - 1))
    [ "$n" -gt 0 ] || fail "shard $k/3 is empty: the merge below would not merge anything"
    total=$((total + n))
done
[ "$total" = 6 ] || fail "the shards hold $total students, not 6"
expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s2" "$TMP/s3" --out "$TMP/merged"
for f in grades.csv junit.xml summary.md summary.html; do
    cmp "$TMP/all/$f" "$TMP/merged/$f" || fail "merged $f differs from a single run"
done
for s in "$TMP"/all/students/*; do
    for f in fingerprint.json report.html; do
        cmp "$s/$f" "$TMP/merged/students/$(basename "$s")/$f" || fail "the merged $f of $(basename "$s") differs"
    done
done
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s1" "$TMP/s2" --out "$TMP/bad"
expect_err "judge: error: merge: shard 1/3 is given twice: $TMP/s1 and $TMP/s1"
# Issue #9: an incomplete set, a mixed set and a hand-edited report are refused, saying why.
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s2" "$TMP/s3" --out "$TMP/bad"
expect_err "judge: error: merge: shard 1/3 is missing; give all 3 shards"
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/all" "$TMP/s1" --out "$TMP/bad"
expect_err "is not a shard of the same split as $TMP/all"
cp -r "$TMP/s1" "$TMP/sx"
victim=$(sed -n '2s/,.*//p' "$TMP/sx/grades.csv")
python3 "$HERE/check.py" "$TMP/sx/students/$victim/report.json"
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/sx" "$TMP/s2" "$TMP/s3" --out "$TMP/bad"
expect_err "judge: error: $TMP/sx/students/$victim/report.json: score 999 is outside 0..32"
[ -e "$TMP/bad/grades.csv" ] && fail "a refused merge wrote a gradebook"
grep -q '"shard": "all"' "$TMP/merged/grade.json" || fail "the merged grade.json does not say shard all"
expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/class" --out "$TMP/bad"
expect_err "judge: error: $TMP/class/grade.json: missing; is $TMP/class the --out of a judge grade run?"
