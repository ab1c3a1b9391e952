/// @file
/// Text reports of workloads: the list of workloads and one workload's summary (size, work, shape and, for
/// a CNN, its weighted layers).
#ifndef ROOFCAST_REPORT_WORKLOAD_REPORT_HPP
#define ROOFCAST_REPORT_WORKLOAD_REPORT_HPP

#include <roofcast/format.hpp>
#include <roofcast/model/summary.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/units.hpp>
#include <roofcast/workload/workload.hpp>

#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace roofcast {

/// A list of workloads (what `roofcast workloads` shows).
struct workload_list {
    /// The workloads, in order.
    std::vector<workload> workloads;
};

/// One row per workload: name, kind, parameters, layers, hidden width, heads and where it comes from.
inline text_table to_table(const workload_list& l) {
    text_table t({"workload", "kind", "parameters", "layers", "hidden", "heads", "origin"});
    for (const workload& w : l.workloads) {
        const std::string params = format_count(parameters(w), 4);
        t.add_row(std::visit(detail::overloaded{[&](const transformer_config& tc) -> std::vector<std::string> {
                                                    return {w.name,
                                                            std::string(to_string_view(tc.kind)),
                                                            params,
                                                            std::to_string(tc.layers + tc.decoder_layers),
                                                            std::to_string(tc.hidden),
                                                            std::to_string(tc.heads),
                                                            tc.origin};
                                                },
                                                [&](const cnn_graph& g) -> std::vector<std::string> {
                                                    return {
                                                        w.name, "cnn", params,          std::to_string(g.layers.size()),
                                                        "-",    "-",   "built-in (C++)"};
                                                }},
                             w.net));
    }
    t.optional({"origin"});
    return t;
}

/// Prints the list's table.
inline std::ostream& operator<<(std::ostream& os, const workload_list& l) {
    return os << to_table(l).to_text();
}

/// A CNN's weighted layers (convolutions and linear layers): output shape, parameters and MACs per sample;
/// empty for a transformer.
inline text_table to_table(const workload_summary& s) {
    text_table t({"layer", "kind", "output", "parameters", "MACs/sample"});
    if (const cnn_graph* g = cnn_of(*s.source)) {
        for (const cnn_layer& l : g->layers) {
            if (l.kind == cnn_layer_kind::conv || l.kind == cnn_layer_kind::linear) {
                t.add_row({l.name, l.kind == cnn_layer_kind::conv ? "conv" : "linear",
                           std::to_string(l.c_out) + "x" + std::to_string(l.h_out) + "x" + std::to_string(l.w_out),
                           format_number(parameters(l)), format_number(macs(l))});
            }
        }
    }
    return t;
}

/// One workload as text: its name, kind and size, the forward work per sample or token and, for a
/// transformer, its shape and source; for a CNN, its weighted layers.
inline std::string describe(const workload_summary& s) {
    const workload& w = *s.source;
    std::ostringstream o;
    o << w << "\n  forward " << to_string(s.forward_flops * units::flop) << " per " << s.flops_per;
    const transformer_config* tf = transformer_of(w);
    if (tf == nullptr) {
        o << "\n\n" << to_table(s).to_text();
        return o.str();
    }
    const transformer_config& t = *tf;
    o << "; training about 3x that\n  " << to_string_view(t.kind) << ", " << t.layers
      << (t.decoder_layers ? "+" + std::to_string(t.decoder_layers) : "") << " layers, hidden " << t.hidden << ", "
      << t.heads << " heads (" << t.kv_heads << " kv, " << t.head_dim << " wide), ffn " << t.ffn_hidden << " "
      << to_string_view(t.ffn) << ", vocab " << t.vocab << ", " << to_string_view(t.norm) << ", "
      << to_string_view(t.position)
      << (t.experts > 1 ? ", " + std::to_string(t.experts) + " experts top-" + std::to_string(t.top_k) : "") << "\n  "
      << t.description << "\n  source: " << t.origin << '\n';
    return o.str();
}

/// Prints describe(s).
inline std::ostream& operator<<(std::ostream& os, const workload_summary& s) {
    return os << describe(s);
}

/// The list as text: one row per workload.
inline std::string describe(const workload_list& l) {
    return to_table(l).to_text();
}

}  // namespace roofcast

#endif
