# shellcheck shell=bash
# labels: sanitized
# A missing compiler is the judge's failure: exit 3, named.
CXX=/nonexistent/g++ "$JUDGE" --root "$ROOT" submit problem_mha --file "$ROOT/reference/problem_mha/solution.cpp" >"$TMP/out" 2>"$TMP/err"
[ $? = 3 ] || fail "a missing compiler should exit 3"
expect_err "judge: error: cannot run the C++ compiler '/nonexistent/g++'"
