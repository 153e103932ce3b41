# shellcheck shell=bash
# cost: 20
# Issue #63, point 7: the judge's release workflow (.github/workflows/release.yml), its steps run as
# written (workflow_step.py) in a checkout whose setup.sh and make_deb.sh are stand-ins (the real
# package is built and checked by ctest's "ecosystem: the Debian package"): a tag that is not the
# judge's version fails before anything is built; the package gets its SHA-256 beside it; the
# installed judge judges; and the release is made once, with both files attached.
python3 -c "import yaml" 2>/dev/null || { echo "skipped: python3-yaml is not installed (scripts/setup.sh)"; exit 77; }
W="$TMP/checkout"
mkdir -p "$W/scripts" "$TMP/bin"
cp "$ROOT/CMakeLists.txt" "$W/"
for d in problems reference student_template; do ln -s "$ROOT/$d" "$W/$d"; done
version=$(sed -n 's/^project(judge VERSION \([0-9.]*\).*/\1/p' "$ROOT/CMakeLists.txt")
[ -n "$version" ] || fail "CMakeLists.txt's project() has no version the workflow can read"
cat >"$W/scripts/setup.sh" <<SH
echo "setup \$*" >>"$TMP/calls"
SH
cat >"$W/scripts/make_deb.sh" <<SH
mkdir -p "\$1" && echo "a package" >"\$1/judge_${version}_amd64.deb" && ls "\$1"/judge_*.deb
SH
ln -s "$JUDGE" "$TMP/bin/judge"
cat >"$TMP/bin/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >>"$TMP/calls"
SH
cat >"$TMP/bin/gh" <<SH
#!/bin/sh
echo "gh \$*" >>"$TMP/calls"
[ "\$1 \$2" = "release view" ] && exit 1     # no release of the tag yet
exit 0
SH
chmod +x "$TMP/bin/apt-get" "$TMP/bin/gh"
step() {  # step NAME TAG: the workflow's step, in the checkout
    local script
    script=$(python3 "$ROOT/tests/e2e/workflow_step.py" "$ROOT/.github/workflows/release.yml" - deb "$1" \
        github.token=tok) || fail "cannot read the step $1 of release.yml"
    (cd "$W" && PATH="$TMP/bin:$PATH" GITHUB_REF_NAME="$2" GITHUB_REPOSITORY=our-org/judge bash -c "$script")
}
if step "The tag is the judge's version" v9.9.9 >"$TMP/log" 2>&1; then fail "a tag other than the version passed"; fi
grep -q "the tag v9.9.9 is not CMakeLists.txt's version v$version" "$TMP/log" || fail "the wrong tag is not said: $(cat "$TMP/log")"
step "The tag is the judge's version" "v$version" >"$TMP/log" 2>&1 || fail "the version's tag failed: $(cat "$TMP/log")"
step "Build the package" "v$version" >"$TMP/log" 2>&1 || fail "the build step failed: $(cat "$TMP/log")"
grep -qx "setup --judge-only" "$TMP/calls" || fail "the build step did not set up the judge's packages: $(cat "$TMP/calls")"
deb="build/deb/judge_${version}_amd64.deb"
[ "$(cat "$W/deb-path")" = "$deb" ] || fail "deb-path holds $(cat "$W/deb-path"), not $deb"
(cd "$W/build/deb" && sha256sum -c --quiet "judge_${version}_amd64.deb.sha256") || fail "the package's SHA-256 file does not check"
step "Install it and judge with it" "v$version" >"$TMP/log" 2>&1 || fail "the install step failed: $(tail -20 "$TMP/log")"
grep -qx "apt-get install -y -q --no-install-recommends ./$deb" "$TMP/calls" || fail "the package is not installed: $(cat "$TMP/calls")"
grep -q "problem_mha: accepted" "$TMP/log" || fail "the installed judge did not accept the reference: $(tail -5 "$TMP/log")"
step "Attach it to the release" "v$version" >"$TMP/log" 2>&1 || fail "the attach step failed: $(cat "$TMP/log")"
grep -q "^gh release create v$version --repo our-org/judge" "$TMP/calls" || fail "no release made: $(cat "$TMP/calls")"
grep -qx "gh release upload v$version $deb $deb.sha256 --repo our-org/judge --clobber" "$TMP/calls" ||
    fail "the package and its SHA-256 are not attached: $(cat "$TMP/calls")"
echo "  a wrong tag fails; the package, its SHA-256, an installed judge that judges, one release with both attached"
