#include "judging/test_inputs.hpp"

#include "execution/test_process.hpp"
#include "problem/inputs.hpp"

namespace judge {

namespace fs = std::filesystem;

TestInputs::TestInputs(const Problem& p, uint64_t seed) : m_p(p), m_seed(seed), m_work("judge-session") {
    // The box's user must reach its test's inputs (mounted read-only), but not list other tests'.
    fs::permissions(m_work.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
}

void TestInputs::ensure() {
    std::call_once(m_once, [this] {
        for (size_t t = 0; t < m_p.tests.size(); ++t) write_inputs(dir(t), make_inputs(m_p.tests[t], m_seed));
    });
}

fs::path TestInputs::dir(size_t t) const { return root() / m_p.tests[t].id; }

}  // namespace judge
