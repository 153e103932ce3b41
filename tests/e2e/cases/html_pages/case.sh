# shellcheck shell=bash
# The submit page as a browser shows it (judge submit --html): headless Chromium loads each page
# with no console error, counts one panel per head per role on a seeded split bug and a seeded
# mask bug of problem_mha, checks in a screenshot that the masked key columns are coloured as their
# values say, and reads "Accepted" on the reference's page. Skipped (77) when Chromium cannot start.
bugs="$ROOT/reference/problem_mha/bugs"
for b in fold_one_reshape mask_after_softmax; do
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bugs/$b.cpp" --format json --html "$TMP/$b.html"
    cp "$TMP/out" "$TMP/$b.json"
    grep -q '<script' "$TMP/$b.html" && fail "$b.html has a script"
    grep -Eq '(src|href)="https?:' "$TMP/$b.html" && fail "$b.html reaches the network"
done
# --format html prints the same page.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bugs/mask_after_softmax.cpp" --format html
cmp -s "$TMP/out" "$TMP/mask_after_softmax.html" || fail "--format html differs from the --html page"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" \
    --html "$TMP/accepted.html"
# A page that cannot be written is an error that names it, after the report.
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" \
    --html "$TMP/accepted.html/page.html"
expect_err "--html: cannot write $TMP/accepted.html/page.html"
# A causal mask the test checks is marked (purple, top left) apart from padding (orange), and said.
bug_source "$ROOT" problem_masks causal_bottom_right "$TMP/causal.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_masks --file "$TMP/causal.cpp" --html "$TMP/causal.html"
grep -q 'data-causal="1"' "$TMP/causal.html" || fail "no causally masked key is marked on the causal bug's page"
grep -q 'A purple corner marks a key after its query, which the causal mask hides.' "$TMP/causal.html" ||
    fail "the causal bug's page does not say what its purple corners are"
grep -q 'A purple corner' "$TMP/mask_after_softmax.html" && fail "a page with no causal mask says it has one"
# The fold's cells say where each value came from.
grep -q 'where in x the value was taken from: i,j stands for x\[0, i, j\]' "$TMP/fold_one_reshape.html" ||
    fail "the fold's picture does not trace its values to x"
# judge heads draws the five heads of the D2L toy input.
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$bugs/heads_share_scores.cpp" --html "$TMP/heads.html"
ROOT="$ROOT" python3 "$HERE/check_pages.py" "$TMP"
rc=$?
[ "$rc" = 77 ] && exit 77
[ "$rc" = 0 ] || fail "check_pages.py failed"
