/// @file
/// `operator<<` for the public value types of the core that have no printer beside their definition (found
/// by argument-dependent lookup: the CLI prints with them, and xeus-cpp falls back to them). Results have
/// theirs beside their reports (prediction_report.hpp, workload_report.hpp, gpu_report.hpp,
/// validation_report.hpp).
#ifndef ROOFCAST_REPORT_STREAM_HPP
#define ROOFCAST_REPORT_STREAM_HPP

#include <roofcast/catalog.hpp>
#include <roofcast/format.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/hardware/mig.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/report/roofline.hpp>
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
        case cnn_layer_kind::layer_norm: return os << "layer_norm";
        case cnn_layer_kind::softmax: return os << "softmax";
        case cnn_layer_kind::embedding: return os << "embedding";
        case cnn_layer_kind::matmul: return os << "matmul";
    }
    return os << "?";
}

namespace kernels {

/// Prints "sgd", "momentum", "adam", "adamw" or "lamb".
inline std::ostream& operator<<(std::ostream& os, optimizer_kind o) {
    return os << roofcast::to_string_view(o);
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
    if (c.peft != peft::none) {
        os << ", " << to_string_view(c.peft) << " r " << c.lora_rank << " on " << to_string_view(c.lora_targets);
    }
    if (c.accumulation != 1) {
        os << ", accumulation " << c.accumulation;
    }
    return os << ", " << framework_label(c);
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
              << format_count(parameters(t)) << " parameters";
}

/// Prints "resnet50: 3x224x224 input, 161 layers, 25.6 M parameters, 4.11 GMAC per sample".
inline std::ostream& operator<<(std::ostream& os, const cnn_graph& g) {
    return os << g.name << ": " << g.channels << 'x' << g.image_size << 'x' << g.image_size << " input, "
              << g.layers.size() << " layers, " << format_count(parameters(g)) << " parameters, "
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
              << " per direction, " << format_number(100.0 * l.efficiency, 3) << "% achieved, "
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
              << format_number(m.memory_gib, 4) << " GiB, up to " << m.max_instances << " instances";
}

/// Prints "25 GPUs, 44 workloads".
inline std::ostream& operator<<(std::ostream& os, const model_catalog& c) {
    return os << c.gpus().size() << " GPUs, " << c.workloads().size() << " workloads";
}

}  // namespace roofcast

#endif
