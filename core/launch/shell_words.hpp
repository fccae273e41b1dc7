#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace llm_sizer {

using Words = std::vector<std::string>;

// Appends words to a command being built.
inline void append_words(Words& words, std::initializer_list<std::string> more) {
  words.insert(words.end(), more.begin(), more.end());
}

// A word as a POSIX shell reads it back unchanged: as it is when it holds only characters no
// shell treats specially, else in single quotes (a quote inside written '\''), the empty word as
// ''. POSIX.1-2017, Shell Command Language, 2.2 Quoting.
std::string shell_quote(std::string_view word);

// One command line: every word quoted, joined by spaces.
std::string command_line(const std::vector<std::string>& words);

// A number as a command-line value: integers without a decimal point, others with up to six
// significant digits ("0.9", "3.5"). The same text on every platform (printf %g rounds
// correctly in glibc and musl).
std::string number_text(double value);

}  // namespace llm_sizer
