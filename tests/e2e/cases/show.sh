# shellcheck shell=bash
# judge show prints the statement, the signatures and the traps in order.
expect_exit 0 "$JUDGE" --root "$ROOT" show problem_mha
expect_out "Split heads and multi-head attention"
expect_out "judge::Tensor split_heads(const judge::Tensor& x, int64_t num_heads);"
expect_out "mask_head_alignment"
expect_out "(2, 5, 4, 20)"
expect_out "Traps, in the order they are assessed"
expect_out "Each head uses its own example's valid length (after masking)"
# Each function's outputs by name, with their axes, and its Python signature with the types (issue
# #43, point 8).
expect_out "        returns output (example, head, position, feature)"
expect_out "In Python (solution_numpy.py with NumPy, solution.py with PyTorch), each at module level:"
expect_out "    def split_heads(x, num_heads):"
expect_out "        x: float32 tensor; num_heads: int"
expect_exit 0 "$JUDGE" --root "$ROOT" show problem_mha_d2l
expect_out "        returns {output (example, query, feature), weights (example·head, query, key)}"
expect_out "        queries, keys, values: float32 tensor; valid_lens: int64 tensor; num_heads: int"
expect_out "        returns (output, weights) as a tuple; output, weights: float32 tensor"
