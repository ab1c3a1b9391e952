// Finds the functions of C++ sources longer than a limit (issue 35: no function over 60 lines outside generated
// files and data tables), counting the lines from the one with the body's opening brace to the one with its closing
// brace. Comments, string and character literals (raw strings too) and preprocessor lines are blanked first; a brace
// opens a function body when the declaration before it has a parameter list and is not an initializer (`= {`),
// a namespace or a type; namespaces and types are searched inside (member functions), function bodies are not
// (a lambda counts towards the function it is in), initializers are skipped.
//
//   check_function_length ROOT LIMIT LIST PATH...
//
// PATH (relative to ROOT) is a file or a directory searched for .hpp and .cpp files. LIST (relative to ROOT) has one
// entry per line, '#' comments: "skip FILE" (a generated file, not checked) or "allow FILE FUNCTION LINES" (a known
// long function, checked against LINES: it may shrink, never grow; once within the limit its entry must go, so the
// list only shortens). Prints "FILE:LINE: FUNCTION is N lines (limit L)" per offence and a summary line; exits 1 if
// there is any offence.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// `text` with comments, literals and preprocessor lines replaced by spaces (newlines kept).
std::string blank_non_code(const std::string& text) {
    std::string out = text;
    std::size_t i = 0;
    const std::size_t n = text.size();
    const auto blank = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to && k < n; ++k) {
            if (out[k] != '\n') {
                out[k] = ' ';
            }
        }
    };
    bool line_start = true;
    while (i < n) {
        const char c = text[i];
        if (line_start && c == '#') {  // a preprocessor line, with its continuations
            std::size_t e = i;
            while (e < n && !(text[e] == '\n' && (e == 0 || text[e - 1] != '\\'))) {
                ++e;
            }
            blank(i, e);
            i = e;
            continue;
        }
        if (c == '\n') {
            line_start = true;
            ++i;
            continue;
        }
        if (!std::isspace(static_cast<unsigned char>(c))) {
            line_start = false;
        }
        if (c == '/' && i + 1 < n && text[i + 1] == '/') {
            const std::size_t e = text.find('\n', i);
            blank(i, e == std::string::npos ? n : e);
            i = e == std::string::npos ? n : e;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
            const std::size_t e = text.find("*/", i + 2);
            const std::size_t end = e == std::string::npos ? n : e + 2;
            blank(i, end);
            i = end;
        } else if (c == 'R' && i + 1 < n && text[i + 1] == '"' &&
                   (i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_'))) {
            const std::size_t open = text.find('(', i + 2);
            const std::string close = ")" + text.substr(i + 2, open - (i + 2)) + "\"";
            const std::size_t e = text.find(close, open);
            const std::size_t end = e == std::string::npos ? n : e + close.size();
            blank(i, end);
            i = end;
        } else if (c == '"' || (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(text[i - 1]))))) {
            std::size_t e = i + 1;  // a digit separator (1'000) is not a literal
            while (e < n && text[e] != c) {
                e += text[e] == '\\' ? 2U : 1U;
            }
            blank(i, e + 1);
            i = e + 1;
        } else {
            ++i;
        }
    }
    return out;
}

/// Whether `head` (the declaration text before a '{') opens a namespace or a type, to be searched inside.
bool opens_scope(const std::string& head) {
    std::istringstream words(head);
    std::string w;
    bool paren = head.find('(') != std::string::npos;
    while (words >> w) {
        if (w == "namespace" || w == "extern") {
            return true;
        }
        if ((w == "struct" || w == "class" || w == "union" || w == "enum") && !paren) {
            return true;
        }
    }
    return false;
}

/// Whether `head` is an initializer (`x = {`, `x{`): an '=' outside parentheses that is not part of an operator's
/// name or a comparison, or no parameter list at all.
bool initializer(const std::string& head) {
    if (head.find(')') == std::string::npos) {
        return true;
    }
    int depth = 0;
    for (std::size_t i = 0; i < head.size(); ++i) {
        const char c = head[i];
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c != '=' || depth != 0) {
            continue;
        }
        const char before = i > 0 ? head[i - 1] : ' ';
        const char after = i + 1 < head.size() ? head[i + 1] : ' ';
        const bool comparison = after == '=' || before == '=' || before == '<' || before == '>' || before == '!';
        const std::size_t op = head.rfind("operator", i);  // an '=' in an operator's name: operator=, operator<=
        const bool named_operator =
            op != std::string::npos &&
            head.substr(op + 8, i - op - 8).find_first_not_of(" +-*/%^&|<>!=") == std::string::npos;
        if (!comparison && !named_operator) {
            return true;
        }
    }
    return false;
}

/// The function's name in `head`: the identifier (or operator) before its parameter list's '('.
std::string function_name(const std::string& head) {
    // An operator's parameter list is the first '(' after the operator's first character (operator() has two).
    const std::size_t op = head.find("operator");
    const std::size_t open = head.find('(', op == std::string::npos ? 0 : op + 9);
    std::size_t e = open;
    while (e > 0 && std::isspace(static_cast<unsigned char>(head[e - 1]))) {
        --e;
    }
    std::size_t b = e;
    while (b > 0 && !std::isspace(static_cast<unsigned char>(head[b - 1])) && head[b - 1] != '*' &&
           head[b - 1] != '&') {
        --b;
    }
    return head.substr(b, e - b);
}

struct long_function {
    std::string file, name;
    int line, lines;
};

/// Every function body in `file` longer than `limit` lines.
std::vector<long_function> long_functions(const std::string& file, const std::string& text, int limit) {
    const std::string code = blank_non_code(text);
    std::vector<long_function> out;
    std::string head;
    int line = 1;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '{') {
            const bool scope = opens_scope(head);
            const bool function = !scope && !initializer(head);
            if (!scope) {  // skip the balanced block, counting its lines
                const int first = line;
                int depth = 0;
                for (; i < code.size(); ++i) {
                    line += code[i] == '\n' ? 1 : 0;
                    depth += code[i] == '{' ? 1 : code[i] == '}' ? -1 : 0;
                    if (depth == 0) {
                        break;
                    }
                }
                if (function && line - first + 1 > limit) {
                    out.push_back({file, function_name(head), first, line - first + 1});
                }
            }
            head.clear();
        } else if (c == ';' || c == '}') {
            head.clear();
        } else {
            line += c == '\n' ? 1 : 0;
            head += c == '\n' ? ' ' : c;
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 5) {
        std::cerr << "usage: check_function_length ROOT LIMIT LIST PATH...\n";
        return 2;
    }
    const fs::path root = argv[1];
    const int limit = std::stoi(argv[2]);
    std::set<std::string> skipped;
    std::map<std::pair<std::string, std::string>, int> allowed;
    std::ifstream list(root / argv[3]);
    if (!list) {
        std::cerr << argv[3] << ": cannot read\n";
        return 2;
    }
    for (std::string entry; std::getline(list, entry);) {
        std::istringstream words(entry.substr(0, entry.find('#')));
        std::string kind, file, name;
        int lines = 0;
        if (!(words >> kind)) {
            continue;
        }
        if (kind == "skip" && words >> file) {
            skipped.insert(file);
        } else if (kind == "allow" && words >> file >> name >> lines) {
            allowed[{file, name}] = lines;
        } else {
            std::cerr << argv[3] << ": cannot read the entry '" << entry << "'\n";
            return 2;
        }
    }
    std::vector<std::string> files;
    for (int a = 4; a < argc; ++a) {
        const fs::path p = root / argv[a];
        if (fs::is_directory(p)) {
            for (const auto& e : fs::recursive_directory_iterator(p)) {
                const std::string ext = e.path().extension().string();
                if (e.is_regular_file() && (ext == ".hpp" || ext == ".cpp")) {
                    files.push_back(fs::relative(e.path(), root).generic_string());
                }
            }
        } else {
            files.push_back(argv[a]);
        }
    }
    std::sort(files.begin(), files.end());
    int offences = 0, checked = 0;
    std::set<std::pair<std::string, std::string>> seen;
    for (const std::string& f : files) {
        if (skipped.count(f) != 0) {
            continue;
        }
        ++checked;
        std::ifstream in(root / f);
        std::stringstream text;
        text << in.rdbuf();
        for (const long_function& x : long_functions(f, text.str(), limit)) {
            const auto it = allowed.find({x.file, x.name});
            seen.insert({x.file, x.name});
            if (it == allowed.end() || x.lines > it->second) {
                std::cout << x.file << ':' << x.line << ": " << x.name << " is " << x.lines << " lines (limit "
                          << (it == allowed.end() ? limit : it->second) << ")\n";
                ++offences;
            }
        }
    }
    for (const auto& [key, lines] : allowed) {
        if (seen.count(key) == 0) {
            std::cout << argv[3] << ": " << key.first << ' ' << key.second << " is no longer over " << limit
                      << " lines: remove its entry\n";
            ++offences;
        }
    }
    std::cout << checked << " files, " << allowed.size() << " long functions listed, " << offences << " offences\n";
    return offences == 0 ? 0 : 1;
}
