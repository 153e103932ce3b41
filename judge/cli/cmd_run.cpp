// `judge run`: one function on the caller's own .npy inputs, for debugging and cross-checking.
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/npy_input.hpp"
#include "cli/output.hpp"
#include "cli/submission_file.hpp"
#include "cli/which_test.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "course/course.hpp"
#include "pipeline/judge.hpp"
#include "pipeline/pack_format.hpp"
#include "pipeline/packed_key.hpp"
#include "pipeline/trusted_box.hpp"
#include "problem/inputs.hpp"
#include "problem/packed.hpp"
#include "problem/types.hpp"
#include "report/report.hpp"
#include "runs/run_files.hpp"
#include "sandbox/sandbox.hpp"
#include "traps/evaluate.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Reads every parameter's .npy (converting what NumPy and PyTorch write), naming the file
// otherwise; the arrays are in the wire format, ready for the box.
InputArrays read_inputs(const FunctionSpec& fn, const fs::path& dir) {
    if (!fs::is_directory(dir)) throw InputError("--inputs: " + dir.string() + " is not a directory");
    InputArrays out;
    for (const Param& p : fn.params) {
        const fs::path file = dir / (p.name + ".npy");
        if (!fs::exists(file)) {
            throw InputError(file.string() + ": missing; " + fn.name + " needs one .npy per parameter (" +
                             to_string(p.type) + " " + p.name + ")");
        }
        UserArray a = read_user_npy(file.string());
        if (!wire_matches(p.type, a.array)) {
            throw InputError(fmt::format("{}: expected {} for {} {}, got {} {}", file.string(),
                                         type_info(p.type).npy_words, to_string(p.type), p.name,
                                         npy::dtype_name(a.array.dtype), shape_str(a.array.shape)));
        }
        if (!a.note.empty()) spdlog::info("{}", a.note);
        out[p.name] = std::move(a.array);
    }
    return out;
}

}  // namespace

// The test --test names. A hidden one runs on the full course root, whose owner owns the hidden
// tests; in a student pack it is refused, naming the sample tests, as an unknown one is.
size_t test_index(const Problem& p, const std::string& id) {
    std::string samples;
    for (const TestSpec& t : p.tests)
        if (!t.hidden) samples += (samples.empty() ? "" : ", ") + t.id;
    for (size_t t = 0; t < p.tests.size(); ++t) {
        if (p.tests[t].id != id) continue;
        if (p.tests[t].hidden && p.packed) {
            throw InputError("--test: " + id + " is a hidden test of " + p.name +
                             "; its inputs are not shown (a failed hidden test's report gives a counterexample "
                             "instead). Sample tests: " +
                             samples);
        }
        if (p.tests[t].hidden) spdlog::info("{} is a hidden test: shown because this is the full course root", id);
        return t;
    }
    throw InputError("--test: " + p.name + " has no test \"" + id + "\"; its sample tests are: " + samples);
}

namespace {

const FunctionSpec& named_function(const Problem& p, const std::string& name) {
    const auto it =
        std::find_if(p.functions.begin(), p.functions.end(), [&](const FunctionSpec& f) { return f.name == name; });
    if (it == p.functions.end()) {
        std::string known;
        for (const FunctionSpec& f : p.functions) known += (known.empty() ? "" : ", ") + f.name;
        throw InputError("--function: " + p.name + " has no function \"" + name + "\"; its functions are: " + known);
    }
    return *it;
}

void write_outputs(const FunctionSpec& fn, const TestRun& run, const fs::path& dir) {
    fs::create_directories(dir);
    for (const OutputSpec& out : fn.outputs) {
        const fs::path dest = dir / (out.name + ".npy");
        // Written from the array the judge read and checked, never copied from the box: the
        // program may have left a link there.
        const npy::Array& a = run.outputs.at(out.name);
        npy::write(dest.string(), a);
        std::string value;  // a scalar is printed too: a count is easier read than loaded
        if (a.shape.empty() && a.numel() == 1)
            value = " = " + (a.dtype == npy::Dtype::int64 ? std::to_string(a.i64[0]) : fmt::format("{}", a.f32[0]));
        fmt::print("{}: {} {}{}\n", dest.string(), shape_str(a.shape), npy::dtype_name(a.dtype), value);
    }
}

// What the program printed, which a student debugging wants to see.
void print_program_output(const TestRun& run) {
    if (!run.stdout_head.empty())
        fmt::print("its stdout:\n{}{}", run.stdout_head, run.stdout_head.back() == '\n' ? "" : "\n");
    if (!run.stderr_tail.empty())
        fmt::print("its stderr (the end):\n{}{}", run.stderr_tail, run.stderr_tail.back() == '\n' ? "" : "\n");
}

// judge run --inputs with --file: the submission's run against the reference's on the same
// inputs, evaluated as a sample test of the function that compares every output.
int compare_with_reference(const Problem& p, Language lang, const FunctionSpec& fn, const InputArrays& given,
                           const TestRun& run, const TestRun& ref) {
    if (ref.status == TestRun::Status::exception) {
        const bool same = run.status == TestRun::Status::exception && run.exception_type == ref.exception_type;
        // In the file's language's words ("raises ValueError" to a Python file).
        const std::string throws = throws_words(lang, ref.exception_type);
        fmt::print("the reference {} on these inputs: {}\n{}\n", throws, ref.exception_message,
                   same ? "same as the reference" : "not the same as the reference");
        return code(same ? ExitCode::ok : ExitCode::not_passed);
    }
    if (ref.status != TestRun::Status::ok) {
        fmt::print("the reference fails on these inputs ({}): not compared\n", ref.detail);
        return code(ExitCode::not_passed);
    }
    Problem q = p;
    TestSpec ts;
    ts.id = "your_inputs";
    ts.function = fn.name;
    ts.hidden = false;
    for (const OutputSpec& out : fn.outputs) ts.compare.push_back(out.name);
    q.tests = {ts};
    std::map<std::string, PackedInput> inputs;
    for (const auto& [name, a] : given) inputs[name] = {a, std::nullopt};
    fill_packed_inputs(q, 0, inputs, "--inputs");
    const TestOutcome out = evaluate_spec(q, q.tests[0], run, &ref, lang);
    if (out.passed()) {
        fmt::print("same as the reference\n");
        return code(ExitCode::ok);
    }
    fmt::print("differs from the reference ({}): {}\n", to_string(out.verdict), out.message);
    return code(ExitCode::not_passed);
}

}  // namespace

namespace {

// The test `--test` names, or none when the function runs on `--inputs`.
std::optional<size_t> chosen_test(const Problem& p, const RunOptions& o) {
    if (o.test) {
        if (!o.function.empty() || !o.inputs.empty())
            throw InputError("--test: give either --test, or --function with --inputs, not both");
        return test_index(p, *o.test);
    }
    if (o.inputs.empty() || (o.function.empty() && p.functions.size() != 1)) {
        throw InputError("run: give --test ID, or --inputs DIR" +
                         std::string(p.functions.size() == 1 ? "" : " and --function NAME"));
    }
    return std::nullopt;
}

// The program to run: --file prepared in its box (in `sandbox`), else the reference.
PreparedSubmission program(const Problem& p, const RunOptions& o, Builder& builder, Judge& judge, const fs::path& box,
                           const Sandbox& sandbox, const std::string& secret_env) {
    if (!o.file) {
        spdlog::info("no --file: running the reference solution");
        PreparedSubmission reference;
        reference.launch.program = judge.trusted().reference_exe().string();
        return reference;
    }
    const std::string text = read_input_file(*o.file);
    check_isolation(sandbox, secret_env, p.reference);
    return prepared_or_error(p, box, text, *o.file, o.lang, sandbox, builder);
}

// The reference's run on the inputs in `in_dir`, in a box of its own.
TestRun run_reference(Judge& judge, const FunctionSpec& fn, const fs::path& in_dir) {
    const RunFiles files =
        run_trusted(judge.sandbox(), judge.trusted().reference_exe(), fn, in_dir, judge.problem().limits);
    if (std::optional<TestRun> run = read_finished_run(fn, files)) return *std::move(run);
    throw JudgeFailure("the reference's run on " + in_dir.string() + " left no status");
}

// A sample test rerun: the reference's outputs in expected/, the submission's in got/, and whether
// it passes.
int sample_test_result(const Problem& p, const RunOptions& o, Language lang, size_t test, Judge& judge,
                       const TestRun& run) {
    const TestSpec& ts = p.tests[test];
    const FunctionSpec& fn = p.function(ts.function);
    const TestRun& ref = judge.key().reference(test);
    if (ref.status == TestRun::Status::ok) write_outputs(fn, ref, fs::path(o.outputs) / "expected");
    if (!o.file) return code(ExitCode::ok);
    if (run.status == TestRun::Status::ok) write_outputs(fn, run, fs::path(o.outputs) / "got");
    const TestOutcome out = evaluate(p, test, run, ts.throws ? nullptr : &ref, lang);
    fmt::print("test {}: {}\n", ts.id, out.passed() ? "passed" : to_string(out.verdict) + ": " + out.message);
    return code(out.passed() ? ExitCode::ok : ExitCode::not_passed);
}

// A run on the caller's inputs: its outputs, and with --file the reference's verdict on them.
int own_inputs_result(const Problem& p, const RunOptions& o, Language lang, const FunctionSpec& fn,
                      const InputArrays& given, Judge& judge, const TestRun& run, const fs::path& box) {
    switch (run.status) {
        case TestRun::Status::ok: write_outputs(fn, run, o.outputs); break;
        case TestRun::Status::exception:
        case TestRun::Status::wrong_return: fmt::print("{} {}\n", fn.name, raised_words(run, lang)); break;
        default: fmt::print("{} {}\n", fn.name, run.detail); break;
    }
    if (!o.file || p.packed) {
        // Said on stdout, where the verdict would be: a pack cannot tell whether these outputs are right.
        if (o.file)
            fmt::print(
                "not compared: a student pack holds no reference to run on your own inputs, so these outputs are "
                "yours alone; `judge run {} --test ID --file {}` compares a sample test with its stored answer\n",
                p.name, *o.file);
        return code(run.status == TestRun::Status::ok ? ExitCode::ok : ExitCode::not_passed);
    }
    // Your inputs, the reference's answer: the verdict a sample test would give.
    const TestRun ref = run_reference(judge, fn, box / "in");
    return compare_with_reference(p, lang, fn, given, run, ref);
}

}  // namespace

int cmd_run(const GlobalOptions& g, const RunOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, o.problem);
    const Problem p = load_course_problem(root.path, o.problem);
    if (p.packed && !o.file) throw InputError("run: give --file: " + pack::needs_full_root("running the reference"));
    const std::optional<size_t> test = chosen_test(p, o);
    const std::string fn_name = test ? p.tests[*test].function : o.function.empty() ? p.functions[0].name : o.function;
    const FunctionSpec& fn = named_function(p, fn_name);
    InputArrays given;
    if (!test) given = read_inputs(fn, o.inputs);
    if (o.file && !fs::exists(*o.file)) throw InputError("--file: " + *o.file + " does not exist");
    if (fs::exists(o.outputs) && !fs::is_directory(o.outputs))
        throw InputError("--outputs: " + o.outputs + " is a file; give a folder (it is made if missing)");

    const GradingSeed seed = choose_seed(o.seed, o.seed_from_env, p.name);
    if (seed.secret() && !o.file)
        throw InputError(
            "--seed-from-env: under a secret each submission is graded on inputs of its own; give --file, the "
            "submission whose inputs to draw");
    // Under a secret, the draw of this file's bytes: the inputs its report was judged on.
    const uint64_t drawn = seed.for_submission(seed.secret() ? read_input_file(*o.file) : std::string());
    Builder builder(detect_toolchain(), cache_root());
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());  // the reference runs in it too
    Judge judge(p, drawn, builder, *sandbox, seed.for_cases());
    TempDir box("judge-run");
    const PreparedSubmission sub = program(p, o, builder, judge, box.path(), *sandbox, seed.secret() ? seed.env : "");
    // The box gets its own copy of the inputs: the caller's folder may be out of the box user's reach.
    const fs::path in_copy = box.path() / "in";
    fs::create_directories(in_copy);
    if (test) {
        const InputArrays inputs = make_inputs(judge.problem().tests[*test], drawn);  // drawn for the seed
        write_inputs(in_copy, inputs);
        fs::create_directories(fs::path(o.outputs) / "inputs");
        write_inputs(fs::path(o.outputs) / "inputs", inputs);
        fmt::print("{}: the inputs of {}\n", (fs::path(o.outputs) / "inputs").string(), p.tests[*test].id);
    } else {
        write_inputs(in_copy, given);  // the arrays as read and converted, never the caller's files
    }
    const Language lang = sub.language.language;
    const TestRun run =
        o.file ? run_one_test(p, sub.launch, fn, in_copy, box.path(), *sandbox) : run_reference(judge, fn, in_copy);
    print_program_output(run);
    return test ? sample_test_result(judge.problem(), o, lang, *test, judge, run)
                : own_inputs_result(p, o, lang, fn, given, judge, run, box.path());
}

}  // namespace judge
