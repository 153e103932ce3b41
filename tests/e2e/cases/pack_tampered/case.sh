# shellcheck shell=bash
# cost: 30
# labels: hostile
# A pack is the student's, and they may edit it and recompute its manifest (issue #38). Whatever
# they do fools their own self-grade at most: every path it names stays inside it, through no
# link, and its harness object never enters the cache under the name a full root links.
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --out "$TMP/pack"
spec=problems/problem_sdpa/problem.json
tampered() {  # a fresh copy of the pack in $TMP/t, for one edit
    rm -rf "$TMP/t" && cp -r "$TMP/pack" "$TMP/t"
}
# The statement: another file than the problem's own, by path or through a link.
for where in /etc/hostname ../../../../etc/hostname; do
    tampered
    python3 - "$TMP/t/$spec" "$where" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["statement"] = sys.argv[2]
json.dump(spec, open(sys.argv[1], "w"))
PY
    python3 "$HERE/rehash.py" "$TMP/t"
    expect_exit 2 "$JUDGE" --root "$TMP/t" show problem_sdpa
    expect_err "statement: expected a file in the problem's folder"
    grep -qF "$(cat /etc/hostname)" "$TMP/out" && fail "judge show printed $where"
done
tampered
rm "$TMP/t/problems/problem_sdpa/statement.md" && ln -s /etc/hostname "$TMP/t/problems/problem_sdpa/statement.md"
python3 "$HERE/rehash.py" "$TMP/t"
expect_exit 2 "$JUDGE" --root "$TMP/t" show problem_sdpa
expect_err "$TMP/t/problems/problem_sdpa/statement.md: a symbolic link"
expect_err "a pack is read only inside itself, through no link"
# A hidden input from outside the pack: by name, or behind a linked folder.
cp "$(find "$TMP/pack/key/problem_sdpa/inputs" -name '*.npy' | head -1)" "$TMP/outside.npy"
for name in ../../../../outside.npy "$TMP/outside.npy"; do
    tampered
    python3 - "$TMP/t/key/problem_sdpa/key.json" "$name" <<'PY'
import json, sys
key = json.load(open(sys.argv[1]))
test = next(iter(key["hidden_inputs"]))
param = next(iter(key["hidden_inputs"][test]))
key["hidden_inputs"][test][param]["npy"] = sys.argv[2]
json.dump(key, open(sys.argv[1], "w"))
PY
    python3 "$HERE/rehash.py" "$TMP/t"
    expect_exit 2 "$JUDGE" --root "$TMP/t" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
    expect_err "is not a file name in inputs/"
done
tampered
mv "$TMP/t/key/problem_sdpa/inputs" "$TMP/elsewhere" && ln -s "$TMP/elsewhere" "$TMP/t/key/problem_sdpa/inputs"
expect_exit 2 "$JUDGE" --root "$TMP/t" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
expect_err "$TMP/t/key/problem_sdpa/inputs/"
expect_err "a pack is read only inside itself, through no link"
# The manifest naming a file outside the pack.
tampered
python3 "$HERE/rehash.py" "$TMP/t" "problems/problem_sdpa/../../../outside.npy"
expect_exit 2 "$JUDGE" --root "$TMP/t" list
expect_err "\"problems/problem_sdpa/../../../outside.npy\" is not a path inside the pack"
# A replaced harness object: the student's own submit links it (their self-grade is theirs to
# fool), but a full root with the same cache afterwards links only the object it compiled.
tampered
obj=$(find "$TMP/t/key/problem_sdpa/harness" -name 'harness-*.o')
printf 'not the harness: a stand-in for an object that accepts everything\n' >"$obj"
python3 "$HERE/rehash.py" "$TMP/t"
export JUDGE_CACHE="$TMP/cache"
expect_exit 1 "$JUDGE" --root "$TMP/t" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
expect_out "compile_error"
[ -n "$(find "$TMP/cache/pack-obj" -type f -name 'harness-*.o')" ] || fail "the pack's object was not kept apart"
while IFS= read -r f; do
    cmp -s "$f" "$obj" && fail "the pack's object entered the cache under a full root's name: $f"
done < <(find "$TMP/cache" -path "$TMP/cache/pack-obj" -prune -o -type f -print)
mkdir -p "$TMP/class/alice"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/class/alice/"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g"
grep -q '^alice,accepted,' "$TMP/g/grades.csv" || fail "the full root's grade was not its own: $(cat "$TMP/g/grades.csv")"
echo "  a pack's paths stay inside it, through no link; its harness object never reaches a full root"
