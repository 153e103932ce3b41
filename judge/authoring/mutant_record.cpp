#include "authoring/mutant_record.hpp"

#include <nlohmann/json.hpp>

#include "core/errors.hpp"

#include "util/files.hpp"
#include "util/hash.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

const char* fate_name(MutantFate f) {
    switch (f) {
        case MutantFate::killed: return "killed";
        case MutantFate::passes: return "passes";
        case MutantFate::stillborn: return "stillborn";
    }
    return "stillborn";
}

}  // namespace

std::vector<std::string> mutant_keys(const std::vector<Mutant>& mutants) {
    std::map<std::string, int> seen;
    std::vector<std::string> keys;
    for (const Mutant& m : mutants) {
        std::string k = m.before + '\x1f' + (m.deleted ? std::string("\x1f(deleted)") : m.after);
        const int n = seen[k]++;
        keys.push_back(k + '\x1f' + std::to_string(n));
    }
    return keys;
}

fs::path mutant_record_path(const fs::path& cache, const fs::path& reference) {
    return cache / "mutants" / (sha256_plain_hex(fs::absolute(reference).lexically_normal().string()) + ".json");
}

MutantRecord load_mutant_record(const fs::path& file) {
    MutantRecord r;
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return r;
    try {
        const nlohmann::json j = nlohmann::json::parse(read_input_file(file));
        for (const auto& [key, fate] : j.at("fates").items()) {
            const std::string f = fate.get<std::string>();
            for (const MutantFate m : {MutantFate::killed, MutantFate::passes, MutantFate::stillborn})
                if (f == fate_name(m)) r[key] = m;
        }
    } catch (const std::exception&) {
        return {};
    }
    return r;
}

void save_mutant_record(const fs::path& file, const MutantRecord& record) {
    nlohmann::json fates = nlohmann::json::object();
    for (const auto& [key, fate] : record) fates[key] = fate_name(fate);
    fs::create_directories(file.parent_path());
    write_file_atomic(file, nlohmann::json{{"schema", 1}, {"fates", fates}}.dump(1) + "\n");
}

}  // namespace judge
