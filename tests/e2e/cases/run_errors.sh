# shellcheck shell=bash
# labels: sanitized
# judge run's bad arguments (unknown function, missing inputs) exit 2, naming what is wrong.
mkdir -p "$TMP/in"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_head --inputs "$TMP/in" --outputs "$TMP/out_dir"
expect_err "judge: error: --function: problem_mha has no function \"split_head\"; its functions are: split_heads, merge_heads, multi_head_attention_per_head, multi_head_attention"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/out_dir"
expect_err "judge: error: $TMP/in/x.npy: missing; split_heads needs one .npy per parameter (tensor x)"
echo "garbage" >"$TMP/in/x.npy"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/out_dir"
expect_err "judge: error: $TMP/in/x.npy: not a .npy file"
# --outputs naming a file is the caller's error, named, not an internal one.
touch "$TMP/a_file"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_sample --outputs "$TMP/a_file"
expect_err "judge: error: --outputs: $TMP/a_file is a file; give a folder (it is made if missing)"
