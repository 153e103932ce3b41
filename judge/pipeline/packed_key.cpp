#include "pipeline/packed_key.hpp"

#include "core/errors.hpp"
#include "pipeline/pack_format.hpp"
#include "problem/packed.hpp"
#include "runs/run_files.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json read_key(const fs::path& dir) {
    const fs::path file = dir / "key.json";
    try {
        json j = json::parse(pack::read_in_pack(dir, "key.json", "the pack's layout"));
        if (!j.is_object()) throw InputError(file.string() + ": expected an object");
        return j;
    } catch (const json::exception& e) {
        throw InputError(file.string() + ": not an answer key: " + e.what());
    }
}

}  // namespace

Problem load_course_problem(const fs::path& root, const std::string& name) {
    Problem p = load_problem(root, name);
    if (!pack::is_pack(root)) return p;
    pack::verify(root, name);
    if (!p.packed)
        throw InputError(p.spec_path.string() + ": not a packed spec, in a pack (" + pack::manifest_file + ")");
    const fs::path dir = pack::key_dir(root, name);
    const json key = read_key(dir);
    const std::string where = (dir / "key.json").string();
    try {
        const json& hidden = key.at("hidden_inputs");
        for (size_t t = 0; t < p.tests.size(); ++t) {
            if (!p.tests[t].hidden) continue;
            std::map<std::string, PackedInput> inputs;
            for (const auto& [param, entry] : hidden.at(p.tests[t].id).items()) {
                PackedInput in;
                const std::string npy_name = entry.at("npy").get<std::string>();
                if (npy_name.find('/') != std::string::npos)
                    throw InputError(where + ": hidden_inputs: " + p.tests[t].id + ": " + param + ": \"" + npy_name +
                                     "\" is not a file name in inputs/");
                const fs::path file = dir / "inputs" / npy_name;
                try {
                    in.array = npy::decode(pack::read_in_pack(dir / "inputs", npy_name, where + ": hidden_inputs"),
                                           file.string());
                } catch (const npy::NpyError& e) {
                    throw InputError(e.what());
                }
                if (entry.contains("arange"))
                    in.arange = {entry["arange"].at(0).get<double>(), entry["arange"].at(1).get<double>()};
                inputs[param] = std::move(in);
            }
            fill_packed_inputs(p, t, inputs, where);
        }
    } catch (const json::exception& e) {
        throw InputError(where + ": hidden_inputs: " + e.what());
    }
    return p;
}

PackedKey::PackedKey(const Problem& p, const fs::path& root)
    : m_p(p), m_dir(pack::key_dir(root, p.name)), m_where((m_dir / "key.json").string()), m_key(read_key(m_dir)) {
    try {
        for (const json& b : m_key.at("bugs")) {
            SeededBug bug;
            bug.name = b.at("name").get<std::string>();
            bug.trap = b.at("trap").get<std::string>();
            bug.misconception = b.at("misconception").get<std::string>();
            if (b.contains("misconception_in"))
                bug.misconception_in = b.at("misconception_in").get<std::map<std::string, std::string>>();
            m_bugs.push_back(std::move(bug));
        }
    } catch (const json::exception& e) {
        throw InputError(m_where + ": bugs: " + e.what());
    }
}

std::string PackedKey::run_name(const json& table, const std::string& key, const std::string& what) const {
    const auto it = table.find(key);
    if (it == table.end() || !it->is_string()) throw InputError(m_where + ": " + what + ": no run for " + key);
    const std::string name = it->get<std::string>();
    if (name.empty() || name.find_first_not_of("0123456789abcdef") != std::string::npos)
        throw InputError(m_where + ": " + what + ": \"" + name + "\" is not a run's name");
    return name;
}

TestRun PackedKey::read_run(const FunctionSpec& fn, const std::string& name) const {
    std::optional<TestRun> run = read_finished_run(fn, m_dir / "runs", name);
    if (!run) throw InputError((m_dir / "runs" / name).string() + ": the stored run is missing or incomplete");
    return *std::move(run);
}

const TestRun& PackedKey::reference(size_t t) {
    const std::lock_guard lock(m_mutex);
    auto it = m_reference.find(t);
    if (it == m_reference.end()) {
        const TestSpec& test = m_p.tests[t];
        const std::string name = run_name(m_key.at("reference"), test.id, "reference");
        it = m_reference.emplace(t, read_run(m_p.function(test.function), name)).first;
    }
    return it->second;
}

std::vector<const TestRun*> PackedKey::bug_runs(size_t t, const std::vector<bool>& wanted) {
    const std::lock_guard lock(m_mutex);
    std::vector<const TestRun*> out;
    const TestSpec& test = m_p.tests[t];
    for (size_t b = 0; b < m_bugs.size(); ++b) {
        if (!wanted[b]) {
            out.push_back(nullptr);
            continue;
        }
        auto it = m_bug_runs.find({b, t});
        if (it == m_bug_runs.end()) {
            std::optional<TestRun> run;
            const json& runs = m_key.at("bug_runs");
            if (runs.contains(m_bugs[b].name))  // a bug that does not build has no runs
                run = read_run(m_p.function(test.function), run_name(runs[m_bugs[b].name], test.id, m_bugs[b].name));
            it = m_bug_runs.emplace(std::make_pair(b, t), std::move(run)).first;
        }
        out.push_back(it->second ? &*it->second : nullptr);
    }
    return out;
}

std::optional<TestRun> PackedKey::candidate(const Problem& cases, size_t i, InputFiles&) {
    const TestSpec& c = cases.tests[i];
    const json& table = m_key.at("candidates");
    if (!table.contains(c.id)) return std::nullopt;
    return read_run(cases.function(c.function), run_name(table, c.id, "candidates"));
}

}  // namespace judge
