// Strict argument checks for the `roofcast` command: numbers that are whole numbers (or finite decimals)
// within a range, names from a fixed list with the closest one suggested, and "did you mean" for mistyped
// options and commands. CLI11 prefixes each message with the option's name.
#ifndef ROOFCAST_CLI_VALIDATORS_HPP
#define ROOFCAST_CLI_VALIDATORS_HPP

#include <roofcast/detail/names.hpp>

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace roofcast {
namespace cli {

/// The closest of `candidates` to `word` when it is a plausible typo: at most a third of its length (and at
/// least 2) edits away, or one of the two a prefix of the other (3 characters or more); else "".
inline std::string near_miss(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    for (const std::string& c : candidates) {
        const std::size_t d = detail::edit_distance(word, c);
        const bool prefix = std::min(word.size(), c.size()) >= 3 && (c.rfind(word, 0) == 0 || word.rfind(c, 0) == 0);
        if (d < best_distance || (prefix && best.empty())) {
            best_distance = prefix ? std::min(d, best_distance) : d;
            best = c;
        }
    }
    return best;
}

/// Accepts one of `names` (case-insensitive, '_' and ' ' read as '-') and rewrites it to its spelling in
/// `names`; otherwise fails with "'X' is not one of A, B, C (did you mean 'B'?)".
inline CLI::Validator one_of(std::vector<std::string> names) {
    std::string listed;
    for (const std::string& n : names) {
        listed += (listed.empty() ? "" : ", ") + n;
    }
    return CLI::Validator(
        [names, listed](std::string& value) -> std::string {
            const std::string key = detail::normalize_name(value);
            std::vector<std::string> normalized;
            for (const std::string& n : names) {
                if (detail::normalize_name(n) == key) {
                    value = n;
                    return "";
                }
                normalized.push_back(detail::normalize_name(n));
            }
            std::string m = "'" + value + "' is not one of " + listed;
            const std::string near = near_miss(key, normalized);
            for (const std::string& n : names) {
                if (!near.empty() && detail::normalize_name(n) == near) {
                    m += " (did you mean '" + n + "'?)";
                    break;
                }
            }
            return m;
        },
        "{" + listed + "}");
}

namespace detail_cli {

/// `v` for messages: integers as they are, decimals with up to 15 significant digits.
template <class T>
std::string show(T v) {
    std::ostringstream o;
    o.precision(15);
    o << v;
    return o.str();
}

}  // namespace detail_cli

/// Accepts a number in [lo, hi] written plainly: for integer `T` an optional '-' and decimal digits only
/// ("1e3", "0x10", "12abc" fail as not whole numbers), for floating-point `T` a finite decimal number
/// (nan and inf fail). Out of range fails with "V is out of range: must be between LO and HI".
template <class T>
CLI::Validator in_range(T lo, T hi) {
    const std::string range = detail_cli::show(lo) + " and " + detail_cli::show(hi);
    return CLI::Validator(
        [lo, hi, range](std::string& value) -> std::string {
            const std::string& s = value;
            if (s.empty()) {
                return "an empty value is not a number";
            }
            long double v = 0;
            if constexpr (std::is_integral_v<T>) {
                const std::size_t start = s[0] == '-' ? 1 : 0;
                if (start == s.size() || s.find_first_not_of("0123456789", start) != std::string::npos) {
                    return "'" + s + "' is not a whole number";
                }
                if (s.size() - start > 18) {
                    return s + " is out of range: must be between " + range;
                }
                v = static_cast<long double>(std::strtoll(s.c_str(), nullptr, 10));
            } else {
                if (s.find_first_not_of("0123456789.eE+-") != std::string::npos) {
                    return "'" + s + "' is not a finite decimal number";
                }
                char* end = nullptr;
                errno = 0;
                const double d = std::strtod(s.c_str(), &end);
                if (end != s.c_str() + s.size() || !std::isfinite(d)) {
                    return "'" + s + "' is not a finite decimal number";
                }
                v = static_cast<long double>(d);
            }
            if (v < static_cast<long double>(lo) || v > static_cast<long double>(hi)) {
                return s + " is out of range: must be between " + range;
            }
            return "";
        },
        "[" + range + "]");
}

/// A hint for a command line CLI11 rejected: " (did you mean 'predict'?)" for a mistyped command, or
/// " (did you mean '--batch'?)" for a mistyped option of the command given; "" when there is none.
inline std::string suggestion(const CLI::App& app, int argc, char** argv) {
    std::vector<std::string> commands;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        commands.push_back(sub->get_name());
    }
    const CLI::App* command = nullptr;
    for (int i = 1; i < argc && command == nullptr; ++i) {
        const std::string a = argv[i];
        if (a.rfind("-", 0) == 0) {
            continue;
        }
        for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
            if (sub->get_name() == a) {
                command = sub;
            }
        }
        if (command == nullptr) {
            const std::string near = near_miss(a, commands);
            return near.empty() ? "" : " (did you mean '" + near + "'?)";
        }
    }
    if (command == nullptr) {
        return "";
    }
    std::vector<std::string> options;
    for (const CLI::Option* o : command->get_options()) {
        for (const std::string& n : o->get_lnames()) {
            options.push_back("--" + n);
        }
    }
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a.rfind("--", 0) != 0) {
            continue;
        }
        a = a.substr(0, a.find('='));
        if (std::find(options.begin(), options.end(), a) != options.end()) {
            continue;
        }
        const std::string near = near_miss(a, options);
        return near.empty() ? "" : " (did you mean '" + near + "'?)";
    }
    return "";
}

}  // namespace cli
}  // namespace roofcast

#endif
