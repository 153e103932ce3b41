# shellcheck shell=bash
# Sourced by the e2e and hostile runners. box_pids DIR prints the processes started for boxes under
# DIR: those whose command line names it, or whose working folder is in it (bwrap's own process
# gets its options through --args, so only its working folder, the box, tells where it belongs).
# One find for every working folder, and bash alone for the command lines: a readlink, a tr and a
# grep per process made one pass take seconds on a busy machine whose forks are slow, long enough
# to miss a short-lived test process altogether.
box_pids() {
    local dir=$1 p args
    {
        find /proc -mindepth 2 -maxdepth 2 -name cwd -lname "$dir*" -printf '%h\n' 2>/dev/null | sed 's|^/proc/||'
        for p in /proc/[0-9]*; do
            args=()
            mapfile -d '' -t args 2>/dev/null <"$p/cmdline" || continue
            [[ " ${args[*]} " == *"$dir"* ]] && echo "${p#/proc/}"
        done
    } | grep -vx -- "$$" | sort -un
    return 0
}
