// judge/pipeline/packed_key.hpp: the answer key of a student pack, read from its data.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "pipeline/answer_key.hpp"

namespace judge {

/// Loads problem `name` of the course root `root`: on a pack (verified first: pack::verify), the
/// packed spec with its hidden tests' inputs filled from the pack's data.
Problem load_course_problem(const std::filesystem::path& root, const std::string& name);

/// The runs `judge pack` stored: the reference's, the seeded bugs' and the counterexample cases'.
class PackedKey final : public AnswerKey {
public:
    /// Reads key/<p>/key.json of the pack at `root`. Throws InputError naming the file.
    PackedKey(const Problem& p, const std::filesystem::path& root);

    void prepare() override {}
    const std::vector<SeededBug>& bugs() const override { return m_bugs; }
    const TestRun& reference(size_t t) override;
    void prepare_bugs(const std::vector<bool>&, const std::vector<size_t>&) override {}
    std::vector<const TestRun*> bug_runs(size_t t, const std::vector<bool>& wanted) override;
    std::optional<TestRun> candidate(const Problem& cases, size_t i, InputFiles& inputs) override;

private:
    /// The stored run `name` (a folder under runs/) of function `fn`; throws InputError when absent.
    TestRun read_run(const FunctionSpec& fn, const std::string& name) const;
    std::string run_name(const nlohmann::json& table, const std::string& key, const std::string& what) const;

    const Problem& m_p;
    std::filesystem::path m_dir;
    std::string m_where;
    nlohmann::json m_key;
    std::vector<SeededBug> m_bugs;
    std::map<size_t, TestRun> m_reference;
    std::map<std::pair<size_t, size_t>, std::optional<TestRun>> m_bug_runs;
    std::mutex m_mutex;
};

}  // namespace judge
