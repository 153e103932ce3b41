# shellcheck shell=bash
# The README's first command: the shipped template is judged and rejected.
# The README's first command: from the repo root, with no solution.cpp there, the template is judged.
(cd "$ROOT" && "$JUDGE" submit problem_mha) >"$TMP/out" 2>"$TMP/err"
[ $? = 1 ] || fail "the stub should exit 1"
expect_err "judging the shipped student template"
expect_out "threw std::logic_error: split_heads: not implemented yet"
expect_out "problem_mha: runtime_error (test shapes_d2l_per_head), 0/32 points, 0/9 traps passed"
