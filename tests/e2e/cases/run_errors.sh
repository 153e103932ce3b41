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
# --inputs takes regular files only, and refuses them from their size: a FIFO does not block it, a
# 2 GB file is not read, and a header declaring more than 2^24 elements is refused (issue #39).
rm -f "$TMP/in/x.npy"
mkfifo "$TMP/in/x.npy"
expect_exit 2 timeout 20 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/out_dir"
expect_err "judge: error: $TMP/in/x.npy: not a regular file; --inputs reads .npy files only"
rm -f "$TMP/in/x.npy"
truncate -s 2G "$TMP/in/x.npy"
expect_exit 2 timeout 20 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/out_dir"
expect_err "judge: error: $TMP/in/x.npy: 2048 MB; judge run reads arrays of at most 16777216 elements (128 MB as float64)"
python3 - "$TMP/in/x.npy" <<'PY'
import sys

header = "{'descr': '<f4', 'fortran_order': True, 'shape': (5000, 5000), }"
header += " " * (118 - len(header)) + "\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
    f.truncate(128 + 5000 * 5000 * 4)
PY
expect_exit 2 timeout 20 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/out_dir"
expect_err "judge: error: $TMP/in/x.npy: shape (5000, 5000) has 25000000 elements; judge run reads arrays of at most 16777216"
