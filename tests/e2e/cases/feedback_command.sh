# shellcheck shell=bash
# cost: 20
# Issue #63, point 2: judge feedback OUT --student ID hands over any student's report.md, however
# their folder was escaped or capped: an accented id with an apostrophe and a space, an id too long
# for a folder name; a report longer than the limit is cut to it, saying so; and each error names
# what is wrong with its exit code.
C="$TMP/class"
zoe="zoé d'Arc"
long=$(printf 'x%.0s' $(seq 1 150))
mkdir -p "$C/$zoe" "$C/$long" "$C/longerr"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$C/$zoe/"
cp "$ROOT/reference/problem_sdpa/solution.cpp" "$C/$long/"
cp "$ROOT/tests/e2e/cases/platforms_one_class/long_error.cpp" "$C/longerr/solution.cpp"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_sdpa --class "$C" --out "$TMP/g" --no-counterexamples
for id in "$zoe" "$long"; do
    expect_exit 0 "$JUDGE" feedback "$TMP/g" --student "$id"
    [ "$(head -1 "$TMP/out")" = "# problem_sdpa: 8 of 8 points (accepted)" ] || fail "$id's feedback: $(head -2 "$TMP/out")"
    [ -s "$TMP/err" ] && fail "a report that fits is not cut, and says nothing: $(cat "$TMP/err")"
done
size=$(wc -c <"$TMP/g/students/longerr/report.md")
[ "$size" -gt 65536 ] || fail "longerr's report is $size bytes: the case tests no cut"
expect_exit 0 "$JUDGE" feedback "$TMP/g" --student longerr
[ "$(wc -c <"$TMP/out")" -le 65536 ] || fail "the cut feedback is $(wc -c <"$TMP/out") bytes"
expect_out "This report is longer than the 65,536 characters this page can hold, so lines"
expect_out "The whole report: \`students/longerr/report.md\` of the grade, which your instructor has."
expect_out "problem_sdpa: compile_error, 0/8 points"
expect_err "feedback for longerr:"
expect_exit 0 "$JUDGE" feedback "$TMP/g" --student longerr --limit 4000 --whole-at "the file feedback.md in your repository"
[ "$(wc -c <"$TMP/out")" -le 4000 ] || fail "--limit 4000 gave $(wc -c <"$TMP/out") bytes"
expect_out "The whole report: the file feedback.md in your repository."
# Errors: no such student (1); not a grade output, a limit too small, words too long (2).
expect_exit 1 "$JUDGE" feedback "$TMP/g" --student nobody
expect_err "no feedback for nobody: $TMP/g has no student \"nobody\""
rm "$TMP/g/students/longerr/report.md"
expect_exit 1 "$JUDGE" feedback "$TMP/g" --student longerr
expect_err "no feedback for longerr: $TMP/g/students/longerr/report.md is missing; grade the class again"
expect_exit 2 "$JUDGE" feedback "$C" --student "$zoe"
expect_err "$C/grade.json: missing; is $C the --out of a judge grade or merge run?"
expect_exit 2 "$JUDGE" feedback "$TMP/g" --student "$zoe" --limit 100
expect_err "--limit 100: expected at least 2048 bytes"
expect_exit 2 "$JUDGE" feedback "$TMP/g" --student "$zoe" --whole-at "$(printf 'w%.0s' $(seq 1 600))"
expect_err "--whole-at: at most 512 bytes, got 600"
echo "  an accented id, a capped one, a cut report within --limit; each error's words and exit"
