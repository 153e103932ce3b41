# shellcheck shell=bash
# cost: 3
# Issue #64, point 3: a runtime error is said as what it is. F.scaled_dot_product_attention, which
# the box's torch 1.13 lacks, was reported as a cache-append problem on problem_kv_cache with that
# trap's checklist; a NumPy function that does not exist, the same. Now the report leads with the
# library, its version in the box and the calling line, names no trap to fix first and gives no
# trap's checklist; the test's own line says it too.
sed -e 's|^    scores = q @ k.transpose(2, 3) / math.sqrt(dk)$||' \
    -e 's|^    heads = torch.softmax(scores.masked_fill(later, float("-inf")), dim=-1) @ v$|    heads = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=~later)|' \
    "$ROOT/reference/problem_kv_cache/solution.py" >"$TMP/sdpa.py"
grep -q scaled_dot_product_attention "$TMP/sdpa.py" || fail "the call was not made"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_kv_cache --file "$TMP/sdpa.py"
line=$(grep -n scaled_dot_product_attention "$TMP/sdpa.py" | cut -d: -f1)
expect_out "Library: test append_sample (sample) in attend_step: torch "
expect_out " in the box has no torch.nn.functional.scaled_dot_product_attention (called on line $line of sdpa.py). This is no trap's mistake"
expect_out "stopped in the library: torch "
expect_no_out "Fix first"
expect_no_out "this trap checks"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_kv_cache --file "$TMP/sdpa.py" --format json
python3 - "$TMP/out" <<'PY' || fail "the JSON report names a trap to fix first"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["first_fix"] is None, r["first_fix"]
assert r["verdict"] == "runtime_error", r["verdict"]
PY
# NumPy: a function it does not have.
sed 's|e = np.exp(|e = np.softexp(|' "$ROOT/reference/problem_sdpa/accepted/numpy_arrays.py" >"$TMP/np_missing.py"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/np_missing.py"
expect_out "in the box has no numpy.softexp (called on line 16 of np_missing.py)"
expect_out "Library: test "
expect_no_out "Fix first"
# A crash of the student's own code keeps the trap's words.
sed 's|e = np.exp(|e = 1 // 0 + np.exp(|' "$ROOT/reference/problem_sdpa/accepted/numpy_arrays.py" >"$TMP/np_own.py"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/np_own.py"
expect_out "Fix first: "
expect_out "ZeroDivisionError"
expect_no_out "Library:"
