# shellcheck shell=bash
# Python submissions (docs/python.md). Python's exceptions are named as Python's, a raise inside
# torch does not pass a test that expects the student's own, and a file that does not load is a
# compile error with Python's words. judge run, --dir and grade (a class of mixed languages) take
# .py files too. The files in each problem folder here (a NumPy translation of the reference and
# PyTorch translations of seeded bugs, each a patch of the Python reference named as its bug) are
# judged by the family pack_same_reports:<problem>, which judges every submission a problem ships.
PY="$HERE/problem_mha"
# The PyTorch translations of seeded bugs, from their patches of the Python reference (py_bug).
for b in no_head_check fold_one_reshape mask_after_softmax; do
    py_bug problem_mha "$PY/torch_$b.patch" "$TMP/torch_$b.py"
done
say() { echo "  $*"; }

say "the PyTorch reference is accepted, and the report names the versions"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.py"
expect_out "(PyTorch: it imports torch on line "
expect_out "; Python 3."
expect_out ", torch "
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.py" --format json
python3 - "$TMP/out" <<'PYEOF' || fail "the JSON report lacks the language or the runtime"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["language"] == "torch", r["language"]
assert r["runtime"].startswith("Python 3.") and "torch" in r["runtime"] and "NumPy" in r["runtime"], r["runtime"]
assert r["language_reason"].startswith("it imports torch on line "), r["language_reason"]
PYEOF

say "the template's NotImplementedError is named as Python's; --lang torch alone judges the template"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --lang torch
expect_out "raised NotImplementedError: split_heads: not implemented yet; expected ValueError"
expect_no_out "std::"  # the hints too: the spec's hint_python
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --lang torch --format json
expect_no_out "std::"

say "--lang numpy alone judges the NumPy template; an unchanged template in a class is no attempt"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --lang numpy --format json
grep -q '"language": "numpy"' "$TMP/out" || fail "--lang numpy did not judge the NumPy template as NumPy"
grep -q '"rerun": "judge run problem_mha .*--file [^ ]*student_template/problem_mha/solution_numpy.py' "$TMP/out" ||
fail "--lang numpy did not judge student_template/problem_mha/solution_numpy.py"
make_course
rm "$TMP/course/student_template/problem_mha/solution_numpy.py"
expect_exit 2 "$JUDGE" --root "$TMP/course" submit problem_mha --lang numpy
expect_err "--lang numpy: problem_mha has no NumPy template ("

say "a raise inside torch or by Python is not the student's own ValueError"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/torch_no_head_check.py"
expect_out "✗ input_validation"
expect_out "(raised by Python on line 12 of torch_no_head_check.py, not by a raise statement); expected ValueError"

say "a file that does not load is a compile error, in Python's words, naming the student's file"
printf 'import torch\ndef split_heads(x, num_heads)\n    return x\n' >"$TMP/broken.py"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/broken.py"
expect_out "The file could not be loaded. Python said:"
expect_out "$TMP/broken.py:2:"
printf 'import numpy as np\n\ndef split_heads(x, num_heads):\n    return x\n' >"$TMP/missing.py"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/missing.py"
expect_out "no function merge_heads(x) is defined at module level"

say "judge run --file takes a .py file"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_sample --file "$TMP/torch_fold_one_reshape.py" \
--outputs "$TMP/run"
expect_out "test chunk_order_sample: wrong_answer: example 0, head 0, position 1 holds x[0,0,4:8]"
# A raise is named as Python's, on a test and on the caller's own inputs.
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test validation_zero_heads \
--file "$ROOT/student_template/problem_mha/solution.py" --outputs "$TMP/run2"
expect_out "raised NotImplementedError: split_heads: not implemented yet"
expect_no_out "std::"
expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/run2/inputs" \
--file "$ROOT/student_template/problem_mha/solution.py" --outputs "$TMP/run3"
expect_out "split_heads raised NotImplementedError: split_heads: not implemented yet"
expect_out "the reference raises ValueError on these inputs: split_heads: num_heads must be at least 1, got 0"
expect_no_out "std::"

say "--dir finds solution.py; grade grades a class of mixed languages"
mkdir -p "$TMP/dir/problem_mha" "$TMP/class"/{ana,ben,cho}
cp "$ROOT/reference/problem_mha/accepted/numpy_arrays.py" "$TMP/dir/problem_mha/solution.py"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/dir"
expect_out "problem_mha: accepted"
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/ana/"
cp "$TMP/torch_fold_one_reshape.py" "$TMP/class/ben/solution.py"
cp "$ROOT/student_template/problem_mha/solution.py" "$TMP/class/cho/solution.py"
mkdir -p "$TMP/class/dan"
cp "$ROOT/student_template/problem_mha/solution_numpy.py" "$TMP/class/dan/solution.py"
# A NumPy file whose first line states it: grade reads the statement too.
mkdir -p "$TMP/class/eva"
{ echo "# judge: numpy"; cat "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"; } >"$TMP/class/eva/solution.py"
expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/grades"
grep -q '"language_reason": "its first line says \\"# judge: numpy\\""' "$TMP/grades/students/eva/report.json" ||
    fail "grade did not judge eva's file as its first line states"
python3 - "$TMP/grades/grades.csv" <<'PYEOF' || fail "the gradebook is wrong"
import csv, sys
rows = {r["student"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert rows["ana"]["verdict"] == "accepted", rows["ana"]
assert rows["ben"]["verdict"] == "wrong_answer" and rows["ben"]["chunk_order"] == "fail", rows["ben"]
assert rows["cho"]["verdict"] == "runtime_error", rows["cho"]
assert rows["dan"]["verdict"] == "runtime_error", rows["dan"]
assert rows["eva"]["verdict"] == "accepted", rows["eva"]
PYEOF
for s in cho dan; do
grep -q '"untouched_template": true' "$TMP/grades/students/$s/report.json" ||
    fail "$s handed in a Python template unchanged, and the report does not say so"
done
grep -q "^Of the 3 attempts " "$TMP/grades/summary.md" || fail "summary.md counts an untouched Python template as an attempt"

say "a NumPy file whose self-test imports torch under __main__ is judged as NumPy, and the report says why"
{ cat "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"; printf '\n\nif __name__ == "__main__":\n    import torch\n    print(torch.ones(1))\n'; } \
    >"$TMP/np_main.py"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/np_main.py"
expect_out "(NumPy: it imports torch only under \`if __name__ == \"__main__\":\`, which the judge does not run; Python 3."
expect_out "problem_mha: accepted"

say "the first line may state the language, in submit as in grade"
{ echo "# judge: numpy"; cat "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"; } >"$TMP/stated.py"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/stated.py" --format json
grep -q '"language_reason": "its first line says \\"# judge: numpy\\""' "$TMP/out" ||
    fail "the report does not say the first line chose NumPy"
{ echo "# judge: cpp"; cat "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"; } >"$TMP/wrong_statement.py"
expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/wrong_statement.py"
expect_err "$TMP/wrong_statement.py:1: the first line says \"# judge: cpp\"; a .py file can be numpy or torch"

say "a module the box does not have is a load error naming it and what the box offers"
sed 's/^import math$/import math\nimport scipy.special/' "$ROOT/reference/problem_mha/accepted/numpy_arrays.py" >"$TMP/scipy.py"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/scipy.py"
expect_out "The file could not be loaded. Python said:"
expect_out "$TMP/scipy.py:3: error: no module named scipy in the judge's box; it has Python 3."
expect_out "'s standard library, NumPy "
expect_out " and torch "
# One in a try block, or only under __main__, may be absent.
{ cat "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"; printf '\ntry:\n    import scipy\nexcept ImportError:\n    scipy = None\n'; } >"$TMP/try.py"
expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/try.py" --no-counterexamples

say "a float16 output is refused, naming its dtype"
{ cat "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"; printf '\n_merge = merge_heads\n\n\ndef merge_heads(x):\n    return _merge(x).astype(np.float16)\n'; } \
    >"$TMP/half.py"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/half.py"
expect_out "did not return what the spec declares: merge_heads returned a tensor of dtype float16; expected float32 (or float64)"

say "judge heads takes a .py file, in PyTorch and in NumPy"
expect_exit 0 "$JUDGE" --root "$ROOT" heads problem_mha --file "$ROOT/reference/problem_mha/solution.py"
expect_out "5 heads of weights on test shapes_d2l_per_head at example 0; 5 of 5 as the reference's:"
expect_exit 0 "$JUDGE" --root "$ROOT" heads problem_mha --file "$ROOT/reference/problem_mha/accepted/numpy_arrays.py"
expect_out "5 of 5 as the reference's"
expect_exit 1 "$JUDGE" --root "$ROOT" heads problem_mha --file "$TMP/torch_mask_after_softmax.py" --test masking_sample
expect_out "0 of 4 as the reference's"
expect_exit 2 "$JUDGE" --root "$ROOT" heads problem_mha --file "$TMP/broken.py"
expect_err "--file: $TMP/broken.py does not load (Python's words are above; judged as PyTorch: it imports torch on line 1)"
