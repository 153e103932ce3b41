#!/usr/bin/env bash
# Builds the judge's Debian package: a Release build of the judge alone, then cpack -G DEB.
# Prints the package's path on stdout. `apt-get install ./judge_<version>_<arch>.deb` installs it
# with its dependencies (docs/install.md).
#   bash scripts/make_deb.sh [BUILD_DIR]     (default: build/deb)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build/deb}
echo "make_deb: building the judge (Release) in $build" >&2
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DJUDGE_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --target judge >&2
(cd "$build" && cpack -G DEB >/dev/null)
ls "$build"/judge_*.deb
