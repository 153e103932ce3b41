# shellcheck shell=bash
# cost: 34
# Issues #39 and #62: a counterexample's values are shown whole, so its case must run before any
# hidden test. The hidden test shapes_split_12 (x of shape (2, 5, 12), 3 heads: no sample test
# or candidate has it) leaves a file under a fixed name in its out/; a run on a small x that finds
# that file answers 3 x, else 2 x. The counterexample (small inputs) must show 2 x: the candidates
# run in the first phase, with the sample tests, and the second run of failing tests (in the same
# box after the last test, pipeline/rerun.hpp) finds the file gone from out/ and their outputs
# unchanged. As root the judge's
# out/ is a tmpfs that is gone after its run, so the case runs the judge as nobody, whose out/ is a
# plain folder of the box.
# relay READ WRITE OUT: the submission, with the relay's two paths.
relay() {
    python3 - "$1" "$2" "$ROOT/reference/problem_mha/solution.cpp" >"$3" <<'PY'
import sys

read, write, src = sys.argv[1:4]
head = "Tensor split_heads(const Tensor& x, int64_t num_heads) {"
body = f"""
    if (x.numel() <= 64) {{
        std::ifstream in("{read}");
        std::string got;
        if (in && std::getline(in, got)) return x * 3.0f;
    }} else if (x.shape() == std::vector<int64_t>{{2, 5, 12}} && num_heads == 3) {{
        std::ofstream("{write}") << "hidden\\n";
    }}
    if (num_heads > 0) return x * 2.0f;"""
text = open(src).read()
assert head in text
print("#include <fstream>\n#include <string>\n#include <vector>\n" + text.replace(head, head + body, 1), end="")
PY
}
relay /box/out/relay-cx ../relay-cx "$TMP/relay.cpp"
grep -q 'relay-cx' "$TMP/relay.cpp" || fail "the relay was not written into the submission"
as=()
if [ "$(id -u)" = 0 ]; then
    chmod 755 "$TMP"
    chmod 644 "$TMP/relay.cpp"
    mkdir -m 777 "$TMP/nobody-cache" "$TMP/nobody-tmp"
    as=(runuser -u nobody -- env JUDGE_CACHE="$TMP/nobody-cache" TMPDIR="$TMP/nobody-tmp")
fi
# two_x REPORT: each counterexample on split_heads shows 2 x, never the relay's 3 x.
two_x() {
    python3 - "$1" <<'PY'
import json
import sys

report = json.load(open(sys.argv[1]))
shown = [t for t in report["tests"]
         if t.get("counterexample") and t["counterexample"]["function"] == "split_heads"
         and "output" in t["counterexample"]["got"]]
assert shown, "no counterexample on split_heads"
for t in shown:
    cx = t["counterexample"]
    x = cx["inputs"]["x"]["values"]
    got = cx["got"]["output"]["values"]
    assert got == [2 * v for v in x], (t["id"], got, x)
print("counterexamples on split_heads: %d, each 2 x" % len(shown))
PY
}
expect_exit 1 "${as[@]}" "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/relay.cpp" --format json
two_x "$TMP/out" || fail "a counterexample shows what an earlier run left"

# A place every run of the host shares, as its page cache is (which no tier can namespace): in the
# fallback tier without Landlock, the machine's /tmp. Before issue #62 the candidates ran after the
# hidden tests, in a run of their own, and showed 3 x here. With Landlock the place is closed to
# every box: the hidden test cannot write it (sandbox/landlock.hpp).
shared=/tmp/judge-relay-cx-$$
rm -f "$shared"
relay "$shared" "$shared" "$TMP/host.cpp"
chmod 644 "$TMP/host.cpp"
JUDGE_SANDBOX=fallback expect_exit 1 "${as[@]}" "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/host.cpp" --format json
grep -q '"sandbox": "fallback"' "$TMP/out" || fail "the second submission did not run in the fallback tier"
if JUDGE_SANDBOX=fallback "$JUDGE" doctor 2>/dev/null | grep '^files: *Landlock' >/dev/null; then
    [ -e "$shared" ] && { rm -f "$shared"; fail "a box wrote $shared, which Landlock closes"; }
else
    [ -s "$shared" ] || fail "the hidden test could not write $shared: the case proves nothing"
fi
rm -f "$shared"
two_x "$TMP/out" || fail "a counterexample shows what a hidden test left in a place the host shares"
