# shellcheck shell=bash
# cost: 75
# What a pack holds: no line of any reference, accepted or bug source, no hidden test's seed or
# generator; packing twice gives the same bytes; an edited or foreign pack is refused by name.
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack --all --out "$TMP/a"
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack --all --out "$TMP/b"
diff -r "$TMP/a" "$TMP/b" >/dev/null || fail "packing twice gave different bytes"
python3 "$HERE/check.py" "$ROOT" "$TMP/a" "$JUDGE" || fail "the pack holds a secret"
# Edited by hand: refused, naming the file.
cp -r "$TMP/a" "$TMP/edited"
sed -i 's/"points": \([0-9]\)/"points": 9\1/' "$TMP/edited/problems/problem_sdpa/problem.json"
expect_exit 2 "$JUDGE" --root "$TMP/edited" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
expect_err "problems/problem_sdpa/problem.json: its SHA-256 differs"
cp -r "$TMP/a" "$TMP/added" && echo x >"$TMP/added/key/problem_sdpa/extra"
expect_exit 2 "$JUDGE" --root "$TMP/added" list
expect_err "key/problem_sdpa/extra: not in"
cp -r "$TMP/a" "$TMP/foreign"
sed -i 's/"judge": "judge [^"]*"/"judge": "judge 0.0.1, headers 0000000000000000"/' "$TMP/foreign/pack.json"
expect_exit 2 "$JUDGE" --root "$TMP/foreign" show problem_sdpa
expect_err "the pack was made by \"judge 0.0.1, headers 0000000000000000\""
# The student's own template is theirs to edit.
echo "// mine" >>"$TMP/a/student_template/problem_sdpa/solution.cpp"
expect_exit 1 "$JUDGE" -q --root "$TMP/a" submit problem_sdpa --file "$TMP/a/student_template/problem_sdpa/solution.cpp"
echo "  reproducible, no source line or hidden seed, edits and foreign packs refused"
