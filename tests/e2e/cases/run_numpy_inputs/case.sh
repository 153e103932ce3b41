# shellcheck shell=bash
# labels: sanitized
# Issue #13: judge run takes what NumPy and PyTorch write: float64 (with a note), Fortran order
# (W.numpy().T), big-endian, int32; it refuses complex and object arrays in NumPy's words.
d="$TMP/in"
mkdir -p "$d" "$TMP/want"
python3 "$HERE/check.py" "$d" "$TMP/want"
ref="$ROOT/reference/problem_mha/solution.cpp"
mkdir -p "$TMP/base"
cp "$TMP/want/x.npy" "$TMP/want/num_heads.npy" "$TMP/base/"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/base" --outputs "$TMP/o0"
for variant in "x64 h32" "xbe hbe" "xf h32"; do
    set -- $variant
    rm -rf "$TMP/v" && mkdir -p "$TMP/v"
    cp "$d/$1.npy" "$TMP/v/x.npy" && cp "$d/$2.npy" "$TMP/v/num_heads.npy"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --file "$ref" --outputs "$TMP/o-$1"
    cmp "$TMP/o-$1/output.npy" "$TMP/o0/output.npy" || fail "$variant: not the same output as the float32 C-order input"
done
cp "$d/x64.npy" "$TMP/v/x.npy"
expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-n"
expect_err "x.npy: converted float64 to float32 (exactly)"
cp "$d/c.npy" "$TMP/v/x.npy"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-c"
expect_err "x.npy: complex128 arrays are not accepted"
cp "$d/o.npy" "$TMP/v/x.npy"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-o"
expect_err "x.npy: object arrays are not accepted"
# An int where a tensor is expected is named in NumPy's words.
cp "$d/h32.npy" "$TMP/v/x.npy"
expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-i"
expect_err "got int64 ()"
