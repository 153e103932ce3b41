# shellcheck shell=bash
# cost: 32
# Issue #12: integer outputs (compared exactly, printed by judge run) and int_tensor inputs that
# judge run writes and reads back.
ref="$ROOT/reference/problem_attention_cost/solution.cpp"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_attention_cost --test bias_bert_large --file "$ref" --outputs "$TMP/c"
expect_out "got/params.npy: () int64 = 4198400"
# An off-by-a-term count on a sample test says both numbers.
bug_source "$ROOT" problem_attention_cost no_biases "$TMP/no_biases.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_attention_cost --file "$TMP/no_biases.cpp"
expect_out "test bias_bert_large (sample): params is 4194304, expected 4198400"
expect_out "inputs: batch = 1, length = 128, d_model = 1024, num_heads = 16, bias = true"
# An int_tensor's values are shown in full, and its .npy round-trips through judge run.
bug_source "$ROOT" problem_mha_d2l repeat_tiles "$TMP/tiles.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha_d2l --file "$TMP/tiles.cpp"
expect_out "inputs: valid_lens = [2, 3], num_heads = 2"
expect_out "test lens_d2l (sample) in repeat_lens: lens[1] is 3, expected 2: higher by 1 (2 of 4 elements differ)"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha_d2l --test lens_d2l --file "$TMP/tiles.cpp" --outputs "$TMP/l"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha_d2l --function repeat_lens --inputs "$TMP/l/inputs" \
    --file "$ROOT/reference/problem_mha_d2l/solution.cpp" --outputs "$TMP/lr"
expect_out "lens.npy: (4,) int64"
cmp "$TMP/lr/lens.npy" "$TMP/l/expected/lens.npy" || fail "int_tensor inputs did not round-trip"
# NaN policy "match": PyTorch's fully masked row is NaN, and D2L's -1e6 is named.
bug_source "$ROOT" problem_masks d2l_fill "$TMP/d2l.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_masks --file "$TMP/d2l.cpp"
expect_out "test empty_example (sample): weights[0,0,0] is 0.333333; expected NaN there (at example 0, query 0, key 0; 6 of 12 elements differ)"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_masks --file "$ROOT/reference/problem_masks/solution.cpp"
