/// @file
/// Strict reading of TOML tables: typed getters that fail with file, line and key, and warnings
/// for unknown keys. Used by the GPU and workload loaders.
#ifndef ROOFCAST_DETAIL_TOML_READER_HPP
#define ROOFCAST_DETAIL_TOML_READER_HPP

#include <roofcast/detail/files.hpp>
#include <roofcast/detail/names.hpp>
#include <roofcast/diagnostics.hpp>
#include <roofcast/error.hpp>

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {
namespace detail {

/// A place in TOML text that toml++ 3.3 must not be given (see find_toml_hazard).
struct toml_hazard {
    /// Byte offset of the offending character.
    std::size_t offset = 0;
    /// What is wrong there.
    const char* message = "";
};

/// Whether s[k] is a byte of a non-ASCII character.
inline bool toml_non_ascii(std::string_view s, std::size_t k) {
    return static_cast<unsigned char>(s[k]) >= 0x80;
}

/// Where find_toml_hazard's scan stands outside strings and comments.
struct toml_scan_state {
    /// '[' arrays and '{' inline tables of the value being read.
    std::vector<char> open;
    /// Where a key (or a [table] header) is expected.
    bool key = true;
    /// Inside a [table] or [[table]] header.
    bool header = false;
    /// In a key: whether a quote here starts a quoted key.
    bool opens = true;
    /// In a value: inside a number, boolean or date.
    bool token = false;

    /// Steps over `c` in a value (not a quote that starts a string).
    void value_char(char c, bool blank_or_end) {
        if (!token && (c == '[' || c == '{')) {
            open.push_back(c);
            key = c == '{';
            opens = true;
        } else if (blank_or_end || c == ',' || c == ']' || c == '}') {
            token = false;
            if (c == '\n' && open.empty()) {
                key = true;
                opens = true;
            } else if (c == ',' && !open.empty()) {
                key = open.back() == '{';
                opens = true;
            } else if ((c == ']' || c == '}') && !open.empty() && open.back() == (c == ']' ? '[' : '{')) {
                open.pop_back();
                token = true;  // only a terminator may follow a closed array or table
            }
        } else {
            token = true;
        }
    }

    /// Steps over `c` where a key or a table header is read (not a quote that starts a quoted key).
    void key_char(char c, bool blank_or_end) {
        opens = blank_or_end || c == '[' || c == '{' || c == ',' || c == '.';
        if (c == '\n' && open.empty()) {
            header = false;
        } else if (c == '[' && open.empty() && !header) {
            header = true;
        } else if (c == ']' && header) {
            header = false;
            key = false;  // only a comment may follow a table header
            token = true;
        } else if (c == '}' && !open.empty() && open.back() == '{') {
            open.pop_back();  // an empty inline table, or one with a trailing comma
            key = false;
            token = true;
        } else if (c == '=') {
            key = false;
            token = false;
        }
    }
};

/// Steps `i` over the string that starts at s[i] (basic, literal, multi-line basic or multi-line literal; a quoted
/// key when `in_key`); returns the first hazard in it (see find_toml_hazard), if any.
inline std::optional<toml_hazard> scan_toml_string(std::string_view s, std::size_t& i, bool in_key) {
    const char c = s[i];
    const auto blank = [&s](std::size_t k) { return s[k] == ' ' || s[k] == '\t' || (s[k] >= '\n' && s[k] <= '\r'); };
    const char* delimiter = c == '"' ? "\"\"\"" : "'''";
    const bool multi = s.compare(i, 3, delimiter) == 0;
    i += multi ? 3 : 1;
    while (i < s.size()) {
        if (multi && s.compare(i, 3, delimiter) == 0) {
            for (int q = 0; q < 5 && i < s.size() && s[i] == c; ++q) {
                ++i;  // the closing quotes, and up to two quotes of content just before them
            }
            break;
        }
        if (!multi && (s[i] == c || s[i] == '\n')) {
            if (s[i] == c) {
                ++i;
            }
            break;
        }
        if (in_key && toml_non_ascii(s, i)) {
            return toml_hazard{i, "non-ASCII character in a quoted key (keys must be ASCII)"};
        }
        if (c == '"' && s[i] == '\\' && i + 1 < s.size()) {
            ++i;  // the escaped character
            if ((multi || in_key) && toml_non_ascii(s, i)) {
                return toml_hazard{i, "non-ASCII character after a backslash (not an escape sequence)"};
            }
            if (multi && blank(i)) {  // a line-ending backslash: the whitespace after it is trimmed
                while (i < s.size() && blank(i)) {
                    ++i;
                }
                if (i < s.size() && toml_non_ascii(s, i)) {
                    return toml_hazard{i,
                                       "non-ASCII character first after a line-ending backslash in a multi-line "
                                       "string (toml++ 3.3 cannot read it; escape it as \\uXXXX)"};
                }
                continue;
            }
            if (s[i] == '\n') {
                continue;
            }
        }
        ++i;
    }
    return std::nullopt;
}

/// The first character of `text` that toml++ 3.3 (Debian 12) would pass to its non-ASCII whitespace test,
/// whose table ends in __builtin_unreachable() for most code points from U+00A1 to U+0499 and around
/// U+3000 (undefined behaviour, found by fuzz/fuzz_gpu_toml.cpp): a non-ASCII character outside strings and
/// comments (never valid TOML), in a quoted key, after a backslash in a multi-line basic string, or first
/// after the whitespace that follows a line-ending backslash there. Non-ASCII text in string values and
/// comments is safe and accepted. A UTF-8 byte-order mark at the start is skipped.
inline std::optional<toml_hazard> find_toml_hazard(std::string_view s) {
    toml_scan_state st;
    std::size_t i = s.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (i < s.size()) {
        const char c = s[i];
        if (toml_non_ascii(s, i)) {
            return toml_hazard{i, "non-ASCII character outside a string or comment"};
        }
        if (c == '#') {
            while (i < s.size() && s[i] != '\n') {
                ++i;
            }
            continue;
        }
        const bool quote = c == '"' || c == '\'';
        const bool blank_or_end = c == ' ' || c == '\t' || c == '\r' || c == '\n';
        // In a value, a quote starts a string unless it is inside a token (number, boolean, date), which toml++
        // reads on to the next space, ',', ']', '}' or '#', testing every character: there quotes, brackets and
        // braces are part of the token (regression inputs quote-after-*). In a key, a quote starts a quoted key
        // at the start of a line, after whitespace, '[', '{', ',' or '.'; anywhere else toml++ has stopped.
        if (!(quote && (st.key ? st.opens : !st.token))) {
            if (!st.key) {
                st.value_char(c, blank_or_end);
            } else {
                st.key_char(c, blank_or_end);
            }
            ++i;
            continue;
        }
        st.token = !st.key;  // only a terminator may follow a string value
        st.opens = false;
        if (const auto hazard = scan_toml_string(s, i, st.key)) {
            return hazard;
        }
    }
    return std::nullopt;
}

/// "FILE:LINE:COLUMN: TOML syntax error: DESCRIPTION".
inline std::string toml_syntax_error(const std::string& file, std::size_t line, std::size_t column,
                                     std::string_view description) {
    std::ostringstream m;
    m << file << ':' << line << ':' << column << ": TOML syntax error: " << description;
    return m.str();
}

/// Parses TOML text; a syntax error becomes an input_error "FILE:LINE:COLUMN: TOML syntax error: ...". Text
/// with a toml++ hazard (find_toml_hazard) is never given to toml++ whole: the part before the hazard is
/// parsed, so that an earlier syntax error is the one reported; otherwise the hazard is.
inline toml::table parse_toml(std::string_view text, const std::string& file) {
    if (const auto hazard = find_toml_hazard(text)) {
        const std::string_view before = text.substr(0, hazard->offset);
        const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
        const std::size_t line_start = before.rfind('\n');
        std::size_t column = 1;  // in code points, as toml++ counts, after the byte-order mark it skips
        const std::size_t bom = before.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
        for (std::size_t k = line_start == std::string_view::npos ? bom : line_start + 1; k < before.size(); ++k) {
            if ((static_cast<unsigned char>(before[k]) & 0xC0) != 0x80) {
                ++column;
            }
        }
        try {
            (void)toml::parse(before, file);
        } catch (const toml::parse_error& e) {
            const auto& at = e.source().begin;
            const bool earlier = at.line < line || (at.line == line && static_cast<std::size_t>(at.column) < column);
            const bool at_end = e.description().find("EOF") != std::string_view::npos ||
                                e.description().find("end-of-file") != std::string_view::npos;
            if (earlier && !at_end) {
                throw input_error(toml_syntax_error(file, at.line, at.column, e.description()));
            }
        }
        throw input_error(toml_syntax_error(file, line, column, hazard->message));
    }
    try {
        return toml::parse(text, file);
    } catch (const toml::parse_error& e) {
        throw input_error(toml_syntax_error(file, e.source().begin.line, e.source().begin.column, e.description()));
    }
}

/// Typed, strict access to one parsed TOML document. Keys are dotted paths ("compute.sm_count").
class toml_reader {
public:
    /// Reads `root`, parsed from `file`; unknown keys are reported to `warnings` (if not null).
    toml_reader(const toml::table& root, std::string file, diagnostic_sink warnings)
        : root_(root), file_(std::move(file)), warnings_(std::move(warnings)) {}

    /// The file name used in messages.
    const std::string& file() const noexcept { return file_; }

    /// Line of the node at `path`, or of its closest existing parent (1 for the document).
    int line_of(std::string_view path) const {
        std::string p(path);
        while (!p.empty()) {
            if (const toml::node* n = root_.at_path(p).node()) {
                return static_cast<int>(n->source().begin.line);
            }
            const auto dot = p.rfind('.');
            p = dot == std::string::npos ? std::string() : p.substr(0, dot);
        }
        return 1;
    }

    /// Throws input_error "FILE:LINE: key 'PATH' MESSAGE".
    [[noreturn]] void fail(std::string_view path, const std::string& message) const {
        std::ostringstream m;
        m << file_ << ':' << line_of(path) << ": key '" << path << "' " << message;
        throw input_error(m.str());
    }

    /// A required string.
    std::string required_string(std::string_view path) {
        auto v = optional_string(path);
        if (!v) {
            fail(path, "is missing (a string is required)");
        }
        return *v;
    }

    /// An optional string.
    std::optional<std::string> optional_string(std::string_view path) {
        const toml::node* n = node(path);
        if (n == nullptr) {
            return std::nullopt;
        }
        if (!n->is_string()) {
            fail(path, "must be a string, got " + type_name(*n));
        }
        return std::string(n->as_string()->get());
    }

    /// An optional array of strings (empty when absent).
    std::vector<std::string> string_array(std::string_view path) {
        std::vector<std::string> out;
        const toml::node* n = node(path);
        if (n == nullptr) {
            return out;
        }
        const toml::array* a = n->as_array();
        if (a == nullptr) {
            fail(path, "must be an array of strings, got " + type_name(*n));
        }
        for (const toml::node& e : *a) {
            if (!e.is_string()) {
                fail(path, "must be an array of strings, found an element of type " + type_name(e));
            }
            out.emplace_back(e.as_string()->get());
        }
        return out;
    }

    /// An optional boolean.
    std::optional<bool> optional_bool(std::string_view path) {
        const toml::node* n = node(path);
        if (n == nullptr) {
            return std::nullopt;
        }
        if (!n->is_boolean()) {
            fail(path, "must be a boolean (true or false), got " + type_name(*n));
        }
        return n->as_boolean()->get();
    }

    /// A required boolean.
    bool required_bool(std::string_view path) {
        const auto v = optional_bool(path);
        if (!v) {
            fail(path, "is missing (true or false is required)");
        }
        return *v;
    }

    /// A required integer in [lo, hi].
    long long required_integer(std::string_view path, long long lo, long long hi) {
        auto v = optional_integer(path, lo, hi);
        if (!v) {
            fail(path, "is missing (an integer is required)");
        }
        return *v;
    }

    /// An optional integer in [lo, hi].
    std::optional<long long> optional_integer(std::string_view path, long long lo, long long hi) {
        const toml::node* n = node(path);
        if (n == nullptr) {
            return std::nullopt;
        }
        if (!n->is_integer()) {
            fail(path, "must be an integer, got " + type_name(*n));
        }
        const long long v = n->as_integer()->get();
        if (v < lo || v > hi) {
            fail(path,
                 "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " + std::to_string(v));
        }
        return v;
    }

    /// A required finite number > 0 (integer or float).
    double required_positive(std::string_view path) {
        auto v = optional_positive(path);
        if (!v) {
            fail(path, "is missing (a positive number is required)");
        }
        return *v;
    }

    /// An optional finite number > 0 (integer or float).
    std::optional<double> optional_positive(std::string_view path) {
        const toml::node* n = node(path);
        if (n == nullptr) {
            return std::nullopt;
        }
        double v = 0.0;
        if (n->is_integer()) {
            v = static_cast<double>(n->as_integer()->get());
        } else if (n->is_floating_point()) {
            v = n->as_floating_point()->get();
        } else {
            fail(path, "must be a number, got " + type_name(*n));
        }
        if (!std::isfinite(v) || v <= 0.0) {
            std::ostringstream m;
            m << "must be a finite number greater than 0, got " << v;
            fail(path, m.str());
        }
        return v;
    }

    /// The table at `path` whose keys are free-form (all count as known), or nullptr.
    const toml::table* open_table(std::string_view path) {
        const toml::node* n = node(path);
        if (n == nullptr) {
            return nullptr;
        }
        if (!n->is_table()) {
            fail(path, "must be a table, got " + type_name(*n));
        }
        open_.insert(std::string(path));
        return n->as_table();
    }

    /// Reports every key that no getter asked for, as "FILE:LINE: unknown key 'PATH' (ignored)".
    void warn_unknown_keys() const {
        if (!warnings_.active()) {
            return;
        }
        std::vector<std::pair<long long, std::string>> found;  // (line, message), reported in file order
        walk(root_, "", found);
        std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& f : found) {
            warnings_.warn(std::move(f.second));
        }
    }

private:
    const toml::node* node(std::string_view path) {
        std::string p(path);
        known_.insert(p);
        for (auto dot = p.find('.'); dot != std::string::npos; dot = p.find('.', dot + 1)) {
            const std::string parent = p.substr(0, dot);
            known_.insert(parent);
            const toml::node* pn = root_.at_path(parent).node();
            if (pn != nullptr && !pn->is_table()) {
                fail(parent, "must be a table, got " + type_name(*pn));
            }
        }
        return root_.at_path(p).node();
    }

    static std::string type_name(const toml::node& n) {
        switch (n.type()) {
            case toml::node_type::string: return "a string";
            case toml::node_type::integer: return "an integer";
            case toml::node_type::floating_point: return "a float";
            case toml::node_type::boolean: return "a boolean";
            case toml::node_type::table: return "a table";
            case toml::node_type::array: return "an array";
            default: return "a date/time";
        }
    }

    void walk(const toml::table& t, const std::string& prefix,
              std::vector<std::pair<long long, std::string>>& found) const {
        for (const auto& [k, v] : t) {
            const std::string path = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
            if (open_.count(path) != 0) {
                continue;
            }
            if (known_.count(path) == 0) {
                std::ostringstream m;
                m << file_ << ':' << v.source().begin.line << ": unknown key '" << path << "' (ignored)";
                // Suggest a known key of the same table that is a near miss (at most 2 edits).
                std::string best;
                std::size_t best_distance = 3;
                for (const std::string& known : known_) {
                    const auto dot = known.rfind('.');
                    const std::string parent = dot == std::string::npos ? "" : known.substr(0, dot);
                    if (parent != prefix) {
                        continue;
                    }
                    const std::string leaf = dot == std::string::npos ? known : known.substr(dot + 1);
                    const std::size_t d = edit_distance(normalize_name(k.str()), normalize_name(leaf));
                    if (d < best_distance) {
                        best_distance = d;
                        best = known;
                    }
                }
                if (!best.empty()) {
                    m << "; did you mean '" << best << "'?";
                }
                found.emplace_back(static_cast<long long>(v.source().begin.line), m.str());
                continue;
            }
            if (const toml::table* sub = v.as_table()) {
                walk(*sub, path, found);
            }
        }
    }

    const toml::table& root_;
    std::string file_;
    diagnostic_sink warnings_;
    std::set<std::string> known_;
    std::set<std::string> open_;
};

}  // namespace detail
}  // namespace roofcast

#endif
