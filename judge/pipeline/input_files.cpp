#include "pipeline/input_files.hpp"

#include "runs/program_run.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {
// Crossed by the box's user, listed by no one but root (and the judge's own user).
constexpr fs::perms traverse_only = fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec;
}  // namespace

InputFiles::InputFiles(const Problem& p, uint64_t seed) : m_p(p), m_seed(seed) {
    m_work.emplace("judge-session");
    fs::permissions(m_work->path(), traverse_only);
    m_root = m_work->path() / "in";
    for (size_t t = 0; t < p.tests.size(); ++t) m_names.push_back(random_name());
}

InputFiles::InputFiles(const Problem& p, uint64_t seed, const InputFiles& outer)
    : m_p(p), m_seed(seed), m_root(outer.root()), m_nest(random_name()) {
    for (size_t t = 0; t < p.tests.size(); ++t) m_names.push_back(m_nest + "/" + random_name());
}

void InputFiles::ensure() {
    std::call_once(m_once, [this] {
        fs::create_directories(root());
        fs::permissions(root(), traverse_only);
        if (!m_nest.empty()) {
            fs::create_directory(root() / m_nest);
            fs::permissions(root() / m_nest, traverse_only);
        }
        for (size_t t = 0; t < m_p.tests.size(); ++t) {
            write_inputs(dir(t), make_inputs(m_p.tests[t], m_seed));
            fs::permissions(dir(t), traverse_only);
        }
    });
}

}  // namespace judge
