#!/usr/bin/env bash
# The Debian package (cpack -G DEB) holds the binary, its embedded headers, the completion and the
# docs, declares what it needs at run time, and its judge runs: doctor, and a submit that the
# reference passes. With JUDGE_DEB_INSTALL=1, as root (a fresh machine), it also installs the
# package with apt-get and runs the installed /usr/bin/judge.
#   bash tests/ecosystem/check_deb.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
BUILD=${1:?usage: check_deb.sh BUILD_DIR SOURCE_DIR}
SRC=$(cd "${2:?usage: check_deb.sh BUILD_DIR SOURCE_DIR}" && pwd)
command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps >/dev/null && command -v file >/dev/null ||
    { echo "skip: dpkg-dev or file is not installed (scripts/setup.sh installs both)"; exit 77; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# A copy of the build's configuration, so that packaging never races the build folder's own files.
(cd "$BUILD" && cpack -G DEB -B "$TMP/pkg" >"$TMP/log" 2>&1) || { cat "$TMP/log"; fail "cpack -G DEB failed"; }
deb=$(ls "$TMP"/pkg/judge_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "cpack wrote no judge_*.deb"
case $(basename "$deb") in judge_[0-9]*.[0-9]*.[0-9]*_*.deb) ;; *) fail "$(basename "$deb") is not named judge_VERSION_ARCH.deb" ;; esac
dpkg-deb -f "$deb" Depends >"$TMP/depends"
for d in g++ bubblewrap libseccomp2 libssl3 libstdc++6 libspdlog; do
    grep -F "$d" "$TMP/depends" >/dev/null || fail "Depends lacks $d: $(cat "$TMP/depends")"
done
# Python submissions: python3 is needed, and NumPy and PyTorch are recommended (issue #45, point 6).
grep -F "python3" "$TMP/depends" >/dev/null || fail "Depends lacks python3: $(cat "$TMP/depends")"
dpkg-deb -f "$deb" Recommends >"$TMP/recommends"
for d in python3-numpy python3-torch; do
    grep -F "$d" "$TMP/recommends" >/dev/null || fail "Recommends lacks $d: $(cat "$TMP/recommends")"
done
dpkg-deb -x "$deb" "$TMP/root" || fail "dpkg-deb -x failed"
for f in usr/bin/judge usr/bin/judge-prairielearn usr/libexec/judge/judge-py-client \
    usr/share/bash-completion/completions/judge usr/share/doc/judge/README.md usr/share/doc/judge/ci.md \
    usr/share/doc/judge/copyright usr/share/doc/judge/changelog.gz usr/share/man/man1/judge.1.gz \
    usr/share/man/man1/judge-prairielearn.1.gz usr/share/lintian/overrides/judge; do
    [ -f "$TMP/root/$f" ] || fail "the package has no /$f"
done
# Debian's own check of the package: no error (warnings are listed).
if command -v lintian >/dev/null; then
    lintian --fail-on error "$deb" >"$TMP/lintian" 2>&1 || { cat "$TMP/lintian"; fail "lintian finds errors in the package"; }
    echo "lintian: $(grep -c '^[EW]:' "$TMP/lintian") error or warning line(s)"
    cat "$TMP/lintian"
else
    echo "lintian is not installed (scripts/setup.sh installs it): not run"
fi
# The packaged judge, run from its own files: its headers are embedded, its course is --root. It
# judges C++, PyTorch and NumPy (with python3-torch and python3-numpy installed).
check_judge() {
    local j=$1
    "$j" --version | grep "^judge " >/dev/null || fail "$j --version does not run"
    "$j" doctor >"$TMP/doctor" 2>&1 || fail "$j doctor failed: $(cat "$TMP/doctor")"
    grep "^tier:  " "$TMP/doctor" >/dev/null || fail "$j doctor names no tier: $(cat "$TMP/doctor")"
    (cd "$TMP" && JUDGE_CACHE="$TMP/cache" "$j" -q --root "$SRC" submit problem_sdpa \
        --file "$SRC/reference/problem_sdpa/solution.cpp" >"$TMP/report" 2>&1) ||
        fail "$j submit of the reference failed: $(cat "$TMP/report")"
    grep "problem_sdpa: accepted" "$TMP/report" >/dev/null || fail "$j did not accept the reference: $(cat "$TMP/report")"
    # The Python references, NumPy and PyTorch: the box's client is found in ../libexec/judge.
    for py in reference/problem_sdpa/solution.py reference/problem_sdpa/accepted/numpy_arrays.py; do
        (cd "$TMP" && JUDGE_CACHE="$TMP/cache" "$j" -q --root "$SRC" submit problem_sdpa --file "$SRC/$py" \
            >"$TMP/report" 2>&1) || fail "$j submit of $py failed: $(cat "$TMP/report")"
        grep "problem_sdpa: accepted" "$TMP/report" >/dev/null || fail "$j did not accept $py: $(cat "$TMP/report")"
    done
}
check_judge "$TMP/root/usr/bin/judge"
if [ "${JUDGE_DEB_INSTALL:-0}" = 1 ]; then
    [ "$(id -u)" = 0 ] || fail "JUDGE_DEB_INSTALL=1 needs root"
    cp "$deb" "$TMP/judge.deb"
    start=$(date +%s)
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$TMP/judge.deb" >"$TMP/apt" 2>&1 ||
        { cat "$TMP/apt"; fail "apt-get install ./judge.deb failed"; }
    took=$(( $(date +%s) - start ))
    check_judge /usr/bin/judge
    dpkg-query -W -f='${Status}' judge | grep "install ok installed" >/dev/null || fail "dpkg does not list judge as installed"
    echo "ok: apt-get install ./$(basename "$deb") in ${took} s; the installed /usr/bin/judge runs doctor and a submit"
fi
echo "ok: $(basename "$deb"): $(wc -c <"$deb") bytes, Depends: $(cat "$TMP/depends")"
