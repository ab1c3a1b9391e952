/// @file
/// RFC 4180 CSV reading: quoted fields, doubled quotes, newlines inside quotes, line numbers kept.
#ifndef ROOFCAST_IO_CSV_HPP
#define ROOFCAST_IO_CSV_HPP

#include <roofcast/error.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {

/// One CSV record and the line on which it starts (1-based, the header is line 1).
struct csv_record {
    /// Line of the record's first character.
    int line = 0;
    /// The fields, unquoted.
    std::vector<std::string> fields;
};

namespace detail {

/// The state of parse_csv between characters: the records read, the record and field being read, the line.
struct csv_reader {
    /// The file named in errors.
    const std::string& file;
    /// The records read.
    std::vector<csv_record> out{};
    /// The record being read.
    csv_record rec{1, {}};
    /// The field being read, unquoted.
    std::string field{};
    /// The current line (1-based).
    int line = 1;
    /// Inside a quoted field; just after its closing quote.
    bool in_quotes = false, after_quote = false;
    /// Whether the record has a character yet (blank lines are skipped).
    bool record_has_content = false;

    /// Ends the field being read.
    void end_field() {
        rec.fields.push_back(field);
        field.clear();
        after_quote = false;
    }

    /// Ends the record being read, kept if it has content.
    void end_record() {
        if (record_has_content) {
            end_field();
            out.push_back(std::move(rec));
        }
        rec = csv_record{};
        field.clear();
        after_quote = false;
        record_has_content = false;
    }

    /// Reads `text[i]` inside a quoted field (a doubled quote is one quote); returns the index of the last character
    /// read.
    std::size_t quoted(std::string_view text, std::size_t i) {
        const char c = text[i];
        if (c == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                return i + 1;
            }
            in_quotes = false;
            after_quote = true;
        } else {
            line += c == '\n' ? 1 : 0;
            field += c;
        }
        return i;
    }

    /// Reads `c` outside quotes (a CR before an LF already skipped).
    void unquoted(char c) {
        if (c == '\n') {
            end_record();
            ++line;
            rec.line = line;
            return;
        }
        if (!record_has_content) {
            record_has_content = true;
            rec.line = line;
        }
        if (c == ',') {
            end_field();
        } else if (c == '"' && field.empty() && !after_quote) {
            in_quotes = true;
        } else if (after_quote) {
            throw input_error(file + ":" + std::to_string(line) + ": text after a closing quote in field " +
                              std::to_string(rec.fields.size() + 1));
        } else {
            field += c;
        }
    }
};

}  // namespace detail

/// Splits CSV `text` into records (header included). Accepts LF and CRLF; skips blank lines. Throws
/// input_error "FILE:LINE: ..." for a quote left open at the end of the text or text after a closing quote.
inline std::vector<csv_record> parse_csv(std::string_view text, const std::string& file) {
    detail::csv_reader r{file};
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (r.in_quotes) {
            i = r.quoted(text, i);
        } else if (!(c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
            r.unquoted(c);
        }
    }
    if (r.in_quotes) {
        throw input_error(file + ":" + std::to_string(r.rec.line) + ": quoted field not closed before end of file");
    }
    r.end_record();
    return std::move(r.out);
}

}  // namespace roofcast

#endif
