// judge/harness/support.hpp: the runtime of the harness that is linked with every submission.
//
// Theory of operation: the judge generates a small main() from the problem spec that declares
// the student's functions and registers one caller per function. The resulting executable is run
// as `prog <function> <input_dir> <output_dir>`. It reads each parameter from
// <input_dir>/<param>.npy, calls the student's function, writes each output to
// <output_dir>/<output>.npy, and finally writes <output_dir>/status: "ok", or "exception" followed
// by the exception's type and message. The judge reads only these files, never stdout, and a
// missing status file means the program died or exited before finishing.
#pragma once

#include <cstdio>
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

/// The harness entry point: dispatches to the named function and records how it ended.
inline int main(int argc, char** argv, const std::map<std::string, Caller>& callers) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s <function> <input_dir> <output_dir>\n", argv[0]);
        return 64;
    }
    const std::string out = argv[3];
    const auto it = callers.find(argv[1]);
    if (it == callers.end()) {
        std::fprintf(stderr, "harness: unknown function %s\n", argv[1]);
        return 64;
    }
    const Io io(argv[2], out);
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

}  // namespace judge::harness
