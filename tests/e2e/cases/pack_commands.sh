# shellcheck shell=bash
# What needs the answers' sources says so on a pack; what does not works there.
expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa problem_masks --out "$TMP/p"
expect_exit 0 "$JUDGE" --root "$TMP/p" list
expect_out "problem_sdpa"
expect_no_out "problem_mha "
expect_exit 0 "$JUDGE" --root "$TMP/p" show problem_masks
expect_out "Functions to implement"
expect_exit 2 "$JUDGE" --root "$TMP/p" show problem_masks --bug fill_zero
expect_err "needs the full course root"
expect_exit 2 "$JUDGE" --root "$TMP/p" validate problem_sdpa
expect_err "judge validate needs the full course root"
expect_exit 2 "$JUDGE" --root "$TMP/p" submit problem_sdpa --seed 7 --file "$ROOT/reference/problem_sdpa/solution.cpp"
expect_err "--seed: a grading seed (new inputs need the reference) needs the full course root"
expect_exit 2 "$JUDGE" --root "$TMP/p" grade problem_sdpa --class "$TMP" --out "$TMP/g"
expect_err "judge grade needs the full course root"
expect_exit 2 "$JUDGE" --root "$TMP/p" pack problem_sdpa --out "$TMP/q"
expect_err "judge pack needs the full course root"
expect_exit 2 "$JUDGE" --root "$ROOT" pack problem_sdpa --out "$TMP/p"
expect_err "already exists"
sample=$(python3 -c "import json,sys; print([t['id'] for t in json.load(open(sys.argv[1]))['tests'] if t['visibility']=='sample'][0])" "$TMP/p/problems/problem_sdpa/problem.json")
expect_exit 0 "$JUDGE" -q --root "$TMP/p" run problem_sdpa --test "$sample" --file "$ROOT/reference/problem_sdpa/solution.cpp" --outputs "$TMP/o"
expect_out "test $sample: passed"
[ -s "$TMP/o/expected/$(ls "$TMP/o/expected" | head -1)" ] || fail "judge run --test wrote no expected outputs"
expect_exit 2 "$JUDGE" --root "$TMP/p" run problem_sdpa --test "$sample" --outputs "$TMP/o2"
expect_err "needs the full course root"
echo "  list, show, run --test work on a pack; validate, grade, pack, show --bug, --seed refuse"
