# shellcheck shell=bash
# labels: sanitized
# Issue #11: a crash keeps its words: the exception text and stderr of a sample test in the text
# report, and the program's own prints in judge run.
sed 's|    const Tensor q = judge::matmul(queries, W_q);|    std::cout << "debug: in the block" << std::endl;\n    std::cerr << "about to multiply" << std::endl;\n    throw std::runtime_error("matmul: cannot multiply shapes (2, 4, 6) and (8, 6)");\n    const Tensor q = judge::matmul(queries, W_q);|; s|#include <cmath>|#include <cmath>\n#include <iostream>|' \
    "$ROOT/reference/problem_mha/solution.cpp" >"$TMP/crash.cpp"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/crash.cpp"
expect_out "test shapes_d2l_block (sample, runtime_error) in multi_head_attention: threw std::runtime_error: matmul: cannot multiply shapes (2, 4, 6) and (8, 6)"
expect_out "about to multiply"
# judge run shows what the program printed, on both streams.
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test shapes_d2l_block --file "$TMP/crash.cpp" --outputs "$TMP/c"
expect_out "its stdout:"
expect_out "debug: in the block"
expect_out "about to multiply"
expect_out "test shapes_d2l_block: runtime_error: threw std::runtime_error: matmul: cannot multiply shapes"
