#!/usr/bin/env bash
# Issue #23: what a CI job or an autograder image saves by installing the judge's package instead
# of building it. Times, with /usr/bin/time, a cold Release build of the judge and its packaging
# (scripts/make_deb.sh), then what a job does with the package: unpack it (dpkg-deb -x, what
# apt-get install adds to its dependencies' download) and run its first submit on an empty cache.
#   bash bench/package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
secs() { /usr/bin/time -f %e -o "$T/t" "$@" >/dev/null 2>&1; cat "$T/t"; }
echo "== $(nproc) cores, $(g++ --version | head -1)"
echo "build the judge and its .deb, cold (scripts/make_deb.sh): $(secs bash scripts/make_deb.sh "$T/build") s"
deb=$(ls "$T"/build/judge_*.deb)
echo "package: $(basename "$deb"), $(wc -c <"$deb") bytes"
echo "cpack -G DEB alone, on that build: $(cd "$T/build" && secs cpack -G DEB) s"
echo "unpack it (dpkg-deb -x): $(secs dpkg-deb -x "$deb" "$T/root") s"
echo "its first submit, empty cache (the reference, the harness, the header): $(JUDGE_CACHE="$T/cache" \
    secs "$T/root/usr/bin/judge" -q --root . submit problem_mha --file reference/problem_mha/solution.cpp) s"
echo "the next submit, warm: $(JUDGE_CACHE="$T/cache" \
    secs "$T/root/usr/bin/judge" -q --root . submit problem_mha --file reference/problem_mha/solution.cpp) s"
