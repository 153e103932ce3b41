# shellcheck shell=bash
# cost: 90
# Issue #21: realistic mistakes on the four new problems (tests/e2e/mistakes.tsv, each an edit of
# the reference). Every one is rejected, and a "Fix first" that names its trap with confidence
# names one the mistake belongs to; where none is listed ("-"), the report must say less.
n=0
while IFS=$'\t' read -r prob name traps script; do
    case "$prob" in '#'* | '') continue ;; esac
    sed "$script" "$ROOT/reference/$prob/solution.cpp" >"$TMP/$prob-$name.cpp"
    cmp -s "$TMP/$prob-$name.cpp" "$ROOT/reference/$prob/solution.cpp" && fail "$prob/$name: the edit did not apply"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit "$prob" --file "$TMP/$prob-$name.cpp" --format json
    python3 "$HERE/check.py" "$TMP/out" "$traps" "$prob/$name" || fail "$prob/$name: the report is not what its mistake deserves"
    n=$((n + 1))
done <"$ROOT/tests/e2e/mistakes.tsv"
echo "  $n realistic mistakes rejected, none with a wrong confident Fix first"
