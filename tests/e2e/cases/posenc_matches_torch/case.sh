# shellcheck shell=bash
# Issue #24: problem_posenc's reference is D2L's PositionalEncoding. Its outputs match PyTorch's,
# recorded by make.py beside this file, on a random X and on D2L's own example, X = 0 of (1, 60, 32).
for c in random d2l; do
    mkdir -p "$TMP/$c"
    cp "$HERE/${c}_X.npy" "$TMP/$c/X.npy"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_posenc --inputs "$TMP/$c" --outputs "$TMP/out-$c"
    python3 "$ROOT/tests/e2e/npy_close.py" "$TMP/out-$c/output.npy" "$HERE/${c}_want.npy" >"$TMP/cmp" 2>&1 ||
        fail "$c: $(cat "$TMP/cmp")"
    # The accepted alternatives too.
    for a in index_loops d2l_table; do
        expect_exit 0 "$JUDGE" --root "$ROOT" run problem_posenc --inputs "$TMP/$c" \
            --file "$ROOT/reference/problem_posenc/accepted/$a.cpp" --outputs "$TMP/out-$c-$a"
        expect_out "same as the reference"
    done
done
