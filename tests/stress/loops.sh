# shellcheck shell=bash
# Busy loops for the stress scripts (sourced): start_loops N SECONDS starts N of them, each in a
# session of its own (the kernel's autogroup gives one session one share, and would fold them into
# one) and each ended by `timeout` after SECONDS at most; stop_loops ends them and waits for every
# background job.
loops=()
start_loops() {
    local n=$1 seconds=$2
    for _ in $(seq "$n"); do
        setsid timeout "$seconds" sh -c 'while :; do :; done' &
        loops+=($!)
    done
    sleep 1
}
stop_loops() { [ ${#loops[@]} -gt 0 ] && kill "${loops[@]}" 2>/dev/null; wait 2>/dev/null; loops=(); }
