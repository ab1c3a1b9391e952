// Checks that every relative link of some Markdown files resolves: the file or directory it names exists, and
// a #fragment into a Markdown file names one of its headings (GitHub's anchors) or an <a id/name> in it; a
// #L12 or #L12-L20 fragment into another file names lines it has. External links (http:, mailto:, ...) are
// not followed. Links inside fenced code blocks and code spans are not links.
//
//   check_doc_links ROOT FILE...     FILE relative to ROOT (or absolute); a link "/x" is relative to ROOT
//
// Prints one line per broken link, "FILE:LINE: TARGET: reason", and exits 1 if there is any.
//
// GitHub's anchor of a heading (github-slugger): the heading's text as rendered (code spans keep their
// content, links their text, emphasis markers and HTML tags go), lower-cased; every character that is not a
// letter, mark, number, connector ('_'), space or '-' removed; spaces replaced by '-'; the second heading with
// the same anchor gets "-1", the third "-2". Letters outside ASCII are recognized in the Latin, Greek, Cyrillic
// and CJK blocks (lower-cased in the first three); other non-ASCII characters count as punctuation.
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// The code points of UTF-8 text (an invalid byte is taken as one code point of its own value).
std::vector<std::uint32_t> decode(const std::string& s) {
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        std::uint32_t cp = extra == 0 ? c : static_cast<std::uint32_t>(c) & (0x3FU >> extra);
        bool ok = i + static_cast<std::size_t>(extra) < s.size();
        for (int k = 1; ok && k <= extra; ++k) {
            const auto d = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            ok = (d & 0xC0) == 0x80;
            cp = (cp << 6) | static_cast<std::uint32_t>(d & 0x3F);
        }
        out.push_back(ok ? cp : c);
        i += ok ? static_cast<std::size_t>(extra) + 1 : 1;
    }
    return out;
}

/// UTF-8 of code point `cp`.
std::string encode(std::uint32_t cp) {
    std::string s;
    if (cp < 0x80) {
        s += static_cast<char>(cp);
    } else if (cp < 0x800) {
        s += static_cast<char>(0xC0 | (cp >> 6));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        s += static_cast<char>(0xE0 | (cp >> 12));
        s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        s += static_cast<char>(0xF0 | (cp >> 18));
        s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return s;
}

/// Whether GitHub keeps `cp` in an anchor (a letter, mark, number or connector, space or '-'), as far as the
/// blocks named at the top go.
bool kept(std::uint32_t cp) {
    if (cp < 0x80) {
        return std::isalnum(static_cast<int>(cp)) != 0 || cp == ' ' || cp == '-' || cp == '_';
    }
    if (cp == 0xB2 || cp == 0xB3 || cp == 0xB9 || cp == 0xBC || cp == 0xBD || cp == 0xBE) {
        return true;  // superscript digits and vulgar fractions are numbers
    }
    if (cp >= 0xC0 && cp <= 0x24F) {
        return cp != 0xD7 && cp != 0xF7;  // Latin letters, not × and ÷
    }
    return (cp >= 0x300 && cp <= 0x36F) || (cp >= 0x370 && cp <= 0x3FF && cp != 0x37E && cp != 0x387) ||
           (cp >= 0x400 && cp <= 0x52F) || (cp >= 0x3040 && cp <= 0x9FFF);
}

/// Lower case of `cp` (ASCII, Latin-1, Greek and Cyrillic capitals).
std::uint32_t lower(std::uint32_t cp) {
    if ((cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) || (cp >= 0x391 && cp <= 0x3AB)) {
        return cp + 0x20;
    }
    if (cp >= 0x410 && cp <= 0x42F) {
        return cp + 0x20;
    }
    if (cp >= 0x400 && cp <= 0x40F) {
        return cp + 0x50;
    }
    return cp;
}

/// The text of a heading as GitHub renders it: code spans keep their content, links and images their text,
/// HTML tags and emphasis markers ('*', and '_' at word edges) go.
std::string rendered(const std::string& h) {
    std::string out;
    for (std::size_t i = 0; i < h.size(); ++i) {
        const char c = h[i];
        if (c == '`') {
            std::size_t run = h.find_first_not_of('`', i);
            run = run == std::string::npos ? h.size() : run;
            const std::string fence = h.substr(i, run - i);
            const std::size_t close = h.find(fence, run);
            if (close != std::string::npos) {
                out += h.substr(run, close - run);
                i = close + fence.size() - 1;
                continue;
            }
        }
        if (c == '!' && i + 1 < h.size() && h[i + 1] == '[') {
            continue;
        }
        if (c == '[' || c == ']') {
            if (c == ']' && i + 1 < h.size() && h[i + 1] == '(') {
                const std::size_t close = h.find(')', i);
                i = close == std::string::npos ? h.size() : close;
            }
            continue;
        }
        if (c == '<') {
            const std::size_t close = h.find('>', i);
            if (close != std::string::npos) {
                i = close;
                continue;
            }
        }
        if (c == '*') {
            continue;
        }
        if (c == '_') {
            const bool word_before = i > 0 && std::isalnum(static_cast<unsigned char>(h[i - 1])) != 0;
            const bool word_after = i + 1 < h.size() && std::isalnum(static_cast<unsigned char>(h[i + 1])) != 0;
            if (!(word_before && word_after)) {
                continue;
            }
        }
        out += c;
    }
    return out;
}

/// GitHub's anchor for heading text `h` (before de-duplication).
std::string slug(const std::string& h) {
    std::string s;
    for (std::uint32_t cp : decode(rendered(h))) {
        if (kept(cp)) {
            s += cp == ' ' ? std::string("-") : encode(lower(cp));
        }
    }
    return s;
}

/// A Markdown file's lines with fenced code blocks blanked (so nothing in them is a heading or a link).
std::vector<std::string> prose_lines(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    std::string line, fence;
    while (std::getline(in, line)) {
        const std::size_t indent = line.find_first_not_of(' ');
        const std::string t = indent == std::string::npos || indent > 3 ? "" : line.substr(indent);
        const bool is_fence = t.rfind("```", 0) == 0 || t.rfind("~~~", 0) == 0;
        if (fence.empty() && is_fence) {
            fence = t.substr(0, t.find_first_not_of(t[0]));
            lines.emplace_back();
        } else if (!fence.empty()) {
            if (is_fence && t.find_first_not_of(fence[0]) >= fence.size() &&
                t.find_first_not_of(std::string(1, fence[0]) + " ") == std::string::npos) {
                fence.clear();
            }
            lines.emplace_back();
        } else {
            lines.push_back(line);
        }
    }
    return lines;
}

/// The anchors of a Markdown file: its headings' (de-duplicated as GitHub does) and <a id/name="...">.
std::set<std::string> anchors(const fs::path& file) {
    std::set<std::string> out;
    std::map<std::string, int> seen;
    for (const std::string& line : prose_lines(file)) {
        const std::size_t indent = line.find_first_not_of(' ');
        if (indent != std::string::npos && indent <= 3 && line[indent] == '#') {
            const std::size_t hashes = line.find_first_not_of('#', indent) - indent;
            const std::size_t text = indent + hashes;
            if (hashes <= 6 && (text == line.size() || line[text] == ' ' || line[text] == '\t')) {
                std::string h = text < line.size() ? line.substr(text) : "";
                // Trim, and drop a closing sequence of '#'s.
                h.erase(0, h.find_first_not_of(" \t"));
                h.erase(h.find_last_not_of(" \t") + 1);
                const std::size_t closing = h.find_last_not_of('#');
                if (closing == std::string::npos) {
                    h.clear();
                } else if (closing + 1 < h.size() && (h[closing] == ' ' || h[closing] == '\t')) {
                    h.erase(closing);
                    h.erase(h.find_last_not_of(" \t") + 1);
                }
                const std::string base = slug(h);
                const int n = seen[base]++;
                out.insert(n == 0 ? base : base + "-" + std::to_string(n));
            }
        }
        for (const char* attr : {"id=\"", "name=\""}) {
            for (std::size_t at = line.find("<a "); at != std::string::npos; at = line.find("<a ", at + 1)) {
                const std::size_t end = line.find('>', at);
                const std::size_t a = line.find(attr, at);
                if (a != std::string::npos && a < end) {
                    const std::size_t v = a + std::string(attr).size();
                    out.insert(line.substr(v, line.find('"', v) - v));
                }
            }
        }
    }
    return out;
}

/// `line` with its code spans blanked.
std::string without_code(const std::string& line) {
    std::string out = line;
    for (std::size_t i = 0; i < out.size();) {
        if (out[i] != '`') {
            ++i;
            continue;
        }
        std::size_t run = out.find_first_not_of('`', i);
        run = run == std::string::npos ? out.size() : run;
        const std::string fence(run - i, '`');
        const std::size_t close = out.find(fence, run);
        if (close == std::string::npos) {
            i = run;
            continue;
        }
        for (std::size_t k = i; k < close + fence.size(); ++k) {
            out[k] = ' ';
        }
        i = close + fence.size();
    }
    return out;
}

/// The link targets of one line: inline links and images "](target)", reference definitions "[x]: target",
/// and HTML href="..." / src="...".
std::vector<std::string> targets(const std::string& raw) {
    const std::string line = without_code(raw);
    std::vector<std::string> out;
    for (std::size_t at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
        std::size_t i = at + 2;
        std::string t;
        if (i < line.size() && line[i] == '<') {
            const std::size_t close = line.find('>', i);
            t = line.substr(i + 1, close == std::string::npos ? std::string::npos : close - i - 1);
        } else {
            int depth = 0;
            for (; i < line.size(); ++i) {
                const char c = line[i];
                if (c == '(') {
                    ++depth;
                } else if (c == ')' && depth-- == 0) {
                    break;
                } else if (c == ' ' || c == '\t') {
                    break;  // a title follows
                }
                t += c;
            }
        }
        out.push_back(t);
    }
    const std::size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && first <= 3 && line[first] == '[') {
        const std::size_t close = line.find("]:", first);
        if (close != std::string::npos && line.find(']', first) == close) {
            std::istringstream rest(line.substr(close + 2));
            std::string t;
            rest >> t;
            if (t.size() > 1 && t.front() == '<' && t.back() == '>') {
                t = t.substr(1, t.size() - 2);
            }
            out.push_back(t);
        }
    }
    for (const char* attr : {"href=\"", "src=\""}) {
        for (std::size_t at = line.find(attr); at != std::string::npos; at = line.find(attr, at + 1)) {
            const std::size_t v = at + std::string(attr).size();
            out.push_back(line.substr(v, line.find('"', v) - v));
        }
    }
    return out;
}

/// Whether `t` is a URL with a scheme (http:, https:, mailto:, ...).
bool external(const std::string& t) {
    const std::size_t colon = t.find(':');
    if (colon == std::string::npos || colon == 0 || std::isalpha(static_cast<unsigned char>(t[0])) == 0) {
        return false;
    }
    for (std::size_t i = 0; i < colon; ++i) {
        const char c = t[i];
        if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '+' && c != '.' && c != '-') {
            return false;
        }
    }
    return true;
}

/// `s` with %XX escapes decoded.
std::string percent_decoded(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) != 0 &&
            std::isxdigit(static_cast<unsigned char>(s[i + 2])) != 0) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

/// Lines in `file`.
std::size_t line_count(const fs::path& file) {
    std::ifstream in(file);
    std::size_t n = 0;
    std::string line;
    while (std::getline(in, line)) {
        ++n;
    }
    return n;
}

/// Why `fragment` names nothing in `file`, or "" when it names something.
std::string fragment_problem(const fs::path& file, const std::string& fragment,
                             std::map<fs::path, std::set<std::string>>& cache) {
    if (file.extension() == ".md") {
        auto it = cache.find(file);
        if (it == cache.end()) {
            it = cache.emplace(file, anchors(file)).first;
        }
        return it->second.count(percent_decoded(fragment)) != 0 ? "" : "no heading or anchor '#" + fragment + "'";
    }
    // GitHub's line anchors into other files: #L12, #L12-L20.
    if (fragment.size() > 1 && fragment[0] == 'L' && std::isdigit(static_cast<unsigned char>(fragment[1])) != 0) {
        const std::size_t dash = fragment.find("-L");
        const std::string last = dash == std::string::npos ? fragment.substr(1) : fragment.substr(dash + 2);
        return std::stoul(last) <= line_count(file) ? "" : "the file has fewer lines than '#" + fragment + "'";
    }
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: check_doc_links ROOT FILE...\n";
        return 2;
    }
    const fs::path root = fs::absolute(argv[1]);
    std::map<fs::path, std::set<std::string>> cache;
    int broken = 0, links = 0;
    for (int a = 2; a < argc; ++a) {
        const fs::path file = fs::path(argv[a]).is_absolute() ? fs::path(argv[a]) : root / argv[a];
        if (!fs::is_regular_file(file)) {
            std::cout << argv[a] << ": no such file\n";
            ++broken;
            continue;
        }
        const std::string shown = fs::relative(file, root).generic_string();
        const std::vector<std::string> lines = prose_lines(file);
        for (std::size_t n = 0; n < lines.size(); ++n) {
            for (const std::string& t : targets(lines[n])) {
                if (t.empty() || external(t)) {
                    continue;
                }
                ++links;
                const std::size_t hash = t.find('#');
                const std::string path = percent_decoded(t.substr(0, hash));
                const std::string fragment = hash == std::string::npos ? "" : t.substr(hash + 1);
                const fs::path target = path.empty()          ? file
                                        : path.front() == '/' ? root / path.substr(1)
                                                              : file.parent_path() / path;
                std::string problem;
                if (!fs::exists(target)) {
                    problem = "no such file or directory";
                } else if (!fragment.empty() && fs::is_regular_file(target)) {
                    problem = fragment_problem(fs::weakly_canonical(target), fragment, cache);
                }
                if (!problem.empty()) {
                    std::cout << shown << ':' << n + 1 << ": " << t << ": " << problem << '\n';
                    ++broken;
                }
            }
        }
    }
    std::cout << links << " relative links in " << argc - 2 << " files, " << broken << " broken\n";
    return broken == 0 ? 0 : 1;
}
