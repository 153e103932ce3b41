# shellcheck shell=bash
# Issue #45, point 6: a machine without the Python interpreter (a judge installed without python3)
# fails as the judge (exit 3, saying what to install), never as the student's compile error: in
# submit and in grade (judge_error, exit 3). The interpreter is hidden in a mount namespace of its
# own, where /dev/null is bound over it; that needs root and unshare, or the case is skipped.
hide=(unshare -m sh -c 'mount --bind /dev/null /usr/bin/python3 && exec "$@"' hide)
if [ "$(id -u)" != 0 ] || ! "${hide[@]}" true 2>/dev/null; then
    echo "skipped: hiding /usr/bin/python3 needs root and unshare -m"
    exit 77
fi
expect_exit 3 "${hide[@]}" "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.py"
expect_err "Python submissions need /usr/bin/python3 with NumPy and PyTorch, which this machine lacks: apt-get install python3 python3-numpy python3-torch"
expect_no_out "compile_error"
mkdir -p "$TMP/class/ann" "$TMP/class/bob"
cp "$ROOT/reference/problem_sdpa/solution.py" "$TMP/class/ann/"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$TMP/class/bob/"
expect_exit 3 "${hide[@]}" "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g"
grep -q '^ann,judge_error,' "$TMP/g/grades.csv" || fail "ann's missing interpreter is not judge_error: $(cat "$TMP/g/grades.csv")"
grep -q '^bob,accepted,' "$TMP/g/grades.csv" || fail "bob's C++ submission was not graded: $(cat "$TMP/g/grades.csv")"
# The interpreter is there but not the library (a .deb installed without its Recommends): the
# judge's failure again, naming the package, and never the student's compile error.
hide_libs=(unshare -m sh -c 'mount -t tmpfs none /usr/lib/python3/dist-packages && exec "$@"' hide)
expect_exit 3 "${hide_libs[@]}" "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$ROOT/reference/problem_sdpa/solution.py"
expect_err "this machine's Python has no torch (Debian: apt-get install python3-torch)"
expect_no_out "compile_error"
expect_exit 3 "${hide_libs[@]}" "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$TMP/class" --out "$TMP/g2"
grep -q '^ann,judge_error,' "$TMP/g2/grades.csv" || fail "ann's missing library is not judge_error: $(cat "$TMP/g2/grades.csv")"
