// `judge run`: one function on the caller's own .npy inputs, for debugging and cross-checking.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "course/course.hpp"
#include "execution/test_process.hpp"
#include "judging/judge.hpp"
#include "problem/types.hpp"
#include "sandbox/sandbox.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Checks that every parameter has a readable .npy of the right kind, naming the file otherwise.
void check_inputs(const FunctionSpec& fn, const fs::path& dir) {
    if (!fs::is_directory(dir)) throw InputError("--inputs: " + dir.string() + " is not a directory");
    for (const Param& p : fn.params) {
        const fs::path file = dir / (p.name + ".npy");
        if (!fs::exists(file)) {
            throw InputError(file.string() + ": missing; " + fn.name + " needs one .npy per parameter (" +
                             to_string(p.type) + " " + p.name + ")");
        }
        npy::Array a;
        try {
            a = npy::read(file.string());
        } catch (const npy::NpyError& e) {
            throw InputError(e.what());
        }
        if (!wire_matches(p.type, a)) {
            throw InputError(fmt::format("{}: expected {} for {} {}, got {} {}", file.string(),
                                         type_info(p.type).npy_words, to_string(p.type), p.name,
                                         a.dtype == npy::Dtype::float32 ? "float32" : "int64", shape_str(a.shape)));
        }
    }
}

}  // namespace

int cmd_run(const GlobalOptions& g, const RunOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, o.problem);
    const Problem p = load_problem(root.path, o.problem);
    const auto it = std::find_if(p.functions.begin(), p.functions.end(),
                                 [&](const FunctionSpec& f) { return f.name == o.function; });
    if (it == p.functions.end()) {
        std::string known;
        for (const FunctionSpec& f : p.functions) known += (known.empty() ? "" : ", ") + f.name;
        throw InputError("--function: " + p.name + " has no function \"" + o.function +
                         "\"; its functions are: " + known);
    }
    const FunctionSpec& fn = *it;
    check_inputs(fn, o.inputs);
    if (o.file && !fs::exists(*o.file)) throw InputError("--file: " + *o.file + " does not exist");

    Builder builder(detect_toolchain(), cache_root());
    TempDir box("judge-run");
    fs::path exe;
    std::unique_ptr<Sandbox> sandbox;
    if (o.file) {
        write_file_atomic(box.path() / "solution.cpp", read_input_file(*o.file));
        sandbox = make_sandbox(probe_sandbox());
        warn_if_not_isolated(*sandbox);
        const BuildResult br = builder.build_submission(p, box.path(), *sandbox);
        if (!br.ok) {
            fmt::print(stderr, "{}", br.log);
            throw InputError("--file: " + *o.file + " does not compile (the compiler's words are above)");
        }
        exe = br.exe;
    } else {
        spdlog::info("no --file: running the reference solution");
        Judge judge(p, 0, builder);
        exe = judge.trusted().reference_exe();
    }
    // The box gets its own copy of the inputs: the caller's folder may be out of the box user's reach.
    const fs::path in_copy = box.path() / "in";
    fs::create_directories(in_copy);
    for (const Param& prm : fn.params)
        fs::copy_file(fs::path(o.inputs) / (prm.name + ".npy"), in_copy / (prm.name + ".npy"));
    const TestRun run = o.file ? run_test(exe, fn, in_copy, box.path() / "out", p.limits, *sandbox, box.path())
                               : run_test(exe, fn, in_copy, box.path() / "out", p.limits, PlainRunner());
    switch (run.status) {
        case TestRun::Status::ok: {
            fs::create_directories(o.outputs);
            for (const OutputSpec& out : fn.outputs) {
                const fs::path dest = fs::path(o.outputs) / (out.name + ".npy");
                // Written from the array the judge read and checked, never copied from the box: the
                // program may have left a link there.
                npy::write(dest.string(), run.outputs.at(out.name));
                fmt::print("{}: {} {}\n", dest.string(), shape_str(run.outputs.at(out.name).shape), "float32");
            }
            return code(ExitCode::ok);
        }
        case TestRun::Status::exception:
            fmt::print("{} threw std::{}: {}\n", fn.name, run.exception_type, run.exception_message);
            return code(ExitCode::not_passed);
        default:
            fmt::print("{} {}\n", fn.name, run.detail);
            if (!run.stderr_tail.empty()) fmt::print("last output on stderr:\n{}\n", run.stderr_tail);
            return code(ExitCode::not_passed);
    }
}

}  // namespace judge
