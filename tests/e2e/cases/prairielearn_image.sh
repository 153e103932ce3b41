# shellcheck shell=bash
# Issue #45, point 1: docs/ci.md's PrairieLearn grader image has a warm cache. Its Dockerfile's
# ENV and RUN lines are run as written (the image's /course and /var/cache/judge are folders under
# $TMP; the course is problem_sdpa alone, to keep the case short), then the entry point judges a
# student's new file as the grader host runs it, and the job must add nothing to the cache: the
# references, the harness and the precompiled header were all built when the image was. The cache
# is then made private (chmod -R go-rwx), and the file must still compile in its box.
IMG="$TMP/image"
mkdir -p "$IMG/course/problems" "$IMG/course/reference" "$IMG/course/student_template" "$IMG/grade/student" "$IMG/bin"
for d in problems reference student_template; do cp -r "$ROOT/$d/problem_sdpa" "$IMG/course/$d/"; done
ln -s "$JUDGE" "$IMG/bin/judge"
cat >"$IMG/bin/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >>"$TMP/apt.log"
SH
chmod +x "$IMG/bin/apt-get"
python3 - "$ROOT/docs/ci.md" "$IMG" >"$TMP/build.sh" <<'PY' || fail "no grader image Dockerfile in docs/ci.md"
import sys
lines = open(sys.argv[1]).read().splitlines()
start = lines.index("```dockerfile") + 1
block = lines[start:lines.index("```", start)]
assert block[0].startswith("# Dockerfile of the grader image"), block[0]
out = ["set -e"]
for line in block[1:]:
    op, _, rest = line.partition(" ")
    rest = rest.replace("/course", sys.argv[2] + "/course").replace("/var/cache/judge", sys.argv[2] + "/cache")
    if op == "ENV":
        out.append("export " + rest)
    elif op == "RUN":
        out.append(rest)
    elif op == "ADD":  # the judge's released package (its own workflow builds and checks it)
        url, dest = rest.split()
        assert url.startswith("https://github.com/our-org/judge/releases/download/v") and url.endswith("_amd64.deb"), url
        assert dest == "/tmp/judge.deb", dest
    elif op == "FROM":
        assert rest == "debian:12", rest
    elif op != "COPY":
        sys.exit("an instruction the case does not know: " + line)
print("\n".join(out))
PY
(unset JUDGE_CACHE JUDGE_ROOT; PATH="$IMG/bin:$PATH" bash "$TMP/build.sh") >"$TMP/build.log" 2>&1 ||
    fail "the image's build steps failed: $(tail -20 "$TMP/build.log")"
[ -d "$IMG/cache" ] || fail "the build steps made no cache at the image's JUDGE_CACHE"
grep -qx "apt-get install -y -q --no-install-recommends /tmp/judge.deb" "$TMP/apt.log" ||
    fail "the image does not install the package it downloaded: $(cat "$TMP/apt.log")"
# Made private by hand, as one might: the boxes still read the headers, and nothing blames the student.
chmod -R go-rwx "$IMG/cache"
(cd "$IMG/cache" && find . | sort) >"$TMP/before"
# A student's new file, graded as the host runs the entry point, with the image's environment.
{ echo "// my own"; cat "$ROOT/reference/problem_sdpa/solution.cpp"; } >"$IMG/grade/student/solution.cpp"
read -ra argv <<<"judge-prairielearn problem_sdpa"
JUDGE_ROOT="$IMG/course" JUDGE_CACHE="$IMG/cache" GRADE_DIR="$IMG/grade" JUDGE="$JUDGE" \
    "$ROOT/scripts/prairielearn/${argv[0]}" "${argv[@]:1}" >"$TMP/out" 2>"$TMP/err" || fail "the entry point exited $?"
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["gradable"] and r["score"] == 1, r' \
    "$IMG/grade/results/results.json" || fail "the warm image did not grade the file: $(head -c 600 "$IMG/grade/results/results.json")"
(cd "$IMG/cache" && find . | sort) >"$TMP/after"
added=$(comm -13 "$TMP/before" "$TMP/after")
[ -z "$added" ] || fail "the student's job built into the warm cache: $added"
