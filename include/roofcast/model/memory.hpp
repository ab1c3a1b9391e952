/// @file
/// Memory footprint of a run on one GPU, itemized, and whether it fits.
#ifndef ROOFCAST_MODEL_MEMORY_HPP
#define ROOFCAST_MODEL_MEMORY_HPP

#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// One GPU's memory footprint, item by item (bytes).
struct memory_footprint {
    /// (item, bytes) pairs: weights, gradients, optimizer state, master weights, activations, KV cache,
    /// workspace and context.
    std::vector<std::pair<std::string, double>> items;
    /// Usable memory of the GPU.
    bytes capacity = 0.0 * units::byte;

    /// Sum of the items.
    bytes total() const {
        double t = 0.0;
        for (const auto& [name, b] : items) {
            t += b;
        }
        return t * units::byte;
    }
    /// Whether the total fits the capacity.
    bool fits() const { return total() <= capacity; }
};

/// CUDA context, library workspaces and allocator headroom (about 1 GiB under PyTorch).
inline constexpr double framework_overhead_bytes = 1073741824.0;

/// Bytes per element of the KV cache: FP8 runs keep an FP8 cache, others the activation type.
inline double kv_bytes(const run_config& c) {
    return c.precision == precision::fp8 ? 1.0 : element_bytes(types_of(c.precision).activation);
}

/// KV-cache bytes per token of one sequence on one GPU: 2 · layers · kv_heads · head_dim · bytes / (tp · pp).
inline double kv_cache_bytes_per_token(const transformer_config& t, const run_config& c) {
    const double kv_heads = static_cast<double>(std::max<long long>(1, t.kv_heads / c.tp));
    return 2.0 * static_cast<double>(t.layers + t.decoder_layers) * kv_heads * static_cast<double>(t.head_dim) *
           kv_bytes(c) / c.pp;
}

/// The footprint of `c` on `g`. Training: weights, gradients, optimizer state (2 FP32 states for Adam,
/// 1 for momentum), FP32 master weights under mixed precision — 16 bytes per parameter for mixed-precision
/// Adam (Rajbhandari et al. 2020) — sharded by ZeRO stage over data parallelism; activations per transformer
/// layer s·b·h·(34 + 5·a·s/h) bytes without recompute, 34·s·b·h with selective, 2·s·b·h (the layer input)
/// with full recompute (Korthikanti et al. 2022), divided by tp; CNN activations: every layer output.
/// Inference: weights at the weight precision, the KV cache for prompt + generated tokens, transient
/// activations. Plus framework_overhead_bytes.
inline memory_footprint footprint(const workload& w, const gpu_spec& g, const run_config& c) {
    memory_footprint f;
    f.capacity = g.usable_memory;
    const precision_types ty = types_of(c.precision);
    const double shard = static_cast<double>(c.tp) * c.pp;
    const double params = parameters(w) / shard;
    const int dp = data_parallel(c);
    const double b = static_cast<double>(c.batch);
    if (c.mode == mode::train) {
        const double wb = element_bytes(ty.weight);
        const auto opt =
            c.optimizer.value_or(w.cnn ? kernels::optimizer_kind::momentum : kernels::optimizer_kind::adamw);
        const double states = c.with_optimizer ? kernels::optimizer_states(opt) * 4.0 : 0.0;
        const double master = ty.fp32_master ? 4.0 : 0.0;
        const double grads = wb;
        f.items.emplace_back("weights", params * wb / (c.zero >= 3 ? dp : 1));
        f.items.emplace_back("gradients", params * grads / (c.zero >= 2 ? dp : 1));
        f.items.emplace_back("optimizer state", params * (states + master) / (c.zero >= 1 ? dp : 1));
        double act = 0.0;
        if (w.transformer) {
            const transformer_config& t = *w.transformer;
            const double s = static_cast<double>(c.seq_len > 0 ? c.seq_len : 2048);
            const double h = static_cast<double>(t.hidden), a = static_cast<double>(t.heads);
            const double per_layer = c.recompute == recompute::full ? 2.0 * s * b * h
                                     : c.recompute == recompute::selective
                                         ? 34.0 * s * b * h / c.tp
                                         : s * b * h * (34.0 + 5.0 * a * s / h) / c.tp;
            act = per_layer * static_cast<double>(t.layers + t.decoder_layers) / c.pp;
        } else {
            // Saved for backward: each convolution's output (the batch norm's input) and each activation's
            // output (the next convolution's input; ReLU runs in place over the batch norm's output).
            for (const cnn_layer& l : w.cnn->layers) {
                if (l.kind != cnn_layer_kind::batch_norm) {
                    act += b * static_cast<double>(l.c_out * l.h_out * l.w_out) * element_bytes(ty.activation);
                }
            }
        }
        f.items.emplace_back("activations", act);
    } else {
        f.items.emplace_back("weights", params * element_bytes(ty.weight));
        if (w.transformer) {
            const transformer_config& t = *w.transformer;
            const phase p = phase_of(c);
            const double tokens = (p == phase::e2e || p == phase::decode || p == phase::serve)
                                      ? static_cast<double>(c.prompt_len + c.gen_len)
                                      : static_cast<double>(c.prompt_len > 0 ? c.prompt_len : c.seq_len);
            if (t.kind != transformer_kind::encoder) {
                f.items.emplace_back("kv cache", b * tokens * kv_cache_bytes_per_token(t, c));
            }
            const double s = static_cast<double>(c.prompt_len > 0 ? c.prompt_len : std::max<long long>(c.seq_len, 1));
            f.items.emplace_back("activations", 4.0 * b * s *
                                                    static_cast<double>(std::max(t.hidden, t.ffn_hidden / c.tp)) *
                                                    element_bytes(ty.activation));
        } else {
            double peak = 0.0;
            for (const cnn_layer& l : w.cnn->layers) {
                peak = std::max(peak, b * static_cast<double>(l.c_in * l.h_in * l.w_in + l.c_out * l.h_out * l.w_out));
            }
            f.items.emplace_back("activations", peak * element_bytes(ty.activation));
        }
    }
    f.items.emplace_back("framework and workspace", framework_overhead_bytes);
    return f;
}

}  // namespace roofcast

#endif
