#include "authoring/equivalence.hpp"

#include <fmt/core.h>

#include <cstdlib>
#include <optional>

namespace judge {

namespace {

struct MutantId {
    std::string op, variant;  // variant: "" or ":<n>"
    int line = 0, col = 0;
};

std::optional<MutantId> parse_id(const std::string& id) {
    const size_t a = id.find(':'), b = a == std::string::npos ? a : id.find(':', a + 1);
    if (b == std::string::npos) return std::nullopt;
    const size_t c = id.find(':', b + 1);
    MutantId m;
    m.op = id.substr(0, a);
    m.line = std::atoi(id.substr(a + 1, b - a - 1).c_str());
    m.col = std::atoi(id.substr(b + 1, c == std::string::npos ? std::string::npos : c - b - 1).c_str());
    if (c != std::string::npos) m.variant = id.substr(c);
    return m;
}

std::string rstrip(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    return s;
}

// The text of line `n` of the reference, from any mutant of that line ("" when none mutates it).
std::string line_text(const std::vector<Mutant>& mutants, int n) {
    for (const Mutant& m : mutants)
        if (m.line == n) return m.before;
    return "";
}

}  // namespace

EquivalenceMatch match_equivalent(const std::vector<Mutant>& mutants, const std::vector<EquivalentMutant>& declared,
                                  const std::string& file) {
    EquivalenceMatch out;
    for (size_t i = 0; i < declared.size(); ++i) {
        const EquivalentMutant& e = declared[i];
        const std::string where = fmt::format("equivalent_mutants[{}] \"{}\"", i, e.id);
        const std::optional<MutantId> want = parse_id(e.id);
        const Mutant* exact = nullptr;
        const Mutant* moved = nullptr;
        for (const Mutant& m : mutants) {
            const std::optional<MutantId> got = parse_id(m.id);
            if (!want || !got || got->op != want->op || got->col != want->col || got->variant != want->variant)
                continue;
            if (m.id == e.id) exact = &m;
            const bool same_text = e.line && rstrip(m.before) == rstrip(*e.line);
            if (same_text && (!moved || std::abs(m.line - want->line) < std::abs(moved->line - want->line))) moved = &m;
        }
        if (exact && (!e.line || rstrip(exact->before) == rstrip(*e.line))) {
            out.reason_of[exact->id] = e.reason;
        } else if (moved) {
            out.reason_of[moved->id] = e.reason;
            out.findings.push_back({"equivalent_mutant_moved", "info",
                                    fmt::format("{}: its line moved to line {} of {}; the mutant is now \"{}\" "
                                                "(update the id)",
                                                where, moved->line, file, moved->id)});
        } else if (exact) {
            out.findings.push_back(
                {"equivalent_mutant_changed", "warning",
                 fmt::format("{}: line {} of {} changed: it was \"{}\" and is now \"{}\"; check that the mutant is "
                             "still equivalent, then update \"line\"",
                             where, want->line, file, *e.line, exact->before)});
        } else {
            const std::string now = want ? line_text(mutants, want->line) : "";
            out.findings.push_back(
                {"equivalent_mutant_unmatched", "warning",
                 fmt::format("{} matches no mutant of {}{}; remove it, or copy the id validate --mutants prints", where,
                             file, now.empty() ? "" : fmt::format(" (line {} is now \"{}\")", want->line, now))});
        }
    }
    return out;
}

}  // namespace judge
