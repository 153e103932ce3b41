# shellcheck shell=bash
# One function per end-to-end case; sourced by run_e2e.sh.

case_cli_help() {
    expect_exit 0 "$JUDGE" --help
    expect_out "Exit codes: 0 accepted or success"
    expect_out "list"
}

case_cli_version() {
    expect_exit 0 "$JUDGE" --version
    expect_out "judge 0.1.0"
}

case_cli_list() {
    expect_exit 0 "$JUDGE" --root "$ROOT" list
    expect_out "problem_attention_cost  The cost of a multi-head attention layer"
    expect_out "problem_decoder         The two attentions of a Transformer decoder block"
    expect_out "problem_masks           Masked softmax with padding and causal masks"
    expect_out "problem_mha             Split heads and multi-head attention"
    expect_out "problem_mha_d2l         Multi-head attention in D2L's layout"
    expect_out "problem_sdpa            Scaled dot-product attention with valid_lens"
    [ "$(grep -c '^problem_' "$TMP/out")" = 6 ] || fail "judge list should show six problems"
    # The course root is also found from the current directory.
    (cd "$ROOT/problems" && "$JUDGE" list) >"$TMP/out" 2>"$TMP/err" || fail "list from a subdirectory failed"
    expect_out "problem_mha"
}

case_cli_unknown_problem() {
    expect_exit 2 "$JUDGE" --root "$ROOT" show no_such_problem
    expect_err "judge: error: unknown problem 'no_such_problem'"
    expect_err "known problems: problem_attention_cost, problem_decoder, problem_masks, problem_mha, problem_mha_d2l, problem_sdpa"
}

case_cli_bad_usage() {
    expect_exit 2 "$JUDGE" frobnicate
    expect_err "judge: error:"
    expect_exit 2 "$JUDGE"
    expect_exit 2 "$JUDGE" --root /nonexistent list
    expect_err "judge: error: --root: /nonexistent is not a course root (it has no problems/ folder)"
}

SUB="$ROOT/tests/e2e/submissions"

case_show() {
    expect_exit 0 "$JUDGE" --root "$ROOT" show problem_mha
    expect_out "Split heads and multi-head attention"
    expect_out "judge::Tensor split_heads(const judge::Tensor& x, int64_t num_heads);"
    expect_out "mask_head_alignment"
    expect_out "(2, 5, 4, 20)"
    expect_out "Traps, in the order they are assessed"
    expect_out "Each head uses its own example's valid length (after masking)"
}

case_reference_accepted() {
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
    expect_out "problem_mha: accepted, 32/32 points, 9/9 traps passed"
    expect_out "✓ chunk_order"
}

case_accepted_folded_layout() {
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/accepted/folded_layout.cpp"
    expect_out "problem_mha: accepted"
}

case_accepted_index_loops() {
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/accepted/index_loops.cpp"
    expect_out "problem_mha: accepted"
}

case_template_stub_rejected() {
    # The README's first command: from the repo root, with no solution.cpp there, the template is judged.
    (cd "$ROOT" && "$JUDGE" submit problem_mha) >"$TMP/out" 2>"$TMP/err"
    [ $? = 1 ] || fail "the stub should exit 1"
    expect_err "judging the shipped student template"
    expect_out "threw std::logic_error: split_heads: not implemented yet"
    expect_out "problem_mha: runtime_error (test shapes_d2l_per_head), 0/32 points, 0/9 traps passed"
}

case_default_submission_in_cwd() {
    mkdir -p "$TMP/work/problem_mha"
    cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/work/problem_mha/solution.cpp"
    (cd "$TMP/work" && "$JUDGE" --root "$ROOT" submit problem_mha) >"$TMP/out" 2>"$TMP/err" || fail "should be accepted"
    expect_err "judging problem_mha/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/work"
    expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --dir "$TMP/nowhere"
    expect_err "judge: error: --dir: neither $TMP/nowhere/problem_mha/solution.cpp nor $TMP/nowhere/solution.cpp exists"
}

case_missing_file() {
    expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/none.cpp"
    expect_err "judge: error: --file: $TMP/none.cpp does not exist"
    expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --format xml
    expect_err 'judge: error: --format: expected text, json, junit or gradescope, got "xml"'
}

case_submit_junit_and_gradescope() {
    local bug="$ROOT/reference/problem_mha/bugs/no_output_projection.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format junit
    python3 - "$TMP/out" <<'PY' || fail "--format junit is not one valid JUnit document"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
# Leaving out W_o fails projections; the traps assessed after it, whose tests run the whole block,
# are blocked: failures of type "blocked".
assert root.tag == "testsuites" and root.attrib["failures"] == "4" and root.attrib["errors"] == "0", root.attrib
cases = root.find("testsuite").findall("testcase")
assert [c.attrib["name"] for c in cases][0] == "shapes" and len(cases) == 9
failed = {c.attrib["name"]: c.find("failure") for c in cases if c.find("failure") is not None}
assert list(failed) == ["projections", "cross_attention", "masking", "mask_head_alignment"], failed
assert failed["projections"].attrib["type"] == "wrong_answer"
body = failed["projections"].text
assert "This is exactly the output of this mistake: leaving out the output projection W_o." in body, body
assert "rerun: judge run problem_mha --test projections_self_wide" in body and "hint: " in body, body
for t in ["cross_attention", "masking", "mask_head_alignment"]:
    assert failed[t].attrib["type"] == "blocked" and failed[t].attrib["message"] == "not assessed until projections passes"
PY
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format gradescope
    python3 - "$TMP/out" <<'PY' || fail "--format gradescope is not Gradescope's results.json"
import json, sys
r = json.load(open(sys.argv[1]))
assert isinstance(r["execution_time"], int) and r["output_format"] == "text"
assert r["score"] == sum(x["score"] for x in r["tests"]) and r["score"] < 32
t = {x["name"].split(":")[0]: x for x in r["tests"]}
assert t["projections"]["status"] == "failed" and t["projections"]["max_score"] == 2 and t["projections"]["score"] == 0
assert "hint: " in t["projections"]["output"] and "test projections_self_wide (sample)" in t["projections"]["output"]
assert t["masking"]["status"] == "failed" and t["masking"]["output"] == "not assessed until projections passes"
assert r["output"].startswith("problem_mha: wrong_answer, ") and "\nFix first: projections (" in r["output"], r["output"]
assert t["shapes"]["status"] == "passed" and t["shapes"]["score"] == t["shapes"]["max_score"]
PY
}

case_compile_error() {
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/compile_error/solution.cpp"
    expect_out "Compilation failed. The compiler said:"
    expect_out "solution.cpp:5:49: error: expected ';' before '}' token"
    expect_out "problem_mha: compile_error, 0/32 points"
}

case_wrong_signature() {
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/wrong_signature/solution.cpp"
    expect_out "undefined reference to"
    expect_out "split_heads(judge::Tensor const&, long)"
    expect_out "judge: your solution must define, with exactly these parameter types:"
    expect_out "    judge::Tensor split_heads(const judge::Tensor& x, int64_t num_heads)"
}

case_time_limit() {
    local t0=$SECONDS
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/time_limit/solution.cpp"
    expect_out "did not finish within the time limit of 2000 ms"
    expect_out "not run: 2 earlier tests already hit the time limit"
    expect_out "problem_mha: time_limit"
    [ $((SECONDS - t0)) -lt 20 ] || fail "a looping submission took $((SECONDS - t0)) s"
    [ -n "$(box_pids "$TMP")" ] && fail "a process of the submission survived"
    return 0
}

case_segfault() {
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/segfault/solution.cpp"
    expect_out "crashed with SIGSEGV (segmentation fault: an invalid memory access)"
    expect_out "problem_mha: runtime_error"
}

case_exit_early() {
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/exit_early/solution.cpp"
    expect_out "exited (code 0) without finishing the call; is exit() or quick_exit() called?"
}

case_nan_output() {
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$SUB/nan_output/solution.cpp"
    expect_out "output[0,0,0,0] is NaN (16 NaN values; 16 of 16 elements differ); NaN never matches"
    expect_out "problem_mha: wrong_answer"
}

case_hidden_tests_hide_data() {
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/bugs/scale_by_sqrt_D.cpp"
    expect_out "test per_head_random (hidden): output[0,0,0,0] differs from the expected value"
    expect_no_out "per_head_random (hidden): output[0,0,0,0] is"
    expect_out "This is exactly the output of this mistake: scaling the scores by the square root of the full width D instead of d_k."
}

case_validate() {
    expect_exit 0 "$JUDGE" --root "$ROOT" validate --all
    expect_out "reference passes all 32 tests"
    expect_out "problem_sdpa: Scaled dot-product attention with valid_lens"
    expect_out "validate: ok (6 problems)"
    # Every problem ships at least two accepted alternatives.
    [ "$(grep -c 'accepted alternatives pass all tests' "$TMP/out")" = 6 ] || fail "a problem has fewer than 2 accepted"
    expect_out "student template compiles and is rejected"
    expect_out "Kill matrix"
    expect_out "lens_repeat_not_interleave [mask_head_alignment]: caught by"
    expect_out "validate: ok"
    # Issue #21: the shipped course carries no warning at all.
    expect_exit 0 "$JUDGE" --root "$ROOT" validate --all --strict
    expect_no_out "  ! "
    expect_exit 2 "$JUDGE" --root "$ROOT" validate
    expect_err "judge: error: validate: give a problem name or --all (not both)"
}

# A copy of the course whose problem can be broken in each test.
make_course() {
    mkdir -p "$TMP/course"
    cp -r "$ROOT/problems" "$ROOT/reference" "$ROOT/student_template" "$TMP/course/"
}

case_validate_uncaught_bug() {
    make_course
    # A "bug" that is really the reference: no test can catch it.
    { echo "// trap: masking"; echo "// misconception: nothing at all"; cat "$ROOT/reference/problem_mha/solution.cpp"; } \
        >"$TMP/course/reference/problem_mha/bugs/not_a_bug.cpp"
    expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_mha
    expect_out "not_a_bug [masking]: no test catches this seeded bug"
    expect_out "validate: 1 problem found"
}

case_validate_bug_without_trap() {
    make_course
    echo "int x;" >"$TMP/course/reference/problem_mha/bugs/undeclared.cpp"
    expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_mha
    expect_err "judge: error: reference/problem_mha/bugs/undeclared.cpp:1: missing a '// trap: <id>' line in the first 40 lines"
}

case_malformed_spec() {
    make_course
    local spec="$TMP/course/problems/problem_mha/problem.json"
    sed -i 's/"time_per_test_ms": 2000/"time_per_test_ms": "2s"/' "$spec"
    expect_exit 2 "$JUDGE" --root "$TMP/course" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
    expect_err 'judge: error: problems/problem_mha/problem.json: limits.time_per_test_ms: expected an integer, got "2s"'
    printf '{\n  "schema": 1,\n  "title": \n}\n' >"$spec"
    expect_exit 2 "$JUDGE" --root "$TMP/course" show problem_mha
    expect_err "judge: error: problems/problem_mha/problem.json:4:1: invalid JSON: syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal"
    # list keeps going and marks the broken problem.
    expect_exit 0 "$JUDGE" --root "$TMP/course" list
    expect_out "(invalid spec: problems/problem_mha/problem.json:4:1: invalid JSON:"
}

case_reference_broken() {
    make_course
    echo "this is not C++" >"$TMP/course/reference/problem_mha/solution.cpp"
    expect_exit 2 "$JUDGE" --root "$TMP/course" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
    expect_err "judge: error: reference/problem_mha/solution.cpp: the reference does not compile:"
}

case_run_errors() {
    mkdir -p "$TMP/in"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_head --inputs "$TMP/in" --outputs "$TMP/out_dir"
    expect_err "judge: error: --function: problem_mha has no function \"split_head\"; its functions are: split_heads, merge_heads, multi_head_attention_per_head, multi_head_attention"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/out_dir"
    expect_err "judge: error: $TMP/in/x.npy: missing; split_heads needs one .npy per parameter (tensor x)"
    echo "garbage" >"$TMP/in/x.npy"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/out_dir"
    expect_err "judge: error: $TMP/in/x.npy: not a .npy file"
}

# bug_source ROOT PROBLEM BUG FILE: the program a seeded bug is (a .patch applied), from judge show --bug.
bug_source() {
    "$JUDGE" --root "$1" show "$2" --bug "$3" >"$4" || fail "judge show $2 --bug $3 failed"
}

# One case per seeded bug: it is rejected, its declared trap fails, and the report names its misconception.
case_seeded_bug() {
    local problem=${BUG%%/*} bug=${BUG#*/}
    local file="$ROOT/reference/$problem/bugs/$bug.cpp" header
    local bug_trap mis
    header=$file
    if [ ! -f "$file" ]; then
        # A patch: judge show --bug prints the reference with it applied, the program validate builds.
        header="$ROOT/reference/$problem/bugs/$bug.patch"
        file="$TMP/$bug.cpp"
        bug_source "$ROOT" "$problem" "$bug" "$file"
    fi
    bug_trap=$(sed -n 's|^// trap: ||p' "$header" | head -1)
    mis=$(sed -n 's|^// misconception: ||p' "$header" | head -1)
    expect_exit 1 "$JUDGE" --root "$ROOT" submit "$problem" --file "$file"
    expect_out "✗ $bug_trap "
    expect_out "This is exactly the output of this mistake: $mis."
    # Issue #11: the mistake fails its own trap alone, and is the one to fix first.
    expect_out "Fix first: $bug_trap ("
    local failed
    failed=$(grep -c '^✗ ' "$TMP/out")
    [ "$failed" = 1 ] || { cat "$TMP/out"; fail "$bug fails $failed traps, not only its own"; }
}

case_colour_only_on_a_terminal() {
    command -v script >/dev/null || { echo "skip: no script(1)"; return 0; }
    local ref="$ROOT/reference/problem_mha/solution.cpp"
    # On a pseudo-terminal the verdict is coloured...
    env -u NO_COLOR script -qec "'$JUDGE' --root '$ROOT' -q submit problem_mha --file '$ref'" /dev/null >"$TMP/out" 2>&1
    grep -q $'\033\\[32m' "$TMP/out" || fail "no colour on a terminal"
    # ...NO_COLOR turns it off there...
    NO_COLOR=1 script -qec "'$JUDGE' --root '$ROOT' -q submit problem_mha --file '$ref'" /dev/null >"$TMP/out" 2>&1
    grep -q $'\033\\[' "$TMP/out" && fail "colour despite NO_COLOR"
    # ...and a pipe never gets it.
    env -u NO_COLOR "$JUDGE" --root "$ROOT" -q submit problem_mha --file "$ref" >"$TMP/out" 2>&1
    grep -q $'\033\\[' "$TMP/out" && fail "colour on a pipe"
    return 0
}

case_judge_failure_exit_3() {
    CXX=/nonexistent/g++ "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" >"$TMP/out" 2>"$TMP/err"
    [ $? = 3 ] || fail "a missing compiler should exit 3"
    expect_err "judge: error: internal: cannot run the C++ compiler '/nonexistent/g++'"
}

case_quiet_and_verbose() {
    local ref="$ROOT/reference/problem_mha/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$ROOT" -q submit problem_mha --file "$ref"
    [ -s "$TMP/err" ] && fail "-q still printed: $(cat "$TMP/err")"
    expect_exit 0 "$JUDGE" --root "$ROOT" -v submit problem_mha --file "$ref"
    expect_err "debug: toolchain:"
    # Global options also work after the subcommand.
    expect_exit 0 "$JUDGE" submit problem_mha --root "$ROOT" --file "$ref"
}

case_doctor() {
    expect_exit 0 "$JUDGE" doctor
    expect_out "bubblewrap:"
    expect_out "user namespaces:"
    expect_out "cgroups:"
    expect_out "tier:"
    JUDGE_SANDBOX=fallback "$JUDGE" doctor >"$TMP/out" 2>"$TMP/err" || fail "doctor failed"
    expect_out "tier:             fallback (NOT isolated) (JUDGE_SANDBOX=fallback)"
    JUDGE_SANDBOX=nope "$JUDGE" doctor >"$TMP/out" 2>"$TMP/err"
    [ $? = 2 ] || fail "a bad JUDGE_SANDBOX should exit 2"
    expect_err 'judge: error: JUDGE_SANDBOX: expected bubblewrap or fallback, got "nope"'
}

case_fallback_warns() {
    JUDGE_SANDBOX=fallback "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" --format json \
        >"$TMP/out" 2>"$TMP/err" || fail "the reference should be accepted in the fallback tier too"
    expect_err "judge: warning: the submission runs WITHOUT isolation (fallback tier: JUDGE_SANDBOX=fallback); run \`judge doctor\` for details"
    expect_out '"sandbox": "fallback"'
    # Issue #9: even with -q, and for judge run --file; and in a class summary.
    JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" -q submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp"
    expect_err "judge: warning: the submission runs WITHOUT isolation"
    mkdir -p "$TMP/in" "$TMP/class/ada"
    python3 -c "
import struct
def npy(path, descr, shape, data):
    h = \"{'descr': '%s', 'fortran_order': False, 'shape': %s, }\" % (descr, shape)
    open(path, 'wb').write(b'\\x93NUMPY\\x01\\x00' + struct.pack('<H', len(h)) + h.encode() + data)
npy('$TMP/in/x.npy', '<f4', '(1, 2, 4)', struct.pack('<8f', *range(8)))
npy('$TMP/in/num_heads.npy', '<i8', '()', struct.pack('<q', 2))
"
    JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" -q run problem_mha --function split_heads --inputs "$TMP/in" \
        --outputs "$TMP/o" --file "$ROOT/reference/problem_mha/solution.cpp"
    expect_err "judge: warning: the submission runs WITHOUT isolation"
    cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/ada/solution.cpp"
    JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" -q grade problem_mha --class "$TMP/class" --out "$TMP/g"
    grep -q "Warning: 1 submission ran in the fallback tier, WITHOUT isolation" "$TMP/g/summary.md" || fail "summary.md does not warn"
    if [ "$(id -u)" = 0 ]; then
        # As root, the fallback tier still never runs a submission as root.
        { echo '#include <unistd.h>'; sed 's|^Tensor split_heads(const Tensor& x, int64_t num_heads) {|&\n    throw std::runtime_error("uid " + std::to_string(::getuid()));|' \
            "$ROOT/reference/problem_mha/solution.cpp"; } >"$TMP/whoami.cpp"
        JUDGE_SANDBOX=fallback "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/in" --outputs "$TMP/o" \
            --file "$TMP/whoami.cpp" >"$TMP/out" 2>"$TMP/err"
        expect_out "split_heads threw std::runtime_error: uid 65534"
    fi
}

# A class with a correct, a buggy, a missing, a non-compiling and a hostile student.
make_class() {
    local c=$1
    mkdir -p "$c"/{alice,bob,carol,dave,eve/problem_mha,mallory}
    cp "$ROOT/reference/problem_mha/solution.cpp" "$c/alice/"
    cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$c/bob/solution.cpp"
    cp "$SUB/compile_error/solution.cpp" "$c/dave/"
    cp "$ROOT/reference/problem_mha/accepted/folded_layout.cpp" "$c/eve/problem_mha/solution.cpp"
    cp "$SUB/time_limit/solution.cpp" "$c/mallory/"
}

case_grade_class() {
    make_class "$TMP/class"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2
    expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
    expect_err "judge: [6/6]"
    cat >"$TMP/want.csv" <<'CSV'
student,verdict,score,max_score,shapes,chunk_order,merge_order,per_head_loop,projections,cross_attention,masking,mask_head_alignment,input_validation
alice,accepted,32,32,pass,pass,pass,pass,pass,pass,pass,pass,pass
bob,wrong_answer,29,32,pass,pass,pass,pass,pass,pass,pass,fail,pass
carol,missing,0,32,fail,fail,fail,fail,fail,fail,fail,fail,fail
dave,compile_error,0,32,fail,fail,fail,fail,fail,fail,fail,fail,fail
eve,accepted,32,32,pass,pass,pass,pass,pass,pass,pass,pass,pass
mallory,time_limit,0,32,fail,blocked,blocked,blocked,blocked,blocked,blocked,blocked,fail
CSV
    cmp "$TMP/want.csv" "$TMP/g/grades.csv" || { diff "$TMP/want.csv" "$TMP/g/grades.csv"; fail "grades.csv differs"; }
    grep -q '<failure type="wrong_answer"' "$TMP/g/junit.xml" || fail "junit.xml has no failure"
    grep -q '<error type="compile_error"' "$TMP/g/junit.xml" || fail "junit.xml has no compile error"
    grep -q '| `mask_head_alignment` | Each head uses its own example' "$TMP/g/summary.md" || fail "summary.md lacks the trap table"
    # The outputs parse with standard tools.
    python3 - "$TMP/g" <<'PY' || fail "the outputs do not parse with Python's csv, xml.etree and json"
import csv, json, sys, xml.etree.ElementTree as ET
out = sys.argv[1]
rows = list(csv.DictReader(open(f"{out}/grades.csv")))
assert [r["student"] for r in rows] == ["alice", "bob", "carol", "dave", "eve", "mallory"]
root = ET.parse(f"{out}/junit.xml").getroot()
assert root.tag == "testsuites" and len(root) == 6 and all(len(s) == 9 for s in root)
r = json.load(open(f"{out}/students/bob/results.json"))
assert r["score"] == 29 and "execution_time" in r and len(r["tests"]) == 9
assert {t["status"] for t in r["tests"]} == {"passed", "failed"}
assert json.load(open(f"{out}/students/bob/report.json"))["verdict"] == "wrong_answer"
PY
    # A rerun resumes: nothing is graded again and the class files are byte-identical.
    cp "$TMP/g/grades.csv" "$TMP/g/junit.xml" "$TMP/g/summary.md" "$TMP/"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g"
    expect_out "problem_mha: 6 students (0 graded, 6 unchanged)"
    for f in grades.csv junit.xml summary.md; do cmp "$TMP/$f" "$TMP/g/$f" || fail "$f changed on a rerun"; done
    # A changed submission is graded again.
    cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/bob/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g"
    expect_out "problem_mha: 6 students (1 graded, 5 unchanged)"
    grep -q "^bob,accepted,32,32" "$TMP/g/grades.csv" || fail "bob was not regraded"
    # On a terminal, a live line: done/total, who is being graded now, an ETA.
    if command -v script >/dev/null; then
        script -qec "'$JUDGE' --root '$ROOT' grade problem_mha --class '$TMP/class' --out '$TMP/g2'" /dev/null >"$TMP/tty" 2>&1
        grep -q "\[1/6\] alice: accepted 32/32; now: .*; ETA" "$TMP/tty" || { cat "$TMP/tty"; fail "no live progress line on a terminal"; }
    fi
}

case_grade_shards_merge() {
    make_class "$TMP/class"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/all" --jobs 2
    # Three shards: with these six ids (a SHA-256 of each decides), every shard holds someone.
    local k n total=0
    for k in 1 2 3; do
        expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/s$k" --shard $k/3
        n=$(($(wc -l <"$TMP/s$k/grades.csv") - 1))
        [ "$n" -gt 0 ] || fail "shard $k/3 is empty: the merge below would not merge anything"
        total=$((total + n))
    done
    [ "$total" = 6 ] || fail "the shards hold $total students, not 6"
    expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s2" "$TMP/s3" --out "$TMP/merged"
    for f in grades.csv junit.xml summary.md; do cmp "$TMP/all/$f" "$TMP/merged/$f" || fail "merged $f differs from a single run"; done
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s1" "$TMP/s1" "$TMP/s2" --out "$TMP/bad"
    expect_err "judge: error: merge: shard 1/3 is given twice: $TMP/s1 and $TMP/s1"
    # Issue #9: an incomplete set, a mixed set and a hand-edited report are refused, saying why.
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/s2" "$TMP/s3" --out "$TMP/bad"
    expect_err "judge: error: merge: shard 1/3 is missing; give all 3 shards"
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/all" "$TMP/s1" --out "$TMP/bad"
    expect_err "is not a shard of the same split as $TMP/all"
    local victim
    cp -r "$TMP/s1" "$TMP/sx"
    victim=$(sed -n '2s/,.*//p' "$TMP/sx/grades.csv")
    python3 - "$TMP/sx/students/$victim/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r["score"] = 999; json.dump(r, open(sys.argv[1], "w"))
PY
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/sx" "$TMP/s2" "$TMP/s3" --out "$TMP/bad"
    expect_err "judge: error: $TMP/sx/students/$victim/report.json: score 999 is outside 0..32"
    [ -e "$TMP/bad/grades.csv" ] && fail "a refused merge wrote a gradebook"
    grep -q '"shard": "all"' "$TMP/merged/grade.json" || fail "the merged grade.json does not say shard all"
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/class" --out "$TMP/bad"
    expect_err "judge: error: $TMP/class/grade.json: missing; is $TMP/class the --out of a judge grade run?"
}

case_grade_errors() {
    mkdir -p "$TMP/class"
    expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/nowhere" --out "$TMP/g"
    expect_err "judge: error: --class: $TMP/nowhere is not a directory"
    expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --shard 3/2
    expect_err 'judge: error: --shard: expected K/N with 1 <= K <= N, got "3/2"'
    expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 0
    expect_err "judge: error: --jobs: must be at least 1"
}

case_grade_interrupted() {
    # Issue #20: SIGINT, SIGTERM and SIGHUP unwind the judge: no process, box folder or cgroup of
    # its run is left behind, and it exits 128 + the signal.
    local round
    for round in "bubblewrap INT 130" "fallback TERM 143" "bubblewrap HUP 129"; do
        read -r tier sig want <<<"$round"
        rm -rf "$TMP/class" "$TMP/g" "$TMP/t"
        mkdir -p "$TMP/t" && chmod 755 "$TMP" "$TMP/t"
        for s in s1 s2 s3 s4; do mkdir -p "$TMP/class/$s" && cp "$SUB/time_limit/solution.cpp" "$TMP/class/$s/"; done
        TMPDIR="$TMP/t" JUDGE_SANDBOX=$tier "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2 \
            >"$TMP/out" 2>"$TMP/err" &
        local pid=$!
        # Wait until a submission is really running, then interrupt the judge. By the clock, with a
        # generous bound: on a busy machine the reference's build and the compile come first.
        local found="" deadline=$((SECONDS + 180))
        while [ $SECONDS -lt $deadline ]; do
            found=$(box_pids "$TMP/t/")
            [ -n "$found" ] && break
            kill -0 "$pid" 2>/dev/null || { cat "$TMP/err"; fail "the judge ended before a submission ran ($tier)"; }
            sleep 0.1
        done
        [ -n "$found" ] || { cat "$TMP/err"; fail "no submission started ($tier)"; }
        sleep 0.5
        kill -"$sig" "$pid"
        wait "$pid"
        local code=$?
        [ "$code" = "$want" ] || { cat "$TMP/err"; fail "SIG$sig: exit $code, expected $want ($tier)"; }
        expect_err "judge: stopped by signal"
        sleep 0.2
        if [ -n "$(box_pids "$TMP/t/")" ]; then
            ps -eo pid,ppid,user,cmd | grep "$TMP/t/" | grep -v grep
            fail "processes survived SIG$sig ($tier)"
        fi
        [ -z "$(ls -A "$TMP/t")" ] || { ls -la "$TMP/t"; fail "SIG$sig left folders behind in TMPDIR ($tier)"; }
        if [ -d /sys/fs/cgroup/memory ] && [ -n "$(find /sys/fs/cgroup -maxdepth 2 -name "judge-$pid-*" 2>/dev/null)" ]; then
            find /sys/fs/cgroup -maxdepth 2 -name "judge-$pid-*"
            fail "SIG$sig left cgroups behind ($tier)"
        fi
        # The students graded before the signal are kept; the others are graded on a rerun.
        [ -e "$TMP/g/grades.csv" ] && fail "an interrupted grade wrote the class files"
    done
    return 0
}

# Issue #9: links in the class folder, a Latin-1 student id and a formula id. Each student's result
# stays that student's, nothing outside the class is read, and the class files still parse.
case_grade_hostile_neighbours() {
    local C="$TMP/class"
    mkdir -p "$C/ada" "$C/eve" "$C/env" "$C/=1+2" "$C/caf"$'\xe9'
    cp "$ROOT/reference/problem_mha/solution.cpp" "$C/ada/solution.cpp"
    cp "$ROOT/reference/problem_mha/solution.cpp" "$C/caf"$'\xe9'/solution.cpp
    cp "$ROOT/reference/problem_mha/bugs/no_mask.cpp" "$C/=1+2/solution.cpp"
    ln -s "$ROOT/reference/problem_mha/solution.cpp" "$C/eve/solution.cpp"   # the reference itself
    ln -s "$C/ada" "$C/mal"                                                  # a classmate's folder
    ln -s /proc/self/environ "$C/env/solution.cpp"                           # CI secrets in the environment
    JUDGE_TEST_SECRET=SECRET_9_ENV expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
    expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
    grep -q "^ada,accepted,32,32," "$TMP/g/grades.csv" || fail "ada's grade changed"
    for s in eve mal env; do
        grep -q "^$s,invalid_submission,0,32," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; fail "$s is not invalid_submission"; }
    done
    grep -q "^'=1+2,wrong_answer," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; fail "a formula id stays a formula"; }
    grep -q "eve/solution.cpp is a symbolic link (or lies behind one); a submission must be a regular file" "$TMP/g/students/eve/report.json" ||
        fail "eve's report does not say why"
    if grep -rq "SECRET_9_ENV" "$TMP/g"; then fail "the environment leaked into the outputs"; fi
    if grep -q "float\* \|judge::Tensor mha" "$TMP/g/students/mal/report.json"; then fail "a classmate's code leaked"; fi
    python3 - "$TMP/g" <<'PY' || fail "the outputs do not parse"
import csv, json, sys, xml.etree.ElementTree as ET
out = sys.argv[1]
rows = {r["student"]: r for r in csv.DictReader(open(f"{out}/grades.csv", encoding="utf-8"))}
assert rows["caf\ufffd"]["verdict"] == "accepted", rows.keys()
ET.parse(f"{out}/junit.xml")
for s in ("ada", "eve", "mal", "env"):
    json.load(open(f"{out}/students/{s}/report.json")), json.load(open(f"{out}/students/{s}/results.json"))
PY
    # submit --file follows a link the user names on purpose.
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$C/eve/solution.cpp"
    expect_out "problem_mha: accepted, 32/32 points"
}

# Issue #10: a misconception is named only when exactly one seeded bug explains the trap, and an
# exception matches a bug's only when it comes from the same operation.
case_misconception_rule() {
    cp -r "$ROOT/tests/hostile/course" "$TMP/course"
    local B="$TMP/course/reference/probe/bugs"
    mkdir -p "$B"
    for b in double_a double_b; do
        printf '// trap: identity\n// misconception: doubling the input (%s)\n#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }\n' "$b" >"$B/$b.cpp"
    done
    printf '// trap: identity\n// misconception: reshaping to a wrong shape\n#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x.reshape({-1, 7}); }\n' >"$B/reshape_wrong.cpp"
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }\n' >"$TMP/double.cpp"
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x.reshape({-1, 5}); }\n' >"$TMP/reshape5.cpp"
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x.permute({0, 1, 2}); }\n' >"$TMP/permute.cpp"
    # Two bugs give the same outputs on every test: neither is named.
    expect_exit 1 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/double.cpp" --format json
    grep -q '"misconception": {' "$TMP/out" && { cat "$TMP/out"; fail "an ambiguous misconception was named"; }
    expect_out '"verdict": "wrong_answer"'
    # The same exception from the same operation (other values in the message): named.
    expect_exit 1 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/reshape5.cpp" --format json
    expect_out '"bug": "reshape_wrong"'
    expect_out '"text": "reshaping to a wrong shape"'
    # The same exception type from another operation: not named.
    expect_exit 1 "$JUDGE" --root "$TMP/course" submit probe --file "$TMP/permute.cpp" --format json
    grep -q '"misconception": {' "$TMP/out" && { cat "$TMP/out"; fail "an exception matched by its type alone"; }
    expect_out '"verdict": "runtime_error"'
}

# Issue #10: realistic wrong solutions, none of them a seeded bug. Values from the keys (or keys from
# the values) were accepted 32/32 while every whole-block test fed identical keys and values; a
# transpose slip and a lens indexed by head were told they made a seeded bug's mistake. Each is now
# caught, and none gets a misconception line that is not its own.
case_realistic_mistakes() {
    local ref="$ROOT/reference/problem_mha/solution.cpp" m
    sed 's|judge::matmul(values, W_v)|judge::matmul(keys, W_v)|' "$ref" >"$TMP/values_from_keys.cpp"
    sed 's|judge::matmul(keys, W_k)|judge::matmul(values, W_k)|' "$ref" >"$TMP/keys_from_values.cpp"
    sed 's|judge::matmul(queries, W_q)|judge::matmul(queries, W_q.transpose(0, 1))|' "$ref" >"$TMP/wq_transposed.cpp"
    sed 's|judge::matmul(q, k.transpose(2, 3))|judge::matmul(q, k.transpose(1, 2))|' "$ref" >"$TMP/k_transpose_slip.cpp"
    sed 's|valid_lens.at(static_cast<size_t>(b)); j < Lk|valid_lens.at(static_cast<size_t>(h % B)); j < Lk|' "$ref" >"$TMP/lens_by_head.cpp"
    for m in values_from_keys keys_from_values wq_transposed k_transpose_slip lens_by_head; do
        cmp -s "$ref" "$TMP/$m.cpp" && fail "$m: the edit did not apply"
        expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/$m.cpp"
        grep -q "This is exactly the output of this mistake" "$TMP/out" && { cat "$TMP/out"; fail "$m was told it made a seeded bug's mistake"; }
    done
    return 0
}

# Issue #10: `validate` says how far the tests can be trusted. A course built to trip each warning:
# a function whose two tensors hold the same data in every test, a head count equal to the batch in
# every test of one trap, a trap without a sample test and one without a hidden test, two seeded
# bugs no test tells apart, a bug that also fails other traps, and a test that catches no bug.
case_validate_lint() {
    local C="$TMP/course"
    cp -r "$ROOT/tests/hostile/course" "$C"
    python3 - "$C/problems/probe/problem.json" <<'PY'
import json, sys
path = sys.argv[1]
p = json.load(open(path))
p["functions"].append({"name": "pair", "returns": "tensor", "outputs": [{"name": "output"}],
    "params": [{"name": "a", "type": "tensor"}, {"name": "b", "type": "tensor"}, {"name": "k", "type": "int"}]})
p["traps"] += [{"id": "diff", "title": "a - b", "hint": "Subtract."}, {"id": "extra", "title": "a - b again", "hint": "Subtract."}]
p["tests"] += [
    {"id": "zeros", "function": "probe", "trap": "identity", "inputs": {"x": {"gen": "const", "shape": [2, 2], "value": 0.0}}},
    {"id": "pair_1", "function": "pair", "trap": "diff", "inputs": {
        "a": {"gen": "randn", "shape": [2, 3, 6], "seed": 1}, "b": {"gen": "randn", "shape": [2, 3, 6], "seed": 1}, "k": 2}},
    {"id": "pair_2", "function": "pair", "trap": "extra", "visibility": "sample", "inputs": {
        "a": {"gen": "randn", "shape": [3, 4, 6], "seed": 7}, "b": {"gen": "randn", "shape": [3, 4, 6], "seed": 7}, "k": 2}}]
json.dump(p, open(path, "w"), indent=2)
PY
    local pair='judge::Tensor pair(const judge::Tensor& a, const judge::Tensor& b, int64_t) { return a - b; }'
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x; }\n%s\n' "$pair" \
        >"$C/reference/probe/solution.cpp"
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x; }\njudge::Tensor pair(const judge::Tensor& a, const judge::Tensor&, int64_t) { return a; }\n' \
        >"$C/student_template/probe/solution.cpp"
    mkdir -p "$C/reference/probe/bugs"
    for b in double_a double_b; do
        printf '// trap: identity\n// misconception: doubling (%s)\n#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }\n%s\n' "$b" "$pair" >"$C/reference/probe/bugs/$b.cpp"
    done
    printf '// trap: identity\n// misconception: doubling, and adding\n#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }\njudge::Tensor pair(const judge::Tensor& a, const judge::Tensor& b, int64_t) { return a + b; }\n' \
        >"$C/reference/probe/bugs/both_wrong.cpp"
    expect_exit 0 "$JUDGE" --root "$C" validate probe
    expect_out "pair: a and b hold the same data in every test, so a solution that uses one for the other passes"
    expect_out "trap diff: a batch = k in every test of pair there, so mistakes that confuse them give the same output"
    expect_out "trap diff: b batch = k in every test of pair there"
    expect_out "trap diff has no sample test"
    expect_out "trap extra has no hidden test"
    expect_out "no test tells double_a from double_b: neither can be named to a student"
    expect_out "both_wrong (trap identity) also fails traps diff, extra"
    expect_out "test zeros rejects no seeded bug"
    expect_out "validate: ok (1 problem, 7 warnings)"
    # --strict fails on warnings; --format json carries them with their kinds.
    expect_exit 1 "$JUDGE" --root "$C" validate probe --strict
    expect_out "validate: 7 warnings (--strict)"
    expect_exit 0 "$JUDGE" --root "$C" validate probe --format json
    python3 - "$TMP/out" <<'PY' || fail "validate --format json does not match docs/report.md"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["problem"] == "probe" and j["sound"] is True and j["errors"] == [] and j["mutants"] is None, j
kinds = sorted(w["kind"] for w in j["warnings"])
assert kinds == sorted(["identical_parameters", "equal_dimensions", "equal_dimensions", "no_sample_test", "no_hidden_test",
                        "bugs_not_told_apart", "bug_fails_other_traps", "test_catches_nothing",
                        "few_accepted_alternatives"]), kinds
assert [w["level"] for w in j["warnings"] if w["kind"] in ("test_catches_nothing", "few_accepted_alternatives")] == [
    "info", "info"]
bugs = {b["id"]: b for b in j["bugs"]}
assert bugs["both_wrong"]["caught_by"] == ["sample", "small", "random", "pair_1", "pair_2"], bugs["both_wrong"]
PY
    expect_exit 2 "$JUDGE" --root "$C" validate probe --format xml
    expect_err 'validate --format: expected text or json, got "xml"'
    # --mutants: a mutant of `a - b` is killed; the literal of an unused constant survives, with its
    # diff, until the spec declares it equivalent (then it is listed apart, with the reason).
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) {\n    const int64_t unused = 7;\n    (void)unused;\n    return x;\n}\n%s\n    return a - b;\n}\n' \
        'judge::Tensor pair(const judge::Tensor& a, const judge::Tensor& b, int64_t) {' >"$C/reference/probe/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$C" validate probe --mutants --format json
    python3 - "$TMP/out" "$C/problems/probe/problem.json" <<'PY' || fail "the mutation report is not as documented"
import json, sys
m = json.load(open(sys.argv[1]))["mutants"]
assert m["killed"] >= 1 and m["score"] < 1, m
ids = [s["id"] for s in m["survivors"]]
assert sorted(ids) == ["delete:4:5", "int:3:28:0", "int:3:28:1"], ids
assert "-    const int64_t unused = 7;" in m["survivors"][0]["diff"], m["survivors"][0]
spec = json.load(open(sys.argv[2]))
spec["equivalent_mutants"] = [{"id": i, "reason": "unused"} for i in ids]
json.dump(spec, open(sys.argv[2], "w"))
PY
    expect_exit 0 "$JUDGE" --root "$C" validate probe --mutants
    expect_out "Mutants of reference/probe/solution.cpp:"
    expect_out "3 declared equivalent"
    expect_out "(100.0%)"
    expect_out "    = int:3:28:0: unused"
}

# Issue #13: CLI details. A negative seed is refused (it used to wrap around), an unknown option is
# named, and -V prints the version.
case_cli_details() {
    expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --seed -1
    expect_err 'judge: error: --seed: expected a whole number from 0 to 18446744073709551615, got "-1" (see judge --help)'
    expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP" --out "$TMP/g" --seed x
    expect_err 'got "x"'
    expect_exit 2 "$JUDGE" --bogus
    expect_err "judge: error: unknown option --bogus (see judge --help)"
    expect_exit 0 "$JUDGE" -V
    expect_out "judge 0."
}

# Issues #9 and #13: student folders named like the class files, or with characters that CI uploads
# refuse. Each student's files go to students/<folder>, upload-safe; the class files keep the real ids.
case_grade_folder_names() {
    local C="$TMP/class"
    mkdir -p "$C/grades.csv" "$C/grade.json" "$C/a:b" "$C/q\"<>|*?" "$C/students" "$C/x..y"
    cp "$ROOT/reference/problem_mha/solution.cpp" "$C/grades.csv/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
    expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
    [ -f "$TMP/g/grades.csv" ] && [ -f "$TMP/g/grade.json" ] || fail "a student's folder took a class file's place"
    grep -q '"shard": "all"' "$TMP/g/grade.json" || fail "grade.json is not the class's"
    for f in "$TMP"/g/students/*; do
        case "${f##*/}" in *[\":\<\>\|\*\?]* | .*) fail "unsafe folder name: ${f##*/}" ;; esac
        [ -f "$f/report.json" ] || fail "no report in $f"
    done
    [ -f "$TMP/g/students/a%3Ab/report.json" ] || { ls "$TMP/g/students"; fail "a:b is not in a%3Ab"; }
    python3 - "$TMP/g" <<'PY' || fail "the class files do not keep the real ids"
import csv, sys, xml.etree.ElementTree as ET
out = sys.argv[1]
rows = {r["student"]: r for r in csv.DictReader(open(f"{out}/grades.csv", encoding="utf-8"))}
assert sorted(rows) == sorted(["grades.csv", "grade.json", "a:b", 'q"<>|*?', "students", "x..y"]), sorted(rows)
assert rows["grades.csv"]["verdict"] == "accepted" and rows["a:b"]["verdict"] == "missing", rows
names = {s.get("name") for s in ET.parse(f"{out}/junit.xml").getroot()}
assert "a:b" in names and "grades.csv" in names, names
PY
    # A merge of that output reads the same students back.
    expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/g" --out "$TMP/m"
    cmp "$TMP/g/grades.csv" "$TMP/m/grades.csv" || fail "the merge lost or renamed a student"
}

# Issue #9: a huge source is refused by its size (fstat), without being read into memory.
case_huge_source_not_read() {
    truncate -s 1500M "$TMP/huge.cpp"   # sparse: no disk used
    /usr/bin/time -f "%M" -o "$TMP/rss" "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/huge.cpp" >"$TMP/out" 2>"$TMP/err"
    expect_out "judge: the source file is 1572864000 bytes; the limit is 1048576 bytes"
    expect_out "problem_mha: compile_error"
    [ "$(tail -1 "$TMP/rss")" -lt 300000 ] || fail "the judge used $(tail -1 "$TMP/rss") KB: it read the file"
    mkfifo "$TMP/fifo.cpp"
    expect_exit 2 timeout 20 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/fifo.cpp"
    expect_err "judge: error: $TMP/fifo.cpp: cannot read: it is not a regular file"
}

# Issue #9: boxes graded side by side never share a process limit. A fork bomb holds every process
# its box may have while its neighbours compile and run: with one uid for all boxes, they failed
# ("vfork: Resource temporarily unavailable"). Each box now runs as a uid of its own.
case_grade_starving_neighbour() {
    [ "$(id -u)" = 0 ] || { echo "skipped: distinct box uids need root"; return 0; }
    "$JUDGE" doctor | grep "tier:             bubblewrap" >/dev/null || { echo "skipped: no bubblewrap here"; return 0; }
    cp -r "$ROOT/tests/hostile/course" "$TMP/course"
    local C="$TMP/class" s
    for s in n1 n2 n3 n4 n5; do
        mkdir -p "$C/$s"
        cp "$TMP/course/reference/probe/solution.cpp" "$C/$s/solution.cpp"
    done
    mkdir -p "$C/bomb"
    printf '#include <judge/tensor.hpp>\n#include <unistd.h>\njudge::Tensor probe(const judge::Tensor& x) {\n    for (;;) ::fork();\n    return x;\n}\n' >"$C/bomb/solution.cpp"
    JUDGE_SANDBOX=bubblewrap expect_exit 0 "$JUDGE" --root "$TMP/course" grade probe --class "$C" --out "$TMP/g" --jobs 3
    grep -q "^bomb,time_limit," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; fail "the bomb was not stopped by the time limit"; }
    for s in n1 n2 n3 n4 n5; do
        grep -q "^$s,accepted," "$TMP/g/grades.csv" || { cat "$TMP/g/grades.csv"; cat "$TMP/g/students/$s/report.json"; fail "$s was starved by the bomb"; }
    done
}

# Issue #11: a mistake fails its own trap; what comes after it is blocked, not failed.
case_blocked_traps() {
    local bug="$ROOT/reference/problem_mha/bugs/fold_one_reshape.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug"
    expect_out "Fix first: chunk_order (Each head holds one consecutive chunk of features)"
    expect_out "· per_head_loop"
    expect_out "    not assessed until chunk_order passes"
    expect_out "problem_mha: wrong_answer, 14/32 points, 3/9 traps passed (5 not assessed yet)"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json
    python3 - "$TMP/out" <<'PY' || fail "the JSON statuses are wrong"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["first_fix"] == "chunk_order", r["first_fix"]
st = {t["id"]: (t["status"], t["blocked_by"]) for t in r["traps"]}
assert st["chunk_order"] == ("failed", []), st
assert st["shapes"] == ("passed", []), st
for t in ["per_head_loop", "projections", "cross_attention", "masking", "mask_head_alignment"]:
    assert st[t] == ("blocked", ["chunk_order"]), (t, st[t])
assert all(t["passed"] == (t["status"] == "passed") for t in r["traps"])
PY
    # Points are unchanged by blocking: the score is the sum over the tests.
    grep -q '"score": 14' "$TMP/out" || fail "the score changed"
    # The template: nothing implemented; the first trap fails, everything after it is blocked.
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --format json
    grep -q '"first_fix": "shapes"' "$TMP/out" || fail "the template's first fix is not shapes"
    # An accepted submission has no first fix.
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" --format json
    grep -q '"first_fix": null' "$TMP/out" || fail "an accepted report names a first fix"
}

# Issue #11's goal: every seeded bug of every shipped problem fails exactly its own trap.
case_validate_collateral() {
    expect_exit 0 "$JUDGE" --root "$ROOT" validate --all --format json
    python3 - "$TMP/out" <<'PY' || fail "a seeded bug fails more than its own trap"
import json, sys
bad = []
for p in json.load(open(sys.argv[1])):
    for b in p["bugs"]:
        if b["failed_traps"] != [b["trap"]]:
            bad.append((p["problem"], b["id"], b["failed_traps"]))
    kinds = {w["kind"] for w in p["warnings"]}
    assert "bug_fails_other_traps" not in kinds and "bug_trap_blocked" not in kinds, p["warnings"]
assert not bad, bad
PY
    expect_exit 0 "$JUDGE" --root "$ROOT" validate problem_mha
    expect_out "fold_one_reshape [chunk_order]: caught by 18 tests, 3 of them chunk_order; fails 1 trap, blocks 5"
}

# Issue #11: a failed hidden test gets a counterexample on fresh small inputs, and it reproduces
# through judge run: the submission's outputs there are the "got", the reference's the "expected".
case_counterexample_reproduces() {
    local bug="$ROOT/reference/problem_mha/bugs/merge_without_permute.cpp" d="$TMP/cx/merge_order_arange"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --save-counterexamples "$TMP/cx"
    # The trap speaks through its sample test; the hidden one's counterexample is saved.
    expect_out "test merge_order_two_heads (sample): example 0, position 0, feature 4:8 holds x[0,0,1,0:4]"
    expect_err "saved 6 counterexamples under $TMP/cx"
    [ -f "$d/inputs/x.npy" ] && [ -f "$d/expected/output.npy" ] && [ -f "$d/got/output.npy" ] ||
        fail "the counterexample's folders are incomplete"
    expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --function merge_heads --inputs "$d/inputs" --file "$bug" --outputs "$TMP/again"
    expect_out "differs from the reference (wrong_answer)"
    cmp "$TMP/again/output.npy" "$d/got/output.npy" || fail "judge run does not reproduce the submission's output"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function merge_heads --inputs "$d/inputs" --outputs "$TMP/ref"
    cmp "$TMP/ref/output.npy" "$d/expected/output.npy" || fail "judge run does not reproduce the expected output"
    cmp -s "$TMP/ref/output.npy" "$TMP/again/output.npy" && fail "the counterexample does not tell them apart"
    # The JSON has it in the documented form, and nothing of the hidden test's inputs.
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json
    python3 - "$TMP/out" <<'PY' || fail "the JSON counterexample is wrong"
import json, sys
r = json.load(open(sys.argv[1]))
t = next(t for t in r["tests"] if t["id"] == "merge_order_arange")
c = t["counterexample"]
assert c["function"] == "merge_heads", c
assert c["inputs"]["x"] == {"shape": [1, 2, 2, 2], "values": [0, 1, 2, 3, 4, 5, 6, 7]}, c["inputs"]
assert c["expected"]["output"]["values"] == [0, 1, 4, 5, 2, 3, 6, 7], c["expected"]
assert c["got"]["output"]["values"] == [0, 1, 2, 3, 4, 5, 6, 7], c["got"]
assert t["counterexample_tried"] >= 1 and "inputs" not in t
for t in r["tests"]:
    assert ("counterexample" in t) == (t["hidden"] and not t["passed"]), t["id"]
    for v in (t.get("counterexample") or {}).get("inputs", {}).values():
        assert not isinstance(v, dict) or len(v["values"]) <= 64
PY
    # The same report twice: the search is deterministic.
    cp "$TMP/out" "$TMP/first.json"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json
    cmp "$TMP/out" "$TMP/first.json" || fail "the counterexamples differ between two runs"
    # --no-counterexamples turns the search off.
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format json --no-counterexamples
    grep -q '"counterexample' "$TMP/out" && fail "--no-counterexamples still searched"
    # A folder that cannot be written: the report is still printed, then exit 2.
    touch "$TMP/file"
    expect_exit 2 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --save-counterexamples "$TMP/file"
    expect_out "problem_mha: wrong_answer"
    expect_err "judge: error: --save-counterexamples: cannot write $TMP/file"
}

# Issue #11: when no small case shows the difference, the report says so instead of guessing.
case_counterexample_none() {
    # Wrong only when a head is 64 wide: no small input can show it.
    sed 's|    Tensor weights = judge::softmax(scores, -1);|    Tensor weights = judge::softmax(scores, -1);\n    if (dk >= 64) weights = weights * 0.5f;|' \
        "$ROOT/reference/problem_mha/solution.cpp" >"$TMP/wide.cpp"
    cmp -s "$TMP/wide.cpp" "$ROOT/reference/problem_mha/solution.cpp" && fail "the edit did not apply"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/wide.cpp"
    expect_out "test per_head_dk64 (hidden): "
    expect_out "no counterexample found among "
    expect_no_out "counterexample:"
}

# Issue #11: a failing sample test can be rerun; judge run --test writes its inputs, the expected
# outputs and the submission's; hidden tests are refused.
case_run_sample_test() {
    local bug="$ROOT/reference/problem_mha/bugs/fold_one_reshape.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug"
    expect_out "      rerun: judge run problem_mha --test chunk_order_sample --file $bug --outputs chunk_order_sample"
    expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_sample --file "$bug" --outputs "$TMP/s"
    expect_out "test chunk_order_sample: wrong_answer: example 0, head 0, position 1 holds x[0,0,4:8]; expected x[0,1,0:4]"
    for f in inputs/x.npy inputs/num_heads.npy expected/output.npy got/output.npy; do
        [ -f "$TMP/s/$f" ] || fail "judge run --test wrote no $f"
    done
    # The inputs it wrote are the test's: judge run --inputs on them gives the same outputs.
    # Issue #21: it runs the reference on them too, and says where the two differ (exit 1).
    expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/s/inputs" --file "$bug" --outputs "$TMP/o"
    cmp "$TMP/o/output.npy" "$TMP/s/got/output.npy" || fail "--test's inputs are not the test's"
    expect_out "differs from the reference (wrong_answer): output[0,0,1,0] is 4, expected 8"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/s/inputs" \
        --file "$ROOT/reference/problem_mha/accepted/index_loops.cpp" --outputs "$TMP/o2"
    expect_out "same as the reference"
    # A problem with one function needs no --function.
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_masks --test pad_d2l --outputs "$TMP/m"
    bug_source "$ROOT" problem_masks no_padding_mask "$TMP/nopad.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" run problem_masks --inputs "$TMP/m/inputs" --file "$TMP/nopad.cpp" --outputs "$TMP/m2"
    expect_out "differs from the reference (wrong_answer): weights[0,0,0] is 0.161147, expected 0.463074"
    # The reference passes it; without --file only the inputs and the expected outputs are written.
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_sample --file "$ROOT/reference/problem_mha/solution.cpp" --outputs "$TMP/r"
    expect_out "test chunk_order_sample: passed"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --test masking_sample --outputs "$TMP/n"
    [ -f "$TMP/n/expected/weights.npy" ] && [ ! -e "$TMP/n/got" ] || fail "without --file: expected/ only"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --test chunk_order_arange --outputs "$TMP/h"
    expect_err "judge: error: --test: chunk_order_arange is a hidden test of problem_mha; its inputs are not shown"
    expect_err "Sample tests: shapes_d2l_per_head, shapes_d2l_block, chunk_order_sample, merge_order_two_heads,"
    [ ! -e "$TMP/h" ] || fail "a refused hidden test wrote files"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --test nope --outputs "$TMP/h"
    expect_err 'judge: error: --test: problem_mha has no test "nope"; its sample tests are:'
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --outputs "$TMP/h"
    expect_err "judge: error: run: give --test ID (a sample test), or --inputs DIR and --function NAME"
}

# Issue #11: a crash keeps its words: the exception text and stderr of a sample test in the text
# report, and the program's own prints in judge run.
case_crash_text() {
    sed 's|    const Tensor q = judge::matmul(queries, W_q);|    std::cout << "debug: in the block" << std::endl;\n    std::cerr << "about to multiply" << std::endl;\n    throw std::runtime_error("matmul: cannot multiply shapes (2, 4, 6) and (8, 6)");\n    const Tensor q = judge::matmul(queries, W_q);|; s|#include <cmath>|#include <cmath>\n#include <iostream>|' \
        "$ROOT/reference/problem_mha/solution.cpp" >"$TMP/crash.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/crash.cpp"
    expect_out "test shapes_d2l_block (sample, runtime_error): threw std::runtime_error: matmul: cannot multiply shapes (2, 4, 6) and (8, 6)"
    expect_out "about to multiply"
    # judge run shows what the program printed, on both streams.
    expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha --test shapes_d2l_block --file "$TMP/crash.cpp" --outputs "$TMP/c"
    expect_out "its stdout:"
    expect_out "debug: in the block"
    expect_out "about to multiply"
    expect_out "test shapes_d2l_block: runtime_error: threw std::runtime_error: matmul: cannot multiply shapes"
}

# Issue #13: JUnit files keep to the elements and attributes of Jenkins' JUnit schema
# (jenkins-junit.xsd), with a time on every test case and the diagnosis in the failure body; a
# submit's suite is named after the submission, so two students' files merge into two suites.
case_junit_schema() {
    local bug="$ROOT/reference/problem_mha/bugs/no_output_projection.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format junit
    cp "$TMP/out" "$TMP/submit.xml"
    make_class "$TMP/class"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --jobs 2
    python3 - "$TMP/submit.xml" "$TMP/g/junit.xml" "$bug" <<'PY' || fail "a JUnit file leaves Jenkins' schema"
import sys, xml.etree.ElementTree as ET
allowed = {
    "testsuites": {"name", "time", "tests", "failures", "disabled", "errors"},
    "testsuite": {"name", "tests", "failures", "errors", "time", "disabled", "skipped", "timestamp", "hostname",
                  "id", "package"},
    "properties": set(), "property": {"name", "value"},
    "testcase": {"name", "assertions", "time", "classname", "status"},
    "failure": {"message", "type"}, "error": {"message", "type"}, "skipped": {"message"},
    "system-out": set(), "system-err": set(),
}
children = {"testsuites": {"testsuite"}, "testsuite": {"properties", "testcase", "system-out", "system-err"},
            "properties": {"property"}, "testcase": {"skipped", "error", "failure", "system-out", "system-err"},
            "failure": set(), "error": set(), "skipped": set(), "property": set()}
def walk(e):
    assert e.tag in allowed, e.tag
    assert set(e.attrib) <= allowed[e.tag], (e.tag, set(e.attrib) - allowed[e.tag])
    for c in e:
        assert c.tag in children[e.tag], (e.tag, c.tag)
        walk(c)
for path in sys.argv[1:3]:
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites"
    walk(root)
    for suite in root:
        assert "name" in suite.attrib and "tests" in suite.attrib
        for case in suite.findall("testcase"):
            float(case.attrib["time"])  # every case has a time, a number
        for f in suite.iter("failure"):
            if f.attrib["type"] == "blocked":
                assert f.text.startswith("not assessed until "), f.text
            else:
                assert f.text and "hint: " in f.text, f.text
submit = ET.parse(sys.argv[1]).getroot()
assert [s.attrib["name"] for s in submit] == [sys.argv[3]], [s.attrib["name"] for s in submit]
body = next(f.text for f in submit.iter("failure") if f.attrib["type"] == "wrong_answer")
assert "\n" in body and "This is exactly the output of this mistake: leaving out the output projection W_o." in body, body
PY
}

# Issue #13: judge run takes what NumPy and PyTorch write: float64 (with a note), Fortran order
# (W.numpy().T), big-endian, int32; it refuses complex and object arrays in NumPy's words.
case_run_numpy_inputs() {
    local d="$TMP/in"
    mkdir -p "$d" "$TMP/want"
    python3 - "$d" "$TMP/want" <<'PY'
import struct, sys
def npy(path, descr, shape, data, fortran=False):
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': (%s), }" % (
        descr, "True" if fortran else "False", "".join(f"{s}," for s in shape) if len(shape) == 1 else ", ".join(map(str, shape)))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    open(path, "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)
d, want = sys.argv[1], sys.argv[2]
x = [float(i) for i in range(8)]              # x of shape (1, 2, 4), row-major values 0..7
# The same x three ways: float64, big-endian float32, and Fortran order.
npy(f"{d}/x64.npy", "<f8", (1, 2, 4), struct.pack("<8d", *x))
npy(f"{d}/xbe.npy", ">f4", (1, 2, 4), struct.pack(">8f", *x))
fortran = [x[(i % 1) * 8 + ((i // 1) % 2) * 4 + (i // 2)] for i in range(8)]   # column-major of (1, 2, 4)
npy(f"{d}/xf.npy", "<f4", (1, 2, 4), struct.pack("<8f", *fortran), fortran=True)
npy(f"{want}/x.npy", "<f4", (1, 2, 4), struct.pack("<8f", *x))
npy(f"{d}/h32.npy", "<i4", (), struct.pack("<i", 2))
npy(f"{d}/hbe.npy", ">i8", (), struct.pack(">q", 2))
npy(f"{want}/num_heads.npy", "<i8", (), struct.pack("<q", 2))
npy(f"{d}/c.npy", "<c16", (1, 2, 4), b"\0" * 128)
npy(f"{d}/o.npy", "|O", (1,), b"\0" * 8)
PY
    local ref="$ROOT/reference/problem_mha/solution.cpp"
    mkdir -p "$TMP/base"
    cp "$TMP/want/x.npy" "$TMP/want/num_heads.npy" "$TMP/base/"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/base" --outputs "$TMP/o0"
    for variant in "x64 h32" "xbe hbe" "xf h32"; do
        set -- $variant
        rm -rf "$TMP/v" && mkdir -p "$TMP/v"
        cp "$d/$1.npy" "$TMP/v/x.npy" && cp "$d/$2.npy" "$TMP/v/num_heads.npy"
        expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --file "$ref" --outputs "$TMP/o-$1"
        cmp "$TMP/o-$1/output.npy" "$TMP/o0/output.npy" || fail "$variant: not the same output as the float32 C-order input"
    done
    cp "$d/x64.npy" "$TMP/v/x.npy"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-n"
    expect_err "x.npy: converted float64 to float32 (exactly)"
    cp "$d/c.npy" "$TMP/v/x.npy"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-c"
    expect_err "x.npy: complex128 arrays are not accepted"
    cp "$d/o.npy" "$TMP/v/x.npy"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-o"
    expect_err "x.npy: object arrays are not accepted"
    # An int where a tensor is expected is named in NumPy's words.
    cp "$d/h32.npy" "$TMP/v/x.npy"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --function split_heads --inputs "$TMP/v" --outputs "$TMP/o-i"
    expect_err "got int64 ()"
}

# Issue #13: summary.md counts attempts only (not a missing, non-compiling or untouched-template
# submission), and counts the named misconceptions.
case_summary_attempts() {
    local c="$TMP/class"
    mkdir -p "$c"/{alice,bob,carol,dave,tim}
    cp "$ROOT/reference/problem_mha/solution.cpp" "$c/alice/"
    cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$c/bob/solution.cpp"
    cp "$SUB/compile_error/solution.cpp" "$c/dave/"
    cp "$ROOT/student_template/problem_mha/solution.cpp" "$c/tim/"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$c" --out "$TMP/g" --jobs 2
    local md="$TMP/g/summary.md"
    grep -q "^Of the 2 attempts " "$md" || { cat "$md"; fail "summary.md does not count the 2 attempts"; }
    grep -q '^| `shapes` | Output shapes | 0 | 0 |$' "$md" || { cat "$md"; fail "non-attempts counted as failing shapes"; }
    grep -q '^| `mask_head_alignment` | Each head uses its own example.s valid length | 1 | 0 |$' "$md" ||
        { cat "$md"; fail "bob's mistake is not counted"; }
    grep -q '| `lens_repeat_not_interleave` | 1 |$' "$md" || { cat "$md"; fail "the named misconception is not counted"; }
    grep -q '"untouched_template": true' "$TMP/g/students/tim/report.json" || fail "tim's report does not say untouched template"
    grep -q '"untouched_template"' "$TMP/g/students/alice/report.json" && fail "alice's report says untouched template"
    grep -q "^tim,runtime_error,0,32," "$TMP/g/grades.csv" || fail "tim is not in grades.csv"
}

# Issue #12 (part): reference/<problem>/accepted/*.cpp are other correct solutions validate must
# accept; one that a test rejects is an error naming the file, the test and its trap.
case_validate_accepted() {
    local C="$TMP/course"
    cp -r "$ROOT/tests/hostile/course" "$C"
    mkdir -p "$C/reference/probe/accepted" "$C/reference/probe/bugs"
    printf '// trap: identity\n// misconception: doubling the input\n#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }\n' >"$C/reference/probe/bugs/doubled.cpp"
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x * 1.0f; }\n' >"$C/reference/probe/accepted/times_one.cpp"
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x + 0.0f; }\n' >"$C/reference/probe/accepted/plus_zero.cpp"
    expect_exit 0 "$JUDGE" --root "$C" validate probe
    expect_out "2 accepted alternatives pass all tests"
    printf '#include <judge/tensor.hpp>\njudge::Tensor probe(const judge::Tensor& x) { return x * 2.0f; }\n' >"$C/reference/probe/accepted/doubled.cpp"
    expect_exit 1 "$JUDGE" --root "$C" validate probe --format json
    python3 - "$TMP/out" <<'PY' || fail "the JSON does not name the rejected alternative"
import json, sys
v = json.load(open(sys.argv[1]))
assert not v["sound"]
assert {a["id"]: a["accepted"] for a in v["accepted"]} == {"doubled": False, "plus_zero": True, "times_one": True}, v["accepted"]
assert any(e.startswith("reference/probe/accepted/doubled.cpp: fails test ") for e in v["errors"]), v["errors"]
PY
    printf 'this is not C++\n' >"$C/reference/probe/accepted/doubled.cpp"
    expect_exit 1 "$JUDGE" --root "$C" validate probe
    expect_out "reference/probe/accepted/doubled.cpp: this accepted alternative does not compile:"
    # The shipped problems have two each, in other styles.
    expect_exit 0 "$JUDGE" --root "$ROOT" validate --all
    expect_out "2 accepted alternatives pass all tests"
    expect_no_out "give at least two"
}

# Issue #12 (part 1): a bool parameter is a C++ bool in the signature, true/false in the spec and
# the reports, and NumPy's bool (or 0/1) on the wire for judge run.
case_bool_parameter() {
    local C="$TMP/course"
    mkdir -p "$C/problems/flip" "$C/reference/flip"
    cat >"$C/problems/flip/problem.json" <<'JSON'
{"schema": 1, "title": "Negate on request",
 "functions": [{"name": "flip", "returns": "tensor",
                "params": [{"name": "x", "type": "tensor"}, {"name": "negate", "type": "bool"}],
                "outputs": [{"name": "output"}],
                "small_inputs": [{"x": {"gen": "arange", "shape": [1, 2]}, "negate": true}]}],
 "traps": [{"id": "flag", "title": "The flag is obeyed", "hint": "Negate x when negate is true."}],
 "tests": [{"id": "sample_true", "function": "flip", "trap": "flag", "visibility": "sample",
            "inputs": {"x": {"gen": "arange", "shape": [2, 3]}, "negate": true}},
           {"id": "hidden_false", "function": "flip", "trap": "flag",
            "inputs": {"x": {"gen": "randn", "shape": [2, 3], "seed": 1}, "negate": false}},
           {"id": "hidden_true", "function": "flip", "trap": "flag",
            "inputs": {"x": {"gen": "randn", "shape": [3, 3], "seed": 2}, "negate": true}}]}
JSON
    echo "Negate x when asked." >"$C/problems/flip/statement.md"
    printf '#include <judge/tensor.hpp>\njudge::Tensor flip(const judge::Tensor& x, bool negate) { return negate ? -x : x; }\n' >"$C/reference/flip/solution.cpp"
    printf '#include <judge/tensor.hpp>\njudge::Tensor flip(const judge::Tensor& x, bool) { return x; }\n' >"$TMP/ignores.cpp"
    expect_exit 0 "$JUDGE" --root "$C" show flip
    expect_out "judge::Tensor flip(const judge::Tensor& x, bool negate);"
    expect_exit 0 "$JUDGE" --root "$C" submit flip --file "$C/reference/flip/solution.cpp"
    expect_exit 1 "$JUDGE" --root "$C" submit flip --file "$TMP/ignores.cpp" --format json
    python3 - "$TMP/out" <<'PY' || fail "the bool is not shown as true/false"
import json, sys
r = json.load(open(sys.argv[1]))
t = {x["id"]: x for x in r["tests"]}
assert t["sample_true"]["inputs"] == "x (2, 3) from arange, negate = true", t["sample_true"]["inputs"]
assert t["hidden_false"]["passed"] and not t["hidden_true"]["passed"]
assert t["hidden_true"]["counterexample"]["inputs"]["negate"] is True, t["hidden_true"]["counterexample"]
PY
    # judge run takes NumPy's bool, and 0/1 as int64; anything else is refused by the harness.
    mkdir -p "$TMP/in"
    python3 - "$TMP/in" <<'PY'
import struct, sys
def npy(path, descr, shape, data):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    open(path, "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)
npy(f"{sys.argv[1]}/x.npy", "<f4", "(2,)", struct.pack("<2f", 1.5, -2))
npy(f"{sys.argv[1]}/negate.npy", "|b1", "()", b"\x01")
npy(f"{sys.argv[1]}/two.npy", "<i8", "()", struct.pack("<q", 2))
PY
    expect_exit 0 "$JUDGE" --root "$C" run flip --function flip --inputs "$TMP/in" --outputs "$TMP/o"
    expect_err "negate.npy: converted bool to int64 (exactly)"
    python3 -c "import sys; d=open('$TMP/o/output.npy','rb').read(); assert d.endswith(bytes.fromhex('0000c0bf00000040')), d[-8:]" ||
        fail "negate = True did not negate"
    cp "$TMP/in/two.npy" "$TMP/in/negate.npy"
    expect_exit 1 "$JUDGE" --root "$C" run flip --function flip --inputs "$TMP/in" --outputs "$TMP/o2"
    expect_out "expected 0 or 1 for a bool"
}

# Issue #12: integer outputs (compared exactly, printed by judge run) and int_tensor inputs that
# judge run writes and reads back.
case_integer_types() {
    local ref="$ROOT/reference/problem_attention_cost/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_attention_cost --test bias_bert_large --file "$ref" --outputs "$TMP/c"
    expect_out "got/params.npy: () int64 = 4198400"
    # An off-by-a-term count on a sample test says both numbers.
    bug_source "$ROOT" problem_attention_cost no_biases "$TMP/no_biases.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_attention_cost --file "$TMP/no_biases.cpp"
    expect_out "test bias_bert_large (sample): params is 4194304, expected 4198400"
    expect_out "inputs: batch = 1, length = 128, d_model = 1024, num_heads = 16, bias = true"
    # An int_tensor's values are shown in full, and its .npy round-trips through judge run.
    bug_source "$ROOT" problem_mha_d2l repeat_tiles "$TMP/tiles.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha_d2l --file "$TMP/tiles.cpp"
    expect_out "inputs: valid_lens = [2, 3], num_heads = 2"
    expect_out "test lens_d2l (sample): lens[1] is 3, expected 2: higher by 1 (2 of 4 elements differ)"
    expect_exit 1 "$JUDGE" --root "$ROOT" run problem_mha_d2l --test lens_d2l --file "$TMP/tiles.cpp" --outputs "$TMP/l"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_mha_d2l --function repeat_lens --inputs "$TMP/l/inputs" \
        --file "$ROOT/reference/problem_mha_d2l/solution.cpp" --outputs "$TMP/lr"
    expect_out "lens.npy: (4,) int64"
    cmp "$TMP/lr/lens.npy" "$TMP/l/expected/lens.npy" || fail "int_tensor inputs did not round-trip"
    # NaN policy "match": PyTorch's fully masked row is NaN, and D2L's -1e6 is named.
    bug_source "$ROOT" problem_masks d2l_fill "$TMP/d2l.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_masks --file "$TMP/d2l.cpp"
    expect_out "test empty_example (sample): weights[0,0,0] is 0.333333; expected NaN there (6 of 12 elements differ)"
    expect_exit 0 "$JUDGE" --root "$ROOT" submit problem_masks --file "$ROOT/reference/problem_masks/solution.cpp"
}

# Issue #12: seeded bugs as patches. One that no longer applies is an error naming the file and
# the hunk; a .cpp and a .patch of the same name are refused; judge show --bug prints the result.
case_patch_bugs() {
    make_course
    local bugs="$TMP/course/reference/problem_masks/bugs"
    expect_exit 0 "$JUDGE" --root "$TMP/course" show problem_masks --bug no_causal_mask
    expect_out "                if (j >= len) s.at({b, i, j}) = masked;"
    expect_no_out "causal && j > i"
    sed -i 's/judge::softmax(s, -1)/judge::softmax(s, 2)/' "$TMP/course/reference/problem_masks/solution.cpp"
    expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_masks
    expect_err "judge: error: reference/problem_masks/bugs/nan_rows_to_zero.patch: does not apply to reference/problem_masks/solution.cpp: hunk 2"
    expect_err "its lines are not in the file"
    cp "$ROOT/reference/problem_masks/solution.cpp" "$TMP/course/reference/problem_masks/solution.cpp"
    { head -2 "$bugs/d2l_fill.patch"; cat "$TMP/course/reference/problem_masks/solution.cpp"; } >"$bugs/d2l_fill.cpp"
    expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_masks
    expect_err "reference/problem_masks/bugs/d2l_fill.patch: d2l_fill.cpp exists too; a seeded bug is one file or the other"
    expect_exit 2 "$JUDGE" --root "$ROOT" show problem_masks --bug nope
    expect_err 'judge: error: --bug: problem_masks has no seeded bug "nope"; its seeded bugs are: causal_bottom_right, causal_hides_diagonal,'
}

# Issue #12: every output type through the real harness, in a problem written in schema 2 with a
# seeded bug as a patch: a tensor, an int_tensor, an int and a float, returned as a std::tuple.
case_all_output_types() {
    make_course
    local c="$TMP/course"
    mkdir -p "$c/problems/types" "$c/reference/types/bugs" "$c/student_template/types"
    cat >"$c/problems/types/problem.json" <<'JSON'
{"schema": 2, "title": "Every output type",
 "functions": [{"name": "summarize",
   "params": [{"name": "x", "type": "tensor"}, {"name": "lens", "type": "int_tensor"}, {"name": "flag", "type": "bool"}],
   "outputs": [{"name": "doubled"}, {"name": "shifted", "type": "int_tensor"}, {"name": "count", "type": "int"},
               {"name": "total", "type": "float"}]}],
 "traps": [{"id": "values", "title": "Every output is right", "hint": "Read the statement."}],
 "test_defaults": {"function": "summarize", "trap": "values"},
 "tests": [{"id": "sample", "visibility": "sample", "inputs": {"x": "arange(2, 3; start=1)", "lens": [[1, 2], [3, 4]], "flag": true}},
           {"id": "hidden", "inputs": {"x": "randn(3, 2)", "lens": [5, 6, 7], "flag": false}}]}
JSON
    echo "# Every output type" >"$c/problems/types/statement.md"
    cat >"$c/reference/types/solution.cpp" <<'CPP'
#include <judge/tensor.hpp>

#include <tuple>

std::tuple<judge::Tensor, judge::IntTensor, int64_t, float> summarize(const judge::Tensor& x,
                                                                       const judge::IntTensor& lens, bool flag) {
    judge::IntTensor shifted = lens;
    for (int64_t i = 0; i < shifted.numel(); ++i) shifted.data()[i] += flag ? 1 : 0;
    float total = 0;
    for (int64_t i = 0; i < x.numel(); ++i) total += x.data()[i];
    return {x * 2.0f, shifted, lens.numel(), total};
}
CPP
    cat >"$c/reference/types/bugs/skip_first.patch" <<'PATCH'
// trap: values
// misconception: starting the sum at the second element
--- a/solution.cpp
+++ b/solution.cpp
@@ -9,3 +9,3 @@
     float total = 0;
-    for (int64_t i = 0; i < x.numel(); ++i) total += x.data()[i];
+    for (int64_t i = 1; i < x.numel(); ++i) total += x.data()[i];
     return {x * 2.0f, shifted, lens.numel(), total};
PATCH
    printf '#include <judge/tensor.hpp>\n#include <stdexcept>\n#include <tuple>\nstd::tuple<judge::Tensor, judge::IntTensor, int64_t, float> summarize(const judge::Tensor&, const judge::IntTensor&, bool) { throw std::logic_error("todo"); }\n' \
        >"$c/student_template/types/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$c" validate types
    expect_out "reference passes all 2 tests"
    expect_out "skip_first [values]: caught by 2 tests"
    expect_exit 0 "$JUDGE" --root "$c" show types
    expect_out "std::tuple<judge::Tensor, judge::IntTensor, int64_t, float> summarize(const judge::Tensor& x, const judge::IntTensor& lens, bool flag);"
    bug_source "$c" types skip_first "$TMP/skip.cpp"
    expect_exit 1 "$JUDGE" --root "$c" submit types --file "$TMP/skip.cpp"
    expect_out "test sample (sample): total is 20, expected 21"
    expect_out "inputs: x (2, 3) from arange, lens = [[1, 2], [3, 4]], flag = true"
    expect_exit 0 "$JUDGE" --root "$c" run types --test sample --file "$c/reference/types/solution.cpp" --outputs "$TMP/r"
    expect_out "got/count.npy: () int64 = 4"
    expect_out "got/total.npy: () float32 = 21"
    expect_out "got/shifted.npy: (2, 2) int64"
    expect_out "got/doubled.npy: (2, 3) float32"
}

# A student pack gives the full root's report, byte for byte, for every seeded bug, accepted
# alternative, the template and (problem_mha) the e2e submissions; a cold cache builds nothing
# trusted for it. Run as pack_same_reports:<problem>.
case_pack_same_reports() {
    local p=$PROBLEM f n=0
    expect_exit 0 "$JUDGE" -q --root "$ROOT" pack "$p" --out "$TMP/pack"
    mkdir -p "$TMP/subs"
    for f in "$ROOT"/reference/"$p"/bugs/*; do
        local b; b=$(basename "${f%.*}")
        "$JUDGE" -q --root "$ROOT" show "$p" --bug "$b" >"$TMP/subs/bug_$b.cpp" || fail "show --bug $b"
    done
    for f in "$ROOT"/reference/"$p"/accepted/*.cpp; do cp "$f" "$TMP/subs/accepted_$(basename "$f")"; done
    cp "$ROOT/student_template/$p/solution.cpp" "$TMP/subs/template.cpp"
    if [ "$p" = problem_mha ]; then
        for f in "$ROOT"/tests/e2e/submissions/*/solution.cpp; do cp "$f" "$TMP/subs/e2e_$(basename "$(dirname "$f")").cpp"; done
    fi
    mkdir -p "$TMP/cold"
    for f in "$TMP"/subs/*.cpp; do
        "$JUDGE" -q --root "$ROOT" submit "$p" --file "$f" --format json >"$TMP/full.json" 2>/dev/null
        JUDGE_CACHE="$TMP/cold" "$JUDGE" -q --root "$TMP/pack" submit "$p" --file "$f" --format json >"$TMP/packed.json" 2>"$TMP/err"
        diff "$TMP/full.json" "$TMP/packed.json" >"$TMP/diff" || { head -30 "$TMP/diff"; fail "$(basename "$f"): the pack's report differs"; }
        # Issue #21: a counterexample (or a failed sample test's values) always shows a difference.
        python3 - "$TMP/full.json" <<'PY' || fail "$(basename "$f"): a counterexample shows expected == got"
import json, sys
for t in json.load(open(sys.argv[1]))["tests"]:
    for key in ("counterexample", "values"):
        c = t.get(key)
        if c and not c.get("expected_exception"):
            assert c["expected"] != c["got"], (t["id"], key, c)
PY
        n=$((n + 1))
    done
    # Nothing trusted was compiled or run for the pack: no program but the submissions' own objects.
    [ -d "$TMP/cold/runs" ] && fail "a submit on the pack ran a trusted program (cache runs/)"
    [ -d "$TMP/cold/bin" ] && [ -n "$(ls -A "$TMP/cold/bin")" ] && fail "a submit on the pack built a trusted program (cache bin/)"
    echo "  $n submissions of $p: the same JSON report on the pack as on the full root, no counterexample without a difference"
}

# What a pack holds: no line of any reference, accepted or bug source, no hidden test's seed or
# generator; packing twice gives the same bytes; an edited or foreign pack is refused by name.
case_pack_contents() {
    expect_exit 0 "$JUDGE" -q --root "$ROOT" pack --all --out "$TMP/a"
    expect_exit 0 "$JUDGE" -q --root "$ROOT" pack --all --out "$TMP/b"
    diff -r "$TMP/a" "$TMP/b" >/dev/null || fail "packing twice gave different bytes"
    python3 - "$ROOT" "$TMP/a" "$JUDGE" <<'PY' || fail "the pack holds a secret"
import json, os, re, subprocess, sys
root, pack, judge = sys.argv[1], sys.argv[2], sys.argv[3]
text = []
for d, _, files in os.walk(pack):
    for f in files:
        with open(os.path.join(d, f), 'rb') as fh:
            text.append(fh.read().decode('utf-8', 'replace'))
blob = '\n'.join(text)
bad = 0
# Every line of a reference, accepted or bug source that is more than punctuation and a common
# include or brace (the template shares those).
template_lines = set()
for p in os.listdir(os.path.join(root, 'student_template')):
    for f in os.listdir(os.path.join(root, 'student_template', p)):
        template_lines |= {l.strip() for l in open(os.path.join(root, 'student_template', p, f), errors='replace')}
# What is public anyway: the signatures and statements (judge show).
for p in os.listdir(os.path.join(root, 'problems')):
    shown = subprocess.run([judge, '--root', root, 'show', p], capture_output=True, text=True).stdout
    template_lines |= {w.strip().rstrip(',;{') for l in shown.splitlines() for w in re.split(r'[(),]', l)}
    template_lines |= {l.strip() for l in shown.splitlines()}
checked = 0
for d, _, files in os.walk(os.path.join(root, 'reference')):
    for f in files:
        for line in open(os.path.join(d, f), errors='replace'):
            l = line.strip()
            if len(l) < 25 or l in template_lines or l.startswith(('#include', '//', '---', '+++', '@@')):
                continue
            l = l.lstrip('+- ').strip()
            if len(l) < 25 or l in template_lines or l.rstrip(',;{) ') in template_lines:
                continue
            checked += 1
            if l in blob:
                print('source line in the pack:', f, repr(l)); bad += 1
# Hidden tests: no seed of theirs, no generator text.
for p in os.listdir(os.path.join(root, 'problems')):
    spec = json.load(open(os.path.join(root, 'problems', p, 'problem.json')))
    packed = json.load(open(os.path.join(pack, 'problems', p, 'problem.json')))
    hidden = [t for t in packed['tests'] if t['visibility'] == 'hidden']
    for t in hidden:
        if 'inputs' in t or 'description' in t:
            print('hidden test with inputs or a description:', p, t['id']); bad += 1
    for t in spec['tests']:
        for case in t.get('cases', [t]):
            if case.get('visibility', t.get('visibility', 'hidden')) != 'hidden':
                continue
            for name, v in case.get('inputs', {}).items():
                # (A one-line generator without seed= takes its seed from where it is written.)
                if isinstance(v, str) and 'seed=' in v and v in blob:
                    print('a hidden generator in the pack:', p, v); bad += 1
                if isinstance(v, dict) and 'seed' in v and re.search(r'"seed":\s*%d\b' % v['seed'], blob):
                    # A seed may be shared with a sample test or a small input: only then is it allowed.
                    shown = any(isinstance(x, dict) and x.get('seed') == v['seed']
                                for tt in packed['tests'] if tt['visibility'] == 'sample' for x in tt.get('inputs', {}).values())
                    shown = shown or re.search(r'"seed":\s*%d\b' % v['seed'], json.dumps(spec['functions']))
                    if not shown:
                        print('a hidden seed in the pack:', p, t['id'], v['seed']); bad += 1
for d, _, files in os.walk(os.path.join(pack, 'key')):
    for f in files:
        if f.endswith('.json') and re.search(r'seed|"gen"', open(os.path.join(d, f)).read()):
            print('a generator or seed in the answer key:', f); bad += 1
print('checked', checked, 'source lines')
sys.exit(1 if bad or checked < 200 else 0)
PY
    # Edited by hand: refused, naming the file.
    cp -r "$TMP/a" "$TMP/edited"
    sed -i 's/"points": \([0-9]\)/"points": 9\1/' "$TMP/edited/problems/problem_sdpa/problem.json"
    expect_exit 2 "$JUDGE" --root "$TMP/edited" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.cpp"
    expect_err "problems/problem_sdpa/problem.json: its SHA-256 differs"
    cp -r "$TMP/a" "$TMP/added" && echo x >"$TMP/added/key/problem_sdpa/extra"
    expect_exit 2 "$JUDGE" --root "$TMP/added" list
    expect_err "key/problem_sdpa/extra: not in"
    cp -r "$TMP/a" "$TMP/foreign"
    sed -i 's/"judge": "judge [^"]*"/"judge": "judge 0.0.1, headers 0000000000000000"/' "$TMP/foreign/pack.json"
    expect_exit 2 "$JUDGE" --root "$TMP/foreign" show problem_sdpa
    expect_err "the pack was made by \"judge 0.0.1, headers 0000000000000000\""
    # The student's own template is theirs to edit.
    echo "// mine" >>"$TMP/a/student_template/problem_sdpa/solution.cpp"
    expect_exit 1 "$JUDGE" -q --root "$TMP/a" submit problem_sdpa --file "$TMP/a/student_template/problem_sdpa/solution.cpp"
    echo "  reproducible, no source line or hidden seed, edits and foreign packs refused"
}

# What needs the answers' sources says so on a pack; what does not works there.
case_pack_commands() {
    expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa problem_masks --out "$TMP/p"
    expect_exit 0 "$JUDGE" --root "$TMP/p" list
    expect_out "problem_sdpa"
    expect_no_out "problem_mha "
    expect_exit 0 "$JUDGE" --root "$TMP/p" show problem_masks
    expect_out "Functions to implement"
    expect_exit 2 "$JUDGE" --root "$TMP/p" show problem_masks --bug fill_zero
    expect_err "needs the full course root"
    expect_exit 2 "$JUDGE" --root "$TMP/p" validate problem_sdpa
    expect_err "judge validate needs the full course root"
    expect_exit 2 "$JUDGE" --root "$TMP/p" submit problem_sdpa --seed 7 --file "$ROOT/reference/problem_sdpa/solution.cpp"
    expect_err "--seed: a grading seed (new inputs need the reference) needs the full course root"
    expect_exit 2 "$JUDGE" --root "$TMP/p" grade problem_sdpa --class "$TMP" --out "$TMP/g"
    expect_err "judge grade needs the full course root"
    expect_exit 2 "$JUDGE" --root "$TMP/p" pack problem_sdpa --out "$TMP/q"
    expect_err "judge pack needs the full course root"
    expect_exit 2 "$JUDGE" --root "$ROOT" pack problem_sdpa --out "$TMP/p"
    expect_err "already exists"
    local sample; sample=$(python3 -c "import json,sys; print([t['id'] for t in json.load(open(sys.argv[1]))['tests'] if t['visibility']=='sample'][0])" "$TMP/p/problems/problem_sdpa/problem.json")
    expect_exit 0 "$JUDGE" -q --root "$TMP/p" run problem_sdpa --test "$sample" --file "$ROOT/reference/problem_sdpa/solution.cpp" --outputs "$TMP/o"
    expect_out "test $sample: passed"
    [ -s "$TMP/o/expected/$(ls "$TMP/o/expected" | head -1)" ] || fail "judge run --test wrote no expected outputs"
    expect_exit 2 "$JUDGE" --root "$TMP/p" run problem_sdpa --test "$sample" --outputs "$TMP/o2"
    expect_err "needs the full course root"
    echo "  list, show, run --test work on a pack; validate, grade, pack, show --bug, --seed refuse"
}

# The grading seed from a CI secret: never printed; grade.json keeps its SHA-256 only.
case_grade_seed_from_env() {
    mkdir -p "$TMP/class/alice" "$TMP/class/bob"
    cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/class/alice/"
    cp "$ROOT/student_template/problem_sdpa/solution.cpp" "$TMP/class/bob/"
    SECRET_SEED=918273645 expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" --seed-from-env SECRET_SEED
    grep -rq 918273645 "$TMP/g/grade.json" "$TMP/out" "$TMP/err" && fail "the secret seed was printed or written to grade.json"
    grep -q "\"seed_sha256\": \"$(printf 918273645 | sha256sum | cut -d' ' -f1)\"" "$TMP/g/grade.json" || fail "grade.json lacks the seed's SHA-256"
    expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2" --seed-from-env NO_SUCH_VAR_4242
    expect_err "--seed-from-env: \$NO_SUCH_VAR_4242 is not set"
    BAD=12x expect_exit 2 "$JUDGE" --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2" --seed-from-env BAD
    expect_err "is not a whole number"
    grep -q 12x "$TMP/err" && fail "a bad seed's value was printed"
    echo "  the seed stays out of logs and grade.json"
}

# Visibility "after_due_date" (per test, or a trap's default): withheld from submit and grade until
# released with --after-due-date, left out of a pack, and shown after the due date by Gradescope.
case_visibility_after_due_date() {
    make_course
    python3 - "$TMP/course/problems/problem_sdpa/problem.json" <<'PY'
import json, sys
f = sys.argv[1]; d = json.load(open(f))
for t in d['traps']:
    if t['id'] == 'masking': t['visibility'] = 'after_due_date'
for t in d['tests']:
    if t['trap'] == 'masking': t.pop('visibility', None)  # the trap's word, for those that give none
    if t['id'] == 'masking_sample': t['visibility'] = 'sample'  # a test's own word wins
    if t['id'] == 'scale_narrow': t['visibility'] = 'after_due_date'
json.dump(d, open(f, 'w'), indent=1)
PY
    local bug="$TMP/no_mask.cpp"
    "$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$bug" || fail "show --bug"
    expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug"
    expect_out "3 more tests are withheld until after the due date"
    expect_no_out "masking_zero_weights"
    expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug" --format json
    python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
ids=[t['id'] for t in r['tests']]
assert r['withheld_tests']==3 and r['max_score']==5, (r['withheld_tests'], r['max_score'])
assert 'scale_narrow' not in ids and 'masking_intervention' not in ids and 'masking_sample' in ids, ids
" "$TMP/out" || fail "the withheld tests are in the report"
    expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug" --format gradescope --after-due-date
    python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
v={t['name'].split(':')[0]: t['visibility'] for t in r['tests']}
assert v=={'softmax_axis':'visible','scale':'after_due_date','masking':'after_due_date'}, v
assert sum(t['max_score'] for t in r['tests'])==8, r['tests']
" "$TMP/out" || fail "Gradescope's visibility does not follow the spec"
    expect_exit 0 "$JUDGE" -q --root "$TMP/course" pack problem_sdpa --out "$TMP/pack"
    grep -q '"masking_zero_weights"\|"scale_narrow"' "$TMP/pack/problems/problem_sdpa/problem.json" "$TMP/pack/key/problem_sdpa/key.json" &&
        fail "a test withheld until after the due date is in the pack"
    expect_exit 1 "$JUDGE" -q --root "$TMP/course" submit problem_sdpa --file "$bug" --format json
    cp "$TMP/out" "$TMP/full.json"
    expect_exit 1 "$JUDGE" -q --root "$TMP/pack" submit problem_sdpa --file "$bug" --format json
    diff "$TMP/full.json" "$TMP/out" >/dev/null || fail "the pack's report differs from the full root's"
    expect_exit 2 "$JUDGE" --root "$TMP/pack" submit problem_sdpa --file "$bug" --after-due-date
    expect_err "needs the full course root"
    mkdir -p "$TMP/class/ann" && cp "$bug" "$TMP/class/ann/solution.cpp"
    expect_exit 0 "$JUDGE" -q --root "$TMP/course" grade problem_sdpa --class "$TMP/class" --out "$TMP/g"
    grep -q '"withheld": 3' "$TMP/g/grade.json" || fail "grade.json does not count the withheld tests"
    expect_exit 0 "$JUDGE" -q --root "$TMP/course" grade problem_sdpa --class "$TMP/class" --out "$TMP/g" --after-due-date
    grep -q '"max_score": 8' "$TMP/g/students/ann/report.json" || fail "--after-due-date did not release the tests"
    echo "  withheld from submit, grade and the pack; released by --after-due-date; Gradescope shows them after the due date"
}

# judge pack --gradescope: an autograder zip as Gradescope's specification has it (setup.sh and
# run_autograder at the root, executable), reproducible, whose run_autograder writes results.json
# for a submission, says what is missing when there is none, and never leaves results.json empty.
case_pack_gradescope() {
    expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/a.zip"
    expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/b.zip"
    cmp -s "$TMP/a.zip" "$TMP/b.zip" || fail "two autograder zips of the same root differ"
    mkdir -p "$TMP/ag/source" "$TMP/ag/submission"
    python3 - "$TMP/a.zip" "$TMP/ag/source" <<'PY' || fail "the zip is not as Gradescope's specification has it"
import os, stat, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
names = z.namelist()
for f in ('setup.sh', 'run_autograder'):
    assert f in names, f
    assert stat.S_IMODE(z.getinfo(f).external_attr >> 16) == 0o755, f
for f in ('course/reference/problem_sdpa/solution.cpp', 'course/problems/problem_sdpa/problem.json',
          'judge/CMakeLists.txt', 'judge/judge/main.cpp', 'judge/scripts/setup.sh'):
    assert f in names, f
assert not any(n.startswith('course/problems/problem_mha/') for n in names)
z.extractall(sys.argv[2])
for f in ('setup.sh', 'run_autograder'):
    os.chmod(os.path.join(sys.argv[2], f), 0o755)
PY
    AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
    grep -q "No solution.cpp in the submission" "$TMP/ag/results/results.json" || fail "no submission is not said"
    "$JUDGE" -q --root "$ROOT" show problem_sdpa --bug no_mask >"$TMP/ag/submission/solution.cpp"
    AUTOGRADER="$TMP/ag" JUDGE="$JUDGE" "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
    python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))
assert r['score']==5 and len(r['tests'])==3 and 'Fix first: masking' in r['output'], r
" "$TMP/ag/results/results.json" || fail "results.json is not the judge's Gradescope report"
    AUTOGRADER="$TMP/ag" JUDGE=/bin/false "$TMP/ag/source/run_autograder" || fail "run_autograder failed"
    grep -q "The judge could not grade this submission (exit 1)" "$TMP/ag/results/results.json" ||
        fail "a judge that fails leaves no word in results.json"
    expect_exit 2 "$JUDGE" --root "$ROOT" pack problem_sdpa problem_mha --gradescope --out "$TMP/c.zip"
    expect_err "--gradescope: name one problem"
    expect_exit 2 "$JUDGE" --root "$ROOT" pack problem_sdpa --gradescope --judge-source "$TMP" --out "$TMP/c.zip"
    expect_err "is not the judge's source tree"
    echo "  setup.sh and run_autograder at the root; results.json for a submission, for none, for a failed judge"
}

# Issue #20 (second red team): hostile student folder names and submissions cannot break the
# class files, stop the class, or survive a regrade in another tier.
case_grade_red_team_folders() {
    local C="$TMP/class" long esc tabf nonchar
    long=$(printf '!%.0s' $(seq 90))
    esc=$(printf 'e\033[2Jx')
    tabf=$(printf '\t=HYPERLINK("http://x")')
    nonchar=$(printf 'a\xef\xbf\xbeb\xef\xbf\xbf')
    mkdir -p "$C/$long" "$C/$esc" "$C/$tabf" "$C/$nonchar" "$C/zed" "$C/liner"
    cp "$ROOT/reference/problem_mha/solution.cpp" "$C/$long/solution.cpp"
    cp "$ROOT/reference/problem_mha/bugs/lens_repeat_not_interleave.cpp" "$C/zed/solution.cpp"
    printf '#line 1 "\\nproblem_mha: accepted, 32/32 points, 9/9 traps passed"\nint x = ;\n' >"$C/liner/solution.cpp"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
    expect_out "problem_mha: 6 students (6 graded, 0 unchanged)"
    python3 - "$TMP/g" "$long" <<'PY' || fail "the class files do not hold every student, safely"
import csv, os, sys, xml.etree.ElementTree as ET
out, long = sys.argv[1], sys.argv[2]
rows = {r["student"]: r for r in csv.DictReader(open(f"{out}/grades.csv", encoding="utf-8"))}
assert rows[long]["verdict"] == "accepted", rows.keys()          # a 270-byte folder name, capped
assert rows["zed"]["verdict"] == "wrong_answer"                     # the students after it were graded
assert "e\\x1b[2Jx" in rows and not any("\x1b" in k for k in rows)  # no raw ESC in the CSV
tab = [k for k in rows if "HYPERLINK" in k][0]
assert tab.startswith("\\x09=") or tab.startswith("'"), tab          # no formula after a TAB
assert "a\ufffdb\ufffd" in rows, rows.keys()                        # noncharacters replaced
ET.parse(f"{out}/junit.xml")                                        # well-formed
assert all(len(f.encode()) <= 255 for f in os.listdir(f"{out}/students"))
PY
    # The #line trick names a file with a newline in it: its fake summary stays indented.
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$C/liner/solution.cpp"
    expect_out "Compilation failed."
    grep -q '^problem_mha: accepted' "$TMP/out" && fail "a compile log line passed for the judge's summary"
    expect_out "problem_mha: compile_error, 0/32 points"
    # The same output graded again in the fallback tier reuses nothing computed in bubblewrap.
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
    expect_out "(0 graded, 6 unchanged)"
    JUDGE_SANDBOX=fallback expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$C" --out "$TMP/g" --jobs 2
    expect_out "(6 graded, 0 unchanged)"
    # A merge of that output reads the long id back from its folder's id file.
    expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/g" --out "$TMP/m"
    cmp "$TMP/g/grades.csv" "$TMP/m/grades.csv" || fail "the merge lost or renamed a student"
}

# Issue #20: a shard folder is hostile: its links are not followed, its key must be a key, and
# its reports may name only the problem's misconceptions and the judge's tiers.
case_merge_red_team() {
    make_class "$TMP/class"
    expect_exit 0 "$JUDGE" --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/s" --jobs 2
    cp -r "$TMP/s" "$TMP/a"
    rm "$TMP/a/students/alice/key"
    ln -s /proc/self/environ "$TMP/a/students/alice/key"
    SECRET_TOKEN=hunter2 expect_exit 0 "$JUDGE" --root "$ROOT" merge "$TMP/a" --out "$TMP/m1"
    grep -rq hunter2 "$TMP/m1" && fail "merge copied the environment through a link"
    [ -e "$TMP/m1/students/alice/key" ] && fail "a key that is a link was kept"
    cmp "$TMP/s/grades.csv" "$TMP/m1/grades.csv" || fail "the merge changed a grade"
    cp -r "$TMP/s" "$TMP/b"
    rm "$TMP/b/students/alice/report.json"
    ln -s "$TMP/s/students/bob/report.json" "$TMP/b/students/alice/report.json"
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/b" --out "$TMP/m2"
    expect_err "students/alice/report.json: a symbolic link; expected a regular file"
    cp -r "$TMP/s" "$TMP/c"
    python3 - "$TMP/c/students/bob/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t = [t for t in r["tests"] if t.get("misconception")][0]
t["misconception"]["text"] = "a bug\n\n# Everyone passed\n`rm -rf`"
json.dump(r, open(sys.argv[1], "w"))
PY
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/c" --out "$TMP/m3"
    expect_err "is none of the problem's"
    cp -r "$TMP/s" "$TMP/d"
    python3 - "$TMP/d/students/mallory/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r["sandbox"] = "bubblewrap\n**all isolated**"; json.dump(r, open(sys.argv[1], "w"))
PY
    expect_exit 2 "$JUDGE" --root "$ROOT" merge "$TMP/d" --out "$TMP/m4"
    expect_err "is not a tier of this judge"
    [ -e "$TMP/m3/summary.md" ] || [ -e "$TMP/m4/summary.md" ] && fail "a refused merge wrote a summary"
    return 0
}

# Issue #21: the domain lint finds the boundaries no test reaches. A copy of problem_masks whose
# causal tests are all square, a copy of problem_mha_d2l with no length 0, and a copy of
# problem_attention_cost whose counts stay under 2^31: each is a warning, and --strict fails.
case_validate_domains() {
    make_course
    python3 - "$TMP/course/problems" <<'PY'
import json, sys
root = sys.argv[1]
def edit(name, change):
    path = f"{root}/{name}/problem.json"
    p = json.load(open(path))
    change(p)
    json.dump(p, open(path, "w"), indent=1)
def square(p):
    for t in p["tests"]:
        s = t["inputs"]["scores"]
        if t["inputs"]["causal"] and isinstance(s, str):
            dims = s[s.index("(") + 1:s.index(")")].split(", ")
            t["inputs"]["scores"] = f"randn({dims[0]}, {dims[1]}, {dims[1]})"
            n = int(dims[1])
            v = t["inputs"]["valid_lens"]
            t["inputs"]["valid_lens"] = [[min(x, n) for x in r] if isinstance(r, list) else min(r, n) for r in v]
def no_zero(p):
    p["tests"] = [t for t in p["tests"] if t["id"] != "mask_zero_length"]
def small(p):
    p["tests"] = [t for t in p["tests"] if t["id"] != "large"]
    p["traps"] = [t for t in p["traps"] if t["id"] != "large_counts"]
edit("problem_masks", square)
edit("problem_mha_d2l", no_zero)
edit("problem_attention_cost", small)
PY
    rm "$TMP"/course/reference/problem_masks/bugs/causal_bottom_right.patch
    rm "$TMP"/course/reference/problem_mha_d2l/bugs/neg_inf_fill.patch
    rm "$TMP"/course/reference/problem_attention_cost/bugs/counts_in_*.patch
    expect_exit 0 "$JUDGE" --root "$TMP/course" validate problem_masks
    expect_out "! trap causal: every causal test of it, and of the traps after it, has scores[1] = scores[2], though its domain lets them differ: a causal mask aligned bottom-right would pass"
    expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks --strict
    expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_mha_d2l --strict
    expect_out "! trap folded_masking: no test of it, or of a trap after it, has a length 0 in valid_lens of folded_attention, which its domain allows (min 0): a wrong fill value (-inf for -1e6) would pass"
    expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_attention_cost --strict --format json
    python3 - "$TMP/out" <<'PY' || fail "the count warnings are not in the JSON"
import json, sys
r = json.load(open(sys.argv[1]))
w = [x["message"] for x in r["warnings"] if x["kind"] == "boundary_not_reached"]
for out in ["params", "projection_flops", "attention_flops", "activations"]:
    for bits, who in [(31, "a 32-bit int"), (53, "a double")]:
        assert any(m.startswith(out + " of attention_cost: no test") and f"past 2^{bits}" in m and who in m for m in w), (out, bits, w)
PY
    # A test outside the domain is a warning too; a domain that names no parameter is a spec error.
    make_course
    python3 - "$TMP/course/problems/problem_masks/problem.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
next(t for t in p["tests"] if t["id"] == "pad_mixed")["inputs"]["valid_lens"] = [1, 7, 3]
json.dump(p, open(sys.argv[1], "w"), indent=1)
PY
    expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks --strict
    expect_out "! test pad_mixed: valid_lens holds 7, outside its domain (0 to scores[2])"
    python3 - "$TMP/course/problems/problem_masks/problem.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["functions"][0]["domain"]["lengths"]["valid_lens"]["max"] = "scores[x]"
json.dump(p, open(sys.argv[1], "w"), indent=1)
PY
    expect_exit 2 "$JUDGE" --root "$TMP/course" validate problem_masks
    expect_err "problem.json: functions[0].domain.lengths.valid_lens.max: expected a tensor parameter of masked_softmax and an axis, e.g. \"scores[2]\", got \"scores[x]\""
}

# Issue #21: the misconception text must fit the sentence the student reads.
case_validate_misconception_form() {
    make_course
    sed -i 's|^// misconception: .*|// misconception: You forgot the mask. Add it.|' "$TMP/course/reference/problem_masks/bugs/no_padding_mask.patch"
    expect_exit 1 "$JUDGE" --root "$TMP/course" validate problem_masks
    expect_out "no_padding_mask.patch: the misconception \"You forgot the mask. Add it.\" does not fit the sentence the student reads: it must start with a lower-case letter"
}

# Issue #21: realistic mistakes on the four new problems (tests/e2e/mistakes.tsv, each an edit of
# the reference). Every one is rejected, and a "Fix first" that names its trap with confidence
# names one the mistake belongs to; where none is listed ("-"), the report must say less.
case_trial_mistakes() {
    local prob name traps script n=0
    while IFS=$'\t' read -r prob name traps script; do
        case "$prob" in '#'* | '') continue ;; esac
        sed "$script" "$ROOT/reference/$prob/solution.cpp" >"$TMP/$prob-$name.cpp"
        cmp -s "$TMP/$prob-$name.cpp" "$ROOT/reference/$prob/solution.cpp" && fail "$prob/$name: the edit did not apply"
        expect_exit 1 "$JUDGE" --root "$ROOT" submit "$prob" --file "$TMP/$prob-$name.cpp" --format json
        python3 - "$TMP/out" "$traps" "$prob/$name" <<'PY' || fail "$prob/$name: the report is not what its mistake deserves"
import json, sys
r, allowed, who = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
assert r["verdict"] != "accepted", who
fix, sure = r["first_fix"], r["first_fix_explained"]
if allowed == "-":
    assert not sure, f"{who}: a confident Fix first: {fix}"
else:
    assert fix in allowed.split(","), f"{who}: Fix first {fix}, expected one of {allowed}"
for t in r["tests"]:
    c = t.get("counterexample")
    assert not c or c["expected"] != c["got"] or c.get("expected_exception"), (who, t["id"])
PY
        n=$((n + 1))
    done <"$ROOT/tests/e2e/mistakes.tsv"
    echo "  $n realistic mistakes rejected, none with a wrong confident Fix first"
}

# Issue #21: what a student reads. A failing sample test shows its values when they are small; a
# compile error names the student's own file; NaN prints as PyTorch prints it; the overall line
# names the test behind a crash verdict; a hidden test's crash says which function threw.
case_student_details() {
    bug_source "$ROOT" problem_masks d2l_fill "$TMP/d2l.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_masks --file "$TMP/d2l.cpp"
    expect_out "      values:"
    expect_out "        expected weights (2, 2, 3) = [[[nan, nan, nan],"
    expect_out "        got      weights (2, 2, 3) = [[[0.3333, 0.3333, 0.3333],"
    expect_no_out "-nan"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_masks --file "$TMP/d2l.cpp" --format json
    python3 - "$TMP/out" <<'PY' || fail "a sample test's values are not in the JSON"
import json, sys
t = next(t for t in json.load(open(sys.argv[1]))["tests"] if t["id"] == "empty_example")
assert t["values"]["expected"]["weights"]["values"][:3] == ["nan", "nan", "nan"], t["values"]
assert t["values"]["inputs"]["valid_lens"]["values"] == [0, 2] and t["evidence"] == "seeded_bug", t
PY
    printf '#include <judge/tensor.hpp>\njudge::Tensor merge_heads(const judge::Tensor& x) { return x }\n' >"$TMP/bad.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/bad.cpp"
    expect_out "    $TMP/bad.cpp:2:"
    expect_no_out " solution.cpp:"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --test merge_order_two_heads --file "$TMP/bad.cpp" --outputs "$TMP/r"
    expect_err "$TMP/bad.cpp:2:"
    # A crash in the cross-attention: every test of the one function throws. The overall line
    # names the test, and a hidden test says which function threw, not the student's words.
    sed 's|    Tensor cross_scores = scores_of(Y, enc_outputs);|    throw std::runtime_error("secret " + std::to_string(X.at({0, 0, 0})));\n    Tensor cross_scores = scores_of(Y, enc_outputs);|' \
        "$ROOT/reference/problem_decoder/solution.cpp" >"$TMP/throws.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_decoder --file "$TMP/throws.cpp"
    expect_out "Fix first: test causal_small of trap causal_leak fails (runtime_error); no known mistake of causal_leak explains it"
    expect_out "test causal_batch (hidden, runtime_error): decoder_attention threw std::runtime_error (its words are shown on sample tests only)"
    expect_out "problem_decoder: runtime_error (test causal_small), 0/17 points"
    expect_no_out "    hint: "
    [ "$(grep -c 'secret' "$TMP/out")" = 1 ] || fail "a hidden test showed the submission's words"
}

# Issue #21: judge run --inputs with --file says whether the outputs are the reference's, also
# where the reference throws; on a student pack there is no reference to compare with.
case_run_compares() {
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_masks --test bad_lens_count --outputs "$TMP/b"
    expect_exit 0 "$JUDGE" --root "$ROOT" run problem_masks --inputs "$TMP/b/inputs" --outputs "$TMP/o" \
        --file "$ROOT/reference/problem_masks/accepted/loops.cpp"
    expect_out "the reference throws std::invalid_argument on these inputs: valid_lens must be (B,) or (B, Lq)"
    expect_out "same as the reference"
    bug_source "$ROOT" problem_masks no_shape_check "$TMP/noshape.cpp"
    expect_exit 1 "$JUDGE" --root "$ROOT" run problem_masks --inputs "$TMP/b/inputs" --outputs "$TMP/o2" --file "$TMP/noshape.cpp"
    expect_out "not the same as the reference"
    expect_exit 2 "$JUDGE" --root "$ROOT" run problem_mha --inputs "$TMP/b/inputs" --outputs "$TMP/o3"
    expect_err "judge: error: run: give --test ID (a sample test), or --inputs DIR and --function NAME"
    expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_masks --out "$TMP/pack"
    # (loops.cpp throws on these inputs, as it must: exit 1, as without a comparison before)
    expect_exit 1 "$JUDGE" --root "$TMP/pack" run problem_masks --inputs "$TMP/b/inputs" --outputs "$TMP/o4" \
        --file "$ROOT/reference/problem_masks/accepted/loops.cpp"
    expect_err "a student pack has no reference to run: the outputs are not compared"
}
