# shellcheck shell=bash
# cost: 25
# Issue #64, point 1: a C++ function whose return type differs from the spec's is a compile error
# that says so, never a harness reading garbage ("killed by the submission?" on every test). The
# spec's declarations are seen first (-include), so g++ refuses the definition, and the judge says
# what the problem expects: a Tensor for a tuple, a vector for a pair, int for int64_t. A deduced
# return type ("auto") that is the spec's still compiles and is accepted.
edit() {  # edit SOURCE OUT PYTHON: OUT is SOURCE with the replacements PYTHON makes on `s`
    python3 - "$1" "$2" "$3" <<'PY' || fail "cannot edit $1"
import sys
s = open(sys.argv[1]).read()
old = s
exec(sys.argv[3])
assert s != old, "nothing replaced"
open(sys.argv[2], "w").write(s)
PY
}
ref="$ROOT/reference"
# problem_mha_d2l's attention_heads, as written when it returned the output alone.
edit "$ref/problem_mha_d2l/solution.cpp" "$TMP/heads.cpp" '
s = s.replace("std::tuple<Tensor, Tensor> attention_heads(", "Tensor attention_heads(")
s = s.replace("return {transpose_output(std::get<0>(folded), num_heads), std::get<1>(folded)};",
              "return transpose_output(std::get<0>(folded), num_heads);")'
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_mha_d2l --file "$TMP/heads.cpp"
expect_out "problem_mha_d2l: compile_error"
expect_out "judge: attention_heads returns std::tuple<judge::Tensor, judge::Tensor> (output, weights) in this problem; yours returns judge::Tensor. Declare it as:"
expect_no_out "killed by the submission"
# problem_sdpa: a vector where the spec has a pair.
edit "$ref/problem_sdpa/solution.cpp" "$TMP/vector.cpp" '
s = s.replace("std::pair<Tensor, Tensor> scaled_dot_product_attention(", "std::vector<Tensor> scaled_dot_product_attention(")'
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/vector.cpp"
expect_out "judge: scaled_dot_product_attention returns std::pair<judge::Tensor, judge::Tensor> (output, weights) in this problem; yours returns std::vector<judge::Tensor>."
# problem_attention_cost: int where the spec has int64_t.
edit "$ref/problem_attention_cost/solution.cpp" "$TMP/int.cpp" '
s = s.replace("std::tuple<int64_t, int64_t, int64_t, int64_t> attention_cost(", "std::tuple<int, int, int, int> attention_cost(")
s = s.replace("return {params, projection_flops, attention_flops, activations};",
              "return {int(params), int(projection_flops), int(attention_flops), int(activations)};")'
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_attention_cost --file "$TMP/int.cpp"
expect_out "judge: attention_cost returns std::tuple<int64_t, int64_t, int64_t, int64_t> ("
expect_out "yours returns std::tuple<int, int, int, int>"
# A deduced return type that is the spec's: as correct as before.
edit "$ref/problem_sdpa/solution.cpp" "$TMP/auto.cpp" '
s = s.replace("std::pair<Tensor, Tensor> scaled_dot_product_attention(", "auto scaled_dot_product_attention(")
s = s.replace("return {judge::matmul(weights, values), weights};", "return std::pair<Tensor, Tensor>{judge::matmul(weights, values), weights};")'
expect_exit 0 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/auto.cpp"
expect_out "problem_sdpa: accepted"
echo "  a Tensor for a tuple, a vector for a pair, int for int64_t: each a compile error that says so; auto still accepted"
