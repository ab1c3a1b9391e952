/// @file
/// Where readers report what they accepted but a user should know (an unknown key, an assumed default): a sink the
/// caller passes in, instead of an out-parameter.
#ifndef ROOFCAST_DIAGNOSTICS_HPP
#define ROOFCAST_DIAGNOSTICS_HPP

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// Receives a reader's warnings, one sentence each ("FILE:LINE: unknown key 'x' (ignored)"). The default sink drops
/// them. A sink refers to what its caller owns (collect_into's vector), which must outlive the call it is passed to.
class diagnostic_sink {
public:
    /// A sink that drops every warning.
    diagnostic_sink() = default;

    /// A sink that hands each warning to `receive`.
    explicit diagnostic_sink(std::function<void(std::string)> receive) : receive_(std::move(receive)) {}

    /// Reports one warning.
    void warn(std::string message) const {
        if (receive_) {
            receive_(std::move(message));
        }
    }

    /// Whether anyone receives the warnings (a reader may skip the work of finding them when not).
    bool active() const noexcept { return static_cast<bool>(receive_); }

private:
    std::function<void(std::string)> receive_;
};

/// A sink that appends each warning to `out`.
inline diagnostic_sink collect_into(std::vector<std::string>& out) {
    return diagnostic_sink([&out](std::string message) { out.push_back(std::move(message)); });
}

}  // namespace roofcast

#endif
