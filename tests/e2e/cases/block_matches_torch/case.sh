# shellcheck shell=bash
# Issue #24: problem_block's reference is PyTorch's nn.TransformerEncoderLayer(norm_first=True),
# recorded by make.py beside this file: the same weights (transposed, attention biases 0) and a
# padding mask, valid_lens = [5, 3]. The accepted alternatives agree with the reference there too.
cp -r "$HERE/inputs" "$TMP/in"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_block --function transformer_block --inputs "$TMP/in" --outputs "$TMP/o"
python3 "$ROOT/tests/e2e/npy_close.py" "$TMP/o/output.npy" "$HERE/want.npy" >"$TMP/cmp" 2>&1 || fail "$(cat "$TMP/cmp")"
for a in per_head_loops additive_mask; do
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_block --function transformer_block --inputs "$TMP/in" \
        --file "$ROOT/reference/problem_block/accepted/$a.cpp" --outputs "$TMP/out-$a"
    expect_out "same as the reference"
done
# The comparison can fail: post-norm, on the same weights, is not PyTorch's pre-norm layer.
bug_source "$ROOT" problem_block post_norm "$TMP/post_norm.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_block --function transformer_block --inputs "$TMP/in" \
    --file "$TMP/post_norm.cpp" --outputs "$TMP/o-post"
if python3 "$ROOT/tests/e2e/npy_close.py" "$TMP/o-post/output.npy" "$HERE/want.npy" >/dev/null 2>&1; then
    fail "post-norm matched PyTorch's pre-norm layer"
fi
