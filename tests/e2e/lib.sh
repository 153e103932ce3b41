# shellcheck shell=bash
# Helpers the end-to-end cases share; sourced by run_e2e.sh before the case.

SUB="$ROOT/tests/e2e/submissions"

# A copy of the course whose problem can be broken in each test.
make_course() {
    mkdir -p "$TMP/course"
    cp -r "$ROOT/problems" "$ROOT/reference" "$ROOT/student_template" "$TMP/course/"
}

# bug_source ROOT PROBLEM BUG FILE: the program a seeded bug is (a .patch applied), from judge show --bug.
bug_source() {
    "$JUDGE" --root "$1" show "$2" --bug "$3" >"$4" || fail "judge show $2 --bug $3 failed"
}

# py_bug PROBLEM PATCH OUT: a Python translation of a seeded bug, kept as a patch of the Python
# reference (tests/e2e/cases/python_submissions/<problem>/torch_<bug>.patch, as the C++ bugs are
# patches of the C++ one), applied to reference/<problem>/solution.py and written to OUT.
py_bug() {
    local dir
    dir=$(mktemp -d "$TMP/py_bug.XXXXXX")
    cp "$ROOT/reference/$1/solution.py" "$dir/solution.py"
    (cd "$dir" && git apply "$2") || fail "$2 does not apply to reference/$1/solution.py"
    mv "$dir/solution.py" "$3"
    rm -r "$dir"
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

# doc_step DIR MARKER JOB STEP [KEY=VALUE...]: a step of one of docs/ci.md's workflows (the ```yaml
# block holding MARKER), read by workflow_step.py (its ${{ }} from the KEY=VALUEs) and run with
# bash -e in DIR, as GitHub's runner does. Variables set before the call (PATH, GITHUB_OUTPUT, ...)
# reach the step.
doc_step() {
    local dir=$1 marker=$2 script
    shift 2
    script=$(python3 "$ROOT/tests/e2e/workflow_step.py" "$ROOT/docs/ci.md" "$marker" "$@") ||
        fail "cannot read the step $2 from docs/ci.md"
    (cd "$dir" && bash -c "$script")
}

# release_stand_ins BIN: curl and apt-get stand-ins in BIN for the documented "Install the judge"
# steps, which download the judge's released package (JUDGE_DEB) and its SHA-256 and install it.
# curl -fsSLO URL writes a file named as the URL's last part (the .sha256 one the true hash of the
# stand-in package) and logs the URL; apt-get logs what it was asked. Both log to $TMP/install.log;
# the judge under test is BIN/judge, as the package would put it on PATH.
release_stand_ins() {
    mkdir -p "$1"
    ln -sf "$JUDGE" "$1/judge"
    cat >"$1/curl" <<SH
#!/bin/sh
for url; do :; done
echo "curl \$*" >>"$TMP/install.log"
name=\${url##*/}
case \$name in
    *.sha256) printf 'not a real package\n' | sha256sum | sed "s|-\\\$|\${name%.sha256}|" >"\$name" ;;
    *) printf 'not a real package\n' >"\$name" ;;
esac
SH
    cat >"$1/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >>"$TMP/install.log"
SH
    chmod +x "$1/curl" "$1/apt-get"
}
