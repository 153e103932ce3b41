#include "pipeline/pack_format.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "compile/embedded.hpp"
#include "core/errors.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/safe_read.hpp"

namespace judge::pack {

namespace fs = std::filesystem;

std::string judge_identity() {
    Hasher h;
    for (const embedded::File& f : embedded::files()) h.add(f.path).add(f.content);
    return std::string("judge ") + JUDGE_VERSION + ", headers " + h.hex().substr(0, 16);
}

bool is_pack(const fs::path& root) {
    std::error_code ec;
    return fs::is_regular_file(root / manifest_file, ec);
}

fs::path key_dir(const fs::path& root, const std::string& problem) { return root / "key" / problem; }

std::string read_in_pack(const fs::path& root, const std::string& rel, const std::string& field) {
    if (!stays_below(rel))
        throw InputError(field + ": \"" + rel + "\" is not a path inside the pack; a pack names only its own files");
    const SafeRead r = read_below(root, rel, max_pack_file);
    if (r.fault == ReadFault::missing)
        throw InputError((root / rel).string() + ": named by " + field + " but missing; the pack is incomplete");
    if (!r.ok())
        throw InputError((root / rel).string() + ": " + describe(r.fault) + " (or behind one); a pack is read only " +
                         "inside itself, through no link");
    return r.bytes;
}

std::string needs_full_root(const std::string& what) {
    return what +
           " needs the full course root (with reference/); this is a student pack (pack.json), "
           "which holds the answers as data only";
}

void verify(const fs::path& root, const std::string& problem) {
    const auto mine = [&](const std::string& rel) {
        return problem.empty() || rel.rfind("problems/" + problem + "/", 0) == 0 ||
               rel.rfind("key/" + problem + "/", 0) == 0;
    };
    const std::string where = (root / manifest_file).string();
    nlohmann::json m;
    try {
        m = nlohmann::json::parse(read_input_file(root / manifest_file));
    } catch (const nlohmann::json::exception& e) {
        throw InputError(where + ": not a pack manifest: " + e.what());
    }
    if (!m.is_object() || m.value("format", "") != format_name)
        throw InputError(where + ": format: expected \"" + std::string(format_name) + "\"");
    const std::string made_by = m.value("judge", "");
    if (made_by != judge_identity())
        throw InputError(where + ": judge: the pack was made by \"" + made_by + "\", this is \"" + judge_identity() +
                         "\"; make it again with this judge (judge pack)");
    if (!m.contains("files") || !m["files"].is_object()) throw InputError(where + ": files: expected an object");
    std::set<std::string> listed;
    for (const auto& [rel, hash] : m["files"].items()) {
        listed.insert(rel);
        if (rel.rfind("student_template/", 0) == 0 || !mine(rel)) continue;
        const fs::path file = root / rel;
        const std::string bytes = read_in_pack(root, rel, where + ": files");
        if (!hash.is_string() || sha256_plain_hex(bytes) != hash.get<std::string>())
            throw InputError(file.string() + ": its SHA-256 differs from the one in " + where +
                             " (edited by hand?); make the pack again with judge pack");
    }
    for (const std::string& top : problem.empty() ? std::vector<std::string>{"problems", "key"}
                                                  : std::vector<std::string>{"problems/" + problem, "key/" + problem}) {
        std::error_code ec;
        for (fs::path up = root / top; up != root; up = up.parent_path()) {
            if (fs::is_symlink(up, ec))
                throw InputError(up.string() + ": a symbolic link; a pack is read only inside itself, through no link");
        }
        // In path order, so that of two files added by hand the same one is named on every file system.
        std::vector<fs::directory_entry> found;
        for (auto it = fs::recursive_directory_iterator(root / top, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
            found.push_back(*it);
        std::sort(found.begin(), found.end());
        for (const fs::directory_entry& e : found) {
            if (e.is_symlink())
                throw InputError(e.path().string() +
                                 ": a symbolic link; a pack is read only inside itself, "
                                 "through no link");
            if (e.is_directory()) continue;
            const std::string rel = fs::relative(e.path(), root).generic_string();
            if (!listed.count(rel)) throw InputError(e.path().string() + ": not in " + where + " (added by hand?)");
        }
    }
}

}  // namespace judge::pack
