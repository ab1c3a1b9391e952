/// @file
/// Cost-model parameters as TOML: `roofcast calibrate` writes them, `--params FILE` reads them.
#ifndef ROOFCAST_IO_PARAMS_TOML_HPP
#define ROOFCAST_IO_PARAMS_TOML_HPP

#include <roofcast/detail/files.hpp>
#include <roofcast/detail/toml_reader.hpp>
#include <roofcast/diagnostics.hpp>
#include <roofcast/error.hpp>
#include <roofcast/model/params.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace roofcast {

namespace detail {

/// Splits a registry name into its table path and key: "hopper.gemm_efficiency.fp16" ->
/// {"architecture", "hopper", "gemm_efficiency"}, "fp16"; "profile.llama.cpp.fusion" ->
/// {"profile", "llama.cpp"}, "fusion" (profile names may contain dots, so they are matched whole).
inline std::pair<std::vector<std::string>, std::string> params_path(const std::string& name) {
    const auto last = name.rfind('.');
    const std::string key = name.substr(last + 1);
    const std::string head = name.substr(0, last);
    if (head.rfind("profile.", 0) == 0) {
        return {{"profile", head.substr(8)}, key};
    }
    std::vector<std::string> path{"architecture"};
    std::size_t start = 0;
    for (std::size_t dot = head.find('.');; dot = head.find('.', start)) {
        path.push_back(head.substr(start, dot - start));
        if (dot == std::string::npos) {
            break;
        }
        start = dot + 1;
    }
    return {path, key};
}

/// A TOML key, quoted when it is not a bare key ("llama.cpp").
inline std::string toml_key(const std::string& k) {
    return k.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == std::string::npos
               ? k
               : "\"" + k + "\"";
}

/// Whether the parameter `key` of table `table` must be strictly positive: efficiencies, multipliers and the
/// power coefficient divide rates (0 would make times infinite); overheads and fusion may be 0.
inline bool params_must_be_positive(const std::string& key, const std::string& table) {
    return key == "memory_efficiency" || key == "gemm_multiplier" || key == "memory_multiplier" ||
           key == "power_w_per_sm_ghz3" || key == "settled_w_per_sm_ghz3" ||
           (table.size() >= 16 && table.compare(table.size() - 16, 16, ".gemm_efficiency") == 0);
}

/// A number with 6 significant digits, the precision shipped parameters are written with.
inline std::string param_number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) {
        s += ".0";
    }
    return s;
}

/// Reports to `warnings` a line for each key of `root` (tables searched inside) that is not `known`: "FILE:LINE:
/// unknown key 'a.b' (ignored)".
inline void warn_unknown_keys(const toml::table& root, const std::string& file, const std::set<std::string>& known,
                              const diagnostic_sink& warnings) {
    std::vector<std::pair<const toml::table*, std::string>> stack{{&root, ""}};
    while (!stack.empty()) {
        const auto [t, prefix] = stack.back();
        stack.pop_back();
        for (const auto& [k, v] : *t) {
            const std::string path = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
            if (known.count(path) == 0) {
                warnings.warn(file + ":" + std::to_string(v.source().begin.line) + ": unknown key '" + path +
                              "' (ignored)");
            } else if (const toml::table* sub = v.as_table()) {
                stack.emplace_back(sub, path);
            }
        }
    }
}

/// Reads the [error_bands] table of `root` into `p`: each key a kind of run, each value [low, high] with
/// 0 < low <= 1 <= high <= 100; throws input_error ("FILE:LINE: ...") otherwise.
inline void read_error_bands(const toml::table& root, const std::string& file, cost_params& p,
                             std::set<std::string>& known) {
    const toml::node* n = root.get("error_bands");
    if (n == nullptr) {
        return;
    }
    known.insert("error_bands");
    const toml::table* t = n->as_table();
    if (t == nullptr) {
        throw input_error(file + ":" + std::to_string(n->source().begin.line) + ": 'error_bands' must be a table");
    }
    for (const auto& [k, v] : *t) {
        const std::string kind(k.str());
        known.insert("error_bands." + kind);
        const toml::array* a = v.as_array();
        const std::string where = file + ":" + std::to_string(v.source().begin.line) + ": error_bands." + kind;
        if (a == nullptr || a->size() != 2 || !(*a)[0].is_number() || !(*a)[1].is_number()) {
            throw input_error(where + " must be [low, high]");
        }
        auto num = [](const toml::node& x) {
            return x.is_integer() ? static_cast<double>(x.as_integer()->get()) : x.as_floating_point()->get();
        };
        const double lo = num((*a)[0]), hi = num((*a)[1]);
        if (!(lo > 0.0 && lo <= 1.0 && hi >= 1.0 && hi <= 100.0)) {
            throw input_error(where + " must have 0 < low <= 1 <= high <= 100");
        }
        p.error_bands[kind] = {lo, hi};
    }
}

}  // namespace detail

/// Writes every parameter of `p` as TOML, one table per architecture family and per profile, preceded by
/// `header` comment lines.
inline std::string to_toml(const cost_params& p, const std::vector<std::string>& header = {}) {
    cost_params copy = p;
    std::ostringstream o;
    for (const std::string& h : header) {
        o << "# " << h << '\n';
    }
    o << "origin = \"" << p.origin << "\"\n";
    std::string current;
    for (const param_ref& r : parameter_registry(copy)) {
        const auto [path, key] = detail::params_path(r.name);
        std::string table;
        for (const std::string& part : path) {
            table += (table.empty() ? "" : ".") + detail::toml_key(part);
        }
        if (table != current) {
            o << "\n[" << table << "]\n";
            current = table;
        }
        o << key << " = " << detail::param_number(*r.value) << '\n';
    }
    if (!p.error_bands.empty()) {
        o << "\n# Likely range of measured / predicted time per kind of run, and of the memory footprint (\"memory\"): "
             "10th\n"
             "# and 90th percentiles.\n"
             "[error_bands]\n";
        for (const auto& [kind, band] : p.error_bands) {
            o << detail::toml_key(kind) << " = [" << detail::param_number(band.first) << ", "
              << detail::param_number(band.second) << "]\n";
        }
    }
    return o.str();
}

/// Parses parameters from TOML `text`: starts from prior_params() and replaces every value the file
/// gives. Throws input_error ("FILE:LINE: key ...") for a wrong type or a value out of its range (bounded
/// parameters within their bounds, e.g. a GEMM efficiency in [0.2, 1]; everything else in [0, 1e9]; efficiencies,
/// multipliers and the power coefficient greater than 0); unknown keys go to `warnings`.
inline cost_params parse_params_toml(std::string_view text, const std::string& file,
                                     const diagnostic_sink& warnings = {}) {
    const toml::table root = detail::parse_toml(text, file);
    cost_params p = prior_params();
    std::set<std::string> known{"origin"};
    if (const toml::node* o = root.get("origin")) {
        if (!o->is_string()) {
            throw input_error(file + ":" + std::to_string(o->source().begin.line) + ": key 'origin' must be a string");
        }
        p.origin = std::string(o->as_string()->get());
    } else {
        p.origin = file;
    }
    for (const param_ref& r : parameter_registry(p)) {
        const auto [path, key] = detail::params_path(r.name);
        const toml::table* t = &root;
        std::string dotted;
        for (const std::string& part : path) {
            dotted += (dotted.empty() ? "" : ".") + part;
            known.insert(dotted);
            const toml::node* n = t != nullptr ? t->get(part) : nullptr;
            t = n != nullptr ? n->as_table() : nullptr;
        }
        known.insert(dotted + "." + key);
        const toml::node* n = t != nullptr ? t->get(key) : nullptr;
        if (n == nullptr) {
            continue;
        }
        const std::string where = file + ":" + std::to_string(n->source().begin.line) + ": key '" + dotted + "." + key;
        if (!n->is_number()) {
            throw input_error(where + "' must be a number");
        }
        const double v = n->is_integer() ? static_cast<double>(n->as_integer()->get()) : n->as_floating_point()->get();
        const double lo = r.transform == param_transform::logit ? r.lo : 0.0;
        const double hi = r.transform == param_transform::logit ? r.hi : 1e9;
        // Efficiencies, multipliers and the power coefficient divide: 0 would make times infinite.
        const bool positive = detail::params_must_be_positive(key, dotted);
        if (!std::isfinite(v) || v < lo || v > hi || (positive && v <= 0.0)) {
            std::ostringstream m;
            m << where << "' must be between " << lo << " and " << hi
              << (positive && lo <= 0.0 ? " and greater than 0" : "") << ", got " << v;
            throw input_error(m.str());
        }
        *r.value = v;
    }
    detail::read_error_bands(root, file, p, known);
    if (warnings.active()) {
        detail::warn_unknown_keys(root, file, known, warnings);
    }
    return p;
}

/// Loads parameters from a TOML file (see parse_params_toml).
inline cost_params load_params_file(const std::string& path, const diagnostic_sink& warnings = {}) {
    return parse_params_toml(detail::read_text_file(path, "parameter file"), path, warnings);
}

}  // namespace roofcast

#endif
