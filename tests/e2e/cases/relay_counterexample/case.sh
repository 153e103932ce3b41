# shellcheck shell=bash
# cost: 34
# Issue #39: a counterexample's run is a second run of the same box, and its values are shown
# whole. A hidden test of the first run (its x has more than 64 elements) leaves a file under a
# fixed name in its out/ ("hidden"); a run on a small x that finds that file answers 3 x, else 2 x.
# The counterexample (small inputs) must show 2 x: a later run sees no earlier out/. The spec's own
# tests answer 2 x in every run (sample tests run before any hidden one), so the second run of the
# failing tests (pipeline/rerun.hpp) finds their outputs unchanged. As root the judge's out/ is a tmpfs that is gone after its run, so the case
# runs the judge as nobody, whose out/ is a plain folder of the box.
{
    echo '#include <fstream>'
    echo '#include <string>'
    sed 's|^Tensor split_heads(const Tensor& x, int64_t num_heads) {|&\
    if (x.numel() <= 64) {\
        std::ifstream in("/box/out/relay-cx");\
        std::string got;\
        if (in \&\& std::getline(in, got)) return x * 3.0f;\
    } else {\
        std::ofstream("../relay-cx") << "hidden\\n";\
    }\
    if (num_heads > 0) return x * 2.0f;|' "$ROOT/reference/problem_mha/solution.cpp"
} >"$TMP/relay.cpp"
grep -q 'relay-cx' "$TMP/relay.cpp" || fail "the relay was not written into the submission"
as=()
if [ "$(id -u)" = 0 ]; then
    chmod 755 "$TMP"
    chmod 644 "$TMP/relay.cpp"
    mkdir -m 777 "$TMP/nobody-cache" "$TMP/nobody-tmp"
    as=(runuser -u nobody -- env JUDGE_CACHE="$TMP/nobody-cache" TMPDIR="$TMP/nobody-tmp")
fi
expect_exit 1 "${as[@]}" "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/relay.cpp" --format json
python3 - "$TMP/out" <<'PY' || fail "a counterexample shows what an earlier run left"
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
