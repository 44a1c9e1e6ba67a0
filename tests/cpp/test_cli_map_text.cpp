// The CLI's map printout (`attnlab forward` without --json) with Chinese labels (issue 52 C6): a label
// is cut by display width, never inside a character, and the columns line up on a terminal (a CJK
// character takes two columns there).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "core/utf8.h"

using namespace attnlab;

namespace {

std::string forward_text(const std::string& model, const std::string& text) {
  std::ostringstream out, err;
  const int code = run_cli({"forward", std::string(ATTNLAB_MODELS_DIR) + "/" + model, "--text", text}, out, err);
  REQUIRE(code == 0);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Columns a line takes on a terminal: CJK ideographs and full-width punctuation two, the rest one.
size_t columns(const std::string& line) {
  size_t n = 0;
  for (size_t i = 0; i < line.size();) {
    const auto c = static_cast<unsigned char>(line[i]);
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    n += len >= 3 ? 2 : 1;  // the labels here: ASCII, or 3-byte CJK characters and 。
    i += len;
  }
  return n;
}

// The line of column labels: the one after the map's title ("... rows read columns"); the tokens,
// the output and how it stopped come before it.
size_t header_of(const std::vector<std::string>& lines) {
  for (size_t i = 0; i + 1 < lines.size(); ++i)
    if (lines[i].find("rows read columns") != std::string::npos) return i + 1;
  FAIL("no map title in the printout");
  return 0;
}

bool valid_utf8(const std::string& s) {
  return utf8_error_offset(reinterpret_cast<const uint8_t*>(s.data()), s.size()) == s.size();
}

}  // namespace

TEST_CASE("cli map text: Chinese column labels stay whole, valid UTF-8, and the columns line up") {
  // 图书馆 is 9 bytes: cut at 8 bytes it ended inside 馆.
  const std::string out = forward_text("seq2seq-zh-en-additive", "我们 喜欢 图书馆 。");
  CHECK(valid_utf8(out));
  const std::vector<std::string> lines = lines_of(out);
  REQUIRE(lines.size() >= 4);
  const size_t h = header_of(lines);
  const std::string& header = lines[h];
  CHECK_THAT(header, Catch::Contains("图书馆"));
  for (size_t i = h + 1; i < lines.size() && !lines[i].empty(); ++i) {
    INFO(lines[i]);
    CHECK(columns(lines[i]) == columns(header));
  }
}

TEST_CASE("cli map text: Chinese row labels stay whole and line up") {
  const std::string out = forward_text("seq2seq-en-zh-additive", "we like the library .");
  CHECK(valid_utf8(out));
  const std::vector<std::string> lines = lines_of(out);
  REQUIRE(lines.size() >= 4);
  const size_t h = header_of(lines);
  CHECK_THAT(lines[h - 2], Catch::StartsWith("output: 我们"));  // the translation, before the map
  for (size_t i = h + 1; i < lines.size() && !lines[i].empty(); ++i) {
    INFO(lines[i]);
    CHECK(columns(lines[i]) == columns(lines[h]));
  }
}

TEST_CASE("cli map text: utf8_fit_columns cuts by display width, between characters") {
  CHECK(utf8_columns("图书馆") == 6);
  CHECK(utf8_columns("cat") == 3);
  CHECK(utf8_columns("café") == 4);
  CHECK(utf8_fit_columns("自然语言处理", 8) == "自然语言");
  CHECK(utf8_fit_columns("自然语言处理", 7) == "自然语");  // a wide character never half-fits
  CHECK(utf8_fit_columns("library", 4) == "libr");
  CHECK(utf8_fit_columns("\xE5\x9B\xBE\xE4", 8) == "图\xEF\xBF\xBD");  // a cut sequence becomes U+FFFD
}
