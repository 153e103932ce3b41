# shellcheck shell=bash
# Issue #40: the same mistake gets the same report in C++, NumPy and PyTorch: the verdict, the
# points, each trap's state and points, the trap to fix first and the misconception named on each
# test (check.py's twin, from the family pack_same_reports, which also holds every PyTorch seeded
# bug to its C++ twin). These twins are made here from the three references of problem_mha.
PY=$ROOT/tests/e2e/cases/python_submissions/problem_mha
CHECK=$ROOT/tests/e2e/families/pack_same_reports/check.py
# move_check FILE OUT: the `num_heads < 1` check moved after the `D % num_heads` one, which then
# divides by zero first (C++: SIGFPE; Python: ZeroDivisionError).
move_check() {
    python3 - "$1" "$2" <<'PYEOF'
import re, sys
text = open(sys.argv[1]).read()
first = re.search(r"^( *)if \(?num_heads < 1\)?.*\n(?:\1 +raise.*\n)?", text, re.M)
second = re.search(r"^( *)if \(?D % num_heads != 0\)?.*\n(?:\1 +.*\n)*(?:\1\}\n)?", text[first.end():], re.M)
assert first and second, "the checks are not where this expects them"
block, after = first.group(0), first.end() + second.end()
text = text[:first.start()] + text[first.end():after] + block + text[after:]
open(sys.argv[2], "w").write(text)
PYEOF
}
# twins LABEL FILE...: every file's report is the first one's.
twins() {
    local label=$1 first="" f
    shift
    for f in "$@"; do
        "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$f" --format json >"$f.json" 2>"$TMP/err" ||
            [ $? = 1 ] || { cat "$TMP/err"; fail "$label: $f: the judge failed"; }
        if [ -z "$first" ]; then
            first=$f
            continue
        fi
        python3 "$CHECK" "$f.json" twin "$first.json" || fail "$label: $(basename "$f") is not $(basename "$first")'s twin"
    done
    echo "  $label: $# files in 3 languages, one report"
}

mkdir -p "$TMP/modulo_first" "$TMP/no_check"
move_check "$ROOT/reference/problem_mha/solution.cpp" "$TMP/modulo_first/solution.cpp"
move_check "$ROOT/reference/problem_mha/accepted/numpy_arrays.py" "$TMP/modulo_first/numpy.py"
move_check "$ROOT/reference/problem_mha/solution.py" "$TMP/modulo_first/torch.py"
grep -q "crashed with SIGFPE" <("$JUDGE" -q --root "$ROOT" run problem_mha --test validation_zero_heads \
    --file "$TMP/modulo_first/solution.cpp" --outputs "$TMP/run") || fail "the C++ twin does not divide by zero"
twins "a modulo before the check that num_heads is at least 1" \
    "$TMP/modulo_first/solution.cpp" "$TMP/modulo_first/numpy.py" "$TMP/modulo_first/torch.py"
python3 - "$TMP/modulo_first/solution.cpp.json" <<'PYEOF' || fail "the modulo-first twins are not failed on input_validation"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["verdict"] == "wrong_answer" and r["first_fix"] == "input_validation", (r["verdict"], r["first_fix"])
PYEOF

# Relying on the library to reject a bad head count: the tensor header's, NumPy's or torch's error is
# no check of the student's own, in any language; each is named as the seeded bug no_head_check.
sed '/if num_heads < 1:/,+1d; /if D % num_heads != 0:/,+1d' "$ROOT/reference/problem_mha/accepted/numpy_arrays.py" >"$TMP/no_check/numpy.py"
cp "$ROOT/reference/problem_mha/bugs/no_head_check.cpp" "$TMP/no_check/solution.cpp"
py_bug problem_mha "$PY/torch_no_head_check.patch" "$TMP/no_check/torch.py"
twins "relying on the library to reject a bad head count" \
    "$TMP/no_check/solution.cpp" "$TMP/no_check/numpy.py" "$TMP/no_check/torch.py"
grep -q '"bug": "no_head_check"' "$TMP/no_check/numpy.py.json" || fail "the NumPy twin is not named no_head_check"
