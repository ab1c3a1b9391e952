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

/// Splits CSV `text` into records (header included). Accepts LF and CRLF; skips blank lines. Throws
/// input_error "FILE:LINE: ..." for a quote left open at the end of the text or text after a closing quote.
inline std::vector<csv_record> parse_csv(std::string_view text, const std::string& file) {
    std::vector<csv_record> out;
    csv_record rec;
    std::string field;
    int line = 1;
    rec.line = 1;
    bool in_quotes = false;
    bool after_quote = false;
    bool record_has_content = false;
    auto end_field = [&] {
        rec.fields.push_back(field);
        field.clear();
        after_quote = false;
    };
    auto end_record = [&] {
        if (record_has_content) {
            end_field();
            out.push_back(std::move(rec));
        }
        rec = csv_record{};
        field.clear();
        after_quote = false;
        record_has_content = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_quotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    in_quotes = false;
                    after_quote = true;
                }
            } else {
                if (c == '\n') {
                    ++line;
                }
                field += c;
            }
            continue;
        }
        if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            continue;
        }
        if (c == '\n') {
            end_record();
            ++line;
            rec.line = line;
            continue;
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
    if (in_quotes) {
        throw input_error(file + ":" + std::to_string(rec.line) + ": quoted field not closed before end of file");
    }
    end_record();
    return out;
}

}  // namespace roofcast

#endif
