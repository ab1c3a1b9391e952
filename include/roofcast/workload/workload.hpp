/// @file
/// A workload: a CNN (built in C++) or a transformer (from a configuration).
#ifndef ROOFCAST_WORKLOAD_WORKLOAD_HPP
#define ROOFCAST_WORKLOAD_WORKLOAD_HPP

#include <roofcast/format.hpp>
#include <roofcast/workload/cnn.hpp>
#include <roofcast/workload/transformer.hpp>

#include <ostream>
#include <string>
#include <variant>

namespace roofcast {

/// What a workload runs: a CNN's layer graph or a transformer's configuration, never both or neither.
using network = std::variant<cnn_graph, transformer_config>;

/// A model to predict.
struct workload {
    /// Name, e.g. "resnet50" or "llama2-7b".
    std::string name;
    /// The network (CNN) or configuration (transformer).
    network net;
    /// Where the workload came from: "built-in" or the file it was read from.
    std::string origin = "built-in";
};

/// A workload wrapping a CNN.
inline workload make_workload(cnn_graph g) {
    std::string name = g.name;
    return workload{std::move(name), network(std::move(g)), "built-in"};
}

/// A workload wrapping a transformer configuration.
inline workload make_workload(transformer_config t) {
    std::string name = t.name;
    std::string origin = t.origin;
    return workload{std::move(name), network(std::move(t)), std::move(origin)};
}

/// The workload's transformer configuration, or nullptr when it is a CNN.
inline const transformer_config* transformer_of(const workload& w) noexcept {
    return std::get_if<transformer_config>(&w.net);
}

/// The workload's transformer configuration, or nullptr when it is a CNN.
inline transformer_config* transformer_of(workload& w) noexcept {
    return std::get_if<transformer_config>(&w.net);
}

/// The workload's CNN, or nullptr when it is a transformer.
inline const cnn_graph* cnn_of(const workload& w) noexcept {
    return std::get_if<cnn_graph>(&w.net);
}

namespace detail {

/// Calls the overload of `fns` that takes the held alternative (std::visit with one lambda per type).
template <class... Fns>
struct overloaded : Fns... {
    using Fns::operator()...;
};
template <class... Fns>
overloaded(Fns...) -> overloaded<Fns...>;

}  // namespace detail

/// The transformer configuration of a workload a caller has already found to be a transformer; throws
/// std::bad_variant_access for a CNN.
inline const transformer_config& as_transformer(const workload& w) {
    return std::get<transformer_config>(w.net);
}

/// The CNN of a workload a caller has already found to be a CNN; throws std::bad_variant_access for a transformer.
inline const cnn_graph& as_cnn(const workload& w) {
    return std::get<cnn_graph>(w.net);
}

/// "cnn", or the transformer's kind ("decoder", "encoder", "encoder-decoder").
inline std::string kind_name(const workload& w) {
    return std::visit(
        detail::overloaded{[](const cnn_graph&) { return std::string("cnn"); },
                           [](const transformer_config& t) { return std::string(to_string_view(t.kind)); }},
        w.net);
}

/// Trainable parameters of the workload.
inline double parameters(const workload& w) {
    return std::visit([](const auto& n) { return parameters(n); }, w.net);
}

/// Prints "name (kind, parameters)".
inline std::ostream& operator<<(std::ostream& os, const workload& w) {
    return os << w.name << " (" << kind_name(w) << ", " << format_count(parameters(w)) << " parameters)";
}

}  // namespace roofcast

#endif
