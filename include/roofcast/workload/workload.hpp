/// @file
/// A workload: a CNN (built in C++) or a transformer (from a configuration).
#ifndef ROOFCAST_WORKLOAD_WORKLOAD_HPP
#define ROOFCAST_WORKLOAD_WORKLOAD_HPP

#include <roofcast/format.hpp>
#include <roofcast/workload/cnn.hpp>
#include <roofcast/workload/transformer.hpp>

#include <optional>
#include <ostream>
#include <string>

namespace roofcast {

/// A model to predict: exactly one of `cnn` and `transformer` is set.
struct workload {
    /// Name, e.g. "resnet50" or "llama2-7b".
    std::string name;
    /// The network, for CNNs.
    std::optional<cnn_graph> cnn;
    /// The configuration, for transformers.
    std::optional<transformer_config> transformer;
    /// Where the workload came from: "built-in" or the file it was read from.
    std::string origin = "built-in";
};

/// A workload wrapping a CNN.
inline workload make_workload(cnn_graph g) {
    workload w;
    w.name = g.name;
    w.cnn = std::move(g);
    return w;
}

/// A workload wrapping a transformer configuration.
inline workload make_workload(transformer_config t) {
    workload w;
    w.name = t.name;
    w.origin = t.origin;
    w.transformer = std::move(t);
    return w;
}

/// Trainable parameters of the workload.
inline double parameters(const workload& w) {
    return w.cnn ? parameters(*w.cnn) : parameters(*w.transformer);
}

/// Prints "name (kind, parameters)".
inline std::ostream& operator<<(std::ostream& os, const workload& w) {
    return os << w.name << " (" << (w.cnn ? "cnn" : std::string(to_string_view(w.transformer->kind))) << ", "
              << format_count(parameters(w)) << " parameters)";
}

}  // namespace roofcast

#endif
