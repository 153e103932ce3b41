// judge/harness/support.hpp: the runtime of the harness that is linked with every submission.
//
// Theory of operation: the judge generates a small main() from the problem spec that declares
// the student's functions and registers one caller per function. The resulting executable is run
// as `prog <function> <input_dir> <output_dir>`. It reads each parameter from
// <input_dir>/<param>.npy, calls the student's function, writes each output to
// <output_dir>/<output>.npy, and finally writes <output_dir>/status: "ok", or "exception" followed
// by the exception's type and message. The judge reads only these files, never stdout, and a
// missing status file means the program died or exited before finishing.
//
// `prog --batch <ms> <function> <input_dir> <output_dir> ...` runs several tests, each in a child
// forked before any test ran (so with a fresh process's state: no static or heap of an earlier
// test), its stdout and stderr in its <output_dir>/stdout.txt and stderr.txt, one after the other.
// When a child exits 0 having used at most half of <ms> of CPU time, the parent writes
// <output_dir>/batch_exit. The judge asks it of course programs only (runs/batch_run.hpp) and keeps
// only those tests' results: every other one runs again as a process of its own. (This file is the
// generated harness's own translation unit; no student's file includes it, so it may use POSIX.)
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <map>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "judge/protocol/npy.hpp"
#include "judge/tensor.hpp"

namespace judge::harness {

/// Reads parameters from and writes outputs to the test's directories.
class Io {
public:
    Io(std::string in, std::string out) : m_in(std::move(in)), m_out(std::move(out)) {}

    judge::Tensor tensor(const std::string& name) const {
        npy::Array a = npy::read(m_in + "/" + name + ".npy");
        if (a.dtype != npy::Dtype::float32) throw npy::NpyError(name + ".npy: expected float32");
        return judge::Tensor(a.shape, std::move(a.f32));
    }

    int64_t int64(const std::string& name) const {
        const npy::Array a = npy::read(m_in + "/" + name + ".npy");
        if (a.dtype != npy::Dtype::int64 || !a.shape.empty()) throw npy::NpyError(name + ".npy: expected a 0-d int64");
        return a.i64.at(0);
    }

    bool boolean(const std::string& name) const {
        const int64_t v = int64(name);
        if (v != 0 && v != 1) throw npy::NpyError(name + ".npy: expected 0 or 1 for a bool");
        return v == 1;
    }

    std::vector<int64_t> int_list(const std::string& name) const {
        const npy::Array a = npy::read(m_in + "/" + name + ".npy");
        if (a.dtype != npy::Dtype::int64 || a.shape.size() != 1)
            throw npy::NpyError(name + ".npy: expected a 1-D int64");
        return a.i64;
    }

    judge::IntTensor int_tensor(const std::string& name) const {
        npy::Array a = npy::read(m_in + "/" + name + ".npy");
        if (a.dtype != npy::Dtype::int64) throw npy::NpyError(name + ".npy: expected int64");
        return judge::IntTensor(a.shape, std::move(a.i64));
    }

    float float32(const std::string& name) const {
        const npy::Array a = npy::read(m_in + "/" + name + ".npy");
        if (a.dtype != npy::Dtype::float32 || !a.shape.empty())
            throw npy::NpyError(name + ".npy: expected a 0-d float32");
        return a.f32.at(0);
    }

    void put(const std::string& name, const judge::Tensor& t) const {
        npy::Array a;
        a.dtype = npy::Dtype::float32;
        a.shape = t.shape();
        a.f32.assign(t.data(), t.data() + t.numel());
        npy::write(m_out + "/" + name + ".npy", a);
    }

    void put(const std::string& name, const judge::IntTensor& t) const {
        npy::Array a;
        a.dtype = npy::Dtype::int64;
        a.shape = t.shape();
        a.i64.assign(t.data(), t.data() + t.numel());
        npy::write(m_out + "/" + name + ".npy", a);
    }

    void put(const std::string& name, int64_t v) const {
        npy::Array a;
        a.dtype = npy::Dtype::int64;
        a.i64 = {v};
        npy::write(m_out + "/" + name + ".npy", a);
    }

    void put(const std::string& name, float v) const {
        npy::Array a;
        a.dtype = npy::Dtype::float32;
        a.f32 = {v};
        npy::write(m_out + "/" + name + ".npy", a);
    }

private:
    std::string m_in;
    std::string m_out;
};

using Caller = void (*)(const Io&);

inline void write_status(const std::string& out_dir, const std::string& text) {
    std::ofstream f(out_dir + "/status", std::ios::trunc);
    f << text;
}

/// After the words of an exception the tensor header threw (as Python's harness says of a raise
/// inside NumPy or torch): no throw of the solution's own, whatever its type. It names no file: the
/// harness, compiled once for every submission, does not know the name the student gave theirs.
inline constexpr const char* header_words = " (thrown inside the tensor header, not by a throw of your own)\n";

/// Runs one test: calls the named function and records how it ended; 64 for an unknown function.
inline int run_test(const std::map<std::string, Caller>& callers, const char* function, const std::string& in,
                    const std::string& out) {
    const auto it = callers.find(function);
    if (it == callers.end()) {
        std::fprintf(stderr, "harness: unknown function %s\n", function);
        return 64;
    }
    const Io io(in, out);
    try {
        it->second(io);
        write_status(out, "ok\n");
    } catch (const npy::NpyError& e) {
        write_status(out, std::string("harness_error\n") + e.what() + "\n");
    } catch (const tensor_invalid_argument& e) {  // the header's, not the solution's (judge/tensor.hpp)
        write_status(out, std::string("exception\nexception\n") + e.what() + header_words);
    } catch (const tensor_out_of_range& e) {
        write_status(out, std::string("exception\nexception\n") + e.what() + header_words);
    } catch (const std::invalid_argument& e) {
        write_status(out, std::string("exception\ninvalid_argument\n") + e.what() + "\n");
    } catch (const std::out_of_range& e) {
        write_status(out, std::string("exception\nout_of_range\n") + e.what() + "\n");
    } catch (const std::logic_error& e) {
        write_status(out, std::string("exception\nlogic_error\n") + e.what() + "\n");
    } catch (const std::bad_alloc& e) {
        write_status(out, std::string("exception\nbad_alloc\n") + e.what() + "\n");
    } catch (const std::runtime_error& e) {
        write_status(out, std::string("exception\nruntime_error\n") + e.what() + "\n");
    } catch (const std::exception& e) {
        write_status(out, std::string("exception\nexception\n") + e.what() + "\n");
    } catch (...) {
        write_status(out, "exception\nunknown\na value that is not a std::exception was thrown\n");
    }
    return 0;
}

/// Points stdout and stderr at `out_dir`'s stdout.txt and stderr.txt (a batch's test).
inline bool redirect_to(const std::string& out_dir) {
    for (const auto& [name, stream] : {std::pair{"/stdout.txt", stdout}, std::pair{"/stderr.txt", stderr}})
        if (std::freopen((out_dir + name).c_str(), "w", stream) == nullptr) return false;
    return true;
}

/// `--batch <ms>` and three words a test (see above).
inline int run_batch(int argc, char** argv, const std::map<std::string, Caller>& callers) {
    const long half_ms = std::atol(argv[2]) / 2;
    for (int i = 3; i + 2 < argc; i += 3) {
        std::fflush(nullptr);
        const pid_t pid = ::fork();
        if (pid < 0) return 71;
        if (pid == 0) {  // as the test's own process would: main returns, and exit runs the destructors
            std::exit(redirect_to(argv[i + 2]) ? run_test(callers, argv[i], argv[i + 1], argv[i + 2]) : 64);
        }
        int status = 0;
        rusage used{};
        while (::wait4(pid, &status, 0, &used) < 0 && errno == EINTR) {}
        const long ms = (used.ru_utime.tv_sec + used.ru_stime.tv_sec) * 1000L +
                        (used.ru_utime.tv_usec + used.ru_stime.tv_usec) / 1000L;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && ms <= half_ms) {
            std::ofstream(std::string(argv[i + 2]) + "/batch_exit", std::ios::trunc) << "0\n";
        }
    }
    return 0;
}

/// The harness entry point: one test, or a batch of them.
inline int main(int argc, char** argv, const std::map<std::string, Caller>& callers) {
    if (argc >= 3 && std::string(argv[1]) == "--batch" && (argc - 3) % 3 == 0) return run_batch(argc, argv, callers);
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s <function> <input_dir> <output_dir>\n", argv[0]);
        return 64;
    }
    return run_test(callers, argv[1], argv[2], argv[3]);
}

}  // namespace judge::harness
