// Helpers shared by the generators of the compiled-in data headers (roofcast-gen-catalog,
// roofcast-gen-workloads, roofcast-gen-params): C++ literals, source lists, file loading and writing.
#ifndef ROOFCAST_TOOLS_GENERATOR_HPP
#define ROOFCAST_TOOLS_GENERATOR_HPP

#include <roofcast/diagnostics.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>

#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace roofcast_gen {

/// `s` as a C++ string literal.
inline std::string literal(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '\\': out += "\\\\"; break;
            case '"': out += "\\\""; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            default: out += c;
        }
    }
    return out + "\"";
}

/// `v` as a C++ floating-point literal that reads back exactly.
inline std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) {
        s += ".0";
    }
    return s;
}

/// A braced initializer of source_ref values.
inline std::string sources_initializer(const std::vector<roofcast::source_ref>& sources) {
    std::string out = "{";
    for (const auto& s : sources) {
        out += std::string(out.size() > 1 ? ",\n            " : "\n            ") + "{" + literal(s.key) + ", " +
               literal(s.text) + "}";
    }
    return out + "}";
}

/// The path from "models/" on (how generated headers name their source files).
inline std::string models_relative(const std::string& path) {
    const auto at = path.rfind("models/");
    return path.substr(at == std::string::npos ? 0 : at);
}

/// Loads every file with `load` (which reports unknown keys to its sink); any warning or error is
/// fatal, since the shipped files must be clean. Returns false after printing the problem.
template <class T>
bool load_all(int argc, char** argv, const std::function<T(const std::string&, const roofcast::diagnostic_sink&)>& load,
              std::vector<std::pair<T, std::string>>& out) {
    try {
        for (int i = 2; i < argc; ++i) {
            std::vector<std::string> warnings;
            out.emplace_back(load(argv[i], roofcast::collect_into(warnings)), models_relative(argv[i]));
            for (const auto& w : warnings) {
                std::cerr << "error: " << w << '\n';
            }
            if (!warnings.empty()) {
                return false;
            }
        }
    } catch (const roofcast::error& e) {
        std::cerr << "error: " << e.what() << '\n';
        return false;
    }
    return true;
}

/// Writes `text` to `path`; prints the problem and returns false on failure.
inline bool write_output(const char* path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text)) {
        std::cerr << "error: cannot write " << path << '\n';
        return false;
    }
    return true;
}

}  // namespace roofcast_gen

#endif
