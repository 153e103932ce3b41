# shellcheck shell=bash
# Issue #43, points 4 and 5. `judge template` writes a Python template from the spec: it loads in
# its language, flake8 passes it, every test rejects it with its own message, and its docstrings
# give each parameter's and output's type. `judge preview` shows what a student sees from the full
# root: the statement, and with --bug the report a student making that mistake gets on a pack.
expect_exit 0 "$JUDGE" --root "$ROOT" template problem_mha_d2l
expect_out "# judge: torch"
expect_out "import torch  # noqa: F401"
expect_out "A float32 tensor argument is a torch.Tensor of its own, an int64 tensor one of dtype int64; int,"
expect_out "def attention_heads(queries, keys, values, valid_lens, num_heads):"
expect_out '    """queries, keys, values: float32 tensor; valid_lens: int64 tensor; num_heads: int.'
expect_out "    Returns a tuple (output, weights): output (example, query, feature): float32 tensor; weights"
expect_out '    raise NotImplementedError("attention_heads: not implemented yet")'
for lang in torch numpy; do
    expect_exit 0 "$JUDGE" --root "$ROOT" template problem_mha_d2l --lang "$lang" --out "$TMP/t_$lang.py"
    expect_out "wrote $TMP/t_$lang.py"
    if [ "$lang" = numpy ]; then
        grep -q "A float32 tensor argument is an ndarray of its own" "$TMP/t_$lang.py" || fail "the NumPy template misnames its arrays"
    fi
    /usr/bin/python3 -m flake8 --config "$ROOT/setup.cfg" "$TMP/t_$lang.py" >"$TMP/flake8" 2>&1 ||
        fail "flake8 rejects the $lang template: $(cat "$TMP/flake8")"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha_d2l --file "$TMP/t_$lang.py" --no-counterexamples
    expect_out "problem_mha_d2l: runtime_error"
    expect_out "0/31 points"
    expect_out "transpose_qkv: not implemented yet"
    expect_out "its first line says \"# judge: $lang\""
done
expect_exit 2 "$JUDGE" --root "$ROOT" template problem_mha_d2l --lang numpy --out "$TMP/t_numpy.py"
expect_err "--out: $TMP/t_numpy.py exists; --force replaces it"
expect_exit 2 "$JUDGE" --root "$ROOT" template problem_mha_d2l --lang cpp
expect_err '--lang: expected numpy or torch, got "cpp" (the C++ template is written by hand)'
# preview: the statement and signatures as show prints them; --bug: the student's report.
expect_exit 0 "$JUDGE" --root "$ROOT" preview problem_sdpa
expect_out "Functions to implement (#include <judge/tensor.hpp>):"
expect_out "In Python (solution_numpy.py with NumPy, solution.py with PyTorch), each at module level:"
expect_exit 0 "$JUDGE" --root "$ROOT" preview problem_sdpa --bug mask_fill_zero --format json
cp "$TMP/out" "$TMP/preview.json"
mkdir -p "$TMP/s"
"$JUDGE" --root "$ROOT" show problem_sdpa --bug mask_fill_zero >"$TMP/s/solution.cpp" || fail "show --bug failed"
(cd "$TMP/s" && "$JUDGE" --root "$ROOT" submit problem_sdpa --file solution.cpp --format json >"$TMP/submit.json" 2>/dev/null)
cmp -s "$TMP/preview.json" "$TMP/submit.json" || fail "preview --bug is not the report a student's file gets"
expect_exit 0 "$JUDGE" --root "$ROOT" preview problem_sdpa --bug mask_fill_zero
expect_out "A student whose solution makes the mistake of mask_fill_zero ("
expect_out "problem_sdpa: wrong_answer"
expect_exit 2 "$JUDGE" --root "$ROOT" preview problem_sdpa --bug nope
expect_err 'judge: error: --bug: problem_sdpa has no seeded bug "nope"; its seeded bugs are: '
