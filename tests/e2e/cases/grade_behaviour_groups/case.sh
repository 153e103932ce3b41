# shellcheck shell=bash
# Issue #42, point 5: clusters by behaviour, not bytes. Four students who scale the scores four
# different wrong ways give four different outputs, so no exact cluster holds them; they fail the
# same tests with the same verdicts, each output off in the same direction first, and form one
# group in summary.md and summary.html. A mask of their own (-2 for -1e6) is in no group, and is
# listed as such. --suggest-bugs writes no candidate from a group: its members' code differs.
c="$TMP/class" ref="$ROOT/reference/problem_mha/solution.cpp"
scale='s|/ std::sqrt(static_cast<float>(dk));|'
mk() {
    mkdir -p "$c/$1"
    sed "$2" "$ref" >"$c/$1/solution.cpp"
    cmp -s "$c/$1/solution.cpp" "$ref" && fail "$1: the sed no longer matches the reference"
    return 0
}
mk by_dk "$scale/ static_cast<float>(dk);|"
mk by_2dk "$scale/ (2.0f * static_cast<float>(dk));|"
mk by_3dk "$scale/ (3.0f * static_cast<float>(dk));|"
mk by_dk_squared "$scale/ (static_cast<float>(dk) * static_cast<float>(dk));|"
mk minus2 's|scores.at({b, h, i, j}) = -1e6f;|scores.at({b, h, i, j}) = -2.0f;|'
mkdir -p "$c/right" && cp "$ref" "$c/right/solution.cpp"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$c" --out "$TMP/g" --jobs 2 \
    --no-counterexamples --suggest-bugs "$TMP/bugs"
md="$TMP/g/summary.md" html="$TMP/g/summary.html"
grep -qF "No cluster." "$md" || { cat "$md"; fail "an exact cluster formed from four different outputs"; }
grep -qF '| 4 | `per_head_loop` | `per_head_one_head` | by_2dk, by_3dk, by_dk, by_dk_squared |' "$md" ||
    { cat "$md"; fail "summary.md has no group of the four scaling mistakes"; }
[ "$(grep -o '<section class="behaviour"' "$html" | wc -l)" = 1 ] || fail "summary.html has not exactly 1 group"
grep -qF 'data-group="1" data-size="4" data-first-test="per_head_one_head" data-trap="per_head_loop"' "$html" ||
    fail "summary.html lacks the group of 4"
grep -qF '4 students fail the same tests the same way, with outputs of their own' "$html" ||
    fail "summary.html does not say what the group is"
grep -qF 'In no cluster (1): <a class="student" href="students/minus2/report.html">minus2</a>' "$html" ||
    fail "the student alone is not listed with a link"
[ -e "$TMP/bugs" ] && [ -n "$(ls -A "$TMP/bugs")" ] && fail "--suggest-bugs wrote a candidate from a group of different files"
# How each test failed is the instructor's, as the digests are: never in a report a student sees.
grep -q '"behaviours"' "$TMP/g/students/by_dk/fingerprint.json" || fail "the fingerprint keeps no behaviours"
grep -q 'wrong_answer:' "$TMP/g/students/by_dk/report.json" "$TMP/g/students/by_dk/results.json" \
    "$TMP/g/students/by_dk/report.html" && fail "a behaviour is in a student's report"
echo "  four different scaling mistakes form one group; the odd one out is listed alone"
