# shellcheck shell=bash
# Clusters of unnamed wrong answers (issue #25): a class of 12 in which 5 students share one
# mistake no seeded bug names (scores divided by d_k, not its root), 4 another (masked keys at -2,
# not -1e6) and 3 are correct gives exactly two clusters, in summary.md and summary.html; and
# --suggest-bugs writes one candidate seeded bug per cluster, naming the trap it fails first.
c="$TMP/class" ref="$ROOT/reference/problem_mha/solution.cpp"
evil='eve<img src=x onerror=alert(1)>'
# Each student's file differs from the others' (a comment of their own): the same outputs, not the same file.
for i in 1 2 3 4; do
    mkdir -p "$c/scale$i"
    { echo "// student scale$i"; sed 's|/ std::sqrt(static_cast<float>(dk));|/ static_cast<float>(dk);|' "$ref"; } \
        >"$c/scale$i/solution.cpp"
done
mkdir -p "$c/$evil"
{ echo "// and me"; sed 's|/ std::sqrt(static_cast<float>(dk));|/ static_cast<float>(dk);|' "$ref"; } >"$c/$evil/solution.cpp"
for i in 1 2 3 4; do
    mkdir -p "$c/mask$i"
    { echo "// student mask$i"; sed 's|scores.at({b, h, i, j}) = -1e6f;|scores.at({b, h, i, j}) = -2.0f;|' "$ref"; } \
        >"$c/mask$i/solution.cpp"
done
for i in 1 2 3; do
    mkdir -p "$c/right$i"
    { echo "// student right$i"; cat "$ref"; } >"$c/right$i/solution.cpp"
done
cmp -s "$c/scale1/solution.cpp" "$c/scale2/solution.cpp" && fail "the students' files are the same"
grep -q 'static_cast<float>(dk);' "$c/scale1/solution.cpp" || fail "the scale mistake was not made"
grep -q -- '-2.0f;' "$c/mask1/solution.cpp" || fail "the mask mistake was not made"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$c" --out "$TMP/g" --jobs 2 \
    --no-counterexamples --suggest-bugs "$TMP/bugs"
expect_out "wrote 2 candidate seeded bugs to $TMP/bugs"
md="$TMP/g/summary.md" html="$TMP/g/summary.html"
grep -qF "9 wrong answers no seeded bug names" "$md" || { cat "$md"; fail "summary.md does not count 9 unnamed"; }
grep -qF '| 5 | `per_head_loop` | `per_head_one_head` |' "$md" || { cat "$md"; fail "no cluster of 5 in summary.md"; }
grep -qF '| 4 | `masking` | `masking_sample` |' "$md" || { cat "$md"; fail "no cluster of 4 in summary.md"; }
[ "$(grep -c '^| [0-9]* | `' "$md")" = 2 ] || fail "summary.md has not exactly 2 clusters"
[ "$(grep -o '<section class="cluster"' "$html" | wc -l)" = 2 ] || fail "summary.html has not exactly 2 clusters"
grep -qF 'data-size="5" data-first-test="per_head_one_head" data-trap="per_head_loop"' "$html" \
    || fail "summary.html lacks the cluster of 5"
grep -qF '5 students made the same mistake no seeded bug describes' "$html" || fail "summary.html does not say so"
# Each cluster shows what its first student's code gives: a panel per head, expected, yours, difference.
[ "$(grep -o '<figure class="picture"' "$html" | wc -l)" = 2 ] || fail "summary.html has not a heatmap per cluster"
grep -qF 'data-size="4" data-first-test="masking_sample" data-trap="masking"' "$html" \
    || fail "summary.html lacks the cluster of 4"
# A student id is text, never markup, in summary.html and in summary.md (a step summary's HTML is rendered).
grep -qF '<img src=x' "$md" && fail "a student's id is markup in summary.md"
grep -qF 'eve&lt;img src=x onerror=alert(1)&gt;' "$md" || fail "the id is not in summary.md, escaped"
grep -qF '<img src=x' "$html" && fail "a student's id is markup in summary.html"
grep -qF 'eve&lt;img src=x onerror=alert(1)&gt;' "$html" || fail "the id is not in summary.html, escaped"
# The fingerprints stay in the grading output, never in a report a student sees.
[ -s "$TMP/g/students/mask1/fingerprint.json" ] || fail "no fingerprint for mask1"
grep -q '"masking_sample"' "$TMP/g/students/mask1/fingerprint.json" || fail "mask1's fingerprint lacks its test"
grep -q "$(python3 -c 'import json,sys; print(next(iter(json.load(open(sys.argv[1]))["digests"].values())))' \
        "$TMP/g/students/mask1/fingerprint.json")" "$TMP/g/students/mask1/report.json" \
    "$TMP/g/students/mask1/results.json" && fail "a digest is in a student's report"
[ "$(cat "$TMP/g/students/right1/fingerprint.json")" = "{\"digests\":{}}" ] || fail "a correct student has digests"
# The candidate bugs: the first student's file under a header naming the trap.
[ "$(ls "$TMP/bugs" | wc -l)" = 2 ] || fail "not 2 candidate bugs: $(ls "$TMP/bugs")"
one="$TMP/bugs/cluster1_per_head_loop.cpp" two="$TMP/bugs/cluster2_masking.cpp"
[ -f "$one" ] && [ -f "$two" ] || fail "candidate bugs named $(ls "$TMP/bugs")"
grep -qx '// trap: per_head_loop' "$one" || fail "cluster 1's bug does not name its trap"
grep -qF '// 5 students gave exactly these outputs on every test they fail' "$one" || fail "no count in $one"
grep -qF "// Students: eve<img src=x onerror=alert(1)>, scale1, scale2, scale3, scale4" "$one" \
    || fail "cluster 1's students: $(grep Students "$one")"
tail -n +8 "$one" | cmp -s - "$c/$evil/solution.cpp" || fail "cluster 1's bug is not its first student's file"
grep -qx '// trap: masking' "$two" || fail "cluster 2's bug does not name its trap"
# A rerun reuses every student, and the clusters with them.
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$c" --out "$TMP/g" --jobs 2 --no-counterexamples
expect_out "(0 graded, 12 unchanged)"
[ "$(grep -o '<section class="cluster"' "$html" | wc -l)" = 2 ] || fail "the rerun lost the clusters"
# Seen in a browser: no console error, a bar per trap, two clusters.
python3 "$HERE/check_page.py" "$html"
rc=$?
[ "$rc" = 77 ] && { echo "skip: the browser check (chromium cannot start)"; return 0; }
[ "$rc" = 0 ] || fail "check_page.py failed"
