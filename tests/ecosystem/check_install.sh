#!/usr/bin/env bash
# `cmake --install` puts the binary, its bash completion and the docs under a prefix; the installed
# judge runs from anywhere, and the completion script completes subcommands, options and problems.
#   bash tests/ecosystem/check_install.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
# (grep reads all its input, never -q: with pipefail, -q closing the pipe early fails the writer.)
BUILD=${1:?usage: check_install.sh BUILD_DIR SOURCE_DIR}
SRC=${2:?usage: check_install.sh BUILD_DIR SOURCE_DIR}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$BUILD" --prefix "$TMP/prefix" >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "cmake --install failed"; }
for f in bin/judge bin/judge-prairielearn libexec/judge/judge-py-client share/bash-completion/completions/judge \
    share/doc/judge/README.md share/doc/judge/ci.md share/doc/judge/report.md share/man/man1/judge.1.gz; do
    [ -f "$TMP/prefix/$f" ] || fail "the install has no $f"
done
J="$TMP/prefix/bin/judge"
"$J" --version | grep "^judge " >/dev/null || fail "the installed judge does not run"
(cd "$TMP" && "$J" --root "$SRC" list) | grep problem_mha >/dev/null || fail "the installed judge does not list the course"
bash -n "$TMP/prefix/share/bash-completion/completions/judge" || fail "the completion script does not parse"
# Complete as bash would: COMP_WORDS and COMP_CWORD set, then the function the script registered.
complete_words() {
    bash -c '
        . "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _judge; printf "%s\n" "${COMPREPLY[@]}"' _ "$TMP/prefix/share/bash-completion/completions/judge" "$@"
}
PATH="$TMP/prefix/bin:$PATH"
complete_words judge su | grep -x submit >/dev/null || fail "'judge su<TAB>' does not complete submit"
complete_words judge submit --no | grep -x -- --no-counterexamples >/dev/null || fail "submit's options do not complete"
complete_words judge run --te | grep -x -- --test >/dev/null || fail "run's --test does not complete"
(cd "$SRC" && complete_words judge submit problem_m) | grep -x problem_mha >/dev/null || fail "problem names do not complete"
complete_words judge submit --format "" | grep -x gradescope >/dev/null || fail "--format values do not complete"
complete_words judge submit --format "" | grep -x classroom >/dev/null || fail "--format classroom does not complete"
complete_words judge submit --format "" | grep -x html >/dev/null || fail "--format html does not complete"
complete_words judge submit --lang "" | grep -x numpy >/dev/null || fail "--lang values do not complete"
complete_words judge validate --cr | grep -x -- --cross-check >/dev/null || fail "validate's --cross-check does not complete"
(cd "$SRC" && complete_words judge submit --file reference/problem_mha/sol) | grep -x reference/problem_mha/solution.py \
    >/dev/null || fail "--file does not complete a .py file"
complete_words judge he | grep -x heads >/dev/null || fail "'judge he<TAB>' does not complete heads"
complete_words judge --sandbox "" | grep -x fallback >/dev/null || fail "--sandbox values do not complete"
complete_words judge --sandbox fallback su | grep -x submit >/dev/null || fail "a subcommand after --sandbox does not complete"
complete_words judge pa | grep -x pack >/dev/null || fail "'judge pa<TAB>' does not complete pack"
complete_words judge pack --gr | grep -x -- --gradescope >/dev/null || fail "pack's options do not complete"
JUDGE_CACHE="$TMP/cache" "$J" -q --root "$SRC" pack problem_sdpa --out "$TMP/pack" >/dev/null || fail "judge pack failed"
complete_words judge --root "$TMP/pack" submit problem_ | grep -x problem_sdpa >/dev/null || fail "a pack's problems do not complete"
complete_words judge --root "$TMP/pack" submit problem_ | grep -x problem_mha >/dev/null && fail "problems not in the pack complete"
echo "ok: install and completion"
