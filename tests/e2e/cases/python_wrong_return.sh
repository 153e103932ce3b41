# shellcheck shell=bash
# cost: 15
# Issue #64, point 1 in Python: a function that returns what the spec does not declare (one tensor
# where the spec returns (output, weights)) is said before any trap, with no trap to fix first,
# never one trap's checklist for what is the function's return.
sed 's/    return weights @ values, weights/    return weights @ values/' "$ROOT/reference/problem_sdpa/solution.py" >"$TMP/solution.py"
cmp -s "$TMP/solution.py" "$ROOT/reference/problem_sdpa/solution.py" && fail "the return line was not found"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/solution.py"
expect_out "Returns: test "
expect_out "scaled_dot_product_attention returned a torch.Tensor; expected a tuple of 2 (output, weights). Return what the spec declares (judge show problem_sdpa)"
expect_no_out "Fix first"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/solution.py" --format json
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['first_fix'] is None, r['first_fix']" "$TMP/out" ||
    fail "the JSON report names a trap to fix first"
echo "  one tensor for (output, weights): said before any trap, no trap to fix first"
