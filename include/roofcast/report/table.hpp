/// @file
/// Plain-text and CSV tables, the one table formatter every report uses.
#ifndef ROOFCAST_REPORT_TABLE_HPP
#define ROOFCAST_REPORT_TABLE_HPP

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// The width text tables fit by default, in columns (0: no limit): 100, a terminal's; the CLI's --wide sets 0.
inline std::size_t& text_width() {
    static std::size_t width = 100;
    return width;
}

/// `text` broken at spaces into lines of at most `width` columns (0: one line), each ending in a newline.
inline std::string wrap_text(const std::string& text, std::size_t width) {
    std::string out, line, word;
    std::istringstream words(text);
    while (words >> word) {
        if (!line.empty() && width > 0 && line.size() + 1 + word.size() > width) {
            out += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return out + line + '\n';
}

/// A table of strings with a header row; prints aligned text or RFC 4180 CSV.
class text_table {
public:
    /// A table with these column headers.
    explicit text_table(std::vector<std::string> header) : header_(std::move(header)) {}

    /// Appends a row; missing cells are empty, extra cells are an error of the caller (dropped).
    void add_row(std::vector<std::string> row) {
        row.resize(header_.size());
        rows_.push_back(std::move(row));
    }

    /// Number of data rows.
    std::size_t size() const noexcept { return rows_.size(); }

    /// The column headers.
    const std::vector<std::string>& header() const noexcept { return header_; }

    /// The data rows, each with one cell per column.
    const std::vector<std::vector<std::string>>& rows() const noexcept { return rows_; }

    /// Whether every cell of column `c` reads as a number (so it is right-aligned), as to_text decides.
    bool numeric_column(std::size_t c) const {
        bool numeric = true;
        for (const auto& r : rows_) {
            numeric = numeric && looks_numeric(r[c]);
        }
        return numeric;
    }

    /// Marks columns that text may leave out to fit its width (text_width()), in the order they go.
    void optional(std::vector<std::string> names) { optional_ = std::move(names); }

    /// Aligned text: text columns left-aligned, numeric columns right-aligned, two spaces between. Columns
    /// without a value in any row ("" or "-") are not printed; where the table is wider than `max_width` (0: no
    /// limit), its optional columns go, in their order, until it fits, and a last line names them.
    std::string to_text(std::size_t max_width) const {
        std::vector<bool> shown(header_.size(), true);
        for (std::size_t c = 0; c < header_.size() && !rows_.empty(); ++c) {
            shown[c] = std::any_of(rows_.begin(), rows_.end(),
                                   [c](const std::vector<std::string>& r) { return !r[c].empty() && r[c] != "-"; });
        }
        std::vector<std::size_t> width(header_.size());
        std::vector<bool> numeric(header_.size(), true);
        for (std::size_t c = 0; c < header_.size(); ++c) {
            width[c] = display_width(header_[c]);
            for (const auto& r : rows_) {
                width[c] = std::max(width[c], display_width(r[c]));
            }
            numeric[c] = numeric_column(c);
        }
        const std::string left_out = drop_optional(shown, width, max_width);
        std::ostringstream o;
        o << text_line(header_, shown, width, numeric);
        std::vector<std::string> rule;
        for (std::size_t w : width) {
            rule.emplace_back(w, '-');
        }
        o << text_line(rule, shown, width, numeric);
        for (const auto& r : rows_) {
            o << text_line(r, shown, width, numeric);
        }
        if (!left_out.empty()) {
            o << "(" << left_out << " left out to fit " << max_width << " columns; --wide shows every column)\n";
        }
        return o.str();
    }

    /// Aligned text at the default width (text_width()).
    std::string to_text() const { return to_text(text_width()); }

    /// CSV with a header line; fields with commas, quotes or newlines are quoted.
    std::string to_csv() const {
        std::ostringstream o;
        auto line = [&](const std::vector<std::string>& r) {
            for (std::size_t c = 0; c < r.size(); ++c) {
                o << (c ? "," : "") << csv_field(r[c]);
            }
            o << '\n';
        };
        line(header_);
        for (const auto& r : rows_) {
            line(r);
        }
        return o.str();
    }

    /// A GitHub Markdown table.
    std::string to_markdown() const {
        std::ostringstream o;
        auto line = [&o](const std::vector<std::string>& r) {
            o << '|';
            for (const std::string& c : r) {
                o << ' ' << c << " |";
            }
            o << '\n';
        };
        line(header_);
        o << '|';
        for (std::size_t i = 0; i < header_.size(); ++i) {
            o << "---|";
        }
        o << '\n';
        for (const auto& r : rows_) {
            line(r);
        }
        return o.str();
    }

private:
    /// The width of the columns `shown`, two spaces between them.
    static std::size_t shown_width(const std::vector<bool>& shown, const std::vector<std::size_t>& width) {
        std::size_t w = 0, n = 0;
        for (std::size_t c = 0; c < shown.size(); ++c) {
            w += shown[c] ? width[c] : 0;
            if (shown[c]) {
                ++n;
            }
        }
        return w + (n > 0 ? 2 * (n - 1) : 0);
    }

    /// Hides the optional columns, in their order, while the columns `shown` are wider than `max_width` (0: no
    /// limit); returns the names of those it hid, comma-separated.
    std::string drop_optional(std::vector<bool>& shown, const std::vector<std::size_t>& width,
                              std::size_t max_width) const {
        std::string left_out;
        for (const std::string& name : optional_) {
            const auto it = std::find(header_.begin(), header_.end(), name);
            if (max_width == 0 || shown_width(shown, width) <= max_width || it == header_.end()) {
                continue;
            }
            const auto c = static_cast<std::size_t>(it - header_.begin());
            if (shown[c]) {
                shown[c] = false;
                left_out += (left_out.empty() ? "" : ", ") + name;
            }
        }
        return left_out;
    }

    /// One line of the table: the cells of `r` in the columns `shown`, padded to `width` (numeric columns on the
    /// left), with no padding after the last column shown.
    static std::string text_line(const std::vector<std::string>& r, const std::vector<bool>& shown,
                                 const std::vector<std::size_t>& width, const std::vector<bool>& numeric) {
        std::string s;
        std::size_t last = r.size();
        while (last > 0 && !shown[last - 1]) {
            --last;
        }
        for (std::size_t c = 0; c < last; ++c) {
            if (!shown[c]) {
                continue;
            }
            const std::string pad(width[c] - display_width(r[c]), ' ');
            s += (s.empty() ? "" : "  ") + (numeric[c] ? pad + r[c] : r[c] + (c + 1 < last ? pad : ""));
        }
        return s + '\n';
    }
    static std::size_t display_width(const std::string& s) {
        std::size_t n = 0;
        for (char c : s) {
            if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {  // count UTF-8 code points, not bytes
                ++n;
            }
        }
        return n;
    }

    // A cell counts as numeric when it is empty or starts like a number ("37.4 TFLOP/s", "-", "x1.5" does not).
    static bool looks_numeric(const std::string& s) {
        return s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) != 0 || s[0] == '-' || s[0] == '+' ||
               s[0] == '.';
    }

    static std::string csv_field(const std::string& s) {
        if (s.find_first_of(",\"\n\r") == std::string::npos) {
            return s;
        }
        std::string q = "\"";
        for (char c : s) {
            q += c == '"' ? std::string("\"\"") : std::string(1, c);
        }
        return q + "\"";
    }

    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
    std::vector<std::string> optional_;
};

/// Prints the table as aligned text.
inline std::ostream& operator<<(std::ostream& os, const text_table& t) {
    return os << t.to_text();
}

}  // namespace roofcast

#endif
