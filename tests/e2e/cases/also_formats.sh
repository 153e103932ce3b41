# shellcheck shell=bash
# Issue #45, point 7: one judging, several documents. `submit --also FORMAT=FILE` writes the same
# report in another format (the Classroom workflow's step summary and its reporter's line), each
# the same bytes as `--format FORMAT` would print; a bad --also is refused before judging; the
# Markdown's fence outlasts any backticks a submission put in its compile error.
bug="$TMP/bug.cpp"
bug_source "$ROOT" problem_sdpa no_mask "$bug"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" \
    --also markdown="$TMP/summary.md" --also classroom="$TMP/result.b64"
expect_out "Fix first: masking"
"$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" --format markdown >"$TMP/md" 2>/dev/null
cmp -s "$TMP/md" "$TMP/summary.md" || fail "--also markdown differs from --format markdown"
"$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" --format classroom >"$TMP/b64" 2>/dev/null
cmp -s "$TMP/b64" "$TMP/result.b64" || fail "--also classroom differs from --format classroom"
head -1 "$TMP/summary.md" | grep -x "# problem_sdpa: 5 of 8 points (wrong answer)" >/dev/null ||
    fail "the Markdown's heading: $(head -1 "$TMP/summary.md")"
# Bad --also: exit 2, nothing judged.
expect_exit 2 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" --also nope
expect_err '--also: expected FORMAT=FILE (for example markdown=summary.md), got "nope"'
expect_exit 2 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" --also pdf=x.pdf
expect_err '--also pdf=x.pdf: expected text, json'
expect_no_out "problem_sdpa"
# A file that cannot be written: the verdict is printed all the same, and the exit says bad input.
expect_exit 2 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$bug" --also markdown="$bug/s.md"
expect_out "Fix first: masking"
expect_err "--also markdown: cannot write $bug/s.md"
# A compile error that quotes backticks cannot end the fence.
printf '// ```` then # Heading\nint broken = ````;\n' >"$TMP/ticks.cpp"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/ticks.cpp" --format markdown
python3 - "$TMP/out" <<'PY' || fail "the fence does not outlast the backticks: $(cat "$TMP/out")"
import re, sys
md = open(sys.argv[1]).read()
lines = md.splitlines()
fence = re.match(r"(`+)text$", lines[2]).group(1)
longest = max(len(m) for m in re.findall(r"`+", "\n".join(lines[3:-1])))
assert len(fence) > longest and lines[-1] == fence, (fence, longest, lines[-1])
assert "compile error" in lines[0], lines[0]
PY
# No file: a platform's document asked for with --also is written all the same (score 0, exit 1),
# as --format would; without one, it is bad input (exit 2), as before.
mkdir -p "$TMP/empty"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --dir "$TMP/empty" --also classroom="$TMP/missing.b64"
python3 -c 'import base64, json, sys; r = json.loads(base64.b64decode(open(sys.argv[1]).read())); assert r["status"] == "error" and sum(t["score"] for t in r["tests"]) == 0, r' \
    "$TMP/missing.b64" || fail "no Classroom document for a missing file: $(cat "$TMP/missing.b64")"
expect_exit 2 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --dir "$TMP/empty" --also markdown="$TMP/missing.md"
