/// @file
/// How a workload is run, as a user asks for it: training or inference, the phase, precision, sizes,
/// parallelism, framework. Every option is described once, in `run_options()` (name, help, range, what it
/// changes, how it is read from text); the CLI binds that table and validate() checks its ranges, so a new
/// option is added in one place. Defaults are filled in by resolve() (model/plan.hpp), nowhere else.
#ifndef ROOFCAST_MODEL_RUN_CONFIG_HPP
#define ROOFCAST_MODEL_RUN_CONFIG_HPP

#include <roofcast/detail/names.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/software.hpp>

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
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

/// Activation recomputation in training.
enum class recompute { none, selective, full };

/// Parameter-efficient fine-tuning (docs/memory.md, "Fine-tuning adapters"): every weight trains (none); low-rank
/// adapters train beside frozen weights (lora: Hu et al. 2021, arXiv:2106.09685); or the same over frozen block
/// weights kept in 4-bit NormalFloat with double quantization (qlora: Dettmers et al. 2023, arXiv:2305.14314).
enum class peft { none, lora, qlora };

/// The linear layers of each block that carry LoRA adapters: the query and value projections (qv: the LoRA paper's
/// choice and the default of Hugging Face PEFT and LitGPT), every attention projection (attention: q, k, v, o), or
/// every linear layer of the block (all: attention and FFN, QLoRA's recipe).
enum class lora_targets { qv, attention, all };

/// Every mode, phase and recompute mode, in display order.
inline constexpr std::array<mode, 2> all_modes = {mode::train, mode::infer};
/// Every phase.
inline constexpr std::array<phase, 5> all_phases = {phase::step, phase::e2e, phase::prefill, phase::decode,
                                                    phase::serve};
/// Every recompute mode.
inline constexpr std::array<recompute, 3> all_recomputes = {recompute::none, recompute::selective, recompute::full};

/// Every fine-tuning method.
inline constexpr std::array<peft, 3> all_pefts = {peft::none, peft::lora, peft::qlora};
/// Every choice of adapted layers.
inline constexpr std::array<lora_targets, 3> all_lora_targets = {lora_targets::qv, lora_targets::attention,
                                                                 lora_targets::all};

/// "none", "lora" or "qlora".
inline constexpr std::string_view to_string_view(peft p) {
    return p == peft::none ? "none" : p == peft::lora ? "lora" : "qlora";
}

/// "qv", "attention" or "all".
inline constexpr std::string_view to_string_view(lora_targets t) {
    return t == lora_targets::qv ? "qv" : t == lora_targets::attention ? "attention" : "all";
}

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

/// "none", "selective" or "full".
inline constexpr std::string_view to_string_view(recompute r) {
    return r == recompute::none ? "none" : r == recompute::selective ? "selective" : "full";
}

/// Prints the mode.
inline std::ostream& operator<<(std::ostream& os, mode m) {
    return os << to_string_view(m);
}
/// Prints the phase.
inline std::ostream& operator<<(std::ostream& os, phase p) {
    return os << to_string_view(p);
}

/// The name of an optimizer: "sgd", "momentum", "adam", "adamw", "lamb".
inline constexpr std::string_view to_string_view(kernels::optimizer_kind o) {
    switch (o) {
        case kernels::optimizer_kind::sgd: return "sgd";
        case kernels::optimizer_kind::momentum: return "momentum";
        case kernels::optimizer_kind::adam: return "adam";
        case kernels::optimizer_kind::adamw: return "adamw";
        case kernels::optimizer_kind::adamw8bit: return "adamw8bit";
        case kernels::optimizer_kind::lamb: return "lamb";
    }
    return "?";
}

/// Every optimizer.
inline constexpr std::array<kernels::optimizer_kind, 6> all_optimizers = {
    kernels::optimizer_kind::sgd,   kernels::optimizer_kind::momentum,  kernels::optimizer_kind::adam,
    kernels::optimizer_kind::adamw, kernels::optimizer_kind::adamw8bit, kernels::optimizer_kind::lamb};

/// The value of `all` whose name is `s` (exact), or std::nullopt: the one name-to-enum map of each enum
/// (the CLI, measurement rows and files all parse through it).
template <class E, std::size_t N>
std::optional<E> parse_named(const std::array<E, N>& all, std::string_view s) {
    for (E e : all) {
        if (to_string_view(e) == s) {
            return e;
        }
    }
    return std::nullopt;
}

/// What a training run keeps in host memory instead of on the GPU (docs/memory.md, "Offloading").
struct offload_targets {
    /// The optimizer's states and FP32 master weights, updated on the CPU (ZeRO-Offload; Megatron's
    /// --optimizer-cpu-offload).
    bool optimizer = false;
    /// The sharded parameters and their gradients, with the optimizer (FSDP's CPUOffload(offload_params=True));
    /// needs ZeRO-3/FSDP.
    bool parameters = false;
    /// The activations saved for the backward pass (torchtune's OffloadActivations).
    bool activations = false;
    /// Whether anything is offloaded.
    bool any() const { return optimizer || parameters || activations; }
    /// Whether the optimizer steps on the CPU: asked for, or taken along by the parameters' offload.
    bool optimizer_on_host() const { return optimizer || parameters; }
};

/// A run of a workload. Sizes of 0 mean "the default", which resolve() fills in (model/plan.hpp).
struct run_config {
    /// Training or inference.
    roofcast::mode mode = roofcast::mode::train;
    /// What is timed (default: step for training, e2e for inference).
    std::optional<roofcast::phase> phase;
    /// Precision.
    roofcast::precision precision = roofcast::precision::amp_fp16;
    /// Samples (images or sequences) per GPU, or per tensor/pipeline-parallel group.
    long long batch = 1;
    /// Tokens per sequence (training and encoder inference); 0: the model's default (512 for encoders, 2048
    /// otherwise).
    long long seq_len = 0;
    /// Decoder tokens per training sequence of an encoder-decoder whose encoder runs over seq_len (T5's targets);
    /// 0: seq_len.
    long long target_len = 0;
    /// Positions per sequence whose vocabulary logits an encoder's training computes (BERT's masked-LM head): 0 none
    /// (a classification head), seq_len every position (Megatron's BERT, Hugging Face's BertForPreTraining).
    long long mlm_positions = 0;
    /// CNN input resolution; 0: the network's default.
    long long image_size = 0;
    /// LLM prompt length.
    long long prompt_len = 512;
    /// LLM tokens generated.
    long long gen_len = 128;
    /// Type the KV cache is kept in during inference (fp8, int8, fp16, bf16); empty: the engine's default
    /// (kv_cache_type_of).
    std::optional<dtype> kv_cache_type;
    /// Beam width of generation (HF generate's num_beams, engines' beam width): each request decodes this many
    /// sequences.
    int beams = 1;
    /// Mean tokens per sequence of variable-length encoder inputs (0: every sequence is seq_len long). Engines that
    /// pack sequences (packs_sequences()) process only these tokens; others pad every sequence to seq_len.
    long long mean_seq_len = 0;
    /// GPUs in total; data-parallel degree = num_gpus / (tp · pp). 1 with tp · pp > 1 means one model replica
    /// (tp · pp GPUs); with `nodes`, nodes × gpus per node.
    int num_gpus = 1;
    /// Nodes (0: not given); num_gpus = nodes × gpus_per_node.
    int nodes = 0;
    /// Tensor-parallel degree.
    int tp = 1;
    /// Pipeline-parallel degree.
    int pp = 1;
    /// Expert-parallel degree (mixture of experts): the routed experts are split over this many data-parallel
    /// ranks, which exchange their routed tokens all-to-all (GShard, DeepSpeed-MoE); it divides num_gpus / (tp·pp).
    int ep = 1;
    /// Micro-batches per step under pipeline parallelism (0: the largest divisor of the batch up to 4·pp).
    int microbatches = 0;
    /// ZeRO stage 0–3 (FSDP full sharding = 3).
    int zero = 0;
    /// Activation recomputation.
    roofcast::recompute recompute = roofcast::recompute::none;
    /// Megatron sequence parallelism (norms and dropout sharded over the tensor-parallel group).
    bool sequence_parallel = false;
    /// Parameter-efficient fine-tuning: which weights train (training only).
    roofcast::peft peft = roofcast::peft::none;
    /// Rank r of each LoRA adapter (with peft).
    long long lora_rank = 8;
    /// The layers that carry adapters (with peft).
    roofcast::lora_targets lora_targets = roofcast::lora_targets::qv;
    /// Software profile (framework).
    std::string framework = "pytorch";
    /// The framework's release ("2.1" for PyTorch, "4.36" for transformers; empty: the current one): it decides
    /// which kernels run (fuses_attention()); the engine's release where `engine` names one.
    std::string framework_version;
    /// The serving engine whose scheduler runs a served model's iterations (vllm, sglang, lmdeploy, tgi, nim:
    /// is_serving_engine), its kernels costed with `framework` (tensorrt-llm) and its host time per iteration its own
    /// (scheduler_host_of); empty: the framework's own.
    std::string engine;
    /// Optimizer; default: SGD with momentum for CNNs, AdamW for transformers.
    std::optional<kernels::optimizer_kind> optimizer;
    /// Whether the step includes the optimizer update.
    bool with_optimizer = true;
    /// Gradient-accumulation steps: the optimizer and the gradient all-reduce run once per this many
    /// micro-batch steps; throughput counts every micro-batch.
    int accumulation = 1;
    /// Whether each parameter is updated as soon as its gradient is complete, in the backward pass, which frees
    /// the gradient at once (PyTorch's register_post_accumulate_grad_hook; torchtune's optimizer_in_bwd).
    bool optimizer_in_backward = false;
    /// Chunks the loss upcasts its logits in, one at a time (torchtune's CEWithChunkedOutputLoss: 8); 1: all at once.
    int loss_chunks = 1;
    /// What the run keeps in host memory (training).
    offload_targets offload;
    /// Fused (FlashAttention-style) attention; default: by framework and version (fuses_attention()).
    std::optional<bool> fused_attention;
    /// Whether the fused attention is FlashAttention-2, whose kernels use the Ampere MMA instructions on Hopper and
    /// later too (`--attention fa2`); else the framework's kernel at its release (runs_flash_attention_2()).
    bool flash_attention_2 = false;
    /// Whether FP32 math may run as TF32 on tensor cores.
    bool allow_tf32 = false;
    /// Whether CNN activations are stored channels-last (NHWC: TensorFlow's default, PyTorch's channels_last) rather
    /// than NCHW (PyTorch's default), around which cuDNN transposes every tensor-core convolution's operands.
    bool channels_last = true;
    /// Largest batch `serve` may use (servers cap their batch).
    long long max_serve_batch = 256;
    /// Tokens one iteration of an in-flight batching engine runs at most, decode tokens and prefill chunks together
    /// (TensorRT-LLM's max_num_tokens, vLLM's max_num_batched_tokens, SGLang's chunked_prefill_size); 0: the
    /// framework's default (default_batched_tokens).
    long long max_batched_tokens = 0;
    /// GPUs per node (0: the GPU's default, default_gpus_per_node()).
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

/// The software that runs `c` as reports name it: its framework, or its serving engine and release on the framework's
/// kernels ("vllm 0.5.3 on tensorrt-llm kernels").
inline std::string framework_label(const run_config& c) {
    if (c.engine.empty()) {
        return c.framework;
    }
    return c.engine + (c.framework_version.empty() ? "" : " " + c.framework_version) + " on " + c.framework +
           " kernels";
}

/// The type the KV cache of inference run `c` is kept in: the one asked for, else the engine's default: FP8 under
/// FP8 precision on TensorRT-LLM (its FP8 checkpoints quantize the cache: quantize.py's --kv_cache_dtype fp8, as
/// its published FP8 benchmarks ran), the activation type otherwise (vLLM's and SGLang's kv_cache_dtype "auto" is
/// the model's type, BF16 for an FP8 checkpoint).
inline dtype kv_cache_type_of(const run_config& c) {
    if (c.kv_cache_type) {
        return *c.kv_cache_type;
    }
    return c.precision == precision::fp8 && c.framework == "tensorrt-llm" ? dtype::fp8
                                                                          : types_of(c.precision).activation;
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
/// Nodes.
inline constexpr int max_nodes = 100'000;
/// Micro-batches per pipeline step and gradient-accumulation steps.
inline constexpr int max_steps = 100'000'000;
/// Chunks of the loss's logits.
inline constexpr int max_loss_chunks = 65536;
/// GPUs per node.
inline constexpr int max_gpus_per_node = 1024;
/// Beam width.
inline constexpr int max_beams = 1024;
/// Rank of a LoRA adapter.
inline constexpr long long max_lora_rank = 65536;
/// Price of a GPU-hour, dollars (exclusive).
inline constexpr double max_price_per_hour = 1e6;
/// Samples per epoch (exclusive).
inline constexpr double max_dataset_size = 1e15;
/// Elements of the largest tensor, GEMM or score matrix of one pass (1e17: 200 PB of 16-bit values).
/// Larger runs fail with a clear error instead of overflowing tile and element counts.
inline constexpr double max_elements = 1e17;
}  // namespace run_limits

/// What an option changes: the time of a run, its memory footprint, or both (the CLI binds to each command
/// only the options that can change its answer).
enum class option_effect : unsigned { time = 1, memory = 2, both = 3 };

/// How an option's value is written.
enum class option_kind { integer, real, choice, name, flag };

/// What 0 means for a numeric option: an invalid value, or the library's "default" (accepted by validate(), though
/// not below the option's lower bound on the CLI).
enum class zero_value { invalid, means_default };

/// One option of a run: how the CLI spells and explains it, its range, what it changes, and how it is read.
struct run_option {
    /// Name without dashes, e.g. "batch" (CLI: --batch).
    std::string_view name;
    /// One line of help.
    std::string_view help;
    /// How the value is written.
    option_kind kind;
    /// For choices: the accepted values separated by '|'.
    std::string_view choices;
    /// Range of numbers (integers and reals): lo ≤ value ≤ hi.
    double lo, hi;
    /// What it changes.
    option_effect effect;
    /// Its numeric value in a configuration (integers), for range checks; nullptr for others.
    double (*value)(const run_config&);
    /// Sets it from text; throws input_error for a value that is not of its kind.
    void (*set)(run_config&, const std::string&);
    /// What 0 means; only an integer option's 0 can mean the library's default.
    zero_value zero = zero_value::invalid;
};

namespace detail {

/// A whole number written plainly (optional '-', digits), or input_error naming the option.
inline long long parse_whole(const char* option, const std::string& s) {
    const std::size_t start = !s.empty() && s[0] == '-' ? 1 : 0;
    if (s.empty() || start == s.size() || s.find_first_not_of("0123456789", start) != std::string::npos ||
        s.size() - start > 18) {
        throw input_error(std::string("--") + option + ": '" + s + "' is not a whole number in range");
    }
    return std::strtoll(s.c_str(), nullptr, 10);
}

/// A finite decimal number, or input_error naming the option.
inline double parse_real(const char* option, const std::string& s) {
    char* end = nullptr;
    errno = 0;
    const double d = s.find_first_not_of("0123456789.eE+-") == std::string::npos ? std::strtod(s.c_str(), &end) : 0.0;
    if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(d)) {
        throw input_error(std::string("--") + option + ": '" + s + "' is not a finite decimal number");
    }
    return d;
}

/// The enum value named `s` among `all`, or input_error listing the names.
template <class E, std::size_t N>
E parse_choice(const char* option, const std::array<E, N>& all, const std::string& s) {
    if (const auto e = parse_named(all, s)) {
        return *e;
    }
    std::string names;
    for (E e : all) {
        names += (names.empty() ? "" : ", ") + std::string(to_string_view(e));
    }
    throw input_error(std::string("--") + option + ": '" + s + "' is not one of " + names);
}

/// "true"/"false" (a flag's value).
inline bool parse_flag(const char* option, const std::string& s) {
    if (s == "true" || s == "1" || s.empty()) {
        return true;
    }
    if (s == "false" || s == "0") {
        return false;
    }
    throw input_error(std::string("--") + option + ": '" + s + "' is not true or false");
}

/// An --offload list: "none", or targets among optimizer, params and activations joined by ','.
inline offload_targets parse_offload(const std::string& s) {
    offload_targets o;
    if (s == "none") {
        return o;
    }
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t end = std::min(s.find(',', start), s.size());
        const std::string item = s.substr(start, end - start);
        if (item == "optimizer") {
            o.optimizer = true;
        } else if (item == "params") {
            o.parameters = true;
        } else if (item == "activations") {
            o.activations = true;
        } else {
            throw input_error("--offload: '" + item +
                              "' is not one of none, optimizer, params, activations (comma-separated)");
        }
        start = end + 1;
    }
    return o;
}

/// --framework: a software profile, or a serving engine (is_serving_engine), which runs the tensorrt-llm profile's
/// kernels under its own scheduler (run_config::engine).
inline void set_framework(run_config& c, const std::string& s) {
    const std::string key = normalize_name(s);
    if (is_serving_engine(key)) {
        c.framework = "tensorrt-llm";
        c.engine = key;
        return;
    }
    c.framework = std::string(software_profiles[find_profile(s)].name);
    c.engine.clear();
}

}  // namespace detail

// The options, one entry each. Integer entries read and write one field; the range is run_limits'.
// clang-format off
#define ROOFCAST_INT_OPTION(NAME, HELP, FIELD, TYPE, LO, HI, ZERO, EFFECT)                                             \
    run_option {                                                                                                       \
        NAME, HELP, option_kind::integer, "", static_cast<double>(LO), static_cast<double>(HI), EFFECT,                \
            [](const run_config& c) { return static_cast<double>(c.FIELD); },                                          \
            [](run_config& c, const std::string& s) { c.FIELD = static_cast<TYPE>(detail::parse_whole(NAME, s)); },    \
            zero_value::ZERO                                                                                           \
    }
// clang-format on

/// Every run option, in help order: the one description of each option the CLI binds, validate() checks and
/// docs/cli.md lists.
inline const std::array<run_option, 45>& run_options() {
    namespace lim = run_limits;
    using E = option_effect;
    static const std::array<run_option, 45> table = {
        {
            {"mode", "train or infer", option_kind::choice, "train|infer", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) { c.mode = detail::parse_choice("mode", all_modes, s); }},
            {"phase", "step (train); e2e, prefill, decode or serve (infer); default step / e2e", option_kind::choice,
             "step|e2e|prefill|decode|serve", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) { c.phase = detail::parse_choice("phase", all_phases, s); }},
            {"precision", "fp32, tf32, amp-fp16, amp-bf16, fp16, bf16, fp8, int8, int4", option_kind::choice,
             "fp32|tf32|amp-fp16|amp-bf16|fp16|bf16|fp8|int8|int4", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) {
                 c.precision = detail::parse_choice("precision", all_precisions, s);
             }},
            ROOFCAST_INT_OPTION("batch", "Samples per GPU (or per tensor/pipeline group)", batch, long long, 1,
                                lim::max_batch, invalid, E::both),
            ROOFCAST_INT_OPTION("seq-len",
                                "Tokens per sequence (training, encoders); default 512 encoders, 2048 others", seq_len,
                                long long, 1, lim::max_tokens, means_default, E::both),
            ROOFCAST_INT_OPTION("target-len",
                                "Decoder tokens per training sequence of an encoder-decoder (T5's targets); default "
                                "seq-len",
                                target_len, long long, 1, lim::max_tokens, means_default, E::both),
            ROOFCAST_INT_OPTION("mlm-positions",
                                "Positions per sequence an encoder's training takes vocabulary logits at (BERT's "
                                "masked-LM head): default none, a classification head; seq-len for every position",
                                mlm_positions, long long, 1, lim::max_tokens, means_default, E::both),
            ROOFCAST_INT_OPTION("image-size", "CNN input resolution; default the network's", image_size, long long, 1,
                                lim::max_image_size, means_default, E::both),
            ROOFCAST_INT_OPTION("prompt-len", "LLM prompt tokens", prompt_len, long long, 0, lim::max_tokens, invalid,
                                E::both),
            ROOFCAST_INT_OPTION("gen-len", "LLM generated tokens", gen_len, long long, 0, lim::max_tokens, invalid,
                                E::both),
            ROOFCAST_INT_OPTION("num-gpus", "GPUs in total (default: one replica, tp x pp)", num_gpus, int, 1,
                                lim::max_gpus, invalid, E::both),
            ROOFCAST_INT_OPTION("nodes", "Nodes; num-gpus = nodes x gpus-per-node", nodes, int, 1, lim::max_nodes, means_default,
                                E::both),
            ROOFCAST_INT_OPTION("gpus-per-node", "GPUs per node (default 8; 4 for superchips)", gpus_per_node, int, 1,
                                lim::max_gpus_per_node, means_default, E::both),
            ROOFCAST_INT_OPTION("tp", "Tensor-parallel degree", tp, int, 1, lim::max_gpus, invalid, E::both),
            ROOFCAST_INT_OPTION("pp", "Pipeline-parallel degree", pp, int, 1, lim::max_gpus, invalid, E::both),
            ROOFCAST_INT_OPTION("ep", "Expert-parallel degree: routed experts split over this many data-parallel ranks",
                                ep, int, 1, lim::max_gpus, invalid, E::both),
            ROOFCAST_INT_OPTION(
                "microbatches",
                "Micro-batches per step with --pp (default: the largest divisor of the batch up to 4 x pp)",
                microbatches, int, 1, lim::max_steps, means_default, E::both),
            ROOFCAST_INT_OPTION("accumulation", "Gradient-accumulation steps per optimizer update", accumulation, int,
                                1, lim::max_steps, invalid, E::time),
            ROOFCAST_INT_OPTION("zero", "ZeRO stage 0..3 (3 = FSDP full sharding)", zero, int, 0, 3, invalid, E::both),
            {"offload",
             "What training keeps in host memory: none, or a comma-separated list of optimizer (states and master "
             "weights, updated on the CPU), params (FSDP's parameter offload, with the optimizer; needs --zero 3) and "
             "activations (those saved for backward)",
             option_kind::name, "", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) { c.offload = detail::parse_offload(s); }},
            {"optimizer-in-backward",
             "Update each parameter as its gradient completes, in the backward pass, freeing the gradient "
             "(torchtune's optimizer_in_bwd)",
             option_kind::flag, "", 0, 0, E::memory, nullptr,
             [](run_config& c, const std::string& s) {
                 c.optimizer_in_backward = detail::parse_flag("optimizer-in-backward", s);
             }},
            ROOFCAST_INT_OPTION("loss-chunks",
                                "Chunks the loss upcasts its logits in, one at a time (torchtune's chunked cross "
                                "entropy: 8); default 1, all at once",
                                loss_chunks, int, 1, lim::max_loss_chunks, invalid, E::memory),
            {"recompute", "Activation recomputation", option_kind::choice, "none|selective|full", 0, 0, E::both,
             nullptr,
             [](run_config& c,
                const std::string& s) { c.recompute = detail::parse_choice("recompute", all_recomputes, s); }},
            {"sequence-parallel", "Megatron sequence parallelism (with --tp)", option_kind::flag, "", 0, 0,
             E::both, nullptr,
             [](run_config& c,
                const std::string& s) { c.sequence_parallel = detail::parse_flag("sequence-parallel", s); }},
            {"peft",
             "Parameter-efficient fine-tuning: none, lora (adapters beside frozen weights) or qlora (adapters over "
             "4-bit NF4 weights)",
             option_kind::choice, "none|lora|qlora", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) { c.peft = detail::parse_choice("peft", all_pefts, s); }},
            ROOFCAST_INT_OPTION("lora-rank", "Rank of each LoRA adapter (with --peft; default 8)", lora_rank,
                                long long, 1, lim::max_lora_rank, invalid, E::both),
            {"lora-targets",
             "Layers with adapters (with --peft): qv (query and value projections, the default), attention (q, k, v, "
             "o) or all (attention and FFN)",
             option_kind::choice, "qv|attention|all", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) {
                 c.lora_targets = detail::parse_choice("lora-targets", all_lora_targets, s);
             }},
            {"optimizer",
             "sgd, momentum, adam, adamw, adamw8bit (8-bit states, bitsandbytes), lamb or none (default: momentum for "
             "CNNs, adamw otherwise)",
             option_kind::choice, "sgd|momentum|adam|adamw|adamw8bit|lamb|none", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) {
                 c.with_optimizer = s != "none";
                 if (c.with_optimizer) {
                     c.optimizer = detail::parse_choice("optimizer", all_optimizers, s);
                 }
             }},
            {"framework", "Software profile (pytorch, tensorrt-llm, ...) or serving engine (vllm, sglang, ...)",
             option_kind::name, "", 0, 0, E::both, nullptr, detail::set_framework},
            {"framework-version",
             "The framework's release, e.g. 2.1 (PyTorch), 4.30 (transformers), 2024.05 (llama.cpp: build year.month), "
             "0.5.3 (vllm): decides attention kernels, quantized GEMMs, engine host time (default: current)",
             option_kind::name, "", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) {
                 if (detail::version_number(s) < 0 || s.find_first_not_of("0123456789.") != std::string::npos) {
                     throw input_error("--framework-version: '" + s + "' is not a release number such as 2.1");
                 }
                 c.framework_version = s;
             }},
            {"attention",
             "Attention kernels: fused (FlashAttention), fa2 (fused by FlashAttention-2, Ampere MMA on Hopper), "
             "unfused, or auto (by framework)",
             option_kind::choice, "auto|fused|fa2|unfused", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) {
                 if (s != "auto" && s != "fused" && s != "fa2" && s != "unfused") {
                     throw input_error("--attention: '" + s + "' is not one of auto, fused, fa2, unfused");
                 }
                 c.fused_attention = s == "auto" ? std::nullopt : std::optional<bool>(s != "unfused");
                 c.flash_attention_2 = s == "fa2";
             }},
            {"tf32", "Let FP32 GEMMs and convolutions run as TF32 on tensor cores", option_kind::flag, "", 0, 0,
             E::time, nullptr,
             [](run_config& c, const std::string& s) { c.allow_tf32 = detail::parse_flag("tf32", s); }},
            {"layout",
             "CNN activation layout: nhwc (channels_last, the default) or nchw (PyTorch's default: cuDNN transposes "
             "around each tensor-core convolution)",
             option_kind::choice, "nhwc|nchw", 0, 0, E::time, nullptr,
             [](run_config& c, const std::string& s) {
                 if (s != "nhwc" && s != "nchw") {
                     throw input_error("--layout: '" + s + "' is not one of nhwc, nchw");
                 }
                 c.channels_last = s == "nhwc";
             }},
            ROOFCAST_INT_OPTION("beams", "Beam width of generation: sequences decoded per request", beams, int, 1,
                                lim::max_beams, invalid, E::both),
            {"kv-cache-dtype",
             "Type of the KV cache in inference: auto (the engine's: FP8 under --precision fp8 on TensorRT-LLM, else "
             "the activation type, as vLLM's and SGLang's auto), fp8, int8, fp16 or bf16",
             option_kind::choice, "auto|fp8|int8|fp16|bf16", 0, 0, E::both, nullptr,
             [](run_config& c, const std::string& s) {
                 if (s != "auto" && s != "fp8" && s != "int8" && s != "fp16" && s != "bf16") {
                     throw input_error("--kv-cache-dtype: '" + s + "' is not one of auto, fp8, int8, fp16, bf16");
                 }
                 c.kv_cache_type = s == "auto" ? std::nullopt : parse_dtype(s);
             }},
            ROOFCAST_INT_OPTION("mean-seq-len",
                                "Mean tokens per sequence of variable-length inference inputs (packing engines "
                                "process only these; others pad to --seq-len)",
                                mean_seq_len, long long, 1, lim::max_tokens, means_default, E::time),
            ROOFCAST_INT_OPTION("max-serve-batch", "Largest batch serve may use", max_serve_batch, long long, 1,
                                lim::max_batch, invalid, E::time),
            ROOFCAST_INT_OPTION("max-batched-tokens",
                                "Tokens one iteration of in-flight batching runs at most, decode and prefill chunks "
                                "together (TensorRT-LLM max_num_tokens, vLLM max_num_batched_tokens; default: the "
                                "engine's, 8192 for tensorrt-llm)",
                                max_batched_tokens, long long, 1, lim::max_tokens, means_default, E::time),
            {"interconnect",
             "Network between nodes: ib-hdr, ib-ndr, ib-xdr, roce-100g, roce-400g, ethernet-25g (default: by GPU "
             "generation)",
             option_kind::name, "", 0, 0, E::time, nullptr,
             [](run_config& c, const std::string& s) { c.interconnect = std::string(find_link(s).name); }},
            {"price-per-hour", "Price of one GPU-hour in USD", option_kind::real, "", 0, lim::max_price_per_hour,
             E::time, nullptr,
             [](run_config& c, const std::string& s) { c.price_per_hour = detail::parse_real("price-per-hour", s); }},
            {"dataset-size", "Samples per epoch, for epoch time, energy and cost", option_kind::real, "", 1,
             lim::max_dataset_size, E::time, nullptr,
             [](run_config& c, const std::string& s) { c.dataset_size = detail::parse_real("dataset-size", s); }},
        }};
    return table;
}

#undef ROOFCAST_INT_OPTION

/// The option called `name` (without dashes); throws input_error for an unknown one.
inline const run_option& find_run_option(std::string_view name) {
    for (const run_option& o : run_options()) {
        if (o.name == name) {
            return o;
        }
    }
    throw input_error("unknown run option '" + std::string(name) + "'");
}

namespace detail {

/// Throws "invalid run configuration: M".
[[noreturn]] inline void invalid_run(const std::string& m) {
    throw input_error("invalid run configuration: " + m);
}

/// Range checks of the integer options.
inline void validate_ranges(const run_config& c) {
    for (const run_option& o : run_options()) {
        if (o.value == nullptr) {
            continue;
        }
        const double v = o.value(c);
        const double lo = o.zero == zero_value::means_default ? 0.0 : o.lo;
        if (v < lo || v > o.hi) {
            const bool low = v < lo;
            invalid_run(std::string(o.name) + " must be at " + (low ? "least " : "most ") +
                        std::to_string(static_cast<long long>(low ? lo : o.hi)) + ", got " +
                        std::to_string(static_cast<long long>(v)));
        }
    }
    if (c.price_per_hour && !(*c.price_per_hour > 0.0 && *c.price_per_hour < run_limits::max_price_per_hour)) {
        invalid_run("price per hour must be a positive number of dollars below 1e6");
    }
    if (c.dataset_size && !(*c.dataset_size >= 1.0 && *c.dataset_size < run_limits::max_dataset_size)) {
        invalid_run("dataset size must be between 1 and 1e15 samples");
    }
}

/// Parallelism: tp·pp divides the GPUs, and tp·pp·ep (expert parallelism runs across data-parallel ranks); nodes
/// agree with them.
inline void validate_parallelism(const run_config& c) {
    const long long group = static_cast<long long>(c.tp) * c.pp;
    if (c.nodes == 0 && c.num_gpus % group != 0 && c.num_gpus != 1) {  // with nodes, the nodes' GPUs are checked
        invalid_run("tp x pp = " + std::to_string(group) + " does not divide num-gpus = " + std::to_string(c.num_gpus));
    }
    const long long per_node = c.gpus_per_node > 0 ? c.gpus_per_node : default_gpus_per_node;
    const long long gpus = c.nodes > 0 ? per_node * c.nodes : c.num_gpus;
    if (c.nodes > 0) {
        if (c.num_gpus > 1 && c.num_gpus != gpus) {
            invalid_run("num-gpus " + std::to_string(c.num_gpus) + " conflicts with nodes " + std::to_string(c.nodes) +
                        " x " + std::to_string(per_node) + " GPUs per node");
        }
        if (gpus > run_limits::max_gpus || gpus % group != 0) {
            invalid_run("nodes x gpus-per-node = " + std::to_string(gpus) + " is not a multiple of tp x pp = " +
                        std::to_string(group) + " within " + std::to_string(run_limits::max_gpus) + " GPUs");
        }
    }
    if (c.ep > 1 && gpus % (group * c.ep) != 0 && !(c.num_gpus == 1 && c.nodes == 0)) {
        invalid_run("ep = " + std::to_string(c.ep) +
                    " does not divide the data-parallel degree, GPUs / (tp x pp) = " + std::to_string(gpus) + " / " +
                    std::to_string(group) + ": expert parallelism splits the experts over data-parallel ranks");
    }
}

/// Options that apply to one mode or phase only.
inline void validate_applicability(const run_config& c) {
    const roofcast::phase p = phase_of(c);
    if (c.mode == mode::train && p != phase::step)
        invalid_run("training runs time a step, not " + std::string(to_string_view(p)));
    if (c.mode == mode::infer && p == phase::step) invalid_run("inference phases are e2e, prefill, decode or serve");
    if (c.microbatches > 0 && (c.pp == 1 || c.mode != mode::train)) {
        invalid_run("microbatches applies only to pipeline-parallel training (pp > 1)");
    }
    if (c.accumulation > 1 && c.mode != mode::train) invalid_run("gradient accumulation applies only to training");
    if (c.mode == mode::train && (c.precision == precision::int8 || c.precision == precision::int4)) {
        invalid_run("precision " + std::string(to_string_view(c.precision)) +
                    " is for inference; training is modelled in fp32, tf32, amp-fp16, amp-bf16, fp16, bf16 or fp8");
    }
    if (c.mode == mode::infer && c.zero > 0) invalid_run("zero (ZeRO stage) applies only to training");
    if (c.mode == mode::infer && c.recompute != recompute::none) invalid_run("recompute applies only to training");
    if (c.mode != mode::train && (c.offload.any() || c.optimizer_in_backward || c.loss_chunks > 1)) {
        invalid_run("offload, optimizer-in-backward and loss-chunks apply only to training");
    }
    if (c.offload.parameters && c.zero < 3) {
        invalid_run(
            "parameter offload is FSDP's CPUOffload(offload_params=True), over sharded parameters: use --zero 3");
    }
    if ((c.offload.optimizer_on_host() || c.optimizer_in_backward) && !c.with_optimizer) {
        invalid_run("offload of the optimizer and optimizer-in-backward need an optimizer (not --optimizer none)");
    }
    if (c.optimizer_in_backward && (c.accumulation > 1 || c.pp > 1)) {
        invalid_run(
            "optimizer-in-backward updates the weights in each backward pass: it cannot accumulate gradients "
            "over micro-batches (accumulation or pp > 1)");
    }
    if (c.sequence_parallel && c.tp == 1) invalid_run("sequence parallelism needs tensor parallelism (tp > 1)");
    if (c.mode == mode::infer && c.peft != peft::none)
        invalid_run("peft (fine-tuning adapters) applies only to training");
    if (c.peft == peft::none && (c.lora_rank != run_config{}.lora_rank || c.lora_targets != lora_targets::qv)) {
        invalid_run("lora-rank and lora-targets apply only with --peft lora or qlora");
    }
    if (c.peft == peft::qlora && element_bytes(types_of(c.precision).math) != 2.0) {
        invalid_run(
            "qlora computes in 16 bits over its 4-bit weights: use --precision bf16, amp-bf16, fp16 or "
            "amp-fp16, not " +
            std::string(to_string_view(c.precision)));
    }
    if (p == phase::prefill && c.prompt_len < 1) invalid_run("a prefill needs prompt-len of at least 1");
    if (p == phase::decode && c.gen_len < 1) invalid_run("a decode step needs gen-len of at least 1");
    if (c.beams > 1 && (c.mode != mode::infer || p == phase::prefill || c.gen_len < 1)) {
        invalid_run("beams applies only to generation (inference decode, e2e or serve with gen-len >= 1)");
    }
    if (c.mean_seq_len > 0 && c.mode != mode::infer) invalid_run("mean-seq-len applies only to inference");
    if (c.mean_seq_len > 0 && c.seq_len > 0 && c.mean_seq_len > c.seq_len) {
        invalid_run("mean-seq-len (" + std::to_string(c.mean_seq_len) + ") exceeds seq-len (" +
                    std::to_string(c.seq_len) + ")");
    }
    if (!c.interconnect.empty()) {
        find_link(c.interconnect);
    }
}

/// Throws unknown_name_error for an unknown framework and input_error for an engine that is not a serving engine on
/// the tensorrt-llm profile.
inline void validate_software(const run_config& c) {
    find_profile(c.framework);
    if (!c.engine.empty() && !(is_serving_engine(c.engine) && c.framework == "tensorrt-llm")) {
        invalid_run("engine '" + c.engine + "' is not a serving engine on the tensorrt-llm profile (" +
                    join_names(serving_engines) + ")");
    }
}

}  // namespace detail

/// Throws input_error ("invalid run configuration: FIELD ...") unless the configuration is consistent:
/// integer options within their ranges (run_options()), tp·pp dividing num_gpus (or num_gpus 1, one replica),
/// nodes agreeing with num_gpus, a phase that fits the mode, no option that cannot apply (int8 or int4
/// training, micro-batches without pipeline-parallel training, ZeRO, recompute or gradient accumulation in
/// inference, sequence parallelism without tensor parallelism), a prefill with a prompt, a decode step with
/// generated tokens. Nothing is clamped.
inline void validate(const run_config& c) {
    detail::validate_ranges(c);
    detail::validate_parallelism(c);
    detail::validate_applicability(c);
    detail::validate_software(c);
}

}  // namespace roofcast

#endif
