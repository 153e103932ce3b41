# shellcheck shell=bash
# Issue #43, point 4: `judge bug new` writes a seeded bug as a patch against the reference, from an
# edited copy; the header lines come from the flags or from the copy's own first lines; validate
# then finds it caught by its trap. Each refusal names what is wrong and writes nothing.
make_course
C="$TMP/course"
cp "$C/reference/problem_sdpa/solution.cpp" "$TMP/edit.cpp"
sed -i 's|/ std::sqrt(static_cast<float>(d))|/ static_cast<float>(d)|' "$TMP/edit.cpp"
expect_exit 0 "$JUDGE" --root "$C" bug new problem_sdpa scale_by_dim --from "$TMP/edit.cpp" --trap scale \
    --misconception "dividing the scores by d instead of its square root"
expect_out "wrote reference/problem_sdpa/bugs/scale_by_dim.patch: 2 lines changed in 1 hunk"
P="$C/reference/problem_sdpa/bugs/scale_by_dim.patch"
[ "$(head -4 "$P")" = "// trap: scale
// misconception: dividing the scores by d instead of its square root
--- a/solution.cpp
+++ b/solution.cpp" ] || fail "the patch's header is not as documented: $(head -4 "$P")"
# What validate builds is the edited copy, byte for byte.
expect_exit 0 "$JUDGE" --root "$C" show problem_sdpa --bug scale_by_dim
cmp -s "$TMP/out" "$TMP/edit.cpp" || fail "judge show --bug does not print the edited copy"
expect_exit 0 "$JUDGE" --root "$C" validate problem_sdpa --seeds 0
expect_out "scale_by_dim [scale]: caught by"
# The header from the copy's own first lines; --force replaces.
{ echo "// trap: scale"; echo "// misconception: dividing the scores by d"; cat "$TMP/edit.cpp"; } >"$TMP/headed.cpp"
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa scale_by_dim --from "$TMP/headed.cpp"
expect_err "bug new: reference/problem_sdpa/bugs/scale_by_dim.patch exists; --force replaces it"
expect_exit 0 "$JUDGE" --root "$C" bug new problem_sdpa scale_by_dim --from "$TMP/headed.cpp" --force
[ "$(sed -n 2p "$P")" = "// misconception: dividing the scores by d" ] || fail "the copy's header lines were not used"
grep -q "^+// trap" "$P" && fail "the copy's header lines were diffed"
# Refusals: each names the field, and nothing is written.
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa other --from "$TMP/edit.cpp" --trap nope --misconception "x"
expect_err 'judge: error: --trap: problem_sdpa has no trap "nope"; its traps are: softmax_axis, scale, masking'
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa other --from "$TMP/edit.cpp" --trap scale --misconception "Dividing."
expect_err 'judge: error: --misconception: "Dividing.": it must start with a lower-case letter'
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa other --from "$TMP/edit.cpp"
expect_err "edit.cpp: no trap: give --trap, or a \`// trap: <id>\` first line"
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa other --from "$C/reference/problem_sdpa/solution.cpp" --trap scale \
    --misconception "dividing"
expect_err "it is the reference as it is; a seeded bug changes it"
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa scale_by_d --from "$TMP/edit.cpp" --trap scale --misconception "x"
expect_err "bug new: reference/problem_sdpa/bugs/scale_by_d.cpp exists; a seeded bug is one file"
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa 9lives --from "$TMP/edit.cpp" --trap scale --misconception "x"
expect_err '"9lives" is not a valid id'
expect_exit 2 "$JUDGE" --root "$C" bug new problem_sdpa other --from "$TMP/edit.py" --trap scale --misconception "x"
expect_err "a seeded bug is a C++ program, an edited copy of reference/problem_sdpa/solution.cpp"
[ ! -e "$C/reference/problem_sdpa/bugs/other.patch" ] || fail "a refused bug new wrote a file"
