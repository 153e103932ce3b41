// Pictures of failing tests: the grids, the page's panels, the terminal's shades and the PNGs.
#include <png.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "catch.hpp"
#include "grade/clusters.hpp"
#include "pipeline/heads_words.hpp"
#include "report/formats.hpp"
#include "report/html.hpp"
#include "report/pictures.hpp"
#include "report/platforms.hpp"
#include "report/png.hpp"
#include "report/render.hpp"

namespace pictures_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

judge::ShownValue tensor(const std::string& name, std::vector<int64_t> shape, std::vector<float> v) {
    judge::ShownValue s;
    s.name = name;
    s.array.shape = std::move(shape);
    s.array.f32 = std::move(v);
    return s;
}

judge::ShownValue ints(const std::string& name, std::vector<int64_t> v) {
    judge::ShownValue s;
    s.name = name;
    s.tensor = false;
    s.array.dtype = judge::npy::Dtype::int64;
    s.array.shape = {static_cast<int64_t>(v.size())};
    s.array.i64 = std::move(v);
    return s;
}

judge::Problem problem() {
    judge::Problem p;
    p.name = "pics";
    judge::FunctionSpec fn;
    fn.name = "attend";
    fn.params = {{"q", judge::ParamType::tensor, {}}, {"valid_lens", judge::ParamType::int_list, {}}};
    judge::OutputSpec w, o;
    w.name = "weights";
    w.axes = {"example", "head", "query", "key"};
    o.name = "output";
    o.axes = {"example", "query", "feature"};
    fn.outputs = {w, o};
    p.functions.push_back(fn);
    return p;
}

// (1 example, 2 heads, 2 queries, 3 keys), valid_lens [2]: masking after the softmax leaves key 2
// at 0 but the rows unnormalised.
judge::Report report() {
    judge::Counterexample c;
    c.function = "attend";
    c.inputs = {tensor("q", {1, 2, 2}, {0, 1, 2, 3}), ints("valid_lens", {2})};
    c.expected = {tensor("weights", {1, 2, 2, 3}, {0.5f, 0.5f, 0, 0.25f, 0.75f, 0, 1, 0, 0, 0, 1, 0}),
                  tensor("output", {1, 2, 2}, {1, 2, 3, 4})};
    c.got = {tensor("weights", {1, 2, 2, 3}, {0.3f, 0.3f, 0, 0.2f, 0.5f, 0, 0.6f, 0, 0, 0, 0.6f, 0}),
             tensor("output", {1, 2, 2}, {1, 2, 3, 5})};
    judge::TestOutcome t;
    t.id = "masking_sample";
    t.trap = "masking";
    t.function = "attend";
    t.hidden = false;
    t.verdict = judge::Verdict::wrong_answer;
    t.message = "weights differ";
    t.pictured = c;
    judge::TrapOutcome trap;
    trap.id = "masking";
    trap.title = "Masked keys get weight 0";
    trap.hint = "mask before the softmax";
    trap.passed = false;
    trap.failed_test = t.id;
    judge::Report r;
    r.problem = "pics";
    r.verdict = judge::Verdict::wrong_answer;
    r.max_score = 1;
    r.tests = {t};
    r.traps = {trap};
    return r;
}

size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("pictures: attention weights get a grid per head in each role, masked keys marked", "[pictures]") {
    const std::vector<judge::Picture> pics = judge::report_pictures(report(), problem());
    REQUIRE(pics.size() == 2);
    const judge::Picture& w = pics[0];  // attention first
    CHECK(w.attention);
    CHECK(w.output == "weights");
    CHECK(w.where == "example 0");
    CHECK(w.panel_axis == "head");
    CHECK(w.lengths == "valid_lens");
    REQUIRE(w.expected.size() == 2);
    REQUIRE(w.got.size() == 2);
    REQUIRE(w.diff.size() == 2);
    CHECK(w.expected[1].label == "head 1");
    CHECK(w.expected[0].rows == 2);
    CHECK(w.expected[0].cols == 3);
    CHECK(w.expected[0].masked(0, 2));
    CHECK_FALSE(w.expected[0].masked(0, 1));
    CHECK(std::abs(w.diff[0].at(0, 0) + 0.2f) < 1e-6f);
    CHECK_FALSE(w.values_scale.diverging);  // weights in [0, 1]
    CHECK(w.diff_scale.diverging);
    // Another output: the slice of the first differing element, roles side by side.
    const judge::Picture& o = pics[1];
    CHECK_FALSE(o.attention);
    CHECK(o.where == "example 0");
    CHECK(o.expected.size() == 1);
    // A passed test, or one whose output has another shape, has none.
    judge::Report r = report();
    r.tests[0].pictured->got[0].array.shape = {1, 2, 3, 2};
    CHECK(judge::pictures_of(r.tests[0], problem()).size() == 1);
    r.tests[0].verdict = judge::Verdict::accepted;
    CHECK(judge::pictures_of(r.tests[0], problem()).empty());
}

TEST_CASE("pictures: the colour scales", "[pictures]") {
    const judge::ColourScale seq;
    CHECK(seq.colour(0) == std::array<uint8_t, 3>{255, 255, 255});
    CHECK(seq.colour(1) == std::array<uint8_t, 3>{8, 48, 107});
    CHECK(seq.colour(2) == seq.colour(1));  // clamped
    judge::ColourScale div;
    div.diverging = true;
    div.min = -2;
    div.max = 2;
    CHECK(div.colour(0) == std::array<uint8_t, 3>{255, 255, 255});
    CHECK(div.colour(-2) == std::array<uint8_t, 3>{178, 24, 43});
    CHECK(div.colour(2) == std::array<uint8_t, 3>{33, 102, 172});
    CHECK(div.colour(std::nanf("")) == std::array<uint8_t, 3>{160, 160, 160});
}

TEST_CASE("pictures: the page has a panel per head per role with its values", "[pictures][html]") {
    const std::string page = judge::render_html(report(), problem());
    CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(count(page, "<svg class=\"panel\"") == 2 * 3 + 3);
    CHECK(count(page, "data-test=\"masking_sample\" data-output=\"weights\" data-head=\"1\" data-role=\"diff\"") == 1);
    CHECK(page.find("data-values=\"[[0.5,0.5,0.0],[0.25,0.75,0.0]]\"") != std::string::npos);
    CHECK(count(page, "data-masked=\"1\"") == 3 * 2 * 2);  // key 2 of both rows, 2 heads, 3 roles
    CHECK(page.find("Fix first:") != std::string::npos);
    CHECK(page.find("<script") == std::string::npos);
    // Hostile text is escaped: a message is the submission's own words.
    judge::Report r = report();
    r.tests[0].message = "<img src=x onerror=alert(1)>";
    r.traps[0].hint = "\"quoted\" & <b>";
    const std::string hostile = judge::render_html(r, problem());
    CHECK(hostile.find("<img src=x") == std::string::npos);
    CHECK(hostile.find("&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
    // Accepted: it says so, and draws nothing.
    judge::Report ok = report();
    ok.verdict = judge::Verdict::accepted;
    ok.tests[0].verdict = judge::Verdict::accepted;
    ok.traps[0].passed = true;
    const std::string fine = judge::render_html(ok, problem());
    CHECK(fine.find("Accepted: every test passes") != std::string::npos);
    CHECK(count(fine, "class=\"panel\"") == 0);
}

TEST_CASE(
    "pictures: the page leads with the trap to fix first, draws each picture once and none of a trap not "
    "assessed",
    "[pictures][html]") {
    judge::Report r = report();
    // A second failed trap whose test gave the very same values (the same counterexample), and a
    // trap not assessed whose test has values too.
    judge::TestOutcome same = r.tests[0];
    same.id = "masking_again";
    same.trap = "rows";
    judge::TestOutcome waiting = r.tests[0];
    waiting.id = "blocked_one";
    waiting.trap = "later";
    waiting.pictured->got[1].array.f32[0] = 9;  // values of its own
    r.tests.push_back(same);
    r.tests.push_back(waiting);
    judge::TrapOutcome rows = r.traps[0];
    rows.id = "rows";
    rows.failed_test = "masking_again";
    judge::TrapOutcome later = r.traps[0];
    later.id = "later";
    later.blocked = true;
    later.blocked_by = {"masking"};
    later.failed_test = "blocked_one";
    r.traps.push_back(rows);
    r.traps.push_back(later);
    const std::string page = judge::render_html(r, problem());
    const size_t fix = page.find("<section class=\"fix-first\" data-trap=\"masking\">");
    const size_t also = page.find("<details class=\"trap failed\" data-trap=\"rows\">");
    const size_t list = page.find("<ul class=\"traps\">");
    REQUIRE(fix != std::string::npos);
    REQUIRE(also != std::string::npos);
    CHECK(fix < also);
    CHECK(also < list);
    CHECK(count(page, "<figure") == 2);  // masking_sample's two outputs, once each
    CHECK(page.find("data-test=\"masking_again\"") == std::string::npos);
    CHECK(page.find("Test masking_again's weights: the same values as the picture of test masking_sample above.") !=
          std::string::npos);
    CHECK(page.find("data-test=\"blocked_one\"") == std::string::npos);
    CHECK(page.find("1 more picture of test masking_sample") != std::string::npos);
    // The lead says the hint of the trap to fix first; its section shows the evidence without it.
    CHECK(count(page, "mask before the softmax") == 1 + 1);  // the lead, and the other failed trap's hint
}

TEST_CASE("pictures: index ticks, numbers in cells, and a legend of only what is drawn", "[pictures][html]") {
    judge::Report r = report();
    const std::string page = judge::render_html(r, problem());
    // Index ticks on the panels' edges: columns 0..2 and rows 0..1 of each weights panel.
    CHECK(page.find("<text class=\"tick\" x=\"") != std::string::npos);
    // Each panel names its axes: columns along the top, rows down the left.
    CHECK(page.find("<text class=\"axis\" x=\"26\" y=\"8\" font-size=\"8\">key →</text>") != std::string::npos);
    CHECK(page.find("rotate(90)\" font-size=\"8\">query →</text>") != std::string::npos);
    // Large cells (2 x 3 grids) hold their numbers: 0.25 in expected head 0's row 1.
    CHECK(page.find(">0.25</text>") != std::string::npos);
    CHECK(page.find("An orange corner marks a masked key") != std::string::npos);
    CHECK(page.find("A grey cell is NaN") == std::string::npos);
    // The output's values are non-negative (1 to 5): white to blue, not red to blue; the
    // difference keeps its sign's colours.
    const std::vector<judge::Picture> pics = judge::report_pictures(r, problem());
    REQUIRE(pics.size() == 2);
    CHECK_FALSE(pics[1].values_scale.diverging);
    CHECK(pics[1].values_scale.max == 5);
    CHECK(pics[1].diff_scale.diverging);
    // A NaN is said in the legend, and no masked corner is claimed where none is drawn.
    r.tests[0].pictured->got[0].array.f32[0] = std::nanf("");
    r.tests[0].pictured->inputs.pop_back();  // no lengths: nothing is masked
    const std::string nan_page = judge::render_html(r, problem());
    CHECK(nan_page.find("A grey cell is NaN") != std::string::npos);
    CHECK(nan_page.find(">NaN</text>") != std::string::npos);
    CHECK(nan_page.find("An orange corner") == std::string::npos);
    const std::string text = judge::render_pictures_text(r, problem(), judge::Style{});
    CHECK(text.find(", ?? is NaN") != std::string::npos);
}

TEST_CASE("pictures: a rearrangement's cells say where each value came from", "[pictures][html]") {
    // split: x (1, 2, 4) -> position 1 should hold x[0,1,0:4]; a one-reshape fold puts x[0,0,4:8]
    // there (the arange's values are their flat indices, so every value is found once in x).
    judge::FunctionSpec fn;
    fn.name = "split";
    fn.params = {{"x", judge::ParamType::tensor, {}}};
    judge::OutputSpec out;
    out.name = "heads";
    out.axes = {"position", "feature"};
    fn.outputs = {out};
    judge::Counterexample c;
    c.function = "split";
    c.inputs = {tensor("x", {1, 2, 8}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})};
    c.expected = {tensor("heads", {2, 4}, {0, 1, 2, 3, 8, 9, 10, 11})};
    c.got = {tensor("heads", {2, 4}, {0, 1, 2, 3, 4, 5, 6, 7})};
    const std::optional<judge::Picture> pic = judge::output_picture("t", fn, c, out, false);
    REQUIRE(pic);
    CHECK(pic->source == "x");
    CHECK(pic->source_axes == "i,j stands for x[0, i, j]");
    CHECK(pic->expected[0].source == std::vector<std::string>{"0,0", "0,1", "0,2", "0,3", "1,0", "1,1", "1,2", "1,3"});
    CHECK(pic->got[0].source[4] == "0,4");
    CHECK(pic->diff[0].source.empty());
    const std::string page = judge::picture_html(*pic);
    CHECK(page.find("Each number in expected and yours is where in x the value was taken from: i,j stands for x[0, "
                    "i, j].") != std::string::npos);
    CHECK(page.find("class=\"source\"") != std::string::npos);
    // Computed values that happen to equal an input's, twice in one slice: not a rearrangement.
    c.got = {tensor("heads", {2, 4}, {0, 1, 1, 3, 4, 5, 6, 7})};
    const std::optional<judge::Picture> computed = judge::output_picture("t", fn, c, out, false);
    REQUIRE(computed);
    CHECK(computed->source.empty());
    CHECK(computed->got[0].source.empty());
    CHECK(judge::picture_html(*computed).find("where in x") == std::string::npos);
    // A value no input holds: nothing is traced either.
    c.got = {tensor("heads", {2, 4}, {0, 1, 2, 3, 4, 5, 6, 7.5f})};
    CHECK(judge::output_picture("t", fn, c, out, false)->source.empty());
}

TEST_CASE("pictures: a causal mask the test checks is marked apart from padding", "[pictures][html]") {
    judge::Problem p = problem();
    judge::TestSpec ts;
    ts.id = "masking_sample";
    ts.function = "attend";
    judge::PropertyCheck k;
    k.kind = judge::CheckKind::zero_above_diagonal;
    k.output = "weights";
    ts.checks.push_back(k);
    p.tests.push_back(ts);
    const judge::Report r = report();
    const std::vector<judge::Picture> pics = judge::report_pictures(r, p);
    REQUIRE(!pics.empty());
    REQUIRE(pics[0].attention);
    // 2 queries, 3 keys: key 1 is after query 0, key 2 after both.
    CHECK(pics[0].got[0].causal_masked(0, 1));
    CHECK_FALSE(pics[0].got[0].causal_masked(1, 1));
    CHECK(pics[0].got[0].causal_masked(1, 2));
    const std::string page = judge::render_html(r, p);
    CHECK(page.find("data-causal=\"1\"") != std::string::npos);
    CHECK(page.find("class=\"causal\"") != std::string::npos);
    CHECK(page.find("A purple corner marks a key after its query, which the causal mask hides.") != std::string::npos);
    CHECK(page.find("An orange corner marks a masked key (past valid_lens).") != std::string::npos);
    // A check that applies only when its bool input is true: this case has no such input, so no mark.
    p.tests[0].checks[0].when = "causal";
    const std::string off = judge::render_html(r, p);
    CHECK(off.find("data-causal") == std::string::npos);
    CHECK(off.find("A purple corner") == std::string::npos);
    // Without the check, nothing is claimed either.
    CHECK(judge::render_html(r, problem()).find("A purple corner") == std::string::npos);
}

TEST_CASE("pictures: small weights as shaded grids in the text report", "[pictures]") {
    const std::string text = judge::render_pictures_text(report(), problem(), judge::Style{});
    CHECK(text.find("test masking_sample weights at example 0: rows are query, columns key; ·· is 0, ██ is 1") !=
          std::string::npos);
    CHECK(text.find("    head 0     expected   yours\n") != std::string::npos);
    CHECK(text.find("               ▒▒▒▒··   ░░░░··\n") != std::string::npos);
    judge::Report ok = report();
    ok.traps[0].passed = true;
    CHECK(judge::render_pictures_text(ok, problem(), judge::Style{}).empty());
}

TEST_CASE("pictures: PNG heatmaps, deterministic, with the page's colours", "[pictures][png]") {
    const judge::Picture pic = judge::report_pictures(report(), problem())[0];
    const std::string a = judge::picture_png(pic);
    CHECK(a == judge::picture_png(pic));
    png_image img{};
    img.version = PNG_IMAGE_VERSION;
    REQUIRE(png_image_begin_read_from_memory(&img, a.data(), a.size()) != 0);
    img.format = PNG_FORMAT_RGB;
    std::vector<uint8_t> px(PNG_IMAGE_SIZE(img));
    REQUIRE(png_image_finish_read(&img, nullptr, px.data(), 0, nullptr) != 0);
    // Two heads across, three roles down; cells of 16 px (96 / 3 keys, at most 16), gaps of 6.
    CHECK(img.width == 6 + 2 * (3 * 16 + 6));
    CHECK(img.height == 6 + 3 * (2 * 16 + 6));
    const auto at = [&](int x, int y) {
        const size_t k = (static_cast<size_t>(y) * img.width + x) * 3;
        return std::array<uint8_t, 3>{px[k], px[k + 1], px[k + 2]};
    };
    // The middle of head 0's first expected cell (0.5), and of its got cell (0.3) one row down.
    CHECK(at(6 + 8, 6 + 8) == pic.values_scale.colour(0.5f));
    CHECK(at(6 + 8, 6 + 38 + 8) == pic.values_scale.colour(0.3f));
    CHECK(judge::picture_label(pic) ==
          "test masking_sample: weights at example 0 (rows: expected, yours, difference; a panel per head; white 0 "
          "to dark blue 1)");
    CHECK(judge::png_data_url("\x89PNG").rfind("data:image/png;base64,iVBORw", 0) == 0);
}

TEST_CASE("pictures: PrairieLearn's images and Gradescope's html output", "[pictures][platforms]") {
    const judge::Problem p = problem();
    const nlohmann::json pl = judge::prairielearn_results(report(), &p);
    REQUIRE(pl["tests"][0].contains("images"));
    CHECK(pl["tests"][0]["images"].size() == 2);
    CHECK(pl["tests"][0]["images"][0]["url"].get<std::string>().rfind("data:image/png;base64,", 0) == 0);
    CHECK_FALSE(judge::prairielearn_results(report()).at("tests")[0].contains("images"));
    const nlohmann::json gs = judge::gradescope_results(report(), 1, p, true);
    CHECK(gs["tests"][0]["output_format"] == "html");
    const std::string out = gs["tests"][0]["output"];
    CHECK(out.rfind("<pre>test masking_sample (sample): weights differ", 0) == 0);
    CHECK(count(out, "<img alt=\"test masking_sample: ") == 2);
    CHECK(judge::gradescope_results(report(), 1, p, false)["tests"][0]["output_format"] == "text");
}

TEST_CASE("clusters: unnamed wrong answers with the same digests on every failed test", "[pictures][clusters]") {
    const auto student = [](const std::string& id, judge::Verdict v, std::map<std::string, std::string> digests,
                            const std::string& misconception = "") {
        judge::ClassStudent s;
        s.id = id;
        s.report = report();
        s.report.verdict = v;
        s.report.tests[0].verdict = v;
        s.report.tests[0].misconception = misconception;
        if (v == judge::Verdict::accepted) s.report.traps[0].passed = true;
        s.fingerprint.digests = std::move(digests);
        return s;
    };
    using V = judge::Verdict;
    std::vector<judge::ClassStudent> class_;
    for (const char* id : {"e", "a", "c"}) class_.push_back(student(id, V::wrong_answer, {{"masking_sample", "x"}}));
    for (const char* id : {"b", "d"}) class_.push_back(student(id, V::wrong_answer, {{"masking_sample", "y"}}));
    class_.push_back(student("f", V::wrong_answer, {{"masking_sample", "z"}}));       // alone: no cluster
    class_.push_back(student("g", V::accepted, {}));                                  // correct
    class_.push_back(student("h", V::wrong_answer, {{"masking_sample", "x"}}, "m"));  // named: not unnamed
    class_.push_back(student("i", V::wrong_answer, {}));                              // no fingerprint kept
    const std::vector<judge::Cluster> clusters = judge::unnamed_clusters(class_);
    REQUIRE(clusters.size() == 2);
    CHECK(clusters[0].students == std::vector<std::string>{"a", "c", "e"});
    CHECK(clusters[0].representative->id == "a");
    CHECK(clusters[0].first_trap == "masking");
    CHECK(clusters[0].first_test == "masking_sample");
    CHECK(clusters[1].students == std::vector<std::string>{"b", "d"});
    CHECK(judge::unnamed_wrong_answers(class_) == 7);
    // The candidate bug: a header of comment lines (a newline in an id cannot end one), then the file.
    judge::Cluster c = clusters[0];
    c.students = {"a\nint evil;", "c"};
    const std::string bug = judge::candidate_bug("pics", c, "int main() {}\n");
    CHECK(bug.find("// Students: a int evil;, c\n") != std::string::npos);
    CHECK(bug.find("\n// trap: masking\n") != std::string::npos);
    CHECK(bug.substr(bug.size() - 14) == "int main() {}\n");
    for (size_t at = 0, next; (next = bug.find('\n', at)) != std::string::npos && next + 14 < bug.size(); at = next + 1)
        CHECK(bug.compare(at, 2, "//") == 0);
}

TEST_CASE("heads: a head matches as the whole output is compared, NaN with NaN", "[pictures][heads]") {
    const float nan = std::nanf("");
    judge::Picture pic;
    const auto grid = [](const char* label, std::vector<float> v) {
        judge::Grid g;
        g.label = label;
        g.rows = 1;
        g.cols = static_cast<int64_t>(v.size());
        g.values = std::move(v);
        return g;
    };
    pic.expected = {grid("head 0", {nan, 0.5f}), grid("head 1", {nan, 0.5f}), grid("head 2", {0.25f, 0.5f})};
    pic.got = {grid("head 0", {nan, 0.5f}), grid("head 1", {0.5f, 0.5f}), grid("head 2", {0.75f, 0.5f})};
    pic.diff = pic.got;  // not read: the words compare got with expected
    judge::TestSpec ts;
    ts.id = "t1";
    judge::OutputSpec out;
    out.name = "weights";
    const std::string words = judge::example_heads_words(pic, ts, out);
    CHECK(words.find("2 of 3 as the reference's") == std::string::npos);
    CHECK(words.find("1 of 3 as the reference's") != std::string::npos);
    CHECK(words.find("head 0: as the reference's") != std::string::npos);
    CHECK(words.find("head 1: differs from the reference's (a NaN or an infinity") != std::string::npos);
    CHECK(words.find("head 2: differs from the reference's (largest difference 0.5)") != std::string::npos);
    CHECK(words.find("nan") == std::string::npos);
}

}  // namespace pictures_test
