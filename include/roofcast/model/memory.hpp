/// @file
/// Memory footprint of a run on one GPU, itemized; the largest batch that fits; and, when nothing fits,
/// what would. docs/memory.md has every formula with its source.
#ifndef ROOFCAST_MODEL_MEMORY_HPP
#define ROOFCAST_MODEL_MEMORY_HPP

#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// One GPU's memory footprint, item by item (bytes).
struct memory_footprint {
    /// (item, bytes) pairs: weights, gradients, optimizer state, activations, KV cache, logits, framework.
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
    /// The largest item.
    std::pair<std::string, double> largest() const {
        std::pair<std::string, double> best{"", 0.0};
        for (const auto& it : items) {
            best = it.second > best.second ? it : best;
        }
        return best;
    }
};

/// Bytes per element of the KV cache: FP8 runs keep an FP8 cache, others the activation type.
inline double kv_bytes(const run_config& c) {
    return c.precision == precision::fp8 ? 1.0 : element_bytes(types_of(c.precision).activation);
}

/// KV-cache bytes per token of one sequence on one GPU: 2 · layers · kv_heads · head_dim · bytes, divided
/// over tensor (KV heads) and pipeline (layers) parallelism.
inline double kv_cache_bytes_per_token(const transformer_config& t, const run_config& c) {
    const double kv_heads = static_cast<double>(std::max<long long>(1, t.kv_heads / c.tp));
    return 2.0 * static_cast<double>(t.layers + t.decoder_layers) * kv_heads * static_cast<double>(t.head_dim) *
           kv_bytes(c) / c.pp;
}

/// Activation bytes one transformer layer keeps for backward (Korthikanti et al. 2022, Table 2; 16-bit
/// activations, scaled for other widths): with s tokens, b sequences, h hidden, a heads and t-way tensor
/// parallelism,
///   none:      s·b·h·(10 + 24/t + 5·a·s/(h·t))   (with sequence parallelism: s·b·h·(34 + 5·a·s/h)/t)
///   selective: s·b·h·(10 + 24/t)                 (with sequence parallelism: 34·s·b·h/t)
///   full:      2·s·b·h                            (the layer input only; /t with sequence parallelism).
inline double transformer_layer_activations(const transformer_config& t, const run_config& c, double s, double b) {
    const double h = static_cast<double>(t.hidden), a = static_cast<double>(t.heads), tp = c.tp;
    const double width = element_bytes(types_of(c.precision).activation) / 2.0;
    double per = 0.0;
    switch (c.recompute) {
        case recompute::none:
            per = c.sequence_parallel ? s * b * h * (34.0 + 5.0 * a * s / h) / tp
                                      : s * b * h * (10.0 + 24.0 / tp + 5.0 * a * s / (h * tp));
            break;
        case recompute::selective:
            per = c.sequence_parallel ? 34.0 * s * b * h / tp : s * b * h * (10.0 + 24.0 / tp);
            break;
        case recompute::full: per = 2.0 * s * b * h / (c.sequence_parallel ? tp : 1.0); break;
    }
    return per * width;
}

/// The footprint of run `c` of `w` on one GPU:
///   training: weights, gradients and optimizer state (with FP32 master weights under mixed precision:
///   2 + 2 + 12 = 16 bytes per parameter for Adam, Rajbhandari et al. 2020), divided over tensor and pipeline
///   parallelism and sharded over data parallelism by ZeRO stage (1: optimizer state, 2: + gradients,
///   3: + weights); transformer activations per layer (transformer_layer_activations) times the layers of a
///   pipeline stage (1F1B keeps up to p micro-batches in flight on the first stage); CNN activations saved for
///   backward (each convolution and activation output);
///   inference: weights at the weight precision, the KV cache for every token of every sequence, transient
///   activations of the largest pass, and FP32 logits;
///   plus the framework's context and allocator headroom.
///   The capacity is left 0: footprint(w, g, c) sets it to g's usable memory.
inline memory_footprint footprint(const workload& w, const run_config& c) {
    memory_footprint f;
    f.items.reserve(8);
    const precision_types ty = types_of(c.precision);
    const double shard = static_cast<double>(c.tp) * c.pp;
    const double params = parameters(w) / shard;
    const double dp = data_parallel(c);
    const double b = static_cast<double>(c.batch);
    const double act_bytes = element_bytes(ty.activation);
    if (c.mode == mode::train) {
        const double wb = element_bytes(ty.weight == dtype::fp8 ? dtype::bf16 : ty.weight);
        const auto opt =
            c.optimizer.value_or(w.cnn ? kernels::optimizer_kind::momentum : kernels::optimizer_kind::adamw);
        const double states = c.with_optimizer ? kernels::optimizer_states(opt) * 4.0 : 0.0;
        const double master = ty.fp32_master ? 4.0 : 0.0;
        f.items.emplace_back("weights", params * wb / (c.zero >= 3 ? dp : 1.0));
        f.items.emplace_back("gradients", params * wb / (c.zero >= 2 ? dp : 1.0));
        f.items.emplace_back("optimizer state", params * (states + master) / (c.zero >= 1 ? dp : 1.0));
        double act = 0.0;
        if (w.transformer) {
            const transformer_config& t = *w.transformer;
            const double s = static_cast<double>(c.seq_len > 0 ? c.seq_len : default_seq_len(t));
            const int m = c.pp > 1 ? (c.microbatches > 0 ? c.microbatches : 4 * c.pp) : 1;
            const double micro = std::max(1.0, b / m);
            const double in_flight = std::min<double>(c.pp, m);
            act = transformer_layer_activations(t, c, s, micro) * static_cast<double>(t.layers + t.decoder_layers) /
                  c.pp * in_flight;
            if (t.kind != transformer_kind::encoder) {
                act += micro * s * static_cast<double>(t.vocab) / c.tp * 4.0;  // FP32 logits for the loss
            }
        } else {
            for (const cnn_layer& l : w.cnn->layers) {
                if (l.kind != cnn_layer_kind::batch_norm) {
                    act += b * static_cast<double>(l.c_out * l.h_out * l.w_out) * act_bytes;
                }
            }
        }
        f.items.emplace_back("activations", act);
    } else {
        f.items.emplace_back("weights", params * element_bytes(ty.weight));
        if (w.transformer) {
            const transformer_config& t = *w.transformer;
            const phase p = phase_of(c);
            const bool generating = t.kind != transformer_kind::encoder && c.gen_len > 0 && p != phase::prefill;
            const double context =
                static_cast<double>(c.prompt_len > 0 ? c.prompt_len : std::max<long long>(c.seq_len, 1));
            const double tokens = generating ? context + static_cast<double>(c.gen_len) : context;
            if (t.kind != transformer_kind::encoder) {
                f.items.emplace_back("kv cache", b * tokens * kv_cache_bytes_per_token(t, c));
            }
            // The widest transient tensors of the prefill: the FFN's inner activations (gated: two of them).
            const double ffn = static_cast<double>(t.ffn_hidden) / c.tp * (gated(t.ffn) ? 2.0 : 1.0);
            f.items.emplace_back("activations", b * context * (2.0 * static_cast<double>(t.hidden) + ffn) * act_bytes);
            if (t.kind != transformer_kind::encoder) {
                f.items.emplace_back("logits", b * static_cast<double>(t.vocab) / c.tp * 4.0);
            }
        } else {
            double peak = 0.0;
            for (const cnn_layer& l : w.cnn->layers) {
                peak = std::max(peak, b * static_cast<double>(l.c_in * l.h_in * l.w_in + l.c_out * l.h_out * l.w_out));
            }
            f.items.emplace_back("activations", peak * act_bytes);
        }
    }
    const software_profile& fw = software_profiles[find_profile(c.framework)];
    double model = 0.0;
    for (const auto& it : f.items) {
        model += it.second;
    }
    f.items.emplace_back("allocator headroom", model * fw.headroom);
    f.items.emplace_back("framework context", fw.context_bytes);
    return f;
}

/// The footprint of run `c` of `w` on one `g` (see footprint(w, c)), with `g`'s usable memory as capacity.
/// Throws input_error for an invalid configuration (validate(c)).
inline memory_footprint footprint(const workload& w, const gpu_spec& g, const run_config& c) {
    validate(c);
    memory_footprint f = footprint(w, c);
    f.capacity = g.usable_memory;
    return f;
}

/// Largest batch bisection looks at.
inline constexpr long long max_batch_searched = 1LL << 24;

/// The largest batch whose footprint fits `g` (0 when batch 1 does not), found by doubling then bisection
/// (the footprint grows with the batch), capped at `cap`.
inline long long largest_fitting_batch(const workload& w, const gpu_spec& g, run_config c,
                                       long long cap = max_batch_searched) {
    c.batch = 1;
    if (!footprint(w, g, c).fits()) {
        return 0;
    }
    long long lo = 1, hi = 2;
    while (hi <= cap) {
        c.batch = hi;
        if (!footprint(w, g, c).fits()) {
            break;
        }
        lo = hi;
        hi *= 2;
    }
    hi = std::min(hi, cap + 1);
    while (hi - lo > 1) {
        c.batch = lo + (hi - lo) / 2;
        (footprint(w, g, c).fits() ? lo : hi) = c.batch;
    }
    return lo;
}

/// One way to make a run fit, with the footprint it gives at batch 1.
struct fit_suggestion {
    /// What to change, as CLI options, e.g. "--tp 2 --num-gpus 2".
    std::string change;
    /// Footprint per GPU with the change, at batch 1.
    memory_footprint footprint;
};

/// The answer of max-batch: the largest batch, its footprint, the limiting item, and suggestions when
/// nothing fits.
struct batch_limit {
    /// Largest batch that fits (0: not even batch 1).
    long long max_batch = 0;
    /// Footprint at max_batch (at batch 1 when it is 0).
    memory_footprint footprint;
    /// The largest item of that footprint: what limits the batch.
    std::string limiting_item;
    /// When max_batch is 0: changes that would make batch 1 fit, each with its footprint.
    std::vector<fit_suggestion> suggestions;
};

/// The largest batch of run `c` (its batch is ignored) of `w` that fits `g`; when none does, the changes
/// that would make it fit: more tensor parallelism, ZeRO stages and recompute (training), lower precision.
inline batch_limit max_batch(const workload& w, const gpu_spec& g, const run_config& c) {
    validate(c, w, g);
    batch_limit r;
    run_config at = c;
    r.max_batch = largest_fitting_batch(w, g, c);
    at.batch = std::max<long long>(1, r.max_batch);
    r.footprint = footprint(w, g, at);
    r.limiting_item = r.footprint.largest().first;
    if (r.max_batch > 0) {
        return r;
    }
    auto consider = [&](run_config alt, const std::string& change) {
        alt.batch = 1;
        try {
            validate(alt);
        } catch (const error&) {
            return;
        }
        memory_footprint fp = footprint(w, g, alt);
        if (fp.fits()) {
            r.suggestions.push_back({change, std::move(fp)});
        }
    };
    for (int tp = c.tp * 2; tp <= 64; tp *= 2) {
        if (w.transformer && w.transformer->heads % tp == 0) {
            run_config alt = c;
            alt.tp = tp;
            alt.num_gpus = tp * c.pp * data_parallel(c);
            consider(alt, "--tp " + std::to_string(tp) + " --num-gpus " + std::to_string(alt.num_gpus));
            if (!r.suggestions.empty()) {
                break;  // the smallest degree that fits
            }
        }
    }
    if (c.mode == mode::train) {
        for (int z = c.zero + 1; z <= 3; ++z) {
            run_config alt = c;
            alt.zero = z;
            if (data_parallel(c) == 1) {
                alt.num_gpus = c.num_gpus * 8;
                consider(alt, "--zero " + std::to_string(z) + " --num-gpus " + std::to_string(alt.num_gpus));
            } else {
                consider(alt, "--zero " + std::to_string(z));
            }
        }
        for (recompute rc : {recompute::selective, recompute::full}) {
            if (rc > c.recompute) {
                run_config alt = c;
                alt.recompute = rc;
                consider(alt, "--recompute " + std::string(to_string_view(rc)));
            }
        }
    }
    for (precision p : {precision::fp8, precision::int8, precision::int4}) {
        if (c.mode == mode::infer && element_bytes(types_of(p).weight) < element_bytes(types_of(c.precision).weight) &&
            peak(g, types_of(p).math, types_of(p).math_unit)) {
            run_config alt = c;
            alt.precision = p;
            consider(alt, "--precision " + std::string(to_string_view(p)));
        }
    }
    return r;
}

}  // namespace roofcast

#endif
