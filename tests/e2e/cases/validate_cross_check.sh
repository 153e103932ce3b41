# shellcheck shell=bash
# cost: 120
# validate --cross-check (issue #26): the Python reference, and builtin.py (PyTorch's own modules),
# beside the C++ reference on every test and small input. A disagreement is an error naming the
# case, the output, the position and both values; a file missing or not loading is an error; what
# builtin.py's module does not cover is said, not compared. (validate.sh cross-checks every
# shipped problem.)
say() { echo "  $*"; }
make_course
S=$TMP/course/reference/problem_sdpa/solution.py

say "the shipped problem agrees; the JSON has the figures"
expect_exit 0 "$JUDGE" --root "$TMP/course" validate problem_sdpa --cross-check --format json
python3 - "$TMP/out" <<'PYEOF' || fail "the JSON cross_check is wrong"
import json, sys
v = json.load(open(sys.argv[1]))
c = {x["file"]: x for x in v["cross_check"]}
ref = c["reference/problem_sdpa/solution.py"]
assert ref["agrees"] and ref["loaded"] and not ref["builtin"], ref
assert ref["tests"] == v["tests"] and ref["small_inputs"] > 0 and ref["compared"] == ref["tests"] + ref["small_inputs"], ref
assert 0 < ref["largest_difference"] < 1e-5 and 0 < ref["tolerance_fraction"] < 0.5 and ref["where"], ref
assert ref["runtime"].startswith("Python 3.") and "torch" in ref["runtime"], ref
b = c["reference/problem_sdpa/builtin.py"]
assert b["builtin"] and b["agrees"] and b["compared"] + b["not_covered"] == b["tests"] + b["small_inputs"], b
PYEOF
expect_exit 0 "$JUDGE" --root "$TMP/course" validate problem_sdpa
expect_no_out "cross-check"

say "a masked fill of 0, not -1e6: the case, the output, the position and both values"
sed -i 's/masked_fill(masked, -1e6)/masked_fill(masked, 0.0)/' "$S"
grep -q 'masked_fill(masked, 0.0)' "$S" || fail "the edit did not apply"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_sdpa --cross-check
expect_out "✗ cross-check: reference/problem_sdpa/solution.py disagrees with the C++ reference: masking_sample: output[0, 0, 0] is"
expect_out "; the C++ reference's is"
expect_out "(beyond the tolerance rtol 0.0001, atol 1e-05)"
expect_out "✗ cross-check: reference/problem_sdpa/solution.py disagrees in 13 more places"
expect_no_out "agrees with the C++ reference on 8 tests"
expect_out "validate: "

say "weights of the wrong shape"
cp "$ROOT/reference/problem_sdpa/solution.py" "$S"
sed -i 's/return weights @ values, weights$/return weights @ values, weights.transpose(1, 2)/' "$S"
grep -q 'weights.transpose(1, 2)$' "$S" || fail "the edit did not apply"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_sdpa --cross-check
expect_out "disagrees with the C++ reference: sample_d2l: weights is float32 (2, 10, 1); the C++ reference's is float32 (2, 1, 10)"

say "a raise where the C++ reference returns values"
cp "$ROOT/reference/problem_sdpa/solution.py" "$S"
sed -i 's/^    B, Lq, d = queries.shape$/&\n    if B == 3:\n        raise ValueError("three examples")/' "$S"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_sdpa --cross-check
expect_out "disagrees with the C++ reference: scale_narrow: it raised ValueError: three examples; the C++ reference returned values"

say "a missing Python reference, and a builtin.py that does not load"
rm "$S"
printf 'import torch\ndef scaled_dot_product_attention(queries, keys, values, valid_lens)\n    return 1\n' \
    >"$TMP/course/reference/problem_sdpa/builtin.py"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_sdpa --cross-check
expect_out "✗ reference/problem_sdpa/solution.py: missing: --cross-check runs the problem's Python reference beside the C++ one"
expect_out "✗ cross-check: reference/problem_sdpa/builtin.py (PyTorch's own modules) could not be loaded:"
expect_out "reference/problem_sdpa/builtin.py:2:"

say "builtin.py: what its module does not cover is said and not compared"
cp "$ROOT/reference/problem_sdpa/solution.py" "$S"
cat >"$TMP/course/reference/problem_sdpa/builtin.py" <<'PYEOF'
import torch


def scaled_dot_product_attention(queries, keys, values, valid_lens):
    if valid_lens:
        raise NotImplementedError("no masks here")
    scores = torch.softmax(queries @ keys.transpose(1, 2) / queries.shape[2] ** 0.5, dim=-1)
    return scores @ values, scores
PYEOF
expect_exit 0 "$JUDGE" --root "$TMP/course" validate problem_sdpa --cross-check
expect_out "✓ cross-check: reference/problem_sdpa/builtin.py (PyTorch's own modules; Python 3."
expect_out "cases not compared: NotImplementedError: no masks here"
say "the PyTorch template must load, and must be rejected"
T=$TMP/course/student_template/problem_sdpa/solution.py
printf 'import torch\ndef scaled_dot_product_attention(queries, keys, values, valid_lens)\n    return 1\n' >"$T"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_sdpa
expect_out "✗ student_template/problem_sdpa/solution.py: the PyTorch student template does not load:"
expect_out "solution.py:2:"
cp "$ROOT/reference/problem_sdpa/solution.py" "$T"
expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_sdpa
expect_out "✗ student_template/problem_sdpa/solution.py: the PyTorch student template is accepted; it should be a stub"
return 0
