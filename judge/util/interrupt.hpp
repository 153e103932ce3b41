// judge/util/interrupt.hpp: ending the judge cleanly on SIGINT, SIGTERM or SIGHUP.
//
// Theory of operation. handle_interrupts (first thing in run_cli, while the judge has one thread)
// blocks the three signals in every thread and starts one watcher thread that waits for them.
// When one arrives, the watcher records it and runs the hooks (process/process.cpp's kills every
// run in progress, so that no thread waits on a box); each run then throws Interrupted, which is
// no std::exception: no per-student or per-test guard takes it for that student's failure. It
// unwinds the whole stack, so every box, session folder, tmpfs mount and cgroup is removed by its
// owner's destructor, and main exits with 128 + the signal. A second signal ends the judge at once.
#pragma once

namespace judge {

/// Thrown by a run once the judge was told to stop.
struct Interrupted {
    int signal;
};

void handle_interrupts();

/// The signal that asked the judge to stop; 0 until one did.
int interrupt_signal();

/// Throws Interrupted when the judge was told to stop.
void throw_if_interrupted();

/// Runs `hook` from the watcher thread when a signal arrives (at most a few hooks).
void on_interrupt(void (*hook)());

}  // namespace judge
