# Sourced by the e2e and hostile runners. box_pids DIR prints the processes started for boxes under
# DIR: those whose command line names it, or whose working folder is in it (bwrap's own process
# gets its options through --args, so only its working folder, the box, tells where it belongs).
box_pids() {
    local dir=$1 p
    for p in /proc/[0-9]*; do
        [ "${p#/proc/}" = "$$" ] && continue
        case "$(readlink "$p/cwd" 2>/dev/null)" in "$dir"*) echo "${p#/proc/}"; continue ;; esac
        tr '\0' ' ' 2>/dev/null <"$p/cmdline" | grep -F -- "$dir" >/dev/null && echo "${p#/proc/}"
    done
    return 0
}
