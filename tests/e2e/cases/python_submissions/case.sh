# shellcheck shell=bash
# Python submissions (docs/python.md): problem_mha accepts the PyTorch reference and a NumPy
# translation, and names the misconception of PyTorch translations of its seeded bugs under their
# own traps, from the C++ bugs' cached runs. Python's exceptions are named as Python's, a raise
# inside torch does not pass a test that expects the student's own, and a file that does not load
# is a compile error with Python's words. judge run, --dir and grade (a class of mixed languages)
# take .py files too.
PY="$HERE/problem_mha"
say() { echo "  $*"; }

say "the PyTorch reference is accepted, and the report names the versions"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.py"
expect_out "problem_mha: accepted, 32/32 points, 9/9 traps passed"
expect_out "(Python 3."
expect_out ", torch "
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.py" --format json
python3 - "$TMP/out" <<'PYEOF' || fail "the JSON report lacks the language or the runtime"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["language"] == "torch", r["language"]
assert r["runtime"].startswith("Python 3.") and "torch" in r["runtime"] and "NumPy" in r["runtime"], r["runtime"]
PYEOF

say "a NumPy translation is accepted as NumPy"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$PY/numpy_reference.py" --format json
grep -q '"language": "numpy"' "$TMP/out" || fail "the NumPy file was not judged as NumPy"

say "PyTorch translations of seeded bugs fail their own trap, with the misconception named"
check_bug() {  # file trap misconception
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$PY/$1"
    expect_out "✗ $2"
    expect_out "This is exactly the output of this mistake: $3"
}
check_bug torch_fold_one_reshape.py chunk_order "folding heads with one reshape (B, L, D) -> (B, H, L, d_k), without a permute."
check_bug torch_mask_after_softmax.py masking "masking after the softmax (zeroing weights without renormalising the row)."
check_bug torch_lens_repeat_not_interleave.py mask_head_alignment "tiling valid_lens with repeat ([l0, l1, l0, l1])"

say "the template's NotImplementedError is named as Python's; --lang torch alone judges the template"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --lang torch
expect_out "raised NotImplementedError: split_heads: not implemented yet; expected ValueError"
expect_no_out "threw std::"

say "a raise inside torch or by Python is not the student's own ValueError"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$PY/torch_no_head_check.py"
expect_out "✗ input_validation"
expect_out "(raised by Python on line 12 of solution.py, not by a raise statement); expected ValueError"

say "a file that does not load is a compile error, in Python's words, naming the student's file"
printf 'import torch\ndef split_heads(x, num_heads)\n    return x\n' >"$TMP/broken.py"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/broken.py"
expect_out "The file could not be loaded. Python said:"
expect_out "$TMP/broken.py:2:"
printf 'import numpy as np\n\ndef split_heads(x, num_heads):\n    return x\n' >"$TMP/missing.py"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/missing.py"
expect_out "no function merge_heads(x) is defined at module level"

say "judge run --file takes a .py file"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_sample --file "$PY/torch_fold_one_reshape.py" \
    --outputs "$TMP/run"
expect_out "test chunk_order_sample: wrong_answer: example 0, head 0, position 1 holds x[0,0,4:8]"

say "--dir finds solution.py; grade grades a class of mixed languages"
mkdir -p "$TMP/dir/problem_mha" "$TMP/class"/{ana,ben,cho}
cp "$PY/numpy_reference.py" "$TMP/dir/problem_mha/solution.py"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/dir"
expect_out "problem_mha: accepted"
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/ana/"
cp "$PY/torch_fold_one_reshape.py" "$TMP/class/ben/solution.py"
cp "$ROOT/student_template/problem_mha/solution.py" "$TMP/class/cho/solution.py"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/grades"
python3 - "$TMP/grades/grades.csv" <<'PYEOF' || fail "the gradebook is wrong"
import csv, sys
rows = {r["student"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert rows["ana"]["verdict"] == "accepted", rows["ana"]
assert rows["ben"]["verdict"] == "wrong_answer" and rows["ben"]["chunk_order"] == "fail", rows["ben"]
assert rows["cho"]["verdict"] == "runtime_error", rows["cho"]
PYEOF
