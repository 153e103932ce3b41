#include "traps/seeded_bugs.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/errors.hpp"
#include "problem/language.hpp"
#include "util/patch.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

std::vector<fs::path> load_accepted(const Problem& p) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (!fs::is_directory(p.accepted_dir, ec)) return out;
    // A file of any submission language's extension (the C++ and Python students' ways alike).
    const auto submission = [](const fs::path& f) {
        return std::any_of(languages().begin(), languages().end(),
                           [&](const LanguageInfo& l) { return f.extension() == l.extension; });
    };
    for (const auto& entry : fs::directory_iterator(p.accepted_dir))
        if (entry.is_regular_file() && submission(entry.path())) out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<SeededBug> load_bugs(const Problem& p) {
    std::vector<SeededBug> bugs;
    std::error_code ec;
    if (!fs::is_directory(p.bugs_dir, ec)) return bugs;
    std::string reference;  // read once, for the patches
    // In name order, so that of two broken files the same one is named first on every file system.
    std::vector<fs::directory_entry> entries(fs::directory_iterator(p.bugs_dir), fs::directory_iterator{});
    std::sort(entries.begin(), entries.end());
    for (const auto& entry : entries) {
        const bool patch = entry.path().extension() == ".patch";
        if (entry.path().extension() != ".cpp" && !patch) continue;
        SeededBug b;
        b.name = entry.path().stem().string();
        b.path = entry.path();
        const std::string display = (fs::path("reference") / p.name / "bugs" / entry.path().filename()).string();
        const std::string text = read_input_file(entry.path());
        b.source = text;
        if (patch) {
            if (fs::exists(fs::path(entry.path()).replace_extension(".cpp")))
                throw InputError(display + ": " + b.name + ".cpp exists too; a seeded bug is one file or the other");
            if (reference.empty()) reference = read_input_file(p.reference);
            try {
                b.source = apply_patch(reference, text);
            } catch (const PatchError& e) {
                throw InputError(display + ": does not apply to reference/" + p.name + "/solution.cpp: " + e.what());
            }
        }
        std::istringstream in(text);
        std::string line;
        int lineno = 0, trap_line = 0;
        while (std::getline(in, line) && lineno < 40) {
            ++lineno;
            const std::string t = trimmed(line);
            if (t.rfind("// trap:", 0) == 0) {
                b.trap = trimmed(t.substr(8));
                trap_line = lineno;
            } else if (t.rfind("// misconception:", 0) == 0) {
                b.misconception = trimmed(t.substr(17));
            } else if (t.rfind("// misconception_python:", 0) == 0) {
                b.misconception_in["python"] = trimmed(t.substr(24));
            }
        }
        if (b.trap.empty()) throw InputError(display + ":1: missing a '// trap: <id>' line in the first 40 lines");
        if (b.misconception.empty()) {
            throw InputError(display + ":1: missing a '// misconception: <text>' line in the first 40 lines");
        }
        if (std::none_of(p.traps.begin(), p.traps.end(), [&](const TrapSpec& t) { return t.id == b.trap; })) {
            throw InputError(display + ":" + std::to_string(trap_line) + ": unknown trap \"" + b.trap + "\"");
        }
        bugs.push_back(std::move(b));
    }
    std::sort(bugs.begin(), bugs.end(), [](const SeededBug& a, const SeededBug& b) { return a.name < b.name; });
    return bugs;
}

std::string misconception_form_problem(const std::string& text) {
    if (text.empty() || !std::islower(static_cast<unsigned char>(text.front())))
        return "it must start with a lower-case letter, as a phrase that follows \"this mistake:\"";
    if (text.size() > 160) return "it is " + std::to_string(text.size()) + " characters; keep it to 160";
    for (size_t i = 0; i < text.size(); ++i) {
        const bool end = text[i] == '.' || text[i] == '!' || text[i] == '?';
        if (end && (i + 1 == text.size() || text[i + 1] == ' '))
            return "it must be one phrase, with no sentence end ('" + std::string(1, text[i]) + "')";
    }
    std::string lower;
    for (const char c : " " + text + " ") lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* you : {" you ", " your ", " you're "})
        if (lower.find(you) != std::string::npos) return "it describes the mistake, not the student: no \"you\"";
    return "";
}

SeededBug find_seeded_bug(const Problem& p, const std::string& id) {
    std::string known;
    for (SeededBug& b : load_bugs(p)) {
        if (b.name == id) return std::move(b);
        known += (known.empty() ? "" : ", ") + b.name;
    }
    throw InputError("--bug: " + p.name + " has no seeded bug \"" + id + "\"" +
                     (known.empty() ? " (it has none)" : "; its seeded bugs are: " + known));
}

std::string make_bug_patch(const Problem& p, const std::string& reference, std::string bug, const std::string& from,
                           std::string trap, std::string misconception) {
    // The file's own header lines, up to its first other line.
    std::string python;
    while (bug.rfind("// trap:", 0) == 0 || bug.rfind("// misconception:", 0) == 0 ||
           bug.rfind("// misconception_python:", 0) == 0) {
        const size_t end = bug.find('\n');
        const std::string line = bug.substr(0, end);
        const size_t colon = line.find(':');
        const std::string value = trimmed(line.substr(colon + 1));
        if (line.rfind("// trap:", 0) == 0 && trap.empty()) trap = value;
        if (line.rfind("// misconception:", 0) == 0 && misconception.empty()) misconception = value;
        if (line.rfind("// misconception_python:", 0) == 0) python = value;
        bug = end == std::string::npos ? "" : bug.substr(end + 1);
    }
    if (!bug.empty() && bug.back() != '\n') bug += '\n';
    if (trap.empty()) throw InputError(from + ": no trap: give --trap, or a `// trap: <id>` first line");
    if (std::none_of(p.traps.begin(), p.traps.end(), [&](const TrapSpec& t) { return t.id == trap; })) {
        std::string known;
        for (const TrapSpec& t : p.traps) known += (known.empty() ? "" : ", ") + t.id;
        throw InputError("--trap: " + p.name + " has no trap \"" + trap + "\"; its traps are: " + known);
    }
    if (misconception.empty())
        throw InputError(from + ": no misconception: give --misconception, or a `// misconception: <phrase>` line");
    if (const std::string why = misconception_form_problem(misconception); !why.empty())
        throw InputError("--misconception: \"" + misconception + "\": " + why);
    const std::string diff = unified_diff(reference, bug, "a/solution.cpp", "b/solution.cpp");
    if (diff.empty()) throw InputError(from + ": it is the reference as it is; a seeded bug changes it");
    std::string header = "// trap: " + trap + "\n// misconception: " + misconception + "\n";
    if (!python.empty()) header += "// misconception_python: " + python + "\n";
    return header + diff;
}

}  // namespace judge
