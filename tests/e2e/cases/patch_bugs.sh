# shellcheck shell=bash
# Issue #12: seeded bugs as patches. One that no longer applies is an error naming the file and
# the hunk; a .cpp and a .patch of the same name are refused; judge show --bug prints the result.
make_course
bugs="$TMP/course/reference/problem_masks/bugs"
expect_exit 0 "$JUDGE" --root "$TMP/course" show problem_masks --bug no_causal_mask
expect_out "                if (j >= len) s.at({b, i, j}) = masked;"
expect_no_out "causal && j > i"
sed -i 's/judge::softmax(s, -1)/judge::softmax(s, 2)/' "$TMP/course/reference/problem_masks/solution.cpp"
expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_masks
expect_err "judge: error: reference/problem_masks/bugs/nan_rows_to_zero.patch: does not apply to reference/problem_masks/solution.cpp: hunk 2"
expect_err "its lines are not in the file"
cp "$ROOT/reference/problem_masks/solution.cpp" "$TMP/course/reference/problem_masks/solution.cpp"
{ head -2 "$bugs/d2l_fill.patch"; cat "$TMP/course/reference/problem_masks/solution.cpp"; } >"$bugs/d2l_fill.cpp"
expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_masks
expect_err "reference/problem_masks/bugs/d2l_fill.patch: d2l_fill.cpp exists too; a seeded bug is one file or the other"
expect_exit 2 "$JUDGE" --root "$ROOT" show problem_masks --bug nope
expect_err 'judge: error: --bug: problem_masks has no seeded bug "nope"; its seeded bugs are: causal_bottom_right, causal_hides_diagonal,'
rm -f "$bugs/d2l_fill.cpp"
# The documented recipe: diff -u with labels makes a patch that applies (and holds no temp path).
ref="$TMP/course/reference/problem_masks/solution.cpp"
sed 's/judge::softmax(s, -1)/judge::softmax(s, 1)/' "$ref" >"$TMP/edited.cpp"
{ echo '// trap: softmax_axis'; echo '// misconception: softmax over the queries'
  diff -u --label a/solution.cpp --label b/solution.cpp "$ref" "$TMP/edited.cpp" || true; } >"$bugs/softmax_dim1.patch"
grep -q "$TMP" "$bugs/softmax_dim1.patch" && fail "the documented diff wrote a temporary path into the patch"
expect_exit 0 "$JUDGE" --root "$TMP/course" show problem_masks --bug softmax_dim1
expect_out "judge::softmax(s, 1)"
# No seeded bug at all: the error names both kinds of file.
rm -f "$bugs"/*.patch "$bugs"/*.cpp
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks
expect_out "reference/problem_masks/bugs: no seeded bugs (bugs/*.patch or bugs/*.cpp)"
