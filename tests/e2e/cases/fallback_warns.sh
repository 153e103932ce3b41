# shellcheck shell=bash
# The fallback tier warns that the submission runs WITHOUT isolation, everywhere it runs one.
JUDGE_SANDBOX=fallback "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" --format json \
    >"$TMP/out" 2>"$TMP/err" || fail "the reference should be accepted in the fallback tier too"
expect_err "judge: warning: the submission runs WITHOUT isolation (fallback tier: JUDGE_SANDBOX=fallback); run \`judge doctor\` for details"
expect_out '"sandbox": "fallback"'
# Issue #9: even with -q, and for judge run --file; and in a class summary.
JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" -q submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
expect_err "judge: warning: the submission runs WITHOUT isolation"
mkdir -p "$TMP/in" "$TMP/class/ada"
python3 -c "
import struct
def npy(path, descr, shape, data):
    h = \"{'descr': '%s', 'fortran_order': False, 'shape': %s, }\" % (descr, shape)
    open(path, 'wb').write(b'\\x93NUMPY\\x01\\x00' + struct.pack('<H', len(h)) + h.encode() + data)
npy('$TMP/in/x.npy', '<f4', '(1, 2, 4)', struct.pack('<8f', *range(8)))
npy('$TMP/in/num_heads.npy', '<i8', '()', struct.pack('<q', 2))
"
JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" -q run problem_mha --function split_heads --inputs "$TMP/in" \
    --outputs "$TMP/o" --file "$ROOT/reference/problem_mha/solution.cpp"
expect_err "judge: warning: the submission runs WITHOUT isolation"
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/ada/solution.cpp"
JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" -q grade problem_mha --class "$TMP/class" --out "$TMP/g"
grep -q "Warning: 1 submission ran in the fallback tier, WITHOUT isolation" "$TMP/g/summary.md" || fail "summary.md does not warn"
if [ "$(id -u)" = 0 ]; then
    # As root, the fallback tier still never runs a submission as root.
    { echo '#include <unistd.h>'; sed 's|^Tensor split_heads(const Tensor& x, int64_t num_heads) {|&\n    throw std::runtime_error("uid " + std::to_string(::getuid()));|' \
        "$ROOT/reference/problem_mha/solution.cpp"; } >"$TMP/whoami.cpp"
    JUDGE_SANDBOX=fallback "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/o" \
        --file "$TMP/whoami.cpp" >"$TMP/out" 2>"$TMP/err"
    expect_out "split_heads threw std::runtime_error: uid 65534"
fi
