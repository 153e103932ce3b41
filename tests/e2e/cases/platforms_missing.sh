# shellcheck shell=bash
# Issue #23: the platforms' formats always write their document: a missing or unreadable file
# scores 0 and says why (exit 1); every JUDGE_* setting is an option too.
for f in gradescope classroom prairielearn codegrade junit; do
    expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$TMP/none.cpp" --format "$f"
    cp "$TMP/out" "$TMP/$f"
    expect_err "--file: $TMP/none.cpp does not exist"
done
mkdir -p "$TMP/dir.cpp"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$TMP/dir.cpp" --format gradescope
cp "$TMP/out" "$TMP/unreadable"
python3 - "$TMP" <<'PY' || fail "a missing submission's documents are wrong"
import base64, json, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
gs = json.load(open(d + "/gradescope"))
assert gs["score"] == 0 and "does not exist" in gs["output"] and all(t["score"] == 0 for t in gs["tests"]), gs
cl = json.loads(base64.b64decode(open(d + "/classroom").read()))
assert cl["status"] == "error" and cl["max_score"] == 32 and sum(t["score"] for t in cl["tests"]) == 0, cl
assert "does not exist" in cl["tests"][0]["message"], cl
pl = json.load(open(d + "/prairielearn"))
assert pl["gradable"] is False and "does not exist" in pl["format_errors"][0], pl
assert json.load(open(d + "/codegrade")) == {"tag": "points", "points": "0/32"}
suite = ET.parse(d + "/junit").getroot()[0]
assert int(suite.attrib["errors"]) == 9, suite.attrib
un = json.load(open(d + "/unreadable"))
assert un["score"] == 0 and "dir.cpp: cannot read: it is not a regular file" in un["output"], un["output"]
PY
# The settings as options: they reach the judge with no environment.
expect_exit 0 env -u JUDGE_SANDBOX -u JUDGE_CACHE "$JUDGE" --root "$ROOT" --sandbox fallback --cache "$TMP/c" doctor
expect_out "cache:            $TMP/c"
expect_out "JUDGE_SANDBOX=fallback"
expect_exit 2 "$JUDGE" --root "$ROOT" --sandbox nowhere doctor
expect_err "--sandbox (JUDGE_SANDBOX): expected bubblewrap or fallback, got \"nowhere\""
expect_exit 2 "$JUDGE" --root "$ROOT" --box-uids 5-1 doctor
expect_err "--box-uids (JUDGE_BOX_UIDS): expected FIRST-LAST"
echo "  no file, an unreadable file: score 0 and the reason in five formats; --sandbox, --cache, --box-uids"
