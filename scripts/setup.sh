#!/usr/bin/env bash
# Installs what the judge needs to build, test and sandbox, from Debian 12 packages only.
# Idempotent: when everything is present it prints one line and exits 0 without touching apt.
# As root it runs apt-get; as anyone else it prints the exact command to run and exits 1.
#   bash scripts/setup.sh               everything: the judge, its tests and their tools
#   bash scripts/setup.sh --judge-only  what building and running the judge needs (an autograder
#                                       image, the Dockerfile)
# On Ubuntu (22.04, 24.04) the same libraries go by Ubuntu's names: Boost is libboost-dev there.
set -euo pipefail

mode=all
case "${1:-}" in
  "") ;;
  --judge-only) mode=judge ;;
  *) echo "setup: unknown option \"$1\" (expected nothing or --judge-only)" >&2; exit 2 ;;
esac

boost=libboost1.81-dev
# shellcheck disable=SC1091
if [ -r /etc/os-release ] && . /etc/os-release && [ "${ID:-}" = ubuntu ]; then boost=libboost-dev; fi

packages=(
  g++ cmake ninja-build make
  "$boost" nlohmann-json3-dev libspdlog-dev libfmt-dev libcli11-dev
  bubblewrap libseccomp-dev libssl-dev pkg-config
  libpng-dev  # the PNG heatmaps (judge/report/png.cpp)
  dpkg-dev file  # dpkg-shlibdeps and file(1): cpack -G DEB finds the package's libraries (scripts/make_deb.sh)
  python3-numpy python3-torch  # Python submissions run in the box with Debian's NumPy and PyTorch (docs/python.md)
)
if [ "$mode" = all ]; then
  packages+=(
    catch2    # v2 on Debian 12 and Ubuntu 22.04, v3 on Ubuntu 24.04: CMake takes either
    python3   # the tests parse the grading outputs with Python's csv, xml.etree and json, and check the layers
    bc        # tests/hostile/run_hostile.sh times each run
    time      # /usr/bin/time: the e2e tests measure the judge's memory
    procps    # pgrep and pkill: the hostile and unit tests look for, and stop, the processes they start
    util-linux  # taskset: the unit test of a starved child pins it to one CPU beside busy loops
    clang-format  # scripts/format_check.sh, run by scripts/test.sh
    flake8 mypy shellcheck  # scripts/lint.sh, run by scripts/test.sh: the Python and shell code
    lintian   # tests/ecosystem/check_deb.sh: Debian's own check of the package
    python3-yaml  # tests/e2e: the documented workflows' steps are read from docs/ci.md and run
    ccache    # scripts/test.sh keeps the judge's objects between runs
    npm       # installs action-validator, which checks the workflows in docs/ (tests/ecosystem)
    chromium  # headless: the e2e tests look at the judge's pages (tests/e2e/cdp.py), scripts/screenshots.sh
  )
fi

# npm tools the tests use, pinned by tests/ecosystem/package-lock.json. Without them the workflow
# test is skipped, with the reason; nothing else needs them.
ecosystem_tools() {
  [ "$mode" = all ] || return 0
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/ecosystem"
  [ -d "$dir" ] || return 0   # a tree without the tests (an autograder zip's judge/) needs none
  [ -x "$dir/node_modules/.bin/action-validator" ] && return 0
  echo "setup: installing action-validator with npm (tests/ecosystem)"
  if ! (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null); then
    echo "setup: warning: npm ci failed in $dir; the workflow test will be skipped" >&2
  fi
}

missing=()
for p in "${packages[@]}"; do
  # npm is only a command here: one from elsewhere (NodeSource's nodejs, which conflicts with
  # Debian's npm package) serves as well.
  if [ "$p" = npm ] && command -v npm >/dev/null; then continue; fi
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" >/dev/null; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  ecosystem_tools
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run this, then try again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
ecosystem_tools
echo "setup: done"
