// expect: accepted
// tiers: bubblewrap fallback
// Kernel interfaces a tensor function never needs, each a known source of exploits: the keyring
// (keyctl, add_key), bpf, perf_event_open, userfaultfd and io_uring. Each must fail; any that works
// returns a wrong answer.
#include <judge/tensor.hpp>
#include <linux/keyctl.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <cstring>
judge::Tensor probe(const judge::Tensor& x) {
    if (::syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, nullptr) >= 0) return x + 1.0f;
    if (::syscall(SYS_add_key, "user", "judge-probe", "x", 1, KEY_SPEC_PROCESS_KEYRING) >= 0) return x + 1.0f;
    char attr[128] = {};
    if (::syscall(SYS_bpf, 0 /* BPF_MAP_CREATE */, attr, sizeof attr) >= 0) return x + 1.0f;
    perf_event_attr pe;
    std::memset(&pe, 0, sizeof pe);
    pe.type = PERF_TYPE_SOFTWARE;
    pe.size = sizeof pe;
    pe.config = PERF_COUNT_SW_TASK_CLOCK;
    pe.exclude_kernel = 1;
    if (::syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0) >= 0) return x + 1.0f;
    if (::syscall(SYS_userfaultfd, 1 /* UFFD_USER_MODE_ONLY */) >= 0) return x + 1.0f;
    char params[120] = {};
    if (::syscall(SYS_io_uring_setup, 4, params) >= 0) return x + 1.0f;
    return x;
}
