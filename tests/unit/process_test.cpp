#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include "catch.hpp"

#include "process/process.hpp"
#include "process/run_delay.hpp"
#include "sandbox/seccomp.hpp"
#include "util/files.hpp"

namespace process_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

judge::ProcessResult sh(const std::string& script, judge::TempDir& tmp, judge::ProcessSpec ps = {}) {
    ps.argv = {"/bin/sh", "-c", script};
    ps.cwd = tmp.path();
    if (ps.stdout_path.empty()) ps.stdout_path = tmp.path() / "out";
    return judge::run_process(ps);
}

// Alive means running or sleeping: a zombie waiting to be reaped by init is dead.
bool alive(int pid) {
    const std::string stat = judge::read_head("/proc/" + std::to_string(pid) + "/stat", 512);
    const size_t close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z' && stat[close + 2] != 'X';
}

}  // namespace

TEST_CASE("run_process reports exit codes and signals", "[process]") {
    judge::TempDir tmp("judge-process-test");
    CHECK(sh("exit 3", tmp).exit_code == 3);
    const auto r = sh("kill -SEGV $$", tmp);
    CHECK(r.signal == SIGSEGV);
    CHECK(judge::describe_signal(SIGSEGV) == "SIGSEGV (segmentation fault: an invalid memory access)");
    judge::ProcessSpec missing;
    missing.argv = {"no-such-program-here"};
    missing.cwd = tmp.path();
    const auto m = judge::run_process(missing);
    CHECK_FALSE(m.started);
    CHECK(m.start_error == "no-such-program-here: not found in PATH");
}

TEST_CASE("the wall-clock limit kills the whole process group", "[process]") {
    judge::TempDir tmp("judge-process-test");
    judge::ProcessSpec ps;
    ps.wall_limit = std::chrono::milliseconds(2000);
    // A background child in the same group must die too.
    const auto r = sh("sleep 120 & echo $! > pid; sleep 120", tmp, ps);
    CHECK(r.timed_out);
    // It was stopped, not waited for: a bound that detects only that, far above a loaded machine's time.
    CHECK(r.wall_seconds < 60);
    const std::string pid = judge::read_head(tmp.path() / "pid", 32);
    REQUIRE_FALSE(pid.empty());
    // SIGKILL is delivered asynchronously: allow the kernel a moment.
    bool still = true;
    for (int i = 0; i < 100 && still; ++i) {
        still = alive(std::stoi(pid));
        if (still) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK_FALSE(still);
}

TEST_CASE("rlimits apply: file size and CPU time", "[process]") {
    judge::TempDir tmp("judge-process-test");
    judge::ProcessSpec ps;
    ps.file_size_bytes = 1024;
    CHECK(sh("exec head -c 100000 /dev/zero", tmp, ps).signal == SIGXFSZ);
    judge::ProcessSpec cpu;
    cpu.cpu_seconds = 1;
    cpu.wall_limit = std::chrono::seconds(20);
    CHECK(sh("while :; do :; done", tmp, cpu).signal == SIGXCPU);
}

TEST_CASE("the environment can be extended or replaced", "[process]") {
    judge::TempDir tmp("judge-process-test");
    judge::ProcessSpec ps;
    ps.env = {{"JUDGE_TEST_VAR", "hello"}};
    sh("echo $JUDGE_TEST_VAR", tmp, ps);
    CHECK(judge::read_head(tmp.path() / "out", 100) == "hello\n");
    judge::ProcessSpec clean;
    clean.clear_env = true;
    clean.env = {{"ONLY", "this"}};
    ::setenv("JUDGE_SHOULD_NOT_LEAK", "1", 1);
    sh("env | grep -c JUDGE_SHOULD_NOT_LEAK; echo $ONLY", tmp, clean);
    CHECK(judge::read_head(tmp.path() / "out", 100) == "0\nthis\n");
}

TEST_CASE("a seccomp filter binds the child and what it starts; one descriptor can be handed on", "[process]") {
    judge::TempDir dir("judge-test");
    judge::ProcessSpec ps;
    ps.cwd = dir.path();
    ps.stdout_path = dir.path() / "out";
    ps.seccomp_filter = judge::seccomp_program();
    ps.argv = {"/bin/sh", "-c", "unshare -U true && echo made || echo refused"};
    judge::ProcessResult r = judge::run_process(ps);
    CHECK(r.exit_code == 0);
    CHECK(judge::read_file(dir.path() / "out") == "refused\n");

    int p[2];
    REQUIRE(::pipe2(p, O_CLOEXEC) == 0);
    REQUIRE(::write(p[1], "handed", 6) == 6);
    ::close(p[1]);
    ps.seccomp_filter.clear();
    ps.inherit_fds = {p[0]};
    ps.argv = {"/bin/sh", "-c", "cat <&" + std::to_string(p[0])};
    r = judge::run_process(ps);
    ::close(p[0]);
    CHECK(r.exit_code == 0);
    CHECK(judge::read_file(dir.path() / "out") == "handed");
}

TEST_CASE("a CPU-time limit stops a spinning child; a sleeping one is stopped by the wall clock", "[process]") {
    judge::ProcessSpec ps;
    ps.cwd = ".";
    ps.cpu_limit = std::chrono::milliseconds(300);
    ps.wall_limit = std::chrono::milliseconds(5000);
    ps.argv = {"/bin/sh", "-c", "while :; do :; done"};
    judge::ProcessResult r = judge::run_process(ps);
    CHECK(r.cpu_limited);
    CHECK_FALSE(r.timed_out);
    CHECK(r.cpu_ms >= 300);

    ps.wall_limit = std::chrono::milliseconds(600);
    ps.argv = {"/bin/sleep", "10"};
    r = judge::run_process(ps);
    CHECK(r.timed_out);
    CHECK_FALSE(r.cpu_limited);
    CHECK(r.cpu_ms < 300);

    // CPU time spent in a child the program waited for counts too. The child stops itself by its
    // own CPU time (RLIMIT_CPU, 1 s), never by the clock, so this holds at any load: the wall
    // limit only bounds a machine so busy that 1 s of CPU takes over a minute. The kernel stops it
    // at about 1 s (892 ms was seen on a busy machine: the limit is checked at the scheduler's
    // ticks), far above the shell's own few ms: the child's time counted.
    ps.wall_limit = std::chrono::milliseconds(60000);
    ps.argv = {"/bin/sh", "-c", "(ulimit -t 1; while :; do :; done); exit 0"};
    r = judge::run_process(ps);
    CHECK(r.cpu_limited);
    CHECK(r.cpu_ms >= 500);
    CHECK_FALSE(r.timed_out);
}

TEST_CASE("a child starved of CPU is not stopped by the wall clock (issue #20)", "[process]") {
    // Four busy loops and the child share one CPU (taskset), so the child gets about a fifth of
    // it: its 300 ms of CPU take over 1.5 s. The wall clock counts only the time it was not waiting
    // for a CPU, so the CPU limit stops it, never the 600 ms wall limit. Busier still, the same.
    // Each test's loops carry a tag of their own: ctest runs tests side by side, and `pkill -f
    // '#starver'` would also stop another test's loops (a tag that was a prefix of another did).
    const std::string tag = "#starver-" + std::to_string(::getpid()) + "-a";
    REQUIRE(std::system(("for i in 1 2 3 4; do setsid taskset -c 0 timeout 60 sh -c 'while :; do :; done; " + tag +
                         "' >/dev/null 2>&1 & done")
                            .c_str()) == 0);
    judge::ProcessSpec ps;
    ps.cwd = ".";
    ps.cpu_limit = std::chrono::milliseconds(300);
    ps.wall_limit = std::chrono::milliseconds(600);
    ps.argv = {"taskset", "-c", "0", "/bin/sh", "-c", "while :; do :; done"};
    const judge::ProcessResult r = judge::run_process(ps);
    std::system(("pkill -f -- '" + tag + "$' >/dev/null 2>&1").c_str());
    CHECK(r.cpu_limited);
    CHECK_FALSE(r.timed_out);
    CHECK(r.cpu_ms >= 300);
}

TEST_CASE("a test whose leader waits while its starved child works is not stopped by the wall clock", "[process]") {
    // The leader sleeps in `wait`; its child, listed in the test's cgroup (here a folder whose
    // `tasks` file names it, as a cgroup v1 would), needs 1 s of CPU but shares CPU 0 with four busy
    // loops: about 5 s. The wall clock discounts the child's wait for a CPU, not only the leader's
    // (which is none), so the child ends by itself; counting the leader's alone, 2 s would stop it.
    const auto dir = std::filesystem::temp_directory_path() / ("judge-run-delay-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "cpuacct.usage") << "0\n";
    std::ofstream(dir / "tasks") << "";
    const std::string tag = "#starver-" + std::to_string(::getpid()) + "-b";
    REQUIRE(std::system(("for i in 1 2 3 4; do setsid taskset -c 0 timeout 60 sh -c 'while :; do :; done; " + tag +
                         "' >/dev/null 2>&1 & done")
                            .c_str()) == 0);
    judge::ProcessSpec ps;
    ps.cwd = ".";
    ps.cpu_usage_file = (dir / "cpuacct.usage").string();
    ps.cpu_limit = std::chrono::milliseconds(60000);
    ps.wall_limit = std::chrono::milliseconds(2000);
    ps.argv = {"/bin/sh", "-c",
               "taskset -c 0 sh -c 'ulimit -t 1; while :; do :; done' & echo $! >" + (dir / "tasks").string() +
                   "; wait; exit 7"};
    const judge::ProcessResult r = judge::run_process(ps);
    std::system(("pkill -f -- '" + tag + "$' >/dev/null 2>&1").c_str());
    std::filesystem::remove_all(dir);
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 7);
    CHECK(r.wall_seconds > 2.0);  // it did need more than the wall limit
}

TEST_CASE("a box whose tests run one after another is starved through each of them in turn (issue #46)", "[process]") {
    // The leader waits while two tests run in turn, each listed in a cgroup below the box's (here
    // folders whose `tasks` files name them, as cgroup v1 would). Each needs 1 s of CPU but shares
    // CPU 0 with two busy loops: about 3 s each, 6 s in all, 4 of them spent waiting for a CPU. The
    // box's clock discounts the waits of both, one after the other, so it is not stopped at 3 s; the
    // longest wait of any one task (2 s) alone would stop it.
    const auto dir = std::filesystem::temp_directory_path() / ("judge-box-delay-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "first");
    std::filesystem::create_directories(dir / "second");
    std::ofstream(dir / "cpuacct.usage") << "0\n";
    for (const char* tasks : {"tasks", "first/tasks", "second/tasks"}) std::ofstream(dir / tasks) << "";
    const std::string tag = "#starver-" + std::to_string(::getpid()) + "-c";
    REQUIRE(std::system(("for i in 1 2; do setsid taskset -c 0 timeout 60 sh -c 'while :; do :; done; " + tag +
                         "' >/dev/null 2>&1 & done")
                            .c_str()) == 0);
    const std::string spin = "taskset -c 0 sh -c 'ulimit -t 1; while :; do :; done' & echo $! >";
    judge::ProcessSpec ps;
    ps.cwd = ".";
    ps.cpu_usage_file = (dir / "cpuacct.usage").string();
    ps.wall_limit = std::chrono::milliseconds(3000);
    ps.argv = {
        "/bin/sh", "-c",
        spin + (dir / "first/tasks").string() + "; wait; " + spin + (dir / "second/tasks").string() + "; wait; exit 7"};
    const judge::ProcessResult r = judge::run_process(ps);
    std::system(("pkill -f -- '" + tag + "$' >/dev/null 2>&1").c_str());
    std::filesystem::remove_all(dir);
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 7);
    CHECK(r.wall_seconds > 3.0);  // it did need more than the wall limit
}

TEST_CASE("a child's clocks start when it runs, not while the judge starts it", "[process]") {
    // The child's set-up before its exec joins its cgroups; here the "cgroup" is a FIFO that no one
    // reads for 1 s, so the start takes 1 s (as a box's tests waiting for the spawn lock on a busy
    // machine did). The program then sleeps 100 ms, within its 500 ms wall limit: not stopped.
    judge::TempDir tmp("judge-process-test");
    const auto fifo = tmp.path() / "cgroup.procs";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::thread reader([&fifo] {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        std::ifstream in(fifo);
        std::string pid;
        in >> pid;
    });
    judge::ProcessSpec ps;
    ps.cwd = ".";
    ps.wall_limit = std::chrono::milliseconds(500);
    ps.join_cgroups = {fifo.string()};
    ps.argv = {"/bin/sleep", "0.1"};
    const auto start = std::chrono::steady_clock::now();
    const judge::ProcessResult r = judge::run_process(ps);
    reader.join();
    REQUIRE(std::chrono::steady_clock::now() - start >= std::chrono::seconds(1));  // the start did wait
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 0);
}

TEST_CASE("a plain wall-clock cap stops a child whatever its wall limit", "[process]") {
    judge::ProcessSpec ps;
    ps.cwd = ".";
    ps.wall_limit = std::chrono::milliseconds(60000);
    ps.wall_cap = std::chrono::milliseconds(300);
    ps.argv = {"/bin/sleep", "30"};
    const judge::ProcessResult r = judge::run_process(ps);
    CHECK(r.timed_out);
    CHECK(r.wall_seconds < 30.0);  // stopped, not finished: the time depends on the load, only its bound does not
}

TEST_CASE("a box's starved time is the union of its tests' waits for a CPU", "[process]") {
    using ms = std::chrono::milliseconds;
    const auto t0 = std::chrono::steady_clock::time_point{} + std::chrono::seconds(100);
    judge::StarvedClock clock;
    CHECK(clock.starved() == ms(0));
    clock.add(t0 + ms(100), ms(10));  // [90, 100]
    CHECK(clock.starved() == ms(10));
    clock.add(t0 + ms(105), ms(10));  // a test beside it: [95, 105], 5 new
    CHECK(clock.starved() == ms(15));
    clock.add(t0 + ms(104), ms(20));  // told late: the clock counts forward only, from 105
    CHECK(clock.starved() == ms(15));
    clock.add(t0 + ms(200), ms(5));  // later, apart
    CHECK(clock.starved() == ms(20));
}

}  // namespace process_test
