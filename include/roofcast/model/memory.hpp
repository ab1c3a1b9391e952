/// @file
/// Memory footprint of a run on one GPU, itemized; the largest batch that fits; and, when nothing fits,
/// what would. docs/memory.md has every formula with its source.
#ifndef ROOFCAST_MODEL_MEMORY_HPP
#define ROOFCAST_MODEL_MEMORY_HPP

#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/plan.hpp>
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
/// over tensor (KV heads) and pipeline (layers) parallelism; with latent attention layers · (kv_lora_rank +
/// qk_rope_head_dim) · bytes (DeepSeek-V2, arXiv:2405.04434, Table 1), the latent shared by all heads and so kept
/// whole on every tensor-parallel rank. An encoder-decoder caches only in its decoder blocks, each position of the
/// prompt (cross-attention) and of the output (self-attention) once.
inline double kv_cache_bytes_per_token(const transformer_config& t, const run_config& c) {
    const auto layers = static_cast<double>(t.kind == transformer_kind::encoder_decoder ? t.decoder_layers : t.layers);
    if (latent_attention(t)) {
        return layers * kv_cache_elements_per_layer(t) * kv_bytes(c) / c.pp;
    }
    const double kv_heads = static_cast<double>(std::max<long long>(1, t.kv_heads / c.tp));
    return 2.0 * layers * kv_heads * static_cast<double>(t.head_dim) * kv_bytes(c) / c.pp;
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

namespace detail {

/// Model-state bytes of training (Rajbhandari et al. 2020): weights and gradients in the weight type (FP8
/// keeps BF16 weights), optimizer states and, under mixed precision, FP32 master weights (2 + 2 + 12 = 16
/// bytes per parameter for Adam), divided over tensor and pipeline parallelism and sharded over the
/// data-parallel ranks by ZeRO stage (1: optimizer state, 2: + gradients, 3: + weights).
inline void add_model_states(memory_footprint& f, const run_plan& p) {
    const run_config& c = p.config;
    const double params = local_parameters(*p.source, c);
    const double dp = p.dp;
    const double wb = element_bytes(p.types.weight == dtype::fp8 ? dtype::bf16 : p.types.weight);
    const double states = c.optimizer ? kernels::optimizer_states(*c.optimizer) * 4.0 : 0.0;
    const double master = p.types.fp32_master ? 4.0 : 0.0;
    f.items.emplace_back("weights", params * wb / (c.zero >= 3 ? dp : 1.0));
    f.items.emplace_back("gradients", params * wb / (c.zero >= 2 ? dp : 1.0));
    f.items.emplace_back("optimizer state", params * (states + master) / (c.zero >= 1 ? dp : 1.0));
}

/// Activations kept for backward: a transformer's per layer (transformer_layer_activations, an encoder-decoder's
/// encoder blocks over a fixed input's positions where it has one) for the layers of a pipeline stage, times the
/// micro-batches 1F1B keeps in flight on the first stage (up to p), plus FP32 logits for the loss; a CNN's every
/// convolution and activation output.
inline double training_activations(const run_plan& p) {
    const run_config& c = p.config;
    const double b = static_cast<double>(c.batch);
    if (p.cnn) {
        double act = 0.0;
        for (const cnn_layer& l : p.cnn->layers) {
            if (l.kind != cnn_layer_kind::batch_norm) {
                act += b * static_cast<double>(l.c_out * l.h_out * l.w_out) * element_bytes(p.types.activation);
            }
        }
        return act;
    }
    const transformer_config& t = *p.source->transformer;
    const double s = static_cast<double>(c.seq_len);
    const double micro = std::max(1.0, b / p.microbatches);
    const double in_flight = std::min(c.pp, p.microbatches);
    const double s_enc = t.encoder_positions > 0 ? static_cast<double>(t.encoder_positions) : s;  // fixed input
    double act = (transformer_layer_activations(t, c, s_enc, micro) * static_cast<double>(t.layers) +
                  transformer_layer_activations(t, c, s, micro) * static_cast<double>(t.decoder_layers)) /
                 c.pp * in_flight;
    if (t.kind != transformer_kind::encoder) {
        act += micro * s * static_cast<double>(t.vocab) / c.tp * 4.0;  // FP32 logits for the loss
    }
    return act;
}

/// Inference: weights at the weight precision; a decoder's KV cache for every token it holds; the widest
/// transient tensors of the largest pass (the FFN's inner activations, two when gated); FP32 logits of the
/// last position; a CNN's largest input plus output of one layer.
inline void add_inference_items(memory_footprint& f, const run_plan& p) {
    const run_config& c = p.config;
    const double b = static_cast<double>(c.batch);
    const double act_bytes = element_bytes(p.types.activation);
    f.items.emplace_back("weights", local_parameters(*p.source, c) * element_bytes(p.types.weight));
    if (p.cnn) {
        double peak = 0.0;
        for (const cnn_layer& l : p.cnn->layers) {
            peak = std::max(peak, b * static_cast<double>(l.c_in * l.h_in * l.w_in + l.c_out * l.h_out * l.w_out));
        }
        f.items.emplace_back("activations", peak * act_bytes);
        return;
    }
    const transformer_config& t = *p.source->transformer;
    const bool decoder = t.kind != transformer_kind::encoder;
    if (decoder) {
        // Every beam keeps its own cache (engines size it batch × beam width × sequence); windowed blocks keep at
        // most their window (kv_cache_tokens).
        f.items.emplace_back("kv cache", b * static_cast<double>(c.beams) * kv_cache_tokens(t, p.kv_tokens) *
                                             kv_cache_bytes_per_token(t, c));
    }
    const double ffn = static_cast<double>(t.ffn_hidden) / c.tp * (gated(t.ffn) ? 2.0 : 1.0);
    f.items.emplace_back("activations", b * static_cast<double>(p.context_tokens) *
                                            (2.0 * static_cast<double>(t.hidden) + ffn) * act_bytes);
    if (decoder) {
        f.items.emplace_back("logits", b * static_cast<double>(t.vocab) / c.tp * 4.0);
    }
}

}  // namespace detail

/// The footprint of plan `p` on one GPU (docs/memory.md): training model states (detail::add_model_states)
/// and activations (detail::training_activations); inference weights, KV cache, transient activations and
/// logits (detail::add_inference_items); plus the framework's context and allocator headroom. The capacity
/// is left 0: footprint(p, g) sets it to g's usable memory.
inline memory_footprint footprint(const run_plan& p) {
    memory_footprint f;
    f.items.reserve(8);
    if (p.config.mode == mode::train) {
        detail::add_model_states(f, p);
        f.items.emplace_back("activations", detail::training_activations(p));
    } else {
        detail::add_inference_items(f, p);
    }
    const software_profile& fw = software_profiles[p.profile];
    double model = 0.0;
    for (const auto& it : f.items) {
        model += it.second;
    }
    f.items.emplace_back("allocator headroom", model * fw.headroom);
    f.items.emplace_back("framework context", fw.context_bytes);
    return f;
}

/// The footprint of plan `p` on one `g` (footprint(p)), with `g`'s usable memory as capacity.
inline memory_footprint footprint(const run_plan& p, const gpu_spec& g) {
    memory_footprint f = footprint(p);
    f.capacity = g.usable_memory;
    return f;
}

/// The footprint of run `c` of `w` on one GPU, without capacity (footprint(resolve(w, c))). Throws
/// input_error for an invalid configuration.
inline memory_footprint footprint(const workload& w, const run_config& c) {
    return footprint(resolve(w, c));
}

/// The footprint of run `c` of `w` on one `g`, with `g`'s usable memory as capacity.
inline memory_footprint footprint(const workload& w, const gpu_spec& g, const run_config& c) {
    return footprint(resolve(w, c), g);
}

/// Largest batch bisection looks at.
inline constexpr long long max_batch_searched = 1LL << 24;

/// The largest batch of plan `p` whose footprint fits `g` (0 when batch 1 does not), found by doubling then
/// bisection (the footprint grows with the batch), capped at `cap`.
inline long long largest_fitting_batch(const run_plan& p, const gpu_spec& g, long long cap = max_batch_searched) {
    auto fits = [&](long long b) { return footprint(plan_for_batch(p, b), g).fits(); };
    if (!fits(1)) {
        return 0;
    }
    long long lo = 1, hi = 2;
    while (hi <= cap && fits(hi)) {
        lo = hi;
        hi *= 2;
    }
    hi = std::min(hi, cap + 1);
    while (hi - lo > 1) {
        const long long mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

/// The largest batch of run `c` of `w` (its batch is ignored) that fits `g`, capped at `cap`.
inline long long largest_fitting_batch(const workload& w, const gpu_spec& g, run_config c,
                                       long long cap = max_batch_searched) {
    c.batch = std::max<long long>(1, c.microbatches);  // a valid batch to resolve; the search reshapes it
    return largest_fitting_batch(resolve(w, c), g, cap);
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

namespace detail {

/// Adds `change` to `out` when run `alt` of `w` fits `g` at batch 1 (and is a valid run at all).
inline void consider_fit(std::vector<fit_suggestion>& out, const workload& w, const gpu_spec& g, run_config alt,
                         const std::string& change) {
    alt.batch = std::max<long long>(1, alt.microbatches);
    try {
        memory_footprint fp = footprint(w, g, alt);
        if (fp.fits()) {
            out.push_back({change, std::move(fp)});
        }
    } catch (const error&) {  // the change makes an invalid run (e.g. tp not dividing the heads)
    }
}

/// Changes that would make run `c` of `w` fit `g` at batch 1: the smallest tensor-parallel degree that does;
/// in training each higher ZeRO stage (with a node's GPUs when there is no data parallelism to shard over) and
/// recompute mode; in inference each narrower weight precision `g` can run.
inline std::vector<fit_suggestion> fit_suggestions(const workload& w, const gpu_spec& g, const run_config& c, int dp) {
    std::vector<fit_suggestion> out;
    for (int tp = c.tp * 2; tp <= 64 && out.empty(); tp *= 2) {
        run_config alt = c;
        alt.tp = tp;
        alt.num_gpus = tp * c.pp * dp;
        consider_fit(out, w, g, alt, "--tp " + std::to_string(tp) + " --num-gpus " + std::to_string(alt.num_gpus));
    }
    for (int z = c.zero + 1; z <= 3 && c.mode == mode::train; ++z) {
        run_config alt = c;
        alt.zero = z;
        alt.num_gpus = dp == 1 ? c.num_gpus * default_gpus_per_node : c.num_gpus;
        consider_fit(out, w, g, alt,
                     "--zero " + std::to_string(z) + (dp == 1 ? " --num-gpus " + std::to_string(alt.num_gpus) : ""));
    }
    for (recompute rc : {recompute::selective, recompute::full}) {
        if (c.mode == mode::train && rc > c.recompute) {
            run_config alt = c;
            alt.recompute = rc;
            consider_fit(out, w, g, alt, "--recompute " + std::string(to_string_view(rc)));
        }
    }
    for (precision p : {precision::fp8, precision::int8, precision::int4}) {
        if (c.mode == mode::infer && element_bytes(types_of(p).weight) < element_bytes(types_of(c.precision).weight) &&
            peak(g, types_of(p).math, types_of(p).math_unit)) {
            run_config alt = c;
            alt.precision = p;
            consider_fit(out, w, g, alt, "--precision " + std::string(to_string_view(p)));
        }
    }
    return out;
}

}  // namespace detail

/// The largest batch of run `c` (its batch is ignored) of `w` that fits `g`; when none does, the changes
/// that would make it fit (detail::fit_suggestions): more tensor parallelism, ZeRO stages and recompute
/// (training), lower precision (inference).
inline batch_limit max_batch(const workload& w, const gpu_spec& g, const run_config& c) {
    validate(g);
    run_config at = c;
    at.batch = std::max<long long>(1, c.microbatches);  // the batch is searched; any valid one resolves
    const run_plan p = resolve(w, at);
    batch_limit r;
    r.max_batch = largest_fitting_batch(p, g);
    r.footprint = footprint(plan_for_batch(p, std::max<long long>(1, r.max_batch)), g);
    r.limiting_item = r.footprint.largest().first;
    if (r.max_batch == 0) {
        r.suggestions = detail::fit_suggestions(w, g, p.config, p.dp);
    }
    return r;
}

/// The max-batch answer for one workload, GPU and run, with their names (so that it prints and displays
/// on its own).
struct max_batch_result {
    /// Workload name.
    std::string workload;
    /// GPU name.
    std::string gpu;
    /// The run, with its defaults filled in (its batch is the largest that fits, or 1).
    run_config config;
    /// The largest batch, its footprint and, when nothing fits, what would.
    batch_limit limit;
};

/// max_batch(w, g, c) with the names of `w` and `g` and the resolved run at the batch found.
inline max_batch_result find_max_batch(const workload& w, const gpu_spec& g, const run_config& c) {
    max_batch_result r{w.name, g.name, c, max_batch(w, g, c)};
    run_config at = c;
    at.batch = std::max<long long>(1, c.microbatches);
    r.config = resolve(w, at).config;
    r.config.batch = std::max<long long>(1, r.limit.max_batch);
    return r;
}

}  // namespace roofcast

#endif
