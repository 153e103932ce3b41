// judge/grade/class_page.cpp: summary.html (class_page.hpp).
#include "grade/class_page.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <map>

#include "grade/class_view.hpp"
#include "report/html.hpp"
#include "report/pictures.hpp"
#include "report/words.hpp"

namespace judge {

namespace {

const char* class_style = R"(<style>
.bar{display:flex;height:1.1rem;width:100%;max-width:28rem;border:1px solid #bbb;border-radius:3px;overflow:hidden}
.bar span{display:block;height:100%}.bar .passed{background:#1a7f37}.bar .failed{background:#b42318}
.bar .blocked{background:#999}.count{font-size:.8rem;color:#444}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem .4rem;border-bottom:1px solid #eee;
vertical-align:top}th{white-space:nowrap}
section.cluster{border:1px solid #ddd;border-radius:4px;padding:.5rem .8rem;margin:1rem 0;break-inside:avoid}
.students{font-size:.85rem;color:#333}.students a{margin-right:.3rem}
</style>
)";

std::string percent(size_t n, size_t of) { return fmt::format("{:.0f}%", of == 0 ? 0.0 : 100.0 * n / of); }

// A student's id, linked to their page when grade wrote one: always text, never markup.
std::string student_link(const ClassStudent& st) {
    if (st.page.empty()) return "<span class=\"student\">" + html_escape(st.id) + "</span>";
    return fmt::format("<a class=\"student\" href=\"{}\">{}</a>", html_escape(st.page), html_escape(st.id));
}

std::string student_links(const std::vector<const ClassStudent*>& who) {
    std::string s;
    for (const ClassStudent* st : who) s += (s.empty() ? "" : ", ") + student_link(*st);
    return s;
}

const char* not_assessed_definition =
    "<p class=\"count\" id=\"not-assessed\"><b>Not assessed</b>: the trap comes after a trap the student failed, so "
    "its tests do not count yet; it is neither passed nor failed. The pass rate is among the students assessed.</p>\n";

std::string trap_rows(const Problem& p, const std::vector<ClassStudent>& students) {
    std::string s =
        "<table class=\"traps\"><tr><th>trap</th><th>pass rate among the students assessed</th><th>not "
        "assessed</th></tr>\n";
    for (const TrapSpec& trap : p.traps) {
        const TrapCounts c = trap_counts(trap.id, students);
        const size_t assessed = c.passed + c.failed;
        s += fmt::format(
            "<tr><td><code>{}</code><br><span class=\"count\">{}</span></td><td><div class=\"bar\" data-trap=\"{}\" "
            "data-passed=\"{}\" data-failed=\"{}\" data-blocked=\"{}\" title=\"{} passed, {} failed of {} assessed\">"
            "<span class=\"passed\" style=\"width:{}\"></span><span class=\"failed\" style=\"width:{}\"></span></div>"
            "<span class=\"count\">{} pass ({} of {} assessed; {} failed)</span></td><td><span class=\"count\">{}"
            "</span></td></tr>\n",
            html_escape(trap.id), html_escape(trap.title), html_escape(trap.id), c.passed, c.failed, c.blocked,
            c.passed, c.failed, assessed, percent(c.passed, assessed), percent(c.failed, assessed),
            assessed == 0 ? "none" : percent(c.passed, assessed), c.passed, assessed, c.failed, c.blocked);
    }
    return s + "</table>\n" + not_assessed_definition;
}

// What to teach next: the traps the most assessed students fail, each with every student failing
// it listed: under the misconceptions of that trap named, or as no known mistake of it.
std::string teach_next(const ClassRoll& roll) {
    std::vector<const TrapRoll*> failed;
    for (const TrapRoll& t : roll.traps) failed.push_back(&t);
    if (failed.empty()) return "<p>No trap is failed by any student assessed.</p>\n";
    std::stable_sort(failed.begin(), failed.end(),
                     [](const TrapRoll* a, const TrapRoll* b) { return a->counts.failed > b->counts.failed; });
    if (failed.size() > teach_next_traps) failed.resize(teach_next_traps);
    std::string s = "<ol class=\"teach-next\">\n";
    for (const TrapRoll* t : failed) {
        const TrapCounts& c = t->counts;
        s += fmt::format(
            "<li data-trap=\"{}\" data-failed=\"{}\"><code>{}</code> ({}): failed by {} of the {} "
            "students assessed.<ul>",
            html_escape(t->trap->id), c.failed, html_escape(t->trap->id), html_escape(t->trap->title), c.failed,
            c.passed + c.failed);
        for (const auto& [n, who] : t->named)
            s += fmt::format(
                "<li data-bug=\"{}\" data-count=\"{}\">{} <span class=\"count\">({} student{}: {})</span>"
                "</li>",
                html_escape(n.bug), who.size(), html_escape(n.text), who.size(), who.size() == 1 ? "" : "s",
                student_links(who));
        if (!t->unexplained.empty())
            s += fmt::format(
                "<li class=\"unexplained\" data-count=\"{}\">No known mistake of this trap explains it "
                "<span class=\"count\">({} student{}: {})</span></li>",
                t->unexplained.size(), t->unexplained.size(), t->unexplained.size() == 1 ? "" : "s",
                student_links(t->unexplained));
        s += "</ul></li>\n";
    }
    return s + "</ol>\n";
}

// The students who made no attempt, by why: the ones to reach first on a Monday morning.
std::string no_attempt_html(const ClassRoll& roll) {
    if (roll.no_attempt.empty()) return "";
    std::string s = "<h2>No attempt</h2>\n<ul class=\"no-attempt\">\n";
    for (const NoAttempt& n : roll.no_attempt)
        s += fmt::format("<li data-kind=\"{}\" data-count=\"{}\">{} ({}): {}</li>\n", n.kind, n.who.size(),
                         html_escape(n.what), n.who.size(), student_links(n.who));
    return s + "</ul>\n";
}

std::string histogram_html(const Histogram& h) {
    const size_t most = h.bins.empty() ? 0 : *std::max_element(h.bins.begin(), h.bins.end());
    std::string s = "<h2>Scores</h2>\n<table class=\"histogram\"><tr><th>points</th><th>students</th></tr>\n";
    for (size_t k = 0; k < h.bins.size(); ++k)
        s += fmt::format(
            "<tr data-bin=\"{}\" data-count=\"{}\"><td>{}</td><td><div class=\"bar\"><span "
            "class=\"passed\" style=\"width:{}\"></span></div><span class=\"count\">{}</span></td></tr>\n",
            k, h.bins[k], h.label(k), percent(h.bins[k], most), h.bins[k]);
    return s + "</table>\n";
}

std::string changes_html(const std::vector<Change>* changes, const std::map<std::string, const ClassStudent*>& by_id) {
    if (changes == nullptr) return "";
    std::string s = "<h2>Since the last grading run</h2>\n";
    if (changes->empty()) return s + "<p class=\"changes\" data-count=\"0\">No student's grade changed.</p>\n";
    s += fmt::format(
        "<table class=\"changes\" data-count=\"{}\"><tr><th>student</th><th>before</th><th>now</th>"
        "</tr>\n",
        changes->size());
    for (const Change& c : *changes) {
        const auto it = by_id.find(c.id);
        s += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                         it != by_id.end() ? student_link(*it->second) : html_escape(c.id), html_escape(c.before),
                         html_escape(c.now));
    }
    return s + "</table>\n";
}

std::string misconception_rows(const std::vector<ClassStudent>& students, size_t attempts) {
    const auto rows = class_misconceptions(students);
    if (rows.empty()) return "<p>None.</p>\n";
    std::string s = "<table class=\"misconceptions\"><tr><th>misconception</th><th>students</th></tr>\n";
    for (const auto& [m, who] : rows) {
        s += fmt::format(
            "<tr data-bug=\"{}\"><td>{} <span class=\"count\">(seeded bug <code>{}</code>, trap <code>{}</code>)"
            "</span></td><td><div class=\"bar\"><span class=\"failed\" style=\"width:{}\"></span></div><span "
            "class=\"count\">{}</span><div class=\"students\">{}</div></td></tr>\n",
            html_escape(m.bug), html_escape(m.text), html_escape(m.bug), html_escape(m.trap),
            percent(who.size(), attempts), who.size(), student_links(who));
    }
    return s + "</table>\n";
}

std::string cluster_section(const Cluster& c, const Problem& p, size_t k,
                            const std::map<std::string, const ClassStudent*>& by_id, bool exact) {
    std::vector<const ClassStudent*> who;
    for (const std::string& id : c.students)
        if (const auto it = by_id.find(id); it != by_id.end()) who.push_back(it->second);
    const Report& rep = c.representative->report;
    const TestOutcome* t = rep.test(c.first_test);
    std::string s = fmt::format(
        "<section class=\"{}\" data-{}=\"{}\" data-size=\"{}\" data-first-test=\"{}\" data-trap=\"{}\">"
        "<h3>{} students {}</h3>"
        "<p>They fail trap <code>{}</code> first; their first failing test is <code>{}</code>: {}</p>"
        "<p class=\"students\">Students: {}</p>",
        exact ? "cluster" : "behaviour", exact ? "cluster" : "group", k, c.students.size(), html_escape(c.first_test),
        html_escape(c.first_trap), c.students.size(),
        exact ? "made the same mistake no seeded bug describes"
              : "fail the same tests the same way, with outputs of their own",
        html_escape(c.first_trap), html_escape(c.first_test),
        t ? html_escape(t->message.substr(0, t->message.find('\n'))) : "", student_links(who));
    // A representative picture: the kept values of the test that speaks for the trap to fix
    // first, else the first failing test whose report shows values or a counterexample.
    const Fingerprint& kept = c.representative->fingerprint;
    std::vector<TestOutcome> tests = rep.tests;
    for (TestOutcome& test : tests)
        if (test.id == kept.pictured_test) test.pictured = kept.pictured;
    std::stable_partition(tests.begin(), tests.end(), [&](const TestOutcome& x) { return x.id == c.first_test; });
    for (const TestOutcome& test : tests) {
        const std::vector<Picture> pics = pictures_of(test, p);
        if (pics.empty()) continue;
        s += "<p class=\"note\">What " + html_escape(c.students.front()) + "'s code gives:</p>" + picture_html(pics[0]);
        break;
    }
    if (exact && c.students.size() >= 3)
        s += "<p class=\"note\"><code>judge grade --suggest-bugs DIR</code> writes it as a candidate seeded bug.</p>";
    return s + "</section>\n";
}

}  // namespace

std::string render_class_page(const Problem& p, const std::vector<ClassStudent>& students,
                              const std::vector<Cluster>& clusters, const std::vector<Change>* changes) {
    size_t attempts = 0;
    std::map<std::string, size_t> verdicts;
    std::map<std::string, const ClassStudent*> by_id;
    for (const ClassStudent& st : students) {
        attempts += attempt(st.report) ? 1 : 0;
        ++verdicts[to_string(st.report.verdict)];
        by_id[st.id] = &st;
    }
    std::string s = html_page_start(p.name + ": the class");
    s += class_style;
    s += fmt::format(
        "<header><h1>{}: {}</h1><p>{} students, {} attempts (submissions that compiled and are not the "
        "untouched template). Each student's id links to their own report.</p></header>\n<table "
        "class=\"verdicts\"><tr><th>verdict</th><th>students</th></tr>\n",
        html_escape(p.name), html_escape(p.title), students.size(), attempts);
    for (const auto& [v, n] : verdicts) s += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", v, n);
    const ClassRoll roll = class_roll(p, students);
    s += "</table>\n" + changes_html(changes, by_id) + no_attempt_html(roll);
    s += "<h2>Teach next</h2>\n<p>The traps the most students assessed fail, with every student failing them.</p>\n" +
         teach_next(roll);
    s += histogram_html(roll.histogram);
    s += "<h2>Traps</h2>\n" + trap_rows(p, students);
    s += "<h2>Misconceptions named</h2>\n<p>Students whose output was, number for number, what a known mistake "
         "produces.</p>\n" +
         misconception_rows(students, attempts);
    const size_t unnamed = unnamed_wrong_answers(students);
    size_t clustered = 0;
    for (const Cluster& c : clusters) clustered += c.students.size();
    s += fmt::format(
        "<h2>Unnamed wrong answers</h2>\n<p>{} wrong answer{} no seeded bug names; {} in {} cluster{} "
        "of students whose outputs are identical on every test they fail.</p>\n",
        unnamed, unnamed == 1 ? "" : "s", clustered, clusters.size(), clusters.size() == 1 ? "" : "s");
    for (size_t k = 0; k < clusters.size(); ++k) s += cluster_section(clusters[k], p, k + 1, by_id, true);
    // Students whose outputs differ but who fail the same tests the same way: one misconception
    // written several ways, more likely than not.
    const std::vector<Cluster> groups = behaviour_groups(students, clusters);
    if (!groups.empty())
        s += "<p>Students who fail the same tests, with the same verdicts, and whose outputs are off in the same "
             "direction first, though their outputs differ:</p>\n";
    for (size_t k = 0; k < groups.size(); ++k) s += cluster_section(groups[k], p, k + 1, by_id, false);
    // The unnamed wrong answers in no cluster and no group: each is a student to look at.
    std::vector<const ClassStudent*> alone;
    for (const ClassStudent& st : students) {
        if (!unnamed_wrong(st.report)) continue;
        const auto holds = [&](const Cluster& c) {
            return std::find(c.students.begin(), c.students.end(), st.id) != c.students.end();
        };
        if (std::none_of(clusters.begin(), clusters.end(), holds) && std::none_of(groups.begin(), groups.end(), holds))
            alone.push_back(&st);
    }
    if (!alone.empty())
        s += fmt::format("<p class=\"students\" id=\"unclustered\">In no cluster ({}): {}</p>\n", alone.size(),
                         student_links(alone));
    return s + html_page_end();
}

}  // namespace judge
