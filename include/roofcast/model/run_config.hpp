/// @file
/// How a workload is run: training or inference, the phase, precision, sizes, parallelism, framework.
#ifndef ROOFCAST_MODEL_RUN_CONFIG_HPP
#define ROOFCAST_MODEL_RUN_CONFIG_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/workload/validate.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace roofcast {

/// Training or inference.
enum class mode { train, infer };

/// What is timed: a training `step`; a whole inference call (`e2e`: a CNN/encoder forward pass, or an LLM's
/// prefill plus all decode steps); an LLM's `prefill` (time to first token); one `decode` step (mean over
/// the generated tokens); `serve` (throughput at the largest batch that fits).
enum class phase { step, e2e, prefill, decode, serve };

/// "train" or "infer".
inline constexpr std::string_view to_string_view(mode m) {
    return m == mode::train ? "train" : "infer";
}

/// The phase's name.
inline constexpr std::string_view to_string_view(phase p) {
    switch (p) {
        case phase::step: return "step";
        case phase::e2e: return "e2e";
        case phase::prefill: return "prefill";
        case phase::decode: return "decode";
        case phase::serve: return "serve";
    }
    return "?";
}

/// Prints the mode.
inline std::ostream& operator<<(std::ostream& os, mode m) {
    return os << to_string_view(m);
}
/// Prints the phase.
inline std::ostream& operator<<(std::ostream& os, phase p) {
    return os << to_string_view(p);
}

/// Activation recomputation in training.
enum class recompute { none, selective, full };

/// "none", "selective" or "full".
inline constexpr std::string_view to_string_view(recompute r) {
    return r == recompute::none ? "none" : r == recompute::selective ? "selective" : "full";
}

/// A run of a workload. Sizes of 0 mean "the workload's default".
struct run_config {
    /// Training or inference.
    roofcast::mode mode = roofcast::mode::train;
    /// What is timed (default: step for training, e2e for inference).
    std::optional<roofcast::phase> phase;
    /// Precision.
    roofcast::precision precision = roofcast::precision::amp_fp16;
    /// Samples (images or sequences) per GPU, or per tensor/pipeline-parallel group.
    long long batch = 1;
    /// Tokens per sequence (training and encoder inference); 0: 512 for encoders, 2048 for decoders.
    long long seq_len = 0;
    /// CNN input resolution; 0: the network's default.
    long long image_size = 0;
    /// LLM prompt length.
    long long prompt_len = 512;
    /// LLM tokens generated.
    long long gen_len = 128;
    /// GPUs in total; data-parallel degree = num_gpus / (tp · pp).
    int num_gpus = 1;
    /// Tensor-parallel degree.
    int tp = 1;
    /// Pipeline-parallel degree.
    int pp = 1;
    /// Micro-batches per step under pipeline parallelism (0: 4·pp).
    int microbatches = 0;
    /// ZeRO stage 0–3 (FSDP full sharding = 3).
    int zero = 0;
    /// Activation recomputation.
    roofcast::recompute recompute = roofcast::recompute::none;
    /// Megatron sequence parallelism (norms and dropout sharded over the tensor-parallel group).
    bool sequence_parallel = false;
    /// Software profile (framework).
    std::string framework = "pytorch";
    /// Optimizer; default: SGD with momentum for CNNs, AdamW for transformers; none to time without it.
    std::optional<kernels::optimizer_kind> optimizer;
    /// Whether the step includes the optimizer update.
    bool with_optimizer = true;
    /// Gradient-accumulation steps: the optimizer and the gradient all-reduce run once per this many
    /// micro-batch steps; throughput counts every micro-batch.
    int accumulation = 1;
    /// Fused (FlashAttention-style) attention; default: by framework.
    std::optional<bool> fused_attention;
    /// Whether FP32 math may run as TF32 on tensor cores (cuDNN convolutions do by default).
    bool allow_tf32 = false;
    /// Largest batch `serve` may use (servers cap their batch).
    long long max_serve_batch = 256;
    /// GPUs per node (0: the GPU's default, 8).
    int gpus_per_node = 0;
    /// Network between nodes by link name ("ib-ndr", ...); empty: the GPU's default.
    std::string interconnect;
    /// Price of one GPU-hour in US dollars, for cost figures.
    std::optional<double> price_per_hour;
    /// Samples in one epoch, for per-epoch figures.
    std::optional<double> dataset_size;
};

/// The phase that applies: the configured one, or step (train) / e2e (infer).
inline roofcast::phase phase_of(const run_config& c) {
    return c.phase.value_or(c.mode == mode::train ? roofcast::phase::step : roofcast::phase::e2e);
}

/// Data-parallel degree.
inline int data_parallel(const run_config& c) {
    return c.num_gpus / (c.tp * c.pp);
}

/// Plausibility limits of a run: far beyond any real run, and low enough that every integer product the
/// model forms stays exact and below 2^63.
namespace run_limits {
/// Samples per GPU or group (`batch`, `max_serve_batch`).
inline constexpr long long max_batch = 100'000'000;
/// Tokens per sequence, prompt and generated tokens.
inline constexpr long long max_tokens = 10'000'000;
/// CNN input resolution.
inline constexpr long long max_image_size = 100'000;
/// GPUs in total.
inline constexpr int max_gpus = 1'000'000;
/// Micro-batches per pipeline step and gradient-accumulation steps.
inline constexpr int max_steps = 100'000'000;
/// GPUs per node.
inline constexpr int max_gpus_per_node = 1024;
/// Elements of the largest tensor, GEMM or score matrix of one pass (1e17: 200 PB of 16-bit values).
/// Larger runs fail with a clear error instead of overflowing tile and element counts.
inline constexpr double max_elements = 1e17;
}  // namespace run_limits

/// Throws input_error ("invalid run configuration: FIELD ...") unless the configuration is consistent:
/// sizes within run_limits, tp·pp dividing num_gpus, a phase that fits the mode, ZeRO stage 0–3, no
/// option that cannot apply (int8 or int4 training, micro-batches without pipeline-parallel training, ZeRO,
/// recompute or gradient accumulation in inference, sequence parallelism without tensor parallelism), a prefill with a
/// prompt, a decode step with generated tokens. Nothing is clamped.
inline void validate(const run_config& c) {
    namespace lim = run_limits;
    auto fail = [](const std::string& m) { throw input_error("invalid run configuration: " + m); };
    auto range = [&fail](const char* field, long long v, long long lo, long long hi) {
        if (v < lo) {
            fail(std::string(field) + " must be at least " + std::to_string(lo) + ", got " + std::to_string(v));
        }
        if (v > hi) {
            fail(std::string(field) + " must be at most " + std::to_string(hi) + ", got " + std::to_string(v));
        }
    };
    range("batch", c.batch, 1, lim::max_batch);
    range("seq-len", c.seq_len, 0, lim::max_tokens);
    range("image-size", c.image_size, 0, lim::max_image_size);
    range("prompt-len", c.prompt_len, 0, lim::max_tokens);
    range("gen-len", c.gen_len, 0, lim::max_tokens);
    range("num-gpus", c.num_gpus, 1, lim::max_gpus);
    range("tp", c.tp, 1, lim::max_gpus);
    range("pp", c.pp, 1, lim::max_gpus);
    const long long group = static_cast<long long>(c.tp) * c.pp;
    if (c.num_gpus % group != 0) {
        fail("tp x pp = " + std::to_string(group) + " does not divide num-gpus = " + std::to_string(c.num_gpus));
    }
    range("zero", c.zero, 0, 3);
    range("microbatches", c.microbatches, 0, lim::max_steps);
    range("accumulation", c.accumulation, 1, lim::max_steps);
    range("max serve batch", c.max_serve_batch, 1, lim::max_batch);
    range("gpus per node", c.gpus_per_node, 0, lim::max_gpus_per_node);
    if (c.price_per_hour && !(*c.price_per_hour > 0.0 && *c.price_per_hour < 1e6)) {
        fail("price per hour must be a positive number of dollars below 1e6");
    }
    if (c.dataset_size && !(*c.dataset_size >= 1.0 && *c.dataset_size < 1e15)) {
        fail("dataset size must be between 1 and 1e15 samples");
    }
    const roofcast::phase p = phase_of(c);
    if (c.mode == mode::train && p != roofcast::phase::step)
        fail("training runs time a step, not " + std::string(to_string_view(p)));
    if (c.mode == mode::infer && p == roofcast::phase::step) fail("inference phases are e2e, prefill, decode or serve");
    if (c.microbatches > 0 && (c.pp == 1 || c.mode != mode::train)) {
        fail("microbatches applies only to pipeline-parallel training (pp > 1)");
    }
    if (c.accumulation > 1 && c.mode != mode::train) fail("gradient accumulation applies only to training");
    if (c.mode == mode::train && (c.precision == precision::int8 || c.precision == precision::int4)) {
        fail("precision " + std::string(to_string_view(c.precision)) +
             " is for inference; training is modelled in fp32, tf32, amp-fp16, amp-bf16, fp16, bf16 or fp8");
    }
    if (c.mode == mode::infer && c.zero > 0) fail("zero (ZeRO stage) applies only to training");
    if (c.mode == mode::infer && c.recompute != roofcast::recompute::none) {
        fail("recompute applies only to training");
    }
    if (c.sequence_parallel && c.tp == 1) fail("sequence parallelism needs tensor parallelism (tp > 1)");
    if (p == roofcast::phase::prefill && c.prompt_len < 1) fail("a prefill needs prompt-len of at least 1");
    if (p == roofcast::phase::decode && c.gen_len < 1) fail("a decode step needs gen-len of at least 1");
}

namespace detail {

/// "3.2e+20".
inline std::string size_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

/// Throws input_error unless the largest tensor, GEMM grid and score matrix of run `c` of `w` stay
/// within run_limits::max_elements, and the tokens of a step over all GPUs too.
inline void check_run_size(const run_config& c, const workload& w) {
    const double batch =
        static_cast<double>(phase_of(c) == phase::serve ? std::max(c.batch, c.max_serve_batch) : c.batch);
    auto check = [&](const char* what, double v) {
        if (!(v <= run_limits::max_elements)) {
            throw input_error("invalid run configuration: too large to model: " + w.name + " has " + what + " = " +
                              size_number(v) + " (limit " + size_number(run_limits::max_elements) + ")");
        }
    };
    if (w.cnn) {
        const cnn_graph& g = *w.cnn;
        double largest = 0.0;
        for (const cnn_layer& l : g.layers) {
            largest = std::max({largest, static_cast<double>(l.c_in) * l.h_in * l.w_in,
                                static_cast<double>(l.c_out) * l.h_out * l.w_out});
        }
        // A network rebuilt for another input size grows with the pixel count (padding can add a row and
        // a column per layer, hence the +1).
        if (c.image_size > 0 && c.image_size != g.image_size) {
            const double scale = static_cast<double>(c.image_size) / static_cast<double>(g.image_size) + 1.0;
            largest *= std::max(1.0, scale * scale);
        }
        check("batch x the largest layer's elements", batch * largest);
        check("batch x num-gpus", batch * c.num_gpus);
        return;
    }
    const transformer_config& t = *w.transformer;
    double seq = static_cast<double>(c.seq_len > 0 ? c.seq_len : default_seq_len(t));
    if (c.mode == mode::infer && t.kind != transformer_kind::encoder) {
        seq = std::max(seq, static_cast<double>(c.prompt_len) + static_cast<double>(c.gen_len));
    }
    const double tokens = batch * seq;
    const double width = std::max({static_cast<double>(t.hidden),
                                   static_cast<double>(t.heads + 2 * t.kv_heads) * static_cast<double>(t.head_dim),
                                   2.0 * static_cast<double>(t.ffn_hidden), static_cast<double>(t.vocab),
                                   static_cast<double>(t.experts), static_cast<double>(t.top_k)});
    check("tokens x the widest layer (batch x sequence x width)", tokens * width);
    check("attention scores (batch x heads x sequence^2)", tokens * static_cast<double>(t.heads) * seq);
    check("tokens over all GPUs (batch x sequence x num-gpus)", tokens * c.num_gpus);
}

}  // namespace detail

/// Validates `c` (validate(c)) and `w` (validate(w)) and that they fit together: phases that exist for the
/// kind of model (CNNs: step and e2e, data parallel only; encoders: no prefill or decode; serving a decoder
/// needs gen-len >= 1), tp dividing the attention heads, micro-batches at most the batch, and a size the
/// model can represent
/// (run_limits::max_elements).
inline void validate(const run_config& c, const workload& w) {
    validate(c);
    validate(w);
    if (c.microbatches > c.batch) {  // here, not in validate(c): max-batch searches from batch 1
        throw input_error("invalid run configuration: microbatches (" + std::to_string(c.microbatches) +
                          ") exceeds the batch (" + std::to_string(c.batch) + "): every micro-batch needs a sample");
    }
    const roofcast::phase p = phase_of(c);
    if (w.cnn) {
        if (p != roofcast::phase::step && p != roofcast::phase::e2e) {
            throw input_error(
                "invalid run configuration: CNN workloads have phases step (train) and e2e (infer), not " +
                std::string(to_string_view(p)));
        }
        if (c.tp > 1 || c.pp > 1) {
            throw input_error("invalid run configuration: " + w.name +
                              " is a CNN: tensor and pipeline parallelism (tp, pp) are modelled for transformers only");
        }
    } else {
        const transformer_config& t = *w.transformer;
        if (t.kind == transformer_kind::encoder && (p == roofcast::phase::prefill || p == roofcast::phase::decode)) {
            throw input_error("invalid run configuration: " + w.name +
                              " is an encoder: it has no prefill or decode phase (use e2e or serve)");
        }
        if (t.kind != transformer_kind::encoder && p == roofcast::phase::serve && c.gen_len < 1) {
            throw input_error("invalid run configuration: serving " + w.name + " needs gen-len of at least 1");
        }
        if (t.heads % c.tp != 0) {
            throw input_error("invalid run configuration: tp = " + std::to_string(c.tp) + " does not divide the " +
                              std::to_string(t.heads) + " attention heads of " + w.name);
        }
    }
    detail::check_run_size(c, w);
}

/// Validates the GPU description `g` (validate(g)), then run `c` of `w` (validate(c, w)).
inline void validate(const run_config& c, const workload& w, const gpu_spec& g) {
    validate(g);
    validate(c, w);
}

}  // namespace roofcast

#endif
