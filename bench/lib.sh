# shellcheck shell=bash
# Sourced by the bench scripts, from the repository root: makes sure hyperfine is there (installs
# it as root, otherwise says the command) and that $JUDGE exists (builds the release preset).
if ! command -v hyperfine >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq hyperfine >/dev/null; else
    echo "bench: needs hyperfine: sudo apt-get install -y hyperfine" >&2; exit 1; fi
fi
if [ ! -x "$JUDGE" ]; then
  cmake --preset release >/dev/null && cmake --build --preset release >/dev/null
fi
