// Test-only stand-in for xeus' <xcpp/xdisplay.hpp>, so that clang-repl can replay a notebook's cells:
// xcpp::display(x) gets x's MIME bundle as xeus does (mime_bundle_repr found by argument-dependent lookup,
// else operator<< as text/plain), checks that the bundle is well-formed, and prints its text/plain. A
// malformed bundle aborts the process, which fails the replay.
#ifndef ROOFCAST_TESTS_XCPP_XDISPLAY_HPP
#define ROOFCAST_TESTS_XCPP_XDISPLAY_HPP

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstddef>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace xcpp {

/// The fallback xeus uses for a type without its own mime_bundle_repr: operator<< as text/plain.
template <class T>
nlohmann::json mime_bundle_repr(const T& value) {
    std::ostringstream o;
    o << value;
    nlohmann::json b = nlohmann::json::object();
    b["text/plain"] = o.str();
    return b;
}

namespace detail {

/// Elements HTML allows without a closing tag.
inline bool void_element(const std::string& name) {
    for (const char* v :
         {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}) {
        if (name == v) {
            return true;
        }
    }
    return false;
}

/// Why `markup` is not balanced markup with escaped text ("" when it is): every tag closed in order, no
/// stray '<', and every '&' starting one of the five XML entities or a character reference.
inline std::string markup_problem(const std::string& markup, bool html) {
    std::vector<std::string> open;
    for (std::size_t i = 0; i < markup.size(); ++i) {
        const char c = markup[i];
        if (c == '&') {
            const std::size_t semi = markup.find(';', i);
            const std::string entity = semi == std::string::npos ? "" : markup.substr(i, semi - i + 1);
            const bool known = entity == "&amp;" || entity == "&lt;" || entity == "&gt;" || entity == "&quot;" ||
                               entity == "&apos;" || (entity.size() > 3 && entity[1] == '#');
            if (!known) {
                return "unescaped '&' at offset " + std::to_string(i);
            }
            continue;
        }
        if (c != '<') {
            continue;
        }
        if (markup.compare(i, 4, "<!--") == 0 || markup.compare(i, 2, "<?") == 0) {
            const std::size_t end = markup.find(markup[i + 1] == '?' ? "?>" : "-->", i);
            if (end == std::string::npos) {
                return "unterminated comment or declaration at offset " + std::to_string(i);
            }
            i = end;
            continue;
        }
        const std::size_t end = markup.find('>', i);
        if (end == std::string::npos) {
            return "unterminated tag at offset " + std::to_string(i);
        }
        const std::string tag = markup.substr(i + 1, end - i - 1);
        if (tag.find('<') != std::string::npos) {
            return "'<' inside a tag at offset " + std::to_string(i);
        }
        const bool closing = !tag.empty() && tag[0] == '/';
        const bool self_closing = !tag.empty() && tag.back() == '/';
        std::size_t n = closing ? 1 : 0;
        std::string name;
        while (n < tag.size() && (std::isalnum(static_cast<unsigned char>(tag[n])) != 0 || tag[n] == '-' ||
                                  tag[n] == ':' || tag[n] == '_')) {
            name += tag[n++];
        }
        if (name.empty()) {
            return "unescaped '<' at offset " + std::to_string(i);
        }
        if (closing) {
            if (open.empty() || open.back() != name) {
                return "</" + name + "> at offset " + std::to_string(i) + " closes " +
                       (open.empty() ? std::string("nothing") : "<" + open.back() + ">");
            }
            open.pop_back();
        } else if (!self_closing && !(html && void_element(name))) {
            open.push_back(name);
        }
        i = end;
    }
    return open.empty() ? "" : "<" + open.back() + "> is never closed";
}

/// Why `bundle` is not a well-formed MIME bundle ("" when it is).
inline std::string bundle_problem(const nlohmann::json& bundle) {
    if (!bundle.is_object() || bundle.empty()) {
        return "not a non-empty JSON object";
    }
    if (!bundle.contains("text/plain") || !bundle["text/plain"].is_string() ||
        bundle["text/plain"].get<std::string>().empty()) {
        return "no text/plain";
    }
    for (const auto& [type, data] : bundle.items()) {
        if (type == "application/json") {
            continue;
        }
        if (type.find('/') == std::string::npos || !data.is_string()) {
            return "entry '" + type + "' is not a MIME type with text data";
        }
        const std::string text = data.get<std::string>();
        std::string why;
        if (type == "text/html") {
            why = markup_problem(text, true);
        } else if (type == "image/svg+xml") {
            why = text.find("<svg") == std::string::npos ? "no <svg> element" : markup_problem(text, false);
        }
        if (!why.empty()) {
            return type + ": " + why;
        }
    }
    return "";
}

}  // namespace detail

/// Prints `value`'s text/plain after checking its MIME bundle; aborts when the bundle is malformed.
template <class T>
void display(const T& value) {
    const nlohmann::json bundle = mime_bundle_repr(value);
    const std::string why = detail::bundle_problem(bundle);
    if (!why.empty()) {
        std::cerr << "xcpp::display: malformed MIME bundle: " << why << std::endl;
        std::abort();
    }
    std::string types;
    for (const auto& item : bundle.items()) {
        types += (types.empty() ? "" : ", ") + item.key();
    }
    std::cout << "[display: " << types << "]\n" << bundle["text/plain"].get<std::string>() << std::endl;
}

}  // namespace xcpp

#endif
