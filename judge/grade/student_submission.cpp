#include "grade/student_submission.hpp"

#include <algorithm>

#include "compile/builder.hpp"
#include "core/errors.hpp"
#include "languages/build.hpp"
#include "problem/language.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

StudentSubmission read_submission(const fs::path& class_dir, const std::string& id, const std::string& problem,
                                  const std::vector<std::string>& templates) {
    using State = StudentSubmission::State;
    // A class may mix languages: solution.py is found like solution.cpp (docs/python.md). The first
    // folder that holds a candidate is the submission's; in it, the file the student wrote.
    for (const fs::path& folder : {fs::path(id) / problem, fs::path(id)}) {
        std::vector<StudentSubmission> found;
        for (const std::string& name : submission_file_names()) {
            const fs::path rel = folder / name;
            const SafeRead r = read_below(class_dir, rel, max_source_bytes, ReadPart::whole);
            if (r.fault == ReadFault::missing) continue;
            StudentSubmission s;
            s.display = valid_utf8(rel.string());
            if (r.ok()) {
                s.state = State::found;
                s.text = r.bytes;
            } else if (r.fault == ReadFault::too_large) {
                s.state = State::too_large;
                s.size = r.size;
            } else {
                s.state = State::invalid;
                s.why = s.display + " is " + describe(r.fault) +
                        (r.fault == ReadFault::symlink ? " (or lies behind one)" : "") +
                        "; a submission must be a regular file in the student's own folder, reached through no link";
            }
            found.push_back(std::move(s));
        }
        if (found.empty()) continue;
        // A link or a file too large among them is what the folder holds: never passed over.
        for (const StudentSubmission& s : found)
            if (s.state != State::found) return s;
        std::vector<std::string> texts;
        for (const StudentSubmission& s : found) texts.push_back(s.text);
        const WrittenOne pick = written_one(texts, templates);
        if (pick.index) return found[*pick.index];
        StudentSubmission both;
        both.state = State::invalid;
        both.display = found[pick.both.first].display;
        both.why = two_written_words(found[pick.both.first].display, found[pick.both.second].display);
        return both;
    }
    return {};
}

WrittenOne written_one(const std::vector<std::string>& texts, const std::vector<std::string>& templates) {
    std::vector<size_t> changed;
    for (size_t i = 0; i < texts.size(); ++i)
        if (std::find(templates.begin(), templates.end(), texts[i]) == templates.end()) changed.push_back(i);
    if (changed.size() >= 2) return {std::nullopt, {changed[0], changed[1]}};
    return {changed.empty() ? 0 : changed.front(), {}};
}

std::string two_written_words(const std::string& a, const std::string& b) {
    return a + " and " + b +
           " both differ from the templates: hand in one file, the one you wrote, and delete the other";
}

std::vector<std::string> shipped_templates(const Problem& p) {
    std::vector<std::string> texts;
    for (const LanguageInfo& lang : languages())
        if (const fs::path t = language_template(p, lang.id); fs::exists(t)) texts.push_back(read_input_file(t));
    return texts;
}

}  // namespace judge
