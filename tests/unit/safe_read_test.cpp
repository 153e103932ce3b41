// Reading what a submission could have written: links, FIFOs, caps; and printable text.
#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <vector>
#include "catch.hpp"

#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace safe_read_test {  // a unity batch is one translation unit: this file's names stay its own

namespace fs = std::filesystem;
using judge::ReadFault;
using judge::ReadPart;

TEST_CASE("read_below reads a regular file below a trusted folder, with caps", "[safe_read]") {
    judge::TempDir tmp("judge-safe-test");
    judge::write_file_atomic(tmp.path() / "out" / "t1" / "stderr.txt", "0123456789");
    auto r = judge::read_below(tmp.path(), "out/t1/stderr.txt", 100);
    CHECK(r.ok());
    CHECK(r.bytes == "0123456789");
    CHECK(judge::read_below(tmp.path(), "out/t1/stderr.txt", 4).fault == ReadFault::too_large);
    r = judge::read_below(tmp.path(), "out/t1/stderr.txt", 4, ReadPart::head);
    CHECK(r.bytes == "0123");
    CHECK(r.truncated());
    CHECK(judge::read_below(tmp.path(), "out/t1/stderr.txt", 3, ReadPart::tail).bytes == "789");
    CHECK(judge::read_below(tmp.path(), "out/t1/none", 4).fault == ReadFault::missing);
    CHECK(judge::read_below(tmp.path(), "out/../out/t1/stderr.txt", 100).fault == ReadFault::unreadable);
}

TEST_CASE("read_part cuts bytes in memory as read_below cuts a file", "[safe_read]") {
    const std::string bytes = "0123456789";
    CHECK(judge::read_part(bytes, 100, ReadPart::whole).bytes == bytes);
    CHECK(judge::read_part(bytes, 4, ReadPart::whole).fault == ReadFault::too_large);
    CHECK(judge::read_part(bytes, 4, ReadPart::whole).bytes.empty());
    const judge::SafeRead head = judge::read_part(bytes, 4, ReadPart::head);
    CHECK(head.bytes == "0123");
    CHECK(head.truncated());
    CHECK(judge::read_part(bytes, 3, ReadPart::tail).bytes == "789");
    CHECK(judge::read_part("", 3, ReadPart::tail).bytes.empty());
}

TEST_CASE("read_below refuses a link at any depth and never reads its target", "[safe_read][hostile]") {
    judge::TempDir tmp("judge-safe-test");
    judge::write_file_atomic(tmp.path() / "secret", "SECRET");
    fs::create_directories(tmp.path() / "box" / "out" / "t1");
    SECTION("the file is a link") {
        fs::create_symlink(tmp.path() / "secret", tmp.path() / "box" / "out" / "t1" / "stderr.txt");
        const auto r = judge::read_below(tmp.path() / "box", "out/t1/stderr.txt", 100, ReadPart::tail);
        CHECK(r.fault == ReadFault::symlink);
        CHECK(r.bytes.empty());
    }
    SECTION("a folder on the way is a link") {
        fs::create_directories(tmp.path() / "elsewhere");
        judge::write_file_atomic(tmp.path() / "elsewhere" / "stderr.txt", "SECRET");
        fs::remove(tmp.path() / "box" / "out" / "t1");
        fs::create_directory_symlink(tmp.path() / "elsewhere", tmp.path() / "box" / "out" / "t1");
        const auto r = judge::read_below(tmp.path() / "box", "out/t1/stderr.txt", 100);
        CHECK(r.fault == ReadFault::symlink);
        CHECK(r.bytes.empty());
    }
    SECTION("a FIFO is refused at once, without blocking") {
        REQUIRE(::mkfifo((tmp.path() / "box" / "out" / "t1" / "status").c_str(), 0600) == 0);
        CHECK(judge::read_below(tmp.path() / "box", "out/t1/status", 100).fault == ReadFault::not_regular);
    }
    SECTION("a folder where a file should be") {
        fs::create_directories(tmp.path() / "box" / "out" / "t1" / "status");
        CHECK(judge::read_below(tmp.path() / "box", "out/t1/status", 100).fault == ReadFault::not_regular);
    }
}

TEST_CASE("read_named follows a link the user named, and checks the size before reading", "[safe_read]") {
    judge::TempDir tmp("judge-safe-test");
    judge::write_file_atomic(tmp.path() / "real.cpp", std::string(100, 'x'));
    fs::create_symlink(tmp.path() / "real.cpp", tmp.path() / "link.cpp");
    CHECK(judge::read_named(tmp.path() / "link.cpp", 1000).bytes.size() == 100);
    const auto big = judge::read_named(tmp.path() / "link.cpp", 10);
    CHECK(big.fault == ReadFault::too_large);
    CHECK(big.size == 100);
    CHECK(big.bytes.empty());
    CHECK(judge::read_named("/dev/zero", 10).fault == ReadFault::not_regular);
}

TEST_CASE("text from a submission becomes valid, printable UTF-8", "[text]") {
    CHECK(judge::valid_utf8("caf\xc3\xa9") == "caf\xc3\xa9");
    CHECK(judge::valid_utf8("caf\xe9") == "caf\xef\xbf\xbd");                            // Latin-1 é
    CHECK(judge::valid_utf8("\xc0\xaf") == "\xef\xbf\xbd\xef\xbf\xbd");                  // an overlong '/'
    CHECK(judge::valid_utf8("\xed\xa0\x80") == "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");  // a surrogate
    CHECK(judge::valid_utf8("\xf0\x9f\x99\x82") == "\xf0\x9f\x99\x82");                  // 🙂
    // Noncharacters (U+FFFE, U+FFFF, U+FDD0, U+10FFFF) are not text: XML refuses the first two.
    CHECK(judge::valid_utf8("a\xef\xbf\xbe\xef\xbf\xbf\xef\xb7\x90\xf4\x8f\xbf\xbf") ==
          "a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    CHECK(judge::valid_utf8("\xef\xbf\xbd\xef\xb7\xaf\xef\xb7\xb0") == "\xef\xbf\xbd\xef\xbf\xbd\xef\xb7\xb0");
    CHECK(judge::printable("a\tb\nc") == "a\tb\nc");
    CHECK(judge::printable("\x1b]0;pwned\x07\x1b[32maccepted\r") == "\\x1b]0;pwned\\x07\\x1b[32maccepted\\x0d");
    CHECK(judge::printable(std::string("nul\0!", 5)) == "nul\\x00!");
}

TEST_CASE("a CSV cell is quoted for every common separator and is never a formula", "[text][csv]") {
    using judge::csv_cell;
    CHECK(csv_cell("ada") == "ada");
    // The separators of common locales: a comma, a semicolon (a spreadsheet with a decimal comma),
    // a tab; and a quote, doubled.
    CHECK(csv_cell("a,b") == "\"a,b\"");
    CHECK(csv_cell("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csv_cell("a\tb") == "a\\x09b");  // a control character is written out, so no tab remains
    // Each formula sign, first or after spaces, ASCII or Unicode (no-break, ideographic, zero-width,
    // byte-order mark), gets a leading '.
    for (const char* sign : {"=", "+", "-", "@"}) {
        const std::string f = std::string(sign) + "HYPERLINK(1)";
        CHECK(csv_cell(f) == "'" + f);
        CHECK(csv_cell("  " + f) == "'  " + f);
        for (const char* space : {"\xc2\xa0", "\xe3\x80\x80", "\xe2\x80\x8b", "\xef\xbb\xbf", "\xe2\x80\xaf"})
            CHECK(csv_cell(space + f) == "'" + std::string(space) + f);
    }
    CHECK(csv_cell("a=1") == "a=1");
    CHECK(csv_cell("\xc2\xa0x") == "\xc2\xa0x");
    // A formula that also holds a separator: the ' inside the quotes.
    CHECK(csv_cell("=1;2") == "\"'=1;2\"");
    // A formula after a separator inside the cell: a spreadsheet splitting on ';' starts a cell there.
    CHECK(csv_cell("x;=1+1") == "\"x;'=1+1\"");
    CHECK(csv_cell("x, \"@A1") == "\"x, \"\"'@A1\"");
}

// The cells a spreadsheet reads from `line` when it splits on `sep`, honouring quotes the way
// lenient parsers do: a quote opens a quoted part only at a cell's start, "" inside is a quote,
// and text after the closing quote is kept.
std::vector<std::string> spreadsheet_cells(const std::string& line, char sep) {
    std::vector<std::string> cells(1);
    bool quoted = false, at_start = true;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                cells.back() += '"', ++i;
            else if (c == '"')
                quoted = false;
            else
                cells.back() += c;
        } else if (c == sep) {
            cells.emplace_back(), at_start = true;
            continue;
        } else if (c == '"' && at_start) {
            quoted = true;
        } else {
            cells.back() += c;
        }
        at_start = false;
    }
    return cells;
}

// What a spreadsheet skips before a formula sign: blanks and invisible format characters.
std::string skip_blanks(const std::string& cell) {
    static const std::vector<std::string> blanks = {" ",
                                                    "\xc2\xa0",
                                                    "\xc2\xad",
                                                    "\xe1\xa0\x8e",
                                                    "\xe2\x80\x8b",
                                                    "\xe2\x80\x8c",
                                                    "\xe2\x80\x8d",
                                                    "\xe2\x80\x8e",
                                                    "\xe2\x80\x8f",
                                                    "\xe2\x81\xa6",
                                                    "\xe2\x81\xa7",
                                                    "\xe2\x81\xa8",
                                                    "\xe2\x81\xa9",
                                                    "\xef\xbb\xbf",
                                                    "\xe3\x80\x80"};
    size_t at = 0;
    for (bool more = true; more;) {
        more = false;
        for (const std::string& b : blanks)
            if (cell.compare(at, b.size(), b) == 0) at += b.size(), more = true;
    }
    return cell.substr(at);
}

TEST_CASE("no cell of a CSV row starts a formula, split on ',', ';' or tab (issue #62)", "[text][csv]") {
    std::vector<std::string> hostile = {"x;=1+1", "=1+1", "a,=b", "a; @SUM(A1)", "say \"hi\";-2", "\";=1", "x;\"=1\""};
    for (const char* blank : {"\xc2\xad", "\xe1\xa0\x8e", "\xe2\x80\x8e", "\xe2\x80\x8f", "\xe2\x81\xa6",
                              "\xe2\x81\xa9", "\xef\xbb\xbf", "\xe2\x80\x8c"}) {
        hostile.push_back(std::string(blank) + "=1+1");
        hostile.push_back(std::string("x;") + blank + "+1");
        hostile.push_back(std::string("x,") + blank + " -1");
    }
    for (const std::string& h : hostile) {
        const std::string line = "ada," + judge::csv_cell(h) + ",7";
        for (const char sep : {',', ';', '\t'})
            for (const std::string& cell : spreadsheet_cells(line, sep)) {
                INFO(line << " split on '" << sep << "': " << cell);
                const std::string text = skip_blanks(cell);
                CHECK((text.empty() || std::string("=+-@").find(text[0]) == std::string::npos));
            }
        // Split on ',' the cell reads back as the text, with a ' only before a formula sign.
        std::string back = spreadsheet_cells(line, ',').at(1);
        back.erase(std::remove(back.begin(), back.end(), '\''), back.end());
        CHECK(back == h);
    }
}

}  // namespace safe_read_test
