# shellcheck shell=bash
# Issue #23: judge pack --gradescope's run_autograder, run as Gradescope runs it: in a root whose
# /autograder is a fresh folder (bubblewrap), with no AUTOGRADER set, writes
# /autograder/results/results.json for a submission and for none.
command -v bwrap >/dev/null || { echo "skip: bubblewrap is not installed"; return 0; }
GS_SEED=$("$JUDGE" secret new) expect_exit 0 "$JUDGE" -q --root "$ROOT" pack problem_sdpa --gradescope --out "$TMP/a.zip" \
    --seed-from-env GS_SEED
mkdir -p "$TMP/ag/submission" "$TMP/home"
python3 -c "
import os, sys, zipfile
z = zipfile.ZipFile(sys.argv[1]); z.extractall(sys.argv[2])
for i in z.infolist():
    os.chmod(os.path.join(sys.argv[2], i.filename), (i.external_attr >> 16) & 0o777 or 0o644)
" "$TMP/a.zip" "$TMP/ag/source" || fail "the zip does not extract"
mkdir -p "$JUDGE_CACHE"
judge_dir=$(cd "$(dirname "$JUDGE")" && pwd)
cache=$(cd "$JUDGE_CACHE" && pwd)
# Only the system, the judge's binary, the cache, a home and /autograder: not the course it came
# from. (Nothing is mounted over a folder that may hold the binary: /root on a fresh machine.)
in_root() {
    bwrap --ro-bind /usr /usr --ro-bind /etc /etc --symlink usr/lib /lib --symlink usr/lib64 /lib64 \
        --symlink usr/bin /bin --symlink usr/sbin /sbin --proc /proc --dev /dev --tmpfs /tmp \
        --ro-bind "$judge_dir" "$judge_dir" --bind "$cache" "$cache" --bind "$TMP/home" "$TMP/home" \
        --bind "$TMP/ag" /autograder --unshare-pid --die-with-parent --clearenv \
        --setenv PATH /usr/bin:/bin --setenv HOME "$TMP/home" --setenv JUDGE_CACHE "$cache" \
        --setenv JUDGE "$judge_dir/$(basename "$JUDGE")" /autograder/source/run_autograder
}
in_root >"$TMP/out" 2>"$TMP/err" || fail "run_autograder failed: $(cat "$TMP/err")"
python3 -c "
import json, sys; r = json.load(open(sys.argv[1]))
assert r['score'] == 0 and r['extra_data']['verdict'] == 'missing' and 'no solution.cpp or solution.py in' in r['output'], r
" "$TMP/ag/results/results.json" || fail "no submission: results.json does not say so"
bug_source "$ROOT" problem_sdpa no_mask "$TMP/ag/submission/solution.cpp"
in_root >"$TMP/out" 2>"$TMP/err" || fail "run_autograder failed: $(cat "$TMP/err")"
python3 -c "
import json, sys; r = json.load(open(sys.argv[1]))
assert r['score'] == sum(t['score'] for t in r['tests']) == 5, r
assert r['visibility'] == 'visible' and 'Fix first: masking' in r['output'], r
masking = next(t for t in r['tests'] if t['extra_data']['trap'] == 'masking')
assert masking['status'] == 'failed' and masking['tags'][:2] == ['masking', 'failed'], masking
" "$TMP/ag/results/results.json" || fail "results.json is not the judge's report: $(cat "$TMP/ag/results/results.json")"
    echo "  /autograder/results/results.json written in a root of its own, for none and for a submission ($(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['extra_data']['sandbox'])" "$TMP/ag/results/results.json") tier)"
