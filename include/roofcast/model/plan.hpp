/// @file
/// Resolution: a workload and a run_config become a run_plan, validated once, with every default filled in
/// (phase, sequence length, image size, GPUs, micro-batches, software profile, attention kernel, optimizer)
/// and the shapes of the passes a unit of work runs. Lowering, costing, memory, confidence and the reports
/// read the plan and never re-derive a default: each default lives here (or, for the model's own defaults,
/// beside the model: default_seq_len, the CNN's image size, the GPU's node layout).
#ifndef ROOFCAST_MODEL_PLAN_HPP
#define ROOFCAST_MODEL_PLAN_HPP

#include <roofcast/error.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/interconnect.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/workload/cnn_models.hpp>
#include <roofcast/workload/validate.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofcast {

/// The shape of one pass of a transformer on one GPU: what lowering builds kernels for.
struct transformer_pass {
    /// Sequences.
    long long batch = 1;
    /// Query positions per sequence in this pass.
    long long seq_q = 1;
    /// Key/value positions (= seq_q without a cache).
    long long seq_kv = 1;
    /// Whether to add backward and optimizer kernels.
    bool training = false;
    /// Rows of the output projection computed (all tokens, or only the last one per sequence).
    long long logits_rows = 0;
    /// Fraction of blocks on this GPU (1 / pipeline stages).
    double stage_fraction = 1.0;
    /// Encoder-decoders: positions of the encoder input, which the encoder runs over and the cross-attention reads
    /// (0: seq_q, the encoder running beside the decoder, as in training).
    long long encoder_seq = 0;
    /// Encoder-decoder generation after the first step: the encoder's output and the cross-attention's keys and
    /// values are cached, so only the decoder runs.
    bool encoder_cached = false;
    /// Whether kernels carry names (for reports); predictions lower without them, which is faster.
    bool named = true;
    /// In-flight batching: the prompt tokens of the prefill chunks that run in the same iteration as the decode
    /// steps (0: none), and the keys each of them attends to on average.
    long long chunk_tokens = 0, chunk_kv = 0;
};

/// A run resolved for one workload: the configuration with every default filled in, and the shapes of
/// the passes of one unit of work (a training micro-batch slot, a forward pass, a prefill, a decode step).
struct run_plan {
    /// The workload; not owned, it must outlive the plan.
    const workload* source = nullptr;
    /// The CNN to lower (the workload's, or rebuilt for the run's image size); null for transformers.
    std::shared_ptr<const cnn_graph> cnn;
    /// The run with its defaults filled in: phase, seq_len (transformers), image_size (CNNs), num_gpus,
    /// optimizer, fused_attention (micro-batches stay as asked: see `microbatches`). A valid run_config itself.
    run_config config;
    /// Index of the software profile in software_profiles.
    std::size_t profile = 0;
    /// Data types: FP32 with TF32 allowed runs GEMMs as TF32 on tensor cores.
    precision_types types{};
    /// Data-parallel degree: num_gpus / (tp · pp).
    int dp = 1;
    /// Micro-batches per step: the number asked for (config.microbatches), else min(batch, 4·pp) under
    /// pipeline-parallel training; 1 otherwise.
    int microbatches = 1;
    /// Whether the batch is the largest that fits each GPU (serving), found per GPU (plan_for_batch).
    bool batch_per_gpu = false;
    /// The kind of run whose calibration residuals set the likely range ("cnn-train", ...).
    std::string kind;
    /// Pass shapes: training: micro-batches of ⌊B/m⌋ and ⌈B/m⌉ samples (weights in `pass_weight`); LLM
    /// inference: prefill and decode step; otherwise one pass.
    std::array<transformer_pass, 2> passes{};
    /// Passes used (1 or 2).
    std::size_t pass_count = 1;
    /// Training: the share of micro-batches of each shape; end to end: 1 prefill, gen_len − 1 decode steps.
    std::array<double, 2> pass_weight{1.0, 0.0};
    /// Sequential repetitions of the unit: 1F1B slots m / (1 − bubble) (training), pipeline stages of one
    /// request (inference).
    double stages = 1.0;
    /// Whether it is a training step.
    bool training = false;
    /// Whether the host overhead of a step or call is paid (not per decode step).
    bool step_overhead = true;
    /// Whether the unit is one iteration of in-flight batching (shape_iteration), for which the serving engine's
    /// scheduler spends its host time (scheduler_host_of).
    bool iteration = false;
    /// Samples of one unit over all data-parallel replicas.
    double samples = 1.0;
    /// Tokens of one unit over all replicas, where counted (training: processed; prefill: prompt; generation:
    /// generated).
    std::optional<double> tokens;
    /// Inference memory: tokens per sequence in the KV cache (decoders), and tokens of the widest pass.
    long long kv_tokens = 0, context_tokens = 0;
};

/// Parameters one GPU holds: all over tp·pp, the routed experts also over ep (expert parallelism).
inline double local_parameters(const workload& w, const run_config& c) {
    const transformer_config* t = transformer_of(w);
    const double routed = t != nullptr ? routed_expert_parameters(*t) : 0.0;
    return (parameters(w) - routed * (1.0 - 1.0 / c.ep)) / (static_cast<double>(c.tp) * c.pp);
}

/// Parameters of LoRA adapters of rank r on one linear layer in → out: A (in × r) and B (r × out), Hu et al. 2021,
/// arXiv:2106.09685, Section 4.1.
inline double lora_parameters(double in, double out, double r) {
    return r * (in + out);
}

/// Whether the output projection and the key projection carry adapters (every target set but qv).
inline constexpr bool adapts_all_attention(lora_targets targets) {
    return targets != lora_targets::qv;
}

/// Trainable parameters of run `c` of `t` with LoRA (c.peft): every block's adapted projections, q and v (qv), all
/// four of the attention (attention), and the FFN's matrices too (all: per expert in mixture-of-experts blocks).
inline double adapter_parameters(const transformer_config& t, const run_config& c) {
    const double h = static_cast<double>(t.hidden), r = static_cast<double>(c.lora_rank);
    const double q = static_cast<double>(t.heads * t.head_dim), kv = static_cast<double>(t.kv_heads * t.head_dim);
    double attention = lora_parameters(h, q, r) + lora_parameters(h, kv, r);  // q and v
    if (adapts_all_attention(c.lora_targets)) {
        attention += lora_parameters(h, kv, r) + lora_parameters(q, h, r);  // k and o
    }
    const auto ffn = [&](long long width) {
        return c.lora_targets == lora_targets::all
                   ? (gated(t.ffn) ? 3.0 : 2.0) * lora_parameters(h, static_cast<double>(width), r)
                   : 0.0;
    };
    const long long blocks = t.layers + t.decoder_layers,
                    moe = moe_blocks(t, t.layers) + moe_blocks(t, t.decoder_layers);
    return static_cast<double>(blocks) * attention + static_cast<double>(blocks - moe) * ffn(t.ffn_hidden) +
           static_cast<double>(moe) * static_cast<double>(t.experts + t.shared_experts) * ffn(expert_ffn_hidden(t));
}

/// Parameters outside the blocks' linear layers: token, position and type embeddings, an untied output layer and
/// BERT's pooler (what QLoRA keeps in 16 bits; the blocks' norms and biases, under 0.1% of a model, are counted
/// with the linear layers).
inline double embedding_parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden);
    const double positions = t.position == position_kind::learned ? static_cast<double>(t.max_seq) : 0.0;
    return h * (static_cast<double>(t.vocab) * (t.tied_embeddings ? 1.0 : 2.0) + positions +
                static_cast<double>(t.type_vocab + t.encoder_positions)) +
           (t.pooler ? h * h + h : 0.0);
}

/// Parameters one GPU trains: every local parameter, or with LoRA its adapters (over tp·pp like the weights).
inline double trainable_parameters(const workload& w, const run_config& c) {
    const transformer_config* t = transformer_of(w);
    if (c.peft == peft::none || t == nullptr) {
        return local_parameters(w, c);
    }
    return adapter_parameters(*t, c) / (static_cast<double>(c.tp) * c.pp);
}

/// Fraction of a 1F1B pipeline step lost to the bubble: (p − 1) / (m + p − 1) with p stages and m
/// micro-batches (Narayanan et al. 2021, PipeDream-Flush / Megatron-LM).
inline double pipeline_bubble_fraction(int p, int m) {
    return static_cast<double>(p - 1) / static_cast<double>(m + p - 1);
}

/// Data-parallel degree of a run whose GPUs are resolved.
inline int data_parallel(const run_config& c) {
    return c.num_gpus / (c.tp * c.pp);
}

/// The sequence length of run `c` of transformer `t`: the configured one, or the model's default
/// (default_seq_len).
inline long long seq_len_of(const run_config& c, const transformer_config& t) {
    return c.seq_len > 0 ? c.seq_len : default_seq_len(t);
}

/// Whether training `t` reads target_len: an encoder-decoder whose encoder runs over the input (T5), not over a fixed
/// input (Whisper, whose decoder runs over seq_len).
inline bool has_target_len(const transformer_config& t) {
    return t.kind == transformer_kind::encoder_decoder && t.encoder_positions == 0;
}

/// The decoder's tokens per training sequence of `t` in run `c`: target_len where it applies (has_target_len),
/// else seq_len.
inline long long decoder_len_of(const run_config& c, const transformer_config& t) {
    return has_target_len(t) && c.target_len > 0 ? c.target_len : seq_len_of(c, t);
}

namespace detail {

/// "3.2e+20".
inline std::string size_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

/// Throws "too large to model" unless `v` ≤ run_limits::max_elements.
inline void check_size(const workload& w, const char* what, double v) {
    if (!(v <= run_limits::max_elements)) {
        throw input_error("invalid run configuration: too large to model: " + w.name + " has " + what + " = " +
                          size_number(v) + " (limit " + size_number(run_limits::max_elements) + ")");
    }
}

/// Throws input_error unless the largest tensor, GEMM grid and score matrix of run `c` of `w` stay
/// within run_limits::max_elements, and the tokens of a step over all GPUs too.
inline void check_run_size(const run_config& c, const workload& w) {
    const double batch =
        static_cast<double>(phase_of(c) == phase::serve ? std::max(c.batch, c.max_serve_batch) : c.batch);
    if (const cnn_graph* g = cnn_of(w)) {
        double largest = 0.0;
        for (const cnn_layer& l : g->layers) {
            largest = std::max(
                {largest, static_cast<double>(l.c_in) * static_cast<double>(l.h_in) * static_cast<double>(l.w_in),
                 static_cast<double>(l.c_out) * static_cast<double>(l.h_out) * static_cast<double>(l.w_out)});
        }
        // A network rebuilt for another input size grows with the pixel count (padding can add a row and
        // a column per layer, hence the +1).
        if (c.image_size > 0 && c.image_size != g->image_size) {
            const double scale = static_cast<double>(c.image_size) / static_cast<double>(g->image_size) + 1.0;
            largest *= std::max(1.0, scale * scale);
        }
        check_size(w, "batch x the largest layer's elements", batch * largest);
        check_size(w, "batch x num-gpus", batch * c.num_gpus);
        return;
    }
    const transformer_config& t = as_transformer(w);
    double seq = static_cast<double>(seq_len_of(c, t));
    if (c.mode == mode::infer && t.kind != transformer_kind::encoder) {
        seq = std::max(seq, static_cast<double>(c.prompt_len) + static_cast<double>(c.gen_len));
    }
    const double tokens = batch * seq;
    const double width = std::max({static_cast<double>(t.hidden),
                                   static_cast<double>(t.heads + 2 * t.kv_heads) * static_cast<double>(t.head_dim),
                                   2.0 * static_cast<double>(t.ffn_hidden), static_cast<double>(t.vocab),
                                   static_cast<double>(t.experts), static_cast<double>(t.top_k)});
    check_size(w, "tokens x the widest layer (batch x sequence x width)", tokens * width);
    check_size(w, "attention scores (batch x heads x sequence^2)", tokens * static_cast<double>(t.heads) * seq);
    check_size(w, "tokens over all GPUs (batch x sequence x num-gpus)", tokens * c.num_gpus);
}

/// Why `tp`-way tensor parallelism cannot split transformer `t` (empty when it can): Megatron-style sharding gives
/// each rank whole attention heads, whole key/value heads (or a replica of each, when tp is a multiple of their
/// number: vLLM's and Megatron's rule for grouped-query attention) and an equal share of every FFN's width.
inline std::string tp_unfit(const transformer_config& t, long long tp) {
    const auto divides = [tp](long long n) { return n % tp == 0; };
    if (!divides(t.heads)) {
        return "does not divide the " + std::to_string(t.heads) + " attention heads";
    }
    if (!latent_attention(t) && !divides(t.kv_heads) && tp % t.kv_heads != 0) {
        return "neither divides nor is a multiple of the " + std::to_string(t.kv_heads) + " key/value heads";
    }
    const long long dense = t.layers + t.decoder_layers - moe_blocks(t, t.layers) - moe_blocks(t, t.decoder_layers);
    if (dense > 0 && !divides(t.ffn_hidden)) {
        return "does not divide the FFN width " + std::to_string(t.ffn_hidden);
    }
    if (t.experts > 1 && !divides(expert_ffn_hidden(t))) {
        return "does not divide the experts' FFN width " + std::to_string(expert_ffn_hidden(t));
    }
    return {};
}

/// The workload checks of validate(c, w): phases and parallelism that exist for the kind of model.
inline void validate_fit(const run_config& c, const workload& w) {
    const roofcast::phase p = phase_of(c);
    const transformer_config* tf = transformer_of(w);
    if (tf == nullptr) {  // a CNN
        if (p != phase::step && p != phase::e2e) {
            invalid_run("CNN workloads have phases step (train) and e2e (infer), not " +
                        std::string(to_string_view(p)));
        }
        if (c.tp > 1 || c.pp > 1) {
            invalid_run(w.name +
                        " is a CNN: tensor and pipeline parallelism (tp, pp) are modelled for transformers only");
        }
        if (c.ep > 1) {
            invalid_run(w.name + " is a CNN: expert parallelism (ep) needs a mixture-of-experts transformer");
        }
        if (c.peft != peft::none) {
            invalid_run(w.name + " is a CNN: LoRA adapters (peft) are modelled for transformers' linear layers");
        }
        return;
    }
    const transformer_config& t = *tf;
    if (c.peft != peft::none && latent_attention(t)) {
        invalid_run("LoRA adapters (peft) on multi-head latent attention are not modelled (" + w.name + ")");
    }
    if (c.ep > 1 && (t.experts <= 1 || t.experts % c.ep != 0)) {
        invalid_run("ep = " + std::to_string(c.ep) +
                    (t.experts <= 1
                         ? " needs a mixture-of-experts model; " + w.name + " has no routed experts"
                         : " does not divide the " + std::to_string(t.experts) + " routed experts of " + w.name));
    }
    if (t.kind == transformer_kind::encoder && (p == phase::prefill || p == phase::decode)) {
        invalid_run(w.name + " is an encoder: it has no prefill or decode phase (use e2e or serve)");
    }
    if (t.kind != transformer_kind::encoder && p == phase::serve && c.gen_len < 1) {
        invalid_run("serving " + w.name + " needs gen-len of at least 1");
    }
    if (const std::string why = tp_unfit(t, c.tp); !why.empty()) {
        invalid_run("tp = " + std::to_string(c.tp) + " " + why + " of " + w.name);
    }
    if (c.mlm_positions > seq_len_of(c, t) && t.kind == transformer_kind::encoder) {
        invalid_run("mlm-positions (" + std::to_string(c.mlm_positions) + ") exceeds the " +
                    std::to_string(seq_len_of(c, t)) + " positions of a sequence");
    }
    const long long E = t.encoder_positions;
    if (E > 0 && c.prompt_len != run_config{}.prompt_len && c.prompt_len != E) {
        invalid_run(w.name + "'s prompt is its fixed encoder input: the encoder always runs over " + std::to_string(E) +
                    " positions (Whisper pads its audio to 30 s), so prompt-len is " + std::to_string(E) + ", got " +
                    std::to_string(c.prompt_len));
    }
}

}  // namespace detail

/// Validates `c` (validate(c)) and `w` (validate(w)) and that they fit together: phases that exist for the
/// kind of model (CNNs: step and e2e, data parallel only; encoders: no prefill or decode; serving a decoder
/// needs gen-len >= 1), tp dividing the attention heads, micro-batches at most the batch, and a size the
/// model can represent (run_limits::max_elements).
inline void validate(const run_config& c, const workload& w) {
    validate(c);
    validate(w);
    if (c.microbatches > c.batch) {  // here, not in validate(c): max-batch searches from batch 1
        detail::invalid_run("microbatches (" + std::to_string(c.microbatches) + ") exceeds the batch (" +
                            std::to_string(c.batch) + "): every micro-batch needs a sample");
    }
    detail::validate_fit(c, w);
    detail::check_run_size(c, w);
}

/// Validates the GPU description `g` (validate(g)), then run `c` of `w` (validate(c, w)).
inline void validate(const run_config& c, const workload& w, const gpu_spec& g) {
    validate(g);
    validate(c, w);
}

/// The options of run `c` that have no effect on a run of `w`, each a sentence naming the option and what the run
/// reads instead (the CLI prints them as warnings): a sequence length for a CNN or for generation (the prompt is
/// prompt-len), an image size for a transformer, prompt and generation lengths where nothing is generated, a target
/// length outside encoder-decoder training, masked-LM positions outside encoder training, a KV-cache type where no
/// cache is kept.
inline std::vector<std::string> unused_options(const run_config& c, const workload& w) {
    const run_config defaults;
    const bool lengths_given = c.prompt_len != defaults.prompt_len || c.gen_len != defaults.gen_len;
    std::vector<std::string> out;
    const transformer_config* tf = transformer_of(w);
    const bool encoder = tf != nullptr && tf->kind == transformer_kind::encoder;
    if (c.mlm_positions > 0 && !(c.mode == mode::train && encoder)) {
        out.push_back("mlm-positions has no effect here: it is the masked-LM head of an encoder's training");
    }
    if (c.kv_cache_type && (tf == nullptr || c.mode == mode::train || encoder)) {
        out.push_back("kv-cache-dtype has no effect on " +
                      (c.mode == mode::train ? std::string("training") : "a forward pass of " + w.name) +
                      ": no KV cache is kept");
    }
    if (tf == nullptr) {  // a CNN
        if (c.seq_len > 0 || c.mean_seq_len > 0) {
            out.push_back("seq-len has no effect on " + w.name + ", a CNN: its input is image-size pixels square");
        }
        if (lengths_given) {
            out.push_back("prompt-len and gen-len have no effect on " + w.name + ", a CNN");
        }
        return out;
    }
    const transformer_config& t = *tf;
    if (c.image_size > 0) {
        out.push_back("image-size has no effect on " + w.name + ", a transformer: its input is seq-len tokens");
    }
    if (c.target_len > 0 && !(c.mode == mode::train && has_target_len(t))) {
        out.push_back(
            "target-len has no effect here: it is the decoder's length in training an encoder-decoder "
            "whose encoder runs over seq-len (T5); " +
            std::string(c.mode == mode::train ? w.name + "'s sequences are seq-len tokens"
                                              : "inference generates gen-len tokens"));
    }
    const bool generates =
        c.mode == mode::infer && t.kind != transformer_kind::encoder && !(phase_of(c) == phase::e2e && c.gen_len == 0);
    if (generates && (c.seq_len > 0 || c.mean_seq_len > 0)) {
        out.push_back(std::string(c.seq_len > 0 ? "seq-len" : "mean-seq-len") +
                      " has no effect on generation: the prompt is prompt-len (" + std::to_string(c.prompt_len) +
                      " tokens) and the output gen-len (" + std::to_string(c.gen_len) +
                      "); give --prompt-len, or --gen-len 0 for one forward pass over seq-len tokens");
    }
    if (!generates && lengths_given && t.encoder_positions == 0) {
        out.push_back("prompt-len and gen-len have no effect on " +
                      std::string(c.mode == mode::train ? "training" : "a forward pass of " + w.name) +
                      ": it runs over seq-len tokens a sequence");
    }
    return out;
}

/// The kind of run whose residuals set the likely range: "cnn-train", "encoder-infer", "decoder-infer", ...
inline std::string run_kind(const workload& w, const run_config& c) {
    const std::string family = std::visit(
        detail::overloaded{
            [](const cnn_graph&) { return "cnn"; },
            [](const transformer_config& t) { return t.kind == transformer_kind::encoder ? "encoder" : "decoder"; }},
        w.net);
    return family + "-" + std::string(to_string_view(c.mode));
}

namespace detail {

/// The data types of run `c`: FP32 with TF32 allowed runs GEMMs as TF32 on tensor cores.
inline precision_types run_types(const run_config& c) {
    precision_types t = types_of(c.precision);
    if (c.precision == precision::fp32 && c.allow_tf32) {
        t.math = dtype::tf32;
        t.math_unit = exec_unit::tensor_core;
    }
    return t;
}

/// Fills the defaults of `c` for `w` that do not depend on the batch.
inline void fill_defaults(run_config& c, const workload& w) {
    c.phase = phase_of(c);
    if (c.nodes > 0) {
        c.gpus_per_node = c.gpus_per_node > 0 ? c.gpus_per_node : default_gpus_per_node;
        c.num_gpus = c.nodes * c.gpus_per_node;
    } else if (c.num_gpus == 1) {
        c.num_gpus = c.tp * c.pp * c.ep;  // one model replica (ep of them with expert parallelism)
    }
    std::visit(overloaded{[&c](const transformer_config& t) {
                              c.seq_len = seq_len_of(c, t);
                              if (t.encoder_positions > 0) {  // the prompt is the fixed encoder input (validate_fit)
                                  c.prompt_len = t.encoder_positions;
                              }
                          },
                          [&c](const cnn_graph& g) { c.image_size = c.image_size > 0 ? c.image_size : g.image_size; }},
               w.net);
    c.framework = std::string(software_profiles[find_profile(c.framework)].name);
    c.fused_attention = c.fused_attention.value_or(fuses_attention(c.framework, c.framework_version));
    c.max_batched_tokens = c.max_batched_tokens > 0 ? c.max_batched_tokens : default_batched_tokens(c.framework);
    if (c.with_optimizer && !c.optimizer) {
        c.optimizer = cnn_of(w) ? kernels::optimizer_kind::momentum : kernels::optimizer_kind::adamw;
    }
    if (!c.with_optimizer) {
        c.optimizer.reset();
    }
}

/// The CNN of `w` at image size `size`: the workload's own, or a catalog network rebuilt (a user's C++
/// network cannot be rebuilt, so that is an error).
inline std::shared_ptr<const cnn_graph> cnn_at(const cnn_graph& g, long long size) {
    if (size == g.image_size) {
        return std::shared_ptr<const cnn_graph>(std::shared_ptr<const cnn_graph>(), &g);  // not owned
    }
    std::optional<cnn_graph> resized = cnns::make_cnn(g.name, size);
    if (!resized) {
        throw input_error("CNN '" + g.name + "' is built for " + std::to_string(g.image_size) +
                          " pixels and cannot be rebuilt for " + std::to_string(size));
    }
    return std::make_shared<const cnn_graph>(std::move(*resized));
}

/// Training passes: B samples in m micro-batches of ⌊B/m⌋ and ⌈B/m⌉ samples (exactly B in all), run in
/// m / (1 − bubble) 1F1B slots.
inline void shape_training(run_plan& p, const transformer_config* t) {
    run_config& c = p.config;
    const long long B = c.batch, m = p.microbatches;
    const long long small = B / m, extra = B % m;  // `extra` micro-batches carry one more sample
    for (std::size_t i = 0; i < 2; ++i) {
        transformer_pass& s = p.passes[i];
        s.batch = small + static_cast<long long>(i);
        // An encoder-decoder's decoder runs over its targets, its encoder over a fixed input or seq_len.
        const long long decoder = t != nullptr ? decoder_len_of(c, *t) : c.seq_len;
        s.seq_q = s.seq_kv = decoder;
        const bool two_stacks = t != nullptr && t->kind == transformer_kind::encoder_decoder;
        s.encoder_seq = !two_stacks ? 0 : t->encoder_positions > 0 ? t->encoder_positions : c.seq_len;
        s.training = true;
        // A decoder's loss covers every position; an encoder's masked-LM head the mlm_positions it is given.
        s.logits_rows = t == nullptr                           ? 0
                        : t->kind == transformer_kind::encoder ? s.batch * c.mlm_positions
                                                               : s.batch * decoder;
    }
    p.pass_weight = {static_cast<double>(m - extra) / static_cast<double>(m),
                     static_cast<double>(extra) / static_cast<double>(m)};
    p.pass_count = extra > 0 ? 2 : 1;
    if (small == 0) {  // fewer samples than micro-batches cannot happen (validate); guard the shape anyway
        p.passes[0] = p.passes[1];
        p.pass_weight = {1.0, 0.0};
        p.pass_count = 1;
    }
    p.training = true;
    p.stages = static_cast<double>(m) / (1.0 - pipeline_bubble_fraction(c.pp, static_cast<int>(m)));
    if (t != nullptr) {
        p.tokens = static_cast<double>(B * c.seq_len * p.dp);
    }
}

/// Whether run `c` of decoder `t` is served with in-flight batching: an engine that batches by iteration
/// (max_batched_tokens), one sequence per request and a second token to decode.
inline bool inflight_serving(const run_config& c, const transformer_config& t) {
    return c.max_batched_tokens > 0 && c.gen_len > 1 && c.beams == 1 && t.kind == transformer_kind::decoder;
}

/// The serving iteration of in-flight (continuous) batching at steady state (Orca, Yu et al., OSDI 2022; chunked
/// prefill, Agrawal et al., OSDI 2024): B sequences decode one token each while the prompts of the requests that
/// replace them are prefilled in the same iteration, so that the weights are read once for both. Each request
/// decodes G − 1 steps after its prefill's token, so B/(G − 1) requests finish per iteration and c = B·P/(G − 1)
/// prompt tokens join the B decode tokens; a chunk attends to its prompt causally, on average to P keys when it holds
/// whole prompts and to (P + c)/2 when it is a piece of one. Output tokens per iteration: B·G/(G − 1).
inline void shape_iteration(run_plan& p, transformer_pass decode) {
    const run_config& c = p.config;
    const long long B = c.batch, P = c.prompt_len, G = c.gen_len;
    const double chunk = static_cast<double>(B) * static_cast<double>(P) / static_cast<double>(G - 1);
    decode.chunk_tokens = P > 0 ? std::max<long long>(1, std::llround(chunk)) : 0;
    decode.chunk_kv = decode.chunk_tokens >= P ? P : (P + decode.chunk_tokens) / 2;
    p.passes[0] = decode;
    p.step_overhead = false;
    p.iteration = true;
    p.samples = static_cast<double>(B) / static_cast<double>(G - 1);
    p.tokens = static_cast<double>(B) * static_cast<double>(G) / static_cast<double>(G - 1) * p.dp;
}

/// The largest decode batch whose steady-state iteration (shape_iteration) stays within the engine's token budget K:
/// B + B·P/(G − 1) ≤ K, so B ≤ K·(G − 1)/(P + G − 1) (at least 1).
inline long long iteration_batch_cap(const run_config& c) {
    const double g = static_cast<double>(c.gen_len - 1);
    const double cap =
        std::floor(static_cast<double>(c.max_batched_tokens) * g / (static_cast<double>(c.prompt_len) + g));
    return std::max<long long>(1, static_cast<long long>(cap));
}

/// Inference passes of a transformer: one forward pass (encoders, or a decoder without generation: over the mean
/// length of packed variable-length inputs, else the padded seq_len), or a prefill and decode steps at the mean
/// context prompt + gen/2 (attention cost is linear in the context). Beam search decodes batch × beams sequences
/// and, where the framework expands prompts to beams (Hugging Face), prefills them too.
inline void shape_inference(run_plan& p, const transformer_config& t) {
    const run_config& c = p.config;
    const long long B = c.batch, P = c.prompt_len, G = c.gen_len, N = c.beams;
    const roofcast::phase ph = *c.phase;
    transformer_pass& first = p.passes[0];
    if (t.kind == transformer_kind::encoder || (ph == phase::e2e && G == 0)) {
        const long long S = c.mean_seq_len > 0 && packs_sequences(c.framework) ? c.mean_seq_len : c.seq_len;
        first.batch = B;
        first.seq_q = first.seq_kv = S;
        first.logits_rows = t.kind == transformer_kind::encoder ? 0 : B * S;
        p.context_tokens = S;
        p.kv_tokens = t.kind == transformer_kind::encoder ? 0 : S;
        return;
    }
    transformer_pass prefill = first, decode = first;
    prefill.batch = B * (expands_beams_in_prefill(c.framework) ? N : 1);
    decode.batch = B * N;
    prefill.seq_q = prefill.seq_kv = std::max<long long>(P, 1);
    prefill.logits_rows = prefill.batch;
    decode.logits_rows = decode.batch;
    decode.seq_q = 1;
    decode.seq_kv = P + std::max<long long>(1, G / 2);
    p.context_tokens = std::max<long long>(P, 1);
    p.kv_tokens = ph == phase::prefill ? P : P + G;
    if (t.kind == transformer_kind::encoder_decoder) {
        // The prompt goes to the encoder; the decoder starts from one token and its self-attention sees only the
        // generated tokens, its cross-attention the P encoder positions (cached after the first step). The cache
        // holds P cross-attention plus the generated self-attention positions per decoder block.
        prefill.encoder_seq = decode.encoder_seq = std::max<long long>(P, 1);
        prefill.seq_q = prefill.seq_kv = 1;
        decode.seq_kv = std::max<long long>(1, G / 2);
        decode.encoder_cached = true;
        p.kv_tokens = ph == phase::prefill ? P + 1 : P + G;
    }
    if (ph == phase::prefill || ph == phase::decode) {
        p.passes[0] = ph == phase::prefill ? prefill : decode;
        p.step_overhead = ph == phase::prefill;
        p.tokens = static_cast<double>(B * (ph == phase::prefill ? P : 1) * p.dp);
        return;
    }
    if (ph == phase::serve && inflight_serving(c, t)) {
        shape_iteration(p, decode);
        return;
    }
    p.passes = {prefill, decode};  // e2e or static serving: the prefill, then G − 1 decode steps
    p.pass_count = 2;
    p.pass_weight = {P > 0 ? 1.0 : 0.0, static_cast<double>(G - 1)};
    p.tokens = static_cast<double>(B * G * p.dp);  // the output of each request (one sequence per request)
}

/// The pass shapes, samples and tokens of `p` at its configured batch.
inline void shape_passes(run_plan& p) {
    run_config& c = p.config;
    p.passes = {};
    p.pass_count = 1;
    p.pass_weight = {1.0, 0.0};
    p.stages = static_cast<double>(c.pp);
    p.training = false;
    p.step_overhead = true;
    p.iteration = false;
    p.tokens.reset();
    p.samples = static_cast<double>(c.batch);
    for (transformer_pass& s : p.passes) {
        s.stage_fraction = 1.0 / c.pp;
        s.named = false;  // predictions report by class, not by kernel
        s.batch = c.batch;
    }
    // Micro-batches under pipeline-parallel training: the number asked for, else 4 per stage (Narayanan et al.
    // 2021 keep m ≥ 4p to bound the bubble), never more than the batch has samples.
    const long long default_m = std::min<long long>(c.batch, 4LL * c.pp);
    p.microbatches =
        c.pp > 1 && c.mode == mode::train ? (c.microbatches > 0 ? c.microbatches : static_cast<int>(default_m)) : 1;
    const transformer_config* t = transformer_of(*p.source);
    if (c.mode == mode::train) {
        shape_training(p, t);
    } else if (t != nullptr) {
        shape_inference(p, *t);
    }
}

}  // namespace detail

/// Resolves run `c` of `w`: validates it (validate(c, w)), fills every default and shapes the passes
/// (run_plan). A serving run's batch is the largest that fits each GPU, so its passes are shaped per GPU
/// (plan_for_batch). Throws input_error for an invalid configuration.
inline run_plan resolve(const workload& w, const run_config& c) {
    validate(c, w);
    run_plan p;
    p.source = &w;
    p.config = c;
    detail::fill_defaults(p.config, w);
    p.profile = find_profile(p.config.framework);
    p.types = detail::run_types(p.config);
    p.dp = data_parallel(p.config);
    p.kind = run_kind(w, p.config);
    if (const cnn_graph* g = cnn_of(w)) {
        p.cnn = detail::cnn_at(*g, p.config.image_size);
    }
    p.batch_per_gpu = *p.config.phase == phase::serve;
    detail::shape_passes(p);
    return p;
}

/// `p` at batch `b` (b ≥ 1): the same run with its micro-batches and passes reshaped (a serving plan's batch is
/// then fixed: batch_per_gpu is false).
inline run_plan plan_for_batch(const run_plan& p, long long b) {
    run_plan q = p;
    q.config.batch = b;
    q.batch_per_gpu = false;
    detail::shape_passes(q);
    return q;
}

/// Run `c` on GPUs `g`: a run given in nodes gets `g`'s node size where it states none (gpus_per_node_of: 4 GH200
/// superchips, else 8), so that its GPU count is resolved before the run is checked.
inline run_config on_gpu(run_config c, const gpu_spec& g) {
    if (c.nodes > 0 && c.gpus_per_node == 0) {
        c.gpus_per_node = gpus_per_node_of(g);
    }
    return c;
}

/// The node layout of plan `p` on `g` for a collective among `group` GPUs: `g`'s defaults (default_layout),
/// with the run's GPUs per node and inter-node network where it gives them.
inline node_layout layout_for(const run_plan& p, const gpu_spec& g, int group) {
    node_layout n = default_layout(g, group);
    if (p.config.gpus_per_node > 0) {
        n.gpus_per_node = p.config.gpus_per_node;
    }
    if (!p.config.interconnect.empty()) {
        n.inter = &find_link(p.config.interconnect);
    }
    return n;
}

}  // namespace roofcast

#endif
