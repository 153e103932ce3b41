#include "languages/python.hpp"

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "compile/embedded.hpp"
#include "compile/toolchain.hpp"
#include "core/errors.hpp"
#include "problem/types.hpp"
#include "process/process.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

constexpr const char* server_source = "judge/harness/python_server.py";

std::string_view embedded_server() {
    for (const embedded::File& f : embedded::files())
        if (f.path == server_source) return f.content;
    throw JudgeFailure(std::string("the judge was built without ") + server_source);
}

// The versions the check printed, as one phrase; "" when it printed none.
std::string runtime_phrase(const std::string& json_text) {
    const nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
    if (!j.is_object() || !j.contains("python")) return "";
    std::string s = "Python " + j.value("python", std::string("?"));
    if (j.value("library", std::string()) == "torch") s += ", torch " + j.value("torch", std::string("?"));
    const std::string numpy = j.value("numpy", std::string());
    if (!numpy.empty()) s += ", NumPy " + numpy;
    return printable(s);
}

}  // namespace

std::string python_table(const Problem& p, const std::string& shown_name) {
    nlohmann::ordered_json functions = nlohmann::ordered_json::object();
    for (const FunctionSpec& f : p.functions) {
        nlohmann::ordered_json params = nlohmann::ordered_json::array(), outputs = nlohmann::ordered_json::array();
        for (const Param& prm : f.params) params.push_back({prm.name, std::string(type_info(prm.type).spec_name)});
        for (const OutputSpec& o : f.outputs) outputs.push_back({o.name, std::string(type_info(o.type).spec_name)});
        functions[f.name] = {{"params", params}, {"outputs", outputs}, {"single", f.returns == ReturnType::single}};
        if (!f.is_sequence()) continue;
        // A sequence's calls, each with what the server needs to call it (harness/python_server.py).
        nlohmann::ordered_json calls = nlohmann::ordered_json::array();
        for (const SequenceStep& step : f.sequence) {
            const nlohmann::ordered_json& g = functions.at(step.call);
            calls.push_back({{"call", step.call},
                             {"args", step.args},
                             {"results", step.results},
                             {"outputs", g.at("outputs")},
                             {"single", g.at("single")}});
        }
        functions[f.name]["sequence"] = calls;
    }
    // The classes a student's own raise maps to the spec's types (problem/types.hpp), in the table's
    // order: the harness checks a raised exception's classes against them, most specific first.
    nlohmann::ordered_json exceptions = nlohmann::ordered_json::array();
    for (const ExceptionInfo& e : exception_types())
        if (e.python_class) exceptions.push_back({std::string(e.python_name), std::string(e.spec_name)});
    return nlohmann::ordered_json{
               {"problem", p.name}, {"functions", functions}, {"exceptions", exceptions}, {"shown_name", shown_name}}
               .dump(1) +
           "\n";
}

namespace {

BuildResult check_python(const Problem& p, const fs::path& box, const Runner& sandbox, Language language,
                         const std::string& shown_name) {
    BuildResult br;
    const fs::path src = box / "solution.py";
    std::error_code ec;
    if (fs::file_size(src, ec) > max_source_bytes) {
        br.log = source_too_large(fs::file_size(src));
        return br;
    }
    // No interpreter is this machine's failure, not the student's (a judge installed without
    // python3): exit 3, saying what to install.
    if (::access(python_interpreter, X_OK) != 0)
        throw JudgeFailure(std::string("Python submissions need ") + python_interpreter +
                           " with NumPy and PyTorch, which this machine lacks: apt-get install python3 "
                           "python3-numpy python3-torch");
    // Written by the judge before the box starts; in a box, the tests see them read-only.
    write_file_atomic(box / "python" / "server.py", std::string(embedded_server()));
    write_file_atomic(box / "python" / "table.json", python_table(p, shown_name));
    sandbox.prepare_writable(box);
    ProcessSpec ps = compiler_process(
        {python_interpreter, "-I", "-B", (box / "python" / "server.py").string(), "check",
         (box / "python" / "table.json").string(), src.string(), std::string(language_info(language).library)},
        box, std::chrono::milliseconds(p.limits.compile_time_ms));
    ps.stdout_path = box / "check.out";
    ps.stderr_path = box / "compile.log";
    ps.cpu_seconds = p.limits.compile_time_ms / 1000 + 1;
    ps.address_space_mb = 1024;
    ps.runner.group_memory_mb = 1024;
    ps.file_size_bytes = 1 << 20;
    ps.max_open_files = 64;
    const ProcessResult r = sandbox.run(ps, {{box, "/box", true}});
    br.seconds = r.wall_seconds;
    if (!r.started) throw JudgeFailure(r.start_error);
    br.log = printable(read_below(box, "compile.log", 64 * 1024, ReadPart::head).bytes);
    if (r.timed_out || r.signal != 0) {
        br.log += "judge: checking solution.py stopped (" +
                  (r.timed_out ? std::string("at the time limit") : describe_signal(r.signal)) + ")\n";
        return br;
    }
    // The library is not installed (python_server.py's MISSING_LIBRARY): the machine's failure.
    if (r.exit_code == 3)
        throw JudgeFailure("Python submissions in " + std::string(language_info(language).name) +
                           " need the library on this machine: " + br.log.substr(0, br.log.find_last_not_of('\n') + 1));
    if (r.exit_code != 0) return br;
    br.runtime = runtime_phrase(read_below(box, "check.out", 4096, ReadPart::head).bytes);
    br.ok = true;
    br.exe = src;
    return br;
}

}  // namespace

BuiltProgram build_python(const Problem& p, const fs::path& box, const Sandbox& sandbox, Builder& /*builder*/,
                          Language language, const std::string& shown_name) {
    BuiltProgram b;
    b.build = check_python(p, box, sandbox, language, shown_name);
    if (b.build.ok) {
        b.launch = {LaunchSpec::Kind::python_server, (box / "solution.py").string(),
                    std::string(language_info(language).library), (box / "python" / "server.py").string(),
                    (box / "python" / "table.json").string()};
    }
    return b;
}

std::string python_versions() {
    // Once per judge: the interpreter's and the libraries' versions do not change under it.
    static const std::string versions = [] {
        TempDir tmp("judge-py-versions");
        write_file_atomic(tmp.path() / "server.py", std::string(embedded_server()));
        ProcessSpec ps =
            compiler_process({python_interpreter, "-I", "-B", (tmp.path() / "server.py").string(), "versions"},
                             tmp.path(), std::chrono::seconds(60));
        ps.stdout_path = tmp.path() / "out";
        const ProcessResult r = run_process(ps);
        if (!r.started || r.exit_code != 0) return std::string("no usable ") + python_interpreter;
        return read_head(tmp.path() / "out", 4096);
    }();
    return versions;
}

}  // namespace judge
