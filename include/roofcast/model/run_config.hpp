/// @file
/// How a workload is run: training or inference, the phase, precision, sizes, parallelism, framework.
#ifndef ROOFCAST_MODEL_RUN_CONFIG_HPP
#define ROOFCAST_MODEL_RUN_CONFIG_HPP

#include <roofcast/error.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/precision.hpp>

#include <array>
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

/// Throws input_error unless the configuration is consistent: positive sizes, tp·pp dividing num_gpus,
/// a phase that fits the mode, ZeRO stage 0–3.
inline void validate(const run_config& c) {
    auto fail = [](const std::string& m) { throw input_error("invalid run configuration: " + m); };
    if (c.batch < 1) fail("batch must be at least 1, got " + std::to_string(c.batch));
    if (c.batch > 100000000) fail("batch " + std::to_string(c.batch) + " is absurd (more than 1e8)");
    if (c.seq_len < 0 || c.image_size < 0) fail("sequence length and image size must not be negative");
    if (c.seq_len > 10000000) fail("seq-len " + std::to_string(c.seq_len) + " is absurd (more than 1e7)");
    if (c.image_size > 100000) fail("image-size " + std::to_string(c.image_size) + " is absurd");
    if (c.prompt_len < 0 || c.gen_len < 0) fail("prompt-len and gen-len must not be negative");
    if (c.prompt_len > 10000000 || c.gen_len > 10000000) fail("prompt-len or gen-len is absurd (more than 1e7)");
    if (c.num_gpus < 1 || c.tp < 1 || c.pp < 1) fail("num-gpus, tp and pp must be at least 1");
    if (c.num_gpus > 1000000) fail("num-gpus " + std::to_string(c.num_gpus) + " is absurd");
    if (c.num_gpus % (c.tp * c.pp) != 0) {
        fail("tp x pp = " + std::to_string(c.tp * c.pp) + " does not divide num-gpus = " + std::to_string(c.num_gpus));
    }
    if (c.zero < 0 || c.zero > 3) fail("zero stage must be 0..3, got " + std::to_string(c.zero));
    if (c.microbatches < 0) fail("microbatches must not be negative");
    if (c.accumulation < 1) fail("gradient accumulation must be at least 1");
    if (c.max_serve_batch < 1) fail("max serve batch must be at least 1");
    if (c.gpus_per_node < 0 || c.gpus_per_node > 1024) fail("gpus per node must be between 1 and 1024");
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
}

}  // namespace roofcast

#endif
