#include "grade/roster.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "core/errors.hpp"
#include "util/text.hpp"

namespace judge {

namespace {

// The fields of one CSV line: commas split, double quotes quote ("" is a quote inside them).
std::vector<std::string> csv_fields(const std::string& line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            out.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            out.emplace_back();
        } else if (c != '\r' || quoted) {
            out.back() += c;
        }
    }
    return out;
}

// Why `id` cannot be a student's folder name, or "".
std::string bad_id(const std::string& id) {
    if (id.empty() || id == "." || id == "..") return "\"" + id + "\" cannot be a folder's name";
    for (const char c : id)
        if (c == '/' || static_cast<unsigned char>(c) < 0x20)
            return "\"" + id + "\" holds a '/' or a control character, which a folder's name cannot";
    return "";
}

}  // namespace

std::vector<RosterEntry> read_roster(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) throw InputError("--roster: " + file.string() + " is not a file");
    std::istringstream in(read_input_file(file));
    std::vector<RosterEntry> ids;
    std::string line;
    int lineno = 0;
    long id_column = -1, user_column = -1, name_column = -1;  // a CSV roster's columns
    while (std::getline(in, line)) {
        ++lineno;
        const std::string where = file.string() + ":" + std::to_string(lineno);
        if (lineno == 1 && line.find("identifier") != std::string::npos && line.find(',') != std::string::npos) {
            const std::vector<std::string> head = csv_fields(line);
            for (size_t k = 0; k < head.size(); ++k) {
                if (trimmed(head[k]) == "identifier") id_column = static_cast<long>(k);
                if (trimmed(head[k]) == "github_username") user_column = static_cast<long>(k);
                if (trimmed(head[k]) == "name") name_column = static_cast<long>(k);
            }
            if (user_column < 0)
                throw InputError(where +
                                 ": a roster CSV needs a github_username column (GitHub Classroom's roster "
                                 "has identifier, github_username, github_id, name)");
            continue;
        }
        RosterEntry e;
        std::string& id = e.id;
        if (user_column >= 0) {
            const std::vector<std::string> f = csv_fields(line);
            if (f.size() == 1 && trimmed(f[0]).empty()) continue;
            const auto at = [&](long k) { return k >= 0 && static_cast<size_t>(k) < f.size() ? trimmed(f[k]) : ""; };
            id = at(user_column).empty() ? at(id_column) : at(user_column);
            if (id.empty()) throw InputError(where + ": a student with neither a github_username nor an identifier");
            e.identifier = at(id_column);
            e.name = at(name_column);
        } else {
            id = trimmed(line.substr(0, line.find('#')));
            if (id.empty()) continue;
            e.identifier = id;
        }
        if (const std::string why = bad_id(id); !why.empty()) throw InputError(where + ": " + why);
        ids.push_back(std::move(e));
    }
    return ids;
}

std::vector<std::string> roster_ids(const std::vector<RosterEntry>& roster) {
    std::vector<std::string> ids;
    for (const RosterEntry& e : roster) ids.push_back(e.id);
    return ids;
}

std::vector<std::string> class_students(const std::vector<std::string>& folders, const std::vector<std::string>& roster,
                                        bool has_roster, bool allow_empty, const std::string& class_dir,
                                        std::vector<std::string>& not_on_roster) {
    const std::set<std::string> listed(roster.begin(), roster.end());
    std::set<std::string> all(folders.begin(), folders.end());
    all.insert(roster.begin(), roster.end());
    for (const std::string& f : folders)
        if (has_roster && !listed.count(f)) not_on_roster.push_back(f);
    if (!allow_empty) {
        if (all.empty())
            throw InputError("--class " + class_dir + ": no student folder" +
                             (has_roster ? " and an empty roster" : "") +
                             ": nothing to grade (--allow-empty grades an empty class)");
        const bool none_present = std::none_of(roster.begin(), roster.end(), [&](const std::string& id) {
            return std::binary_search(folders.begin(), folders.end(), id);
        });
        if (has_roster && !roster.empty() && none_present)
            throw InputError("--class " + class_dir + ": none of the " + std::to_string(listed.size()) +
                             " students on the roster has a folder: did every clone fail? (--allow-empty grades "
                             "them all as missing)");
    }
    return {all.begin(), all.end()};
}

}  // namespace judge
