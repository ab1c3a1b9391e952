/// @file
/// Exception types: every invalid input raises a roofcast::error naming what is wrong (the file, line and
/// key, or the field), and nothing is clamped; docs/reliability.md lists the classes of bad input tried.
#ifndef ROOFCAST_ERROR_HPP
#define ROOFCAST_ERROR_HPP

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// Base of every exception roofcast throws on bad input or an impossible request.
class error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A GPU, workload or other name that is not known; carries the closest known names.
class unknown_name_error : public error {
public:
    /// `kind` is what was looked up ("GPU", "workload"), `suggestions` the closest known names.
    unknown_name_error(const std::string& kind, const std::string& name, std::vector<std::string> suggestions)
        : error(make_message(kind, name, suggestions)), name_(name), suggestions_(std::move(suggestions)) {}

    /// The name that was not found.
    const std::string& name() const noexcept { return name_; }
    /// The closest known names, best first.
    const std::vector<std::string>& suggestions() const noexcept { return suggestions_; }

private:
    static std::string make_message(const std::string& kind, const std::string& name,
                                    const std::vector<std::string>& suggestions) {
        std::string m = "unknown " + kind + " '" + name + "'";
        if (!suggestions.empty()) {
            m += "; closest: ";
            for (std::size_t i = 0; i < suggestions.size(); ++i) {
                m += (i ? ", " : "") + suggestions[i];
            }
        }
        return m;
    }

    std::string name_;
    std::vector<std::string> suggestions_;
};

/// A malformed or invalid input file or value; the message names the file, line and field.
class input_error : public error {
public:
    using error::error;
};

/// A request the hardware cannot serve, e.g. a precision the GPU has no units for.
class unsupported_error : public error {
public:
    using error::error;
};

}  // namespace roofcast

#endif
