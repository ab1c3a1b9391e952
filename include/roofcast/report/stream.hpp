/// @file
/// `operator<<` for the public value types that have no printer beside their definition (found by
/// argument-dependent lookup: the CLI prints with them, and xeus-cpp falls back to them), the text tables
/// they print, and max_batch_result, the max-batch answer with the names it is about.
#ifndef ROOFCAST_REPORT_STREAM_HPP
#define ROOFCAST_REPORT_STREAM_HPP

#include <roofcast/catalog.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/hardware/mig.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/validation.hpp>
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/report/roofline.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/units.hpp>
#include <roofcast/workload/cnn.hpp>
#include <roofcast/workload/transformer.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

namespace detail {

/// A fraction as a percentage with one decimal, e.g. "12.3%".
inline std::string stream_percent(double f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * f);
    return buf;
}

/// A number with `digits` significant digits, e.g. "0.00025" or "1.23e+09".
inline std::string stream_number(double v, int digits = 4) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

/// A count with an SI-style suffix for parameters: "6.74 B", "25.6 M", "512 k".
inline std::string parameter_count(double p) {
    char buf[32];
    if (p >= 1e9) {
        std::snprintf(buf, sizeof buf, "%.3g B", p / 1e9);
    } else if (p >= 1e6) {
        std::snprintf(buf, sizeof buf, "%.3g M", p / 1e6);
    } else {
        std::snprintf(buf, sizeof buf, "%.3g k", p / 1e3);
    }
    return buf;
}

}  // namespace detail

/// The footprint item by item, with each item's share of the total, then the total and the capacity.
inline text_table footprint_table(const memory_footprint& f) {
    text_table t({"item", "bytes", "share"});
    const double total = f.total().value();
    for (const auto& [name, v] : f.items) {
        t.add_row({name, to_string_binary(v * units::byte), total > 0.0 ? detail::stream_percent(v / total) : "-"});
    }
    t.add_row({"total", to_string_binary(f.total()), ""});
    t.add_row({"capacity", to_string_binary(f.capacity), ""});
    return t;
}

/// "fits: 15.2 GiB of 39.4 GiB" or "DOES NOT FIT: 130 GiB of 79.2 GiB".
inline std::string fit_verdict(const memory_footprint& f) {
    return std::string(f.fits() ? "fits: " : "DOES NOT FIT: ") + to_string_binary(f.total()) + " of " +
           to_string_binary(f.capacity);
}

/// The breakdown of a prediction by op class (as describe(prediction) prints it): time, share of the GPU
/// time, work, DRAM traffic and bound; classes that take no time are left out.
inline text_table breakdown_table(const prediction& p) {
    text_table t({"class", "time", "share", "work", "traffic", "bound"});
    double sum = 0.0;
    for (const breakdown_entry& b : p.breakdown) {
        sum += b.name == "host" ? 0.0 : b.time.value();
    }
    for (const breakdown_entry& b : p.breakdown) {
        if (b.time.value() <= 0.0) {
            continue;
        }
        const bool host = b.name == "host";
        t.add_row({b.name, to_string(b.time), host || sum <= 0.0 ? "-" : detail::stream_percent(b.time.value() / sum),
                   b.work.value() > 0 ? to_string(b.work) : "-", b.traffic.value() > 0 ? to_string(b.traffic) : "-",
                   std::string(to_string_view(b.limiter))});
    }
    return t;
}

/// One roofline point per op class of `p` that has work, traffic and time: its work over its DRAM traffic,
/// at its achieved rate (work over time), labelled "class (bound)" and grouped by class.
inline std::vector<roofline_point> roofline_points(const prediction& p) {
    std::vector<roofline_point> points;
    for (const breakdown_entry& b : p.breakdown) {
        if (b.work.value() > 0.0 && b.traffic.value() > 0.0 && b.time.value() > 0.0) {
            points.push_back({b.name + " (" + std::string(to_string_view(b.limiter)) + ")", b.name, b.work / b.traffic,
                              b.work / b.time});
        }
    }
    return points;
}

/// The max-batch answer for one workload, GPU and run, with their names (so that it prints and displays
/// on its own).
struct max_batch_result {
    /// Workload name.
    std::string workload;
    /// GPU name.
    std::string gpu;
    /// The run (its batch is ignored).
    run_config config;
    /// The largest batch, its footprint and, when nothing fits, what would.
    batch_limit limit;
};

/// max_batch(w, g, c) with the names of `w` and `g`.
inline max_batch_result find_max_batch(const workload& w, const gpu_spec& g, const run_config& c) {
    return {w.name, g.name, c, max_batch(w, g, c)};
}

/// The max-batch answer as text (describe(batch_limit, workload, gpu)).
inline std::string describe(const max_batch_result& r) {
    return describe(r.limit, r.workload, r.gpu);
}

/// One row per group of a validation report (e.g. per GPU): rows, predicted, median, mean and p90 APE,
/// the shares within 10% and 25%.
inline text_table error_groups_table(const std::string& key, const std::map<std::string, error_summary>& groups) {
    text_table t({key, "rows", "predicted", "median APE", "mean APE", "p90 APE", "within 10%", "within 25%"});
    for (const auto& [name, s] : groups) {
        if (s.predicted == 0) {
            t.add_row({name, std::to_string(s.rows), "0", "-", "-", "-", "-", "-"});
            continue;
        }
        t.add_row({name, std::to_string(s.rows), std::to_string(s.predicted), detail::stream_percent(s.median_ape),
                   detail::stream_percent(s.mean_ape), detail::stream_percent(s.p90_ape),
                   detail::stream_percent(s.within_10pct), detail::stream_percent(s.within_25pct)});
    }
    return t;
}

/// The reasons rows of a validation report were skipped, with their counts, most frequent first.
inline text_table skipped_rows_table(const validation_report& r) {
    std::map<std::string, std::size_t> count;
    for (const row_prediction& p : r.rows) {
        if (!p.predicted) {
            ++count[p.skip_reason];
        }
    }
    std::vector<std::pair<std::size_t, std::string>> v;
    for (const auto& [reason, n] : count) {
        v.emplace_back(n, reason);
    }
    std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    text_table t({"skipped", "reason"});
    for (const auto& [n, reason] : v) {
        t.add_row({std::to_string(n), reason});
    }
    return t;
}

/// Prints "none", "selective" or "full".
inline std::ostream& operator<<(std::ostream& os, recompute r) {
    return os << to_string_view(r);
}
/// Prints "encoder", "decoder" or "encoder-decoder".
inline std::ostream& operator<<(std::ostream& os, transformer_kind k) {
    return os << to_string_view(k);
}
/// Prints the FFN kind: "gelu", "relu", "swiglu", "geglu".
inline std::ostream& operator<<(std::ostream& os, ffn_kind k) {
    return os << to_string_view(k);
}
/// Prints "layernorm" or "rmsnorm".
inline std::ostream& operator<<(std::ostream& os, norm_type n) {
    return os << to_string_view(n);
}
/// Prints "learned", "rope", "alibi" or "relative".
inline std::ostream& operator<<(std::ostream& os, position_kind p) {
    return os << to_string_view(p);
}
/// Prints "time", "cost" or "energy".
inline std::ostream& operator<<(std::ostream& os, objective o) {
    return os << (o == objective::time ? "time" : o == objective::cost ? "cost" : "energy");
}
/// Prints the layer kind: "conv", "linear", "batch_norm", "activation", "max_pool", "avg_pool", "add",
/// "multiply" or "concat".
inline std::ostream& operator<<(std::ostream& os, cnn_layer_kind k) {
    switch (k) {
        case cnn_layer_kind::conv: return os << "conv";
        case cnn_layer_kind::linear: return os << "linear";
        case cnn_layer_kind::batch_norm: return os << "batch_norm";
        case cnn_layer_kind::activation: return os << "activation";
        case cnn_layer_kind::max_pool: return os << "max_pool";
        case cnn_layer_kind::avg_pool: return os << "avg_pool";
        case cnn_layer_kind::add: return os << "add";
        case cnn_layer_kind::multiply: return os << "multiply";
        case cnn_layer_kind::concat: return os << "concat";
    }
    return os << "?";
}

namespace kernels {

/// Prints "sgd", "momentum", "adam", "adamw" or "lamb".
inline std::ostream& operator<<(std::ostream& os, optimizer_kind o) {
    switch (o) {
        case optimizer_kind::sgd: return os << "sgd";
        case optimizer_kind::momentum: return os << "momentum";
        case optimizer_kind::adam: return os << "adam";
        case optimizer_kind::adamw: return os << "adamw";
        case optimizer_kind::lamb: return os << "lamb";
    }
    return os << "?";
}

}  // namespace kernels

/// Prints the run on one line: mode and phase, precision, batch, the sizes that apply (prompt and generated
/// tokens for inference), the parallelism that differs from one GPU, and the framework, e.g. "train step,
/// amp-fp16, batch 32, seq 384, pytorch".
inline std::ostream& operator<<(std::ostream& os, const run_config& c) {
    os << to_string_view(c.mode) << ' ' << to_string_view(phase_of(c)) << ", " << to_string_view(c.precision)
       << ", batch " << c.batch;
    if (c.seq_len > 0) {
        os << ", seq " << c.seq_len;
    }
    if (c.image_size > 0) {
        os << ", image " << c.image_size;
    }
    if (c.mode == mode::infer) {
        os << ", prompt " << c.prompt_len << ", gen " << c.gen_len;
    }
    if (c.num_gpus != 1) {
        os << ", " << c.num_gpus << " GPUs";
    }
    if (c.tp != 1) {
        os << ", tp " << c.tp;
    }
    if (c.pp != 1) {
        os << ", pp " << c.pp;
    }
    if (c.zero != 0) {
        os << ", zero " << c.zero;
    }
    if (c.recompute != recompute::none) {
        os << ", recompute " << to_string_view(c.recompute);
    }
    if (c.accumulation != 1) {
        os << ", accumulation " << c.accumulation;
    }
    return os << ", " << c.framework;
}

/// Prints "gemm: 3.21 ms, 12.3 TFLOP, 2.1 GB, compute".
inline std::ostream& operator<<(std::ostream& os, const breakdown_entry& b) {
    return os << b.name << ": " << to_string(b.time) << ", " << to_string(b.work) << ", " << to_string(b.traffic)
              << ", " << to_string_view(b.limiter);
}

/// Prints the footprint table and the verdict.
inline std::ostream& operator<<(std::ostream& os, const memory_footprint& f) {
    return os << footprint_table(f).to_text() << fit_verdict(f) << '\n';
}

/// Prints "--tp 2 --num-gpus 2: 35.1 GiB per GPU of 79.2 GiB".
inline std::ostream& operator<<(std::ostream& os, const fit_suggestion& s) {
    return os << s.change << ": " << to_string_binary(s.footprint.total()) << " per GPU of "
              << to_string_binary(s.footprint.capacity);
}

/// Prints the max-batch answer without names (see max_batch_result for one with them).
inline std::ostream& operator<<(std::ostream& os, const batch_limit& b) {
    return os << describe(b, "the workload", "the GPU");
}

/// Prints the max-batch answer (describe(max_batch_result)).
inline std::ostream& operator<<(std::ostream& os, const max_batch_result& r) {
    return os << describe(r);
}

/// Prints "522 rows, 522 predicted; median APE 11.3%, mean 14.2%, p90 32.9%; within 10%: 45.0%, within
/// 25%: 80.1%".
inline std::ostream& operator<<(std::ostream& os, const error_summary& s) {
    return os << s.rows << " rows, " << s.predicted << " predicted; median APE " << detail::stream_percent(s.median_ape)
              << ", mean " << detail::stream_percent(s.mean_ape) << ", p90 " << detail::stream_percent(s.p90_ape)
              << "; within 10%: " << detail::stream_percent(s.within_10pct)
              << ", within 25%: " << detail::stream_percent(s.within_25pct);
}

/// Prints "r0001 (line 2) A100-SXM4-80GB resnet50 samples_per_s: measured 938, predicted 901 (APE 3.9%)", or
/// the reason the row was skipped.
inline std::ostream& operator<<(std::ostream& os, const row_prediction& r) {
    os << r.id << " (line " << r.line << ")";
    if (!r.gpu.empty()) {
        os << ' ' << r.gpu << ' ' << r.workload << ' ' << r.metric;
    }
    if (!r.predicted) {
        return os << ": skipped: " << r.skip_reason;
    }
    return os << ": measured " << detail::stream_number(r.measured) << ", predicted "
              << detail::stream_number(*r.predicted) << " (APE " << detail::stream_percent(r.ape()) << ")";
}

/// Prints the summary line, then the errors by GPU, workload and metric and the skip reasons.
inline std::ostream& operator<<(std::ostream& os, const validation_report& r) {
    os << r.file << ": " << r.overall << '\n'
       << '\n'
       << error_groups_table("gpu", r.by_gpu).to_text() << '\n'
       << error_groups_table("workload", r.by_workload).to_text() << '\n'
       << error_groups_table("metric", r.by_metric).to_text();
    if (r.overall.predicted < r.overall.rows) {
        os << '\n' << skipped_rows_table(r).to_text();
    }
    return os;
}

/// Prints "file: 522 rows read, 3 problems".
inline std::ostream& operator<<(std::ostream& os, const measurement_set& m) {
    return os << m.file << ": " << m.rows.size() << " rows read, " << m.problems.size() << " problems";
}

/// Prints "llama2-7b: decoder, 32 layers, hidden 4096, 32 heads (32 kv, 128 wide), ffn 11008 swiglu, vocab
/// 32000, rmsnorm, rope, 6.74 B parameters".
inline std::ostream& operator<<(std::ostream& os, const transformer_config& t) {
    os << t.name << ": " << to_string_view(t.kind) << ", " << t.layers;
    if (t.decoder_layers > 0) {
        os << '+' << t.decoder_layers;
    }
    os << " layers, hidden " << t.hidden << ", " << t.heads << " heads (" << t.kv_heads << " kv, " << t.head_dim
       << " wide), ffn " << t.ffn_hidden << ' ' << to_string_view(t.ffn);
    if (t.experts > 1) {
        os << " x " << t.experts << " experts top-" << t.top_k;
    }
    return os << ", vocab " << t.vocab << ", " << to_string_view(t.norm) << ", " << to_string_view(t.position) << ", "
              << detail::parameter_count(parameters(t)) << " parameters";
}

/// Prints "resnet50: 3x224x224 input, 161 layers, 25.6 M parameters, 4.11 GMAC per sample".
inline std::ostream& operator<<(std::ostream& os, const cnn_graph& g) {
    return os << g.name << ": " << g.channels << 'x' << g.image_size << 'x' << g.image_size << " input, "
              << g.layers.size() << " layers, " << detail::parameter_count(parameters(g)) << " parameters, "
              << si_prefixed(macs(g)) << "MAC per sample";
}

/// Prints "layer1.0.conv2 conv 64x56x56 -> 64x56x56, window 3x3, stride 1".
inline std::ostream& operator<<(std::ostream& os, const cnn_layer& l) {
    os << l.name << ' ' << l.kind << ' ' << l.c_in << 'x' << l.h_in << 'x' << l.w_in << " -> " << l.c_out << 'x'
       << l.h_out << 'x' << l.w_out;
    if (l.r != 1 || l.s != 1 || l.stride != 1) {
        os << ", window " << l.r << 'x' << l.s << ", stride " << l.stride;
    }
    return os;
}

/// Prints "gemm fwd [gemm]: 295 FLOP/B, 250 TFLOP/s".
inline std::ostream& operator<<(std::ostream& os, const roofline_point& p) {
    os << p.label;
    if (!p.group.empty()) {
        os << " [" << p.group << "]";
    }
    return os << ": " << detail::intensity_text(p.intensity) << ", " << to_string(p.achieved);
}

/// Prints "fp16/bf16: 312 TFLOP/s".
inline std::ostream& operator<<(std::ostream& os, const roofline_ceiling& k) {
    return os << k.label << ": " << to_string(k.peak);
}

/// Prints "compute.sm_count: must be between 1 and 1000 SMs, got 0".
inline std::ostream& operator<<(std::ostream& os, const spec_problem& p) {
    return os << p.field << ": " << p.message;
}

/// Prints "S5: NVIDIA A40 datasheet ...".
inline std::ostream& operator<<(std::ostream& os, const source_ref& s) {
    return os << s.key << ": " << s.text;
}

/// Prints "nvlink3: NVLink 3 (A100 SXM4: 12 links), 300 GB/s per direction, 80% achieved, 5 us per step".
inline std::ostream& operator<<(std::ostream& os, const link_spec& l) {
    return os << l.name << ": " << l.description << ", " << to_string(l.bandwidth * units::byte_per_second)
              << " per direction, " << detail::stream_number(100.0 * l.efficiency, 3) << "% achieved, "
              << to_string(l.latency * units::second) << " per step";
}

/// Prints "8 GPUs per node, nvlink3 inside, ib-hdr between".
inline std::ostream& operator<<(std::ostream& os, const node_layout& n) {
    return os << n.gpus_per_node << " GPUs per node, " << (n.intra ? n.intra->name : std::string_view("-"))
              << " inside, " << (n.inter ? n.inter->name : std::string_view("-")) << " between";
}

/// Prints "A100-40GB 1g.5gb: 1/7 compute, 1/8 memory, 14 SMs, 4.75 GiB, up to 7 instances".
inline std::ostream& operator<<(std::ostream& os, const mig_profile& m) {
    return os << m.gpu_family << ' ' << m.name << ": " << m.compute_slices << '/' << m.compute_slices_total
              << " compute, " << m.memory_slices << '/' << m.memory_slices_total << " memory, " << m.sms << " SMs, "
              << detail::stream_number(m.memory_gib, 4) << " GiB, up to " << m.max_instances << " instances";
}

/// Prints "25 GPUs, 44 workloads".
inline std::ostream& operator<<(std::ostream& os, const model_catalog& c) {
    return os << c.gpus().size() << " GPUs, " << c.workloads().size() << " workloads";
}

}  // namespace roofcast

#endif
