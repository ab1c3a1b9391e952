/// @file
/// Memory footprint of a run on one GPU, itemized; the largest batch that fits; and, when nothing fits,
/// what would. docs/memory.md has every formula with its source.
#ifndef ROOFCAST_MODEL_MEMORY_HPP
#define ROOFCAST_MODEL_MEMORY_HPP

#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
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
    /// Bytes of the item called `name` (0 when absent).
    double item(std::string_view name) const {
        for (const auto& [n, b] : items) {
            if (n == name) {
                return b;
            }
        }
        return 0.0;
    }
    /// The largest item.
    std::pair<std::string, double> largest() const {
        std::pair<std::string, double> best{"", 0.0};
        for (const auto& it : items) {
            best = it.second > best.second ? it : best;
        }
        return best;
    }
};

/// Bytes per parameter of a weight in 4-bit NormalFloat with double quantization: 4 bits, an 8-bit absmax per block
/// of 64 and an FP32 constant per 256 of those, 4 + 8/64 + 32/(64·256) = 4.127 bits (Dettmers et al. 2023,
/// arXiv:2305.14314, Section 3, "Double Quantization").
inline constexpr double nf4_bytes_per_parameter = (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;

/// Bytes per element of the KV cache, in its type (kv_cache_type_of).
inline double kv_bytes(const run_config& c) {
    return element_bytes(kv_cache_type_of(c));
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

/// A stage of a training pipeline: the first holds the input embeddings and the most micro-batches in flight, the last
/// the output layer and the loss (footprint(p, stage)).
enum class pipeline_stage { first, last };

/// How a framework keeps a transformer layer's tensors for backward (docs/memory.md, "Training activations").
struct activation_habits {
    /// Fused attention (FlashAttention, cuDNN): no s × s score matrix is kept, only the log-sum-exp of each row.
    bool fused_attention = true;
    /// Dropout masks kept (one byte an element): models of the GPT-2/BERT era train with dropout 0.1, gated-FFN
    /// models (Llama, Mistral, Qwen) with none.
    bool dropout = false;
    /// A gated FFN saves its input only and recomputes the activation (Megatron/Transformer Engine's fused bias-SwiGLU,
    /// torch.compile), instead of eager PyTorch's four tensors (gate, up, act(gate), product).
    bool fused_gate = false;
    /// Keys and values are expanded to every query head before attention (Hugging Face's repeat_kv).
    bool repeat_kv = false;
    /// Norms save their input in FP32 (an eager RMSNorm — Hugging Face's, torchtune's, LitGPT's — upcasts it and
    /// saves the normalized copy too; a LayerNorm under Hugging Face's autocast gets an FP32 copy), instead of a fused
    /// kernel's 16-bit input.
    bool fp32_norms = false;
    /// Selective recomputation as PyTorch implements it (an op-level policy: keep the outputs of attention and of
    /// every other matmul); otherwise as Megatron does (recompute the core attention only).
    bool op_level_selective = false;
    /// FP8 training under Transformer Engine: each linear layer saves its input for the backward pass in FP8, one
    /// byte an element (the QKV and FC1 inputs, the norms' outputs; the projection's and FC2's inputs), not two.
    bool fp8_linear_inputs = false;
};

namespace detail {

/// The FFN width a token runs through: F, or top_k experts' for a mixture of experts.
inline double active_ffn_width(const transformer_config& t) {
    return static_cast<double>(t.ffn_hidden) * (t.experts > 1 ? static_cast<double>(t.top_k) : 1.0);
}

/// One layer's saved bytes at 16 bits (transformer_layer_activations), split into the core attention's (the s × s
/// tensors, or fused attention's FP32 log-sum-exp, given here in 16-bit units) and everything else.
struct layer_bytes {
    /// Norms, Q/K/V, the attention output, dropout masks, the FFN.
    double outside_core = 0.0;
    /// The core attention's tensors.
    double core = 0.0;
};

/// Bytes one norm keeps per element of its input, in 16-bit units: its input and output (4); FP32 norms the FP32 input
/// and, for RMSNorm, the normalized copy (8; LayerNorm 6).
inline double norm_bytes(const transformer_config& t, const activation_habits& k) {
    return k.fp32_norms ? (t.norm == norm_type::rms_norm ? 8.0 : 6.0) : 4.0;
}

/// The keys' and values' share g of the query heads' width a layer keeps: kv_heads / heads, 1 when Hugging Face's
/// repeat_kv expands them to every query head.
inline double kv_share(const transformer_config& t, const activation_habits& k) {
    return k.repeat_kv ? 1.0 : static_cast<double>(t.kv_heads) / static_cast<double>(t.heads);
}

/// The core attention's saved tensors for `s` queries over `keys` keys, in 16-bit units: unfused, the probabilities
/// 2·a·s·keys·b/t (5 with dropout's mask and output); fused, the FP32 log-sum-exp 4·a·s·b/t, whatever the activation
/// width.
inline double core_attention_bytes(const transformer_config& t, const run_config& c, const activation_habits& k,
                                   double s, double keys, double b, double width) {
    const double a = static_cast<double>(t.heads);
    return k.fused_attention ? 4.0 * a * s * b / c.tp / width : (k.dropout ? 5.0 : 2.0) * a * s * keys * b / c.tp;
}

/// layer_bytes of one transformer layer under habits `k` (formulas: transformer_layer_activations).
inline layer_bytes layer_parts(const transformer_config& t, const run_config& c, const activation_habits& k, double s,
                               double b, double width) {
    const double h = static_cast<double>(t.hidden), tp = c.tp;
    const double r = c.sequence_parallel ? 1.0 / tp : 1.0;
    const double g = kv_share(t, k);
    const double norm = norm_bytes(t, k);
    layer_bytes l;
    l.outside_core = 2.0 * norm * s * b * h * r + 2.0 * s * b * h * (1.0 + 2.0 * g) / tp + 2.0 * s * b * h / tp +
                     (k.dropout ? 2.0 * s * b * h * r : 0.0) +
                     (gated(t.ffn) ? (k.fused_gate ? 6.0 : 8.0) : 4.0) * s * b * active_ffn_width(t) / tp;
    l.core = core_attention_bytes(t, c, k, s, s, b, width);
    if (c.peft == peft::lora && c.lora_targets != lora_targets::all) {
        // A frozen FFN without adapters: PyTorch's autograd saves a matmul's input only when the weight's gradient
        // is computed (tools/autograd/gen_variable_type.py, guard_for), so the second norm's output and the down
        // projection's input are not kept. QLoRA's 4-bit matmul (bitsandbytes' MatMul4Bit) saves its input whenever
        // the input needs a gradient, so under qlora they are.
        l.outside_core -= 2.0 * s * b * h * r + 2.0 * s * b * active_ffn_width(t) / tp;
    }
    if (k.fp8_linear_inputs) {
        // One byte less an element of each saved linear input: the two norms' outputs, the attention output and the
        // FFN's last input (Transformer Engine's Linear and LayerNormLinear save the FP8 cast, or its transpose).
        l.outside_core -= 2.0 * s * b * h * r + s * b * h / tp + s * b * active_ffn_width(t) / tp;
    }
    return l;
}

}  // namespace detail

/// Activation bytes one transformer layer keeps for backward, tensor by tensor as the frameworks save them
/// (Korthikanti et al. 2022, Section 4.1, whose GPT block — dropout, unfused attention, GeLU FFN of 4h — gives their
/// Table 2: s·b·h·(10 + 24/t + 5·a·s/(h·t)) bytes at 16 bits). With s tokens, b sequences, h hidden, a heads, g the
/// KV heads' share of the heads, F the FFN width and t-way tensor parallelism (r = 1/t with sequence parallelism,
/// else 1), at 16 bits:
///   norms' inputs and outputs 8·s·b·h·r (FP32 norms: 16, or 12 for LayerNorm);  Q, K, V 2·s·b·h·(1 + 2g)/t;  attention
///   output (projection input) 2·s·b·h/t; unfused attention 2·a·s²·b/t for the probabilities (+ a·s²·b/t mask and
///   2·a·s²·b/t dropout output with dropout), fused attention 4·a·s·b/t (FP32 log-sum-exp); dropout masks 2·s·b·h·r;
///   FFN 4·s·b·F/t (GeLU: its input and the second GEMM's), gated 8·s·b·F/t eager or 6·s·b·F/t fused.
/// Recompute keeps less (transformer_layer_saved).
inline double transformer_layer_activations(const transformer_config& t, const run_config& c,
                                            const activation_habits& k, double s, double b) {
    const double width = element_bytes(types_of(c.precision).activation) / 2.0;
    const detail::layer_bytes l = detail::layer_parts(t, c, k, s, b, width);
    return (l.outside_core + l.core) * width;
}

/// Activation bytes one layer keeps between its forward and its backward under `c.recompute`:
///   none: every tensor (transformer_layer_activations);
///   selective, Megatron: the core attention is recomputed, so the s × s terms go (fused attention keeps its
///     log-sum-exp: the same as none); PyTorch's op-level policy: the layer input 2·s·b·h·r, the attention output
///     and log-sum-exp, and the outputs of every other matmul (Q, V, the FFN's first, its last: PyTorch's
///     selective activation checkpointing, create_selective_checkpoint_contexts, with the policy "save all except
///     every second mm");
///   full: the layer input only, 2·s·b·h·r.
inline double transformer_layer_saved(const transformer_config& t, const run_config& c, const activation_habits& k,
                                      double s, double b) {
    const double h = static_cast<double>(t.hidden), tp = c.tp;
    const double r = c.sequence_parallel ? 1.0 / tp : 1.0;
    const double width = element_bytes(types_of(c.precision).activation) / 2.0;
    const detail::layer_bytes l = detail::layer_parts(t, c, k, s, b, width);
    switch (c.recompute) {
        case recompute::none: return (l.outside_core + l.core) * width;
        case recompute::full: return 2.0 * s * b * h * r * width;
        case recompute::selective: break;
    }
    if (!k.op_level_selective) {
        return (l.outside_core + (k.fused_attention ? l.core : 0.0)) * width;
    }
    const double g = static_cast<double>(t.kv_heads) / static_cast<double>(t.heads);
    const double f = detail::active_ffn_width(t);
    // matmuls in order: q, k, v, o, then gate, up, down (gated) or fc1, fc2; the odd ones are kept.
    const double kept_mm = 2.0 * s * b * h / tp + 2.0 * s * b * h * g / tp + 2.0 * s * b * f / tp +
                           (gated(t.ffn) ? 2.0 * s * b * h * r : 0.0);
    const double attention_out = 2.0 * s * b * h / tp + 4.0 * static_cast<double>(t.heads) * s * b / tp / width;
    return (2.0 * s * b * h * r + kept_mm + attention_out) * width;
}

namespace detail {

/// layer_bytes of the cross-attention of one decoder block (formulas: cross_attention_activations).
inline layer_bytes cross_attention_parts(const transformer_config& t, const run_config& c, const activation_habits& k,
                                         double s, double e, double b, double width) {
    const double h = static_cast<double>(t.hidden), tp = c.tp;
    const double r = c.sequence_parallel ? 1.0 / tp : 1.0;
    layer_bytes l;
    l.outside_core = norm_bytes(t, k) * s * b * h * r + 2.0 * s * b * h / tp + 4.0 * e * b * h * kv_share(t, k) / tp +
                     2.0 * s * b * h / tp + (k.dropout ? s * b * h * r : 0.0);
    l.core = core_attention_bytes(t, c, k, s, e, b, width);
    return l;
}

}  // namespace detail

/// Activation bytes the cross-attention of one decoder block of an encoder-decoder keeps for backward, beside its
/// self-attention block (transformer_layer_activations), for s decoder and e encoder positions, at 16 bits: its norm's
/// input and output 4·s·b·h·r (FP32 norms as there), the query 2·s·b·h/t, the keys and values of the encoder output
/// 4·e·b·h·g/t, the attention output 2·s·b·h/t, its dropout mask s·b·h·r, and the core attention over s × e
/// (unfused: 2·a·s·e·b/t probabilities, 5 with dropout; fused: the FP32 log-sum-exp 4·a·s·b/t). The encoder output
/// the key/value projections read is the encoder's last block's output, already counted.
inline double cross_attention_activations(const transformer_config& t, const run_config& c, const activation_habits& k,
                                          double s, double e, double b) {
    const double width = element_bytes(types_of(c.precision).activation) / 2.0;
    const detail::layer_bytes l = detail::cross_attention_parts(t, c, k, s, e, b, width);
    return (l.outside_core + l.core) * width;
}

/// What the cross-attention of one decoder block keeps between forward and backward under `c.recompute`: all of
/// cross_attention_activations without recomputation; without the core attention under Megatron's selective
/// recomputation (fused attention's log-sum-exp stays); nothing beyond the block's input (counted with the block)
/// under full or op-level selective recomputation, which recompute it with the block.
inline double cross_attention_saved(const transformer_config& t, const run_config& c, const activation_habits& k,
                                    double s, double e, double b) {
    if (c.recompute == recompute::full || (c.recompute == recompute::selective && k.op_level_selective)) {
        return 0.0;
    }
    const double width = element_bytes(types_of(c.precision).activation) / 2.0;
    const detail::layer_bytes l = detail::cross_attention_parts(t, c, k, s, e, b, width);
    const bool keeps_core = c.recompute == recompute::none || k.fused_attention;
    return (l.outside_core + (keeps_core ? l.core : 0.0)) * width;
}

namespace detail {

/// Bytes of a trained weight (and of its gradient): the weight type, BF16 for FP8 runs (FP8 training keeps BF16
/// weights and casts them for each GEMM).
inline double training_weight_bytes(const run_plan& p) {
    return element_bytes(p.types.weight == dtype::fp8 ? dtype::bf16 : p.types.weight);
}

/// Bytes per parameter of the frozen weights of a fine-tuning run (peft), on average over the GPU's weights: the
/// trained weights' type for LoRA; for QLoRA the blocks' linear layers in NF4 (nf4_bytes_per_parameter) and the
/// embeddings and output layer in the trained type (bitsandbytes and torchao quantize the blocks' linear layers).
inline double frozen_bytes_per_parameter(const run_plan& p) {
    const double wb = training_weight_bytes(p);
    if (p.config.peft != peft::qlora) {
        return wb;
    }
    const transformer_config& t = as_transformer(*p.source);
    const double all = parameters(t), outside = embedding_parameters(t);
    return (outside * wb + (all - outside) * nf4_bytes_per_parameter) / all;
}

/// Parameters of the transformer blocks on one GPU of a pipeline stage: this tensor-parallel rank's share of every
/// stage's local parameters less the embeddings (an untied output layer, a pooler), over the pp stages.
inline double stage_block_parameters(const run_plan& p) {
    const run_config& c = p.config;
    return (local_parameters(*p.source, c) * c.pp - embedding_parameters(as_transformer(*p.source)) / c.tp) / c.pp;
}

/// Parameters one GPU of pipeline stage `stage` holds in training: its 1/pp share of the blocks, plus the input
/// embeddings on the first stage and the output layer on the last, which under pipelining holds its own copy of a tied
/// embedding (Megatron's shared embedding on the last stage, kept equal by an all-reduce of the two copies' gradients:
/// megatron/core/models/common/language_module, setup_embeddings_and_output_layer). Without pipelining the
/// GPU holds every local parameter (local_parameters).
inline double stage_parameters(const run_plan& p, pipeline_stage stage) {
    const run_config& c = p.config;
    if (c.pp <= 1 || !transformer_of(*p.source)) {
        return local_parameters(*p.source, c);
    }
    const transformer_config& t = as_transformer(*p.source);
    const double output = static_cast<double>(t.vocab) * static_cast<double>(t.hidden);
    const double input = embedding_parameters(t) - (t.tied_embeddings ? 0.0 : output);
    return stage_block_parameters(p) + (stage == pipeline_stage::first ? input : output) / c.tp;
}

/// Parameters of the largest single weight tensor on one GPU, whose gradient an update in the backward pass holds at
/// its peak: a transformer's embedding (vocab × h / t) or one FFN matrix (h × F / t); a CNN's largest layer.
inline double largest_parameter_tensor(const run_plan& p) {
    if (!transformer_of(*p.source)) {
        double largest = 0.0;
        for (const cnn_layer& l : p.cnn->layers) {
            largest = std::max(largest, parameters(l));
        }
        return largest;
    }
    const transformer_config& t = as_transformer(*p.source);
    const double h = static_cast<double>(t.hidden);
    return std::max(static_cast<double>(t.vocab) * h, static_cast<double>(t.ffn_hidden) * h) / p.config.tp;
}

/// Model-state bytes of training (Rajbhandari et al. 2020): weights and gradients in the weight type (FP8
/// keeps BF16 weights), optimizer states (FP32 beside FP32 master weights, else in the weight type) and, under
/// mixed precision, FP32 master weights (2 + 2 + 12 = 16 bytes per parameter for Adam; 2 + 2 + 4 = 8 in pure
/// BF16), divided over tensor and pipeline parallelism and sharded over the
/// data-parallel ranks by ZeRO stage (1: optimizer state, 2: + gradients, 3: + weights). With LoRA or QLoRA (peft)
/// only the adapters (trainable_parameters) have gradients and optimizer states; the model's own weights are frozen
/// at frozen_bytes_per_parameter. Under pipelining, the parameters of pipeline stage `stage` (stage_parameters).
inline void add_model_states(memory_footprint& f, const run_plan& p, pipeline_stage stage) {
    const run_config& c = p.config;
    const double params = stage_parameters(p, stage);
    const double trained = c.peft == peft::none ? params : trainable_parameters(*p.source, c);
    const double frozen = c.peft == peft::none ? 0.0 : params * frozen_bytes_per_parameter(p);
    const double dp = p.dp;
    const double wb = training_weight_bytes(p);
    // Optimizer states are FP32 beside FP32 master weights; pure 16-bit training keeps them in the parameters' type
    // (torch.optim.AdamW's exp_avg and exp_avg_sq are zeros_like(param)); 8-bit states are a byte and a share of their
    // block's absmax (optimizer_state_bytes).
    const double state_bytes = p.types.fp32_master ? 4.0 : wb;
    const double states = c.optimizer ? kernels::optimizer_states(*c.optimizer) *
                                            kernels::optimizer_state_bytes(*c.optimizer, state_bytes)
                                      : 0.0;
    const double master = p.types.fp32_master ? 4.0 : 0.0;
    // Megatron accumulates and reduces gradients in an FP32 buffer (main_grad; --accumulate-allreduce-grads-in-fp32
    // is the default under BF16): 18 bytes per parameter, 6 + 12/d with its distributed optimizer (docs/source/
    // api-guide/dist_optimizer.md).
    const bool fp32_grads = p.types.fp32_master && software_profiles[p.profile].name == "megatron";
    // Offloaded states live in host memory (offload_targets): FSDP's parameter offload keeps the shards of the
    // weights and their gradients there too; the GPU holds the gathered units (add_data_parallel_buffers).
    const bool on_host = c.offload.parameters;
    // An update in the backward pass frees each gradient once its parameter is stepped: one tensor's at a time.
    const double gradients = c.optimizer_in_backward ? std::min(trained, largest_parameter_tensor(p)) : trained;
    f.items.emplace_back("weights", on_host ? 0.0 : (frozen + trained * wb) / (c.zero >= 3 ? dp : 1.0));
    f.items.emplace_back("gradients", on_host ? 0.0 : gradients * (fp32_grads ? 4.0 : wb) / (c.zero >= 2 ? dp : 1.0));
    f.items.emplace_back("optimizer state",
                         c.offload.optimizer_on_host() ? 0.0 : trained * (states + master) / (c.zero >= 1 ? dp : 1.0));
}

/// QLoRA's working copy: each NF4 layer is dequantized to 16 bits before its GEMM, one layer at a time (bitsandbytes'
/// matmul_4bit, torchao's NF4 linear), so the largest linear layer of a block on this GPU, h × F/t (or the
/// attention's h × heads·head_dim/t), is held once more in 16 bits.
inline double dequantized_weight_bytes(const run_plan& p) {
    const transformer_config& t = as_transformer(*p.source);
    const double widest = static_cast<double>(std::max(t.ffn_hidden, t.heads * t.head_dim));
    return p.config.peft == peft::qlora
               ? static_cast<double>(t.hidden) * widest / p.config.tp * training_weight_bytes(p)
               : 0.0;
}

/// How the run's framework keeps activations (activation_habits): fused attention as resolved; dropout for
/// models without a gated FFN; Megatron (Transformer Engine) and torch.compile fuse the gated activation; Hugging
/// Face expands K and V; PyTorch's selective recompute is op-level (recomputes_op_level), Megatron's and the others'
/// recompute the core attention.
inline activation_habits habits_of(const run_plan& p) {
    const std::string_view fw = software_profiles[p.profile].name;
    activation_habits k;
    k.fused_attention = p.config.fused_attention.value_or(true);
    const transformer_config* tf = transformer_of(*p.source);
    k.dropout = tf != nullptr && !gated(tf->ffn);
    k.fused_gate = fw == "megatron" || fw == "pytorch-compiled";
    k.repeat_kv = fw == "hf-pytorch";
    // Eager PyTorch code writes RMSNorm as x.float() * rsqrt(mean(x²) + ε) (torch.nn.LayerNorm is one kernel).
    k.fp32_norms = fw == "hf-pytorch" || (fw == "pytorch" && tf != nullptr && tf->norm == norm_type::rms_norm);
    k.op_level_selective = recomputes_op_level(fw);
    k.fp8_linear_inputs = fw == "megatron" && p.config.mode == mode::train && p.types.math == dtype::fp8;
    return k;
}

/// Bytes per logit a decoder's loss holds at the end of the forward pass: the logits in the activation type, then
/// Megatron's vocab-parallel cross entropy an FP32 softmax in place (6 bytes at 16 bits: megatron/core/
/// tensor_parallel/cross_entropy.py), PyTorch an FP32 copy and its FP32 log-softmax (10 bytes at 16 bits:
/// F.cross_entropy(logits.float())), Hugging Face before transformers 4.46 also a shifted FP32 copy (14 bytes).
inline double loss_bytes_per_logit(const run_plan& p) {
    const double a = element_bytes(p.types.activation);
    const std::string_view fw = software_profiles[p.profile].name;
    if (fw == "megatron") {
        return a + 4.0;
    }
    // Hugging Face causal LMs before transformers 4.46 return FP32 logits (`logits = logits.float()`) and shift a
    // contiguous copy of them for the loss: one more FP32 copy (modeling_llama.py; 4.46 shifts the labels instead).
    const long v = detail::version_number(p.config.framework_version);
    const bool shifted_copy = fw == "hf-pytorch" && v >= 0 && v < 4046;
    const double copy = (a < 4.0 ? 4.0 : 0.0) + (shifted_copy ? 4.0 : 0.0);
    const double n = p.config.loss_chunks;
    if (n <= 1.0) {
        return a + copy + 4.0;
    }
    // Chunked (torchtune's CEWithChunkedOutputLoss): one chunk is upcast at a time. Compiled, as torchtune advises,
    // the cast and the cross entropy of a chunk are one kernel that saves only its 16-bit input and a log-sum-exp
    // per row; eager, each chunk's FP32 log-softmax is saved for the backward pass.
    return fw == "pytorch-compiled" ? a + (copy + 4.0) / n : a + 4.0 + copy / n;
}

/// The lengths one training micro-batch runs a transformer's blocks over (lengths_of).
struct block_lengths {
    /// Decoder positions: an encoder-decoder's targets, else seq-len.
    double decoder = 0.0;
    /// Encoder positions: a fixed input's (Whisper's 1500) where the model has one, else seq-len.
    double encoder = 0.0;
    /// Sequences of one micro-batch.
    double micro = 0.0;
};

/// block_lengths of plan `p` over transformer `t`.
inline block_lengths lengths_of(const run_plan& p, const transformer_config& t) {
    const run_config& c = p.config;
    return {static_cast<double>(decoder_len_of(c, t)),
            t.encoder_positions > 0 ? static_cast<double>(t.encoder_positions) : static_cast<double>(c.seq_len),
            std::max(1.0, static_cast<double>(c.batch) / p.microbatches)};
}

/// What one micro-batch saves for its backward pass on one GPU (what activation offloading sends to host memory):
/// in all, and in the largest block.
struct saved_activations {
    /// Bytes over this GPU's blocks (a CNN's every convolution and activation output).
    double total = 0.0;
    /// Bytes of the largest block (a CNN's largest layer output).
    double largest_block = 0.0;
};

/// The activations one micro-batch of plan `p` saves on one GPU: a transformer's per block (transformer_layer_saved,
/// with cross-attention's in a decoder block of an encoder-decoder; the encoder over its fixed input's positions where
/// it has one) over the stage's 1/p of the blocks; a CNN's every convolution and activation output.
inline saved_activations saved_per_microbatch(const run_plan& p) {
    const run_config& c = p.config;
    saved_activations out;
    if (p.cnn) {
        for (const cnn_layer& l : p.cnn->layers) {
            if (l.kind != cnn_layer_kind::batch_norm) {
                const double bytes = static_cast<double>(c.batch) * static_cast<double>(l.c_out * l.h_out * l.w_out) *
                                     element_bytes(p.types.activation);
                out.total += bytes;
                out.largest_block = std::max(out.largest_block, bytes);
            }
        }
        return out;
    }
    const transformer_config& t = as_transformer(*p.source);
    const activation_habits k = habits_of(p);
    const block_lengths n = lengths_of(p, t);
    const double decoder_block =
        transformer_layer_saved(t, c, k, n.decoder, n.micro) +
        (t.decoder_layers > 0 ? cross_attention_saved(t, c, k, n.decoder, n.encoder, n.micro) : 0.0);
    const double encoder_block = transformer_layer_saved(t, c, k, n.encoder, n.micro);
    out.total =
        (encoder_block * static_cast<double>(t.layers) + decoder_block * static_cast<double>(t.decoder_layers)) / c.pp;
    out.largest_block = std::max(encoder_block, t.decoder_layers > 0 ? decoder_block : 0.0);
    return out;
}

/// Activations kept for backward on pipeline stage `stage`: what each micro-batch saves (saved_per_microbatch) times
/// the micro-batches 1F1B keeps in flight there (up to p on the first stage, one on the last: docs/model.md, "Step
/// timeline"), or one block's with activation offloading; with full (or PyTorch's op-level selective) recomputation,
/// one layer's full set while it is recomputed in the backward pass; a decoder's loss over its logits on the last stage
/// (an encoder's over its masked-LM positions, mlm_positions; loss_bytes_per_logit).
inline double training_activations(const run_plan& p, pipeline_stage stage) {
    const run_config& c = p.config;
    const saved_activations saved = saved_per_microbatch(p);
    if (p.cnn) {
        return c.offload.activations ? saved.largest_block : saved.total;
    }
    const transformer_config& t = as_transformer(*p.source);
    const activation_habits k = habits_of(p);
    const block_lengths n = lengths_of(p, t);
    const double s = n.decoder, s_enc = n.encoder, micro = n.micro;
    const double in_flight = stage == pipeline_stage::first ? std::min(c.pp, p.microbatches) : 1.0;
    // Offloaded, saved tensors go to host memory as they are made and come back as the backward pass needs them
    // (torchtune's OffloadActivations): the GPU keeps about one block's set in flight.
    double act = c.offload.activations ? saved.largest_block : saved.total * in_flight;
    if (c.recompute == recompute::full || (c.recompute == recompute::selective && k.op_level_selective)) {
        act += std::max(transformer_layer_activations(t, c, k, s_enc, micro),  // the layer being recomputed
                        t.decoder_layers > 0 ? transformer_layer_activations(t, c, k, s, micro) +
                                                   cross_attention_activations(t, c, k, s, s_enc, micro)
                                             : 0.0);
    }
    // The loss's logits, on the last stage: a decoder's at every position, an encoder's at its masked-LM positions.
    const double logit_positions = t.kind == transformer_kind::encoder ? static_cast<double>(c.mlm_positions) : s;
    if (stage == pipeline_stage::last || c.pp <= 1) {
        act += micro * logit_positions * static_cast<double>(t.vocab) / c.tp * loss_bytes_per_logit(p);
    }
    return act;
}

/// Parameters of the largest unit that ZeRO-3/FSDP gathers whole at a time on one GPU: a transformer block, or the
/// embedding (and an untied output layer), whichever is larger; a CNN's largest layer is small, its whole net is taken.
inline double largest_gathered_unit(const run_plan& p) {
    const double local = local_parameters(*p.source, p.config);
    if (!transformer_of(*p.source)) {
        return local;
    }
    const transformer_config& t = as_transformer(*p.source);
    const double blocks = static_cast<double>(t.layers + t.decoder_layers);
    const double embedding = static_cast<double>(t.vocab * t.hidden) / p.config.tp;
    return std::min(local, std::max(embedding, (local - embedding) / std::max(1.0, blocks / p.config.pp)));
}

/// Buffers a data-parallel run keeps beside its model states: ZeRO-3/FSDP gathers each unit's weights before it runs
/// and prefetches the next (two units in the weight type) and reduce-scatters each unit's gradient in FP32 (PyTorch
/// FSDP's MixedPrecision(reduce_dtype=float32), the common recipe); PyTorch DDP copies every gradient into its
/// all-reduce buckets (torch DistributedDataParallel, gradient_as_bucket_view=False: "the saved memory size will be
/// equal to the total gradients size").
inline void add_data_parallel_buffers(memory_footprint& f, const run_plan& p) {
    const run_config& c = p.config;
    if (p.dp <= 1) {
        return;
    }
    const double wb = training_weight_bytes(p);
    if (c.zero >= 3) {
        // Frozen weights (peft) are gathered as stored and have no gradient to reduce-scatter.
        const double per_param = c.peft == peft::none ? 2.0 * wb + 4.0 : 2.0 * frozen_bytes_per_parameter(p);
        f.items.emplace_back("gathered weights", largest_gathered_unit(p) * per_param);
        return;
    }
    const std::string_view fw = software_profiles[p.profile].name;
    if (c.zero == 0 && (fw == "pytorch" || fw == "hf-pytorch" || fw == "pytorch-compiled")) {
        f.items.emplace_back("gradient buckets", trainable_parameters(*p.source, c) * wb);
    }
}

/// Elements one token of an inference pass holds at its widest point: the residual and the norm's output (2·h) and
/// the FFN's inner activations on this GPU while its activation function runs, its input and its output: F/t each,
/// the gated input 2·F/t (vLLM's gate_up_proj output beside SiluAndMul's; Hugging Face's act(gate) and up beside
/// their product), so 3·F/t gated and 2·F/t not.
inline double transient_elements_per_token(const transformer_config& t, const run_config& c) {
    return 2.0 * static_cast<double>(t.hidden) + static_cast<double>(t.ffn_hidden) / c.tp * (gated(t.ffn) ? 3.0 : 2.0);
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
    const transformer_config& t = as_transformer(*p.source);
    const bool decoder = t.kind != transformer_kind::encoder;
    if (decoder) {
        // Every beam keeps its own cache (engines size it batch × beam width × sequence); windowed blocks keep at
        // most their window (kv_cache_tokens).
        f.items.emplace_back("kv cache", b * static_cast<double>(c.beams) * kv_cache_tokens(t, p.kv_tokens) *
                                             kv_cache_bytes_per_token(t, c));
    }
    // An engine batching in flight runs at most its token budget per iteration and sizes its buffers for it
    // (TensorRT-LLM's max_num_tokens); a static batch prefills all its prompts at once.
    const bool inflight = c.phase == phase::serve && inflight_serving(c, t);
    const double tokens =
        inflight ? static_cast<double>(c.max_batched_tokens) : b * static_cast<double>(p.context_tokens);
    f.items.emplace_back("activations", tokens * transient_elements_per_token(t, c) * act_bytes);
    if (decoder) {
        f.items.emplace_back("logits", b * static_cast<double>(t.vocab) / c.tp * 4.0);
    }
}

}  // namespace detail

/// The footprint of plan `p` on one GPU of pipeline stage `stage` (docs/memory.md): training model states
/// (detail::add_model_states) and activations (detail::training_activations); inference weights, KV cache, transient
/// activations and logits (detail::add_inference_items); plus the framework's context and allocator headroom. The
/// capacity is left 0: footprint(p, g) sets it to g's usable memory.
inline memory_footprint footprint(const run_plan& p, pipeline_stage stage) {
    memory_footprint f;
    f.items.reserve(8);
    if (p.config.mode == mode::train) {
        detail::add_model_states(f, p, stage);
        detail::add_data_parallel_buffers(f, p);
        f.items.emplace_back("activations", detail::training_activations(p, stage));
        if (p.config.peft == peft::qlora) {
            f.items.emplace_back("dequantized weight", detail::dequantized_weight_bytes(p));
        }
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

/// The footprint of plan `p` on its fullest GPU: without pipelining its only one; with it, the first stage's (the
/// input embeddings, p micro-batches in flight) or the last's (the output layer and the loss), whichever is larger.
inline memory_footprint footprint(const run_plan& p) {
    memory_footprint first = footprint(p, pipeline_stage::first);
    if (p.config.mode != mode::train || p.config.pp <= 1) {
        return first;
    }
    memory_footprint last = footprint(p, pipeline_stage::last);
    return last.total() > first.total() ? last : first;
}

namespace detail {

/// Bytes of the cuBLAS workspaces a training run on PyTorch allocates through its caching allocator on `g` (inside
/// torch.cuda.max_memory_allocated, unlike the CUDA context): PyTorch binds one to each cuBLAS handle and stream that
/// runs a GEMM (docs: CUDA semantics, "cuBLAS workspaces"), and handles are per thread, so the forward pass's thread
/// and the autograd engine's device thread hold one each, 4096·1024·2 + 16·1024·8 bytes = 8.125 MiB, 32 MiB on
/// compute capability 9.0 (aten/src/ATen/cuda/CublasHandlePool.cpp, parseChosenWorkspaceSize); Megatron's
/// Transformer Engine layers add their own, 32 MiB from compute capability 9, else 4 MiB
/// (transformer_engine/pytorch, get_cublas_workspace_size_bytes). 0 for inference and other frameworks.
inline double cublas_workspace_bytes(const run_plan& p, const gpu_spec& g) {
    constexpr double mib = 1048576.0;
    const std::string_view framework = software_profiles[p.profile].name;
    if (p.config.mode != mode::train || !runs_on_pytorch(framework)) {
        return 0.0;
    }
    const bool sm90 = g.arch == architecture::hopper;
    const bool sm9_or_later = sm90 || g.arch == architecture::blackwell;
    const double torch = 2.0 * (sm90 ? 32.0 * mib : 8.125 * mib);
    return torch + (framework == "megatron" ? (sm9_or_later ? 32.0 : 4.0) * mib : 0.0);
}

/// Parameters whose FP8 copies FP8 training under Megatron keeps between micro-batches on one GPU: Transformer
/// Engine casts each linear layer's weight once per step and caches the cast (the is_first_microbatch cache, which
/// Megatron turns on) beside the BF16 weight, for the blocks' linear layers on this GPU. 0 for other runs.
inline double fp8_cached_parameters(const run_plan& p) {
    if (p.config.mode != mode::train || p.types.math != dtype::fp8 || software_profiles[p.profile].name != "megatron" ||
        !transformer_of(*p.source)) {
        return 0.0;
    }
    return stage_block_parameters(p);
}

/// Bytes of one cached FP8 weight element on `g`: the FP8 weight and, where FP8 GEMMs take only one layout (before
/// Blackwell), its FP8 transpose for the backward pass (2); the weight alone on Blackwell (1).
inline double fp8_copy_bytes_per_parameter(const gpu_spec& g) {
    return g.arch == architecture::blackwell ? 1.0 : 2.0;
}

/// Adds what plan `p` keeps on `g` that depends on the GPU type: the cuBLAS workspaces (cublas_workspace_bytes) and
/// FP8 training's weight copies (fp8_cached_parameters), where it has them.
inline void add_device_items(memory_footprint& f, const run_plan& p, const gpu_spec& g) {
    if (const double w = cublas_workspace_bytes(p, g); w > 0.0) {
        f.items.emplace_back("cuBLAS workspaces", w);
    }
    if (const double n = fp8_cached_parameters(p); n > 0.0) {
        f.items.emplace_back("FP8 weight copies", n * fp8_copy_bytes_per_parameter(g));
    }
}

/// Bytes of what plan `p` keeps on `g` that depends on the GPU type (add_device_items), in all.
inline double device_bytes(const run_plan& p, const gpu_spec& g) {
    memory_footprint f;
    add_device_items(f, p, g);
    return f.total().value();
}

/// `f`, a footprint of plan `p` that holds no GPU type's items (footprint(p)), on one `g`: with what `p` keeps that
/// depends on the GPU type (add_device_items), and `g`'s usable memory as capacity.
inline memory_footprint placed_on(memory_footprint f, const run_plan& p, const gpu_spec& g) {
    add_device_items(f, p, g);
    f.capacity = g.usable_memory;
    return f;
}

}  // namespace detail

/// The footprint of plan `p` on one `g`: footprint(p) and what the run keeps that depends on the GPU type (its
/// cuBLAS workspaces, FP8 training's weight copies: detail::add_device_items), with `g`'s usable memory as capacity.
inline memory_footprint footprint(const run_plan& p, const gpu_spec& g) {
    return detail::placed_on(footprint(p), p, g);
}

/// The footprint of run `c` of `w` on one GPU, without capacity (footprint(resolve(w, c))). Throws
/// input_error for an invalid configuration.
inline memory_footprint footprint(const workload& w, const run_config& c) {
    return footprint(resolve(w, c));
}

/// The footprint of run `c` of `w` on one `g`, with `g`'s usable memory as capacity.
inline memory_footprint footprint(const workload& w, const gpu_spec& g, const run_config& c) {
    return footprint(resolve(w, on_gpu(c, g)), g);
}

/// How an inference engine sizes the KV-cache pool it allocates at start-up (docs/memory.md, "Inference engines").
enum class kv_pool_rule {
    /// vLLM: gpu_memory_utilization of the GPU's whole memory, less the weights, the peak activations of a
    /// profiling pass and the memory outside PyTorch (vllm/worker/worker.py, determine_num_available_blocks).
    fraction_of_total,
    /// SGLang: mem_fraction_static of the memory free before the weights load (the whole memory less the CUDA
    /// context and NCCL buffers) holds the weights and the pool (model_runner.py, profile_max_num_token:
    /// available_gpu_memory after loading less total_gpu_memory, the snapshot before, times 1 − the fraction).
    static_fraction,
    /// TensorRT-LLM: kv_cache_free_gpu_mem_fraction of the memory left free once the engine, its activation
    /// buffers and the context are in place (KvCacheConfig.free_gpu_memory_fraction).
    fraction_of_free,
};

/// One engine's memory settings.
struct engine_memory {
    /// How the pool is sized.
    kv_pool_rule rule = kv_pool_rule::fraction_of_total;
    /// The fraction the rule applies (vLLM's default 0.9; TensorRT-LLM's 0.9).
    double fraction = 0.9;
    /// Tokens of the profiling pass whose activations are set aside (vLLM: max_num_batched_tokens).
    long long profile_tokens = 8192;
    /// Sequences whose last-token logits the profiling pass samples (vLLM's max_num_seqs, 256).
    long long profile_sequences = 256;
    /// Memory outside the pool and the weights that is not activation: the CUDA context, NCCL and cuBLAS buffers.
    double non_torch_bytes = 536870912.0;
};

/// Bytes of KV-cache pool one GPU of run `p` gets under engine `e` (0 when the weights leave none): the weights
/// at the weight precision; activations of `e.profile_tokens` tokens through the widest layer
/// (transient_elements_per_token), plus FP32 logits of `e.profile_sequences` rows.
inline double kv_pool_bytes(const run_plan& p, const gpu_spec& g, const engine_memory& e) {
    const transformer_config& t = as_transformer(*p.source);
    const double capacity = g.usable_memory.value();
    const double weights = local_parameters(*p.source, p.config) * element_bytes(p.types.weight);
    const double act = static_cast<double>(e.profile_tokens) * detail::transient_elements_per_token(t, p.config) *
                           element_bytes(p.types.activation) +
                       static_cast<double>(std::min(e.profile_sequences, e.profile_tokens)) *
                           static_cast<double>(t.vocab) / p.config.tp * 4.0;
    double pool = 0.0;
    switch (e.rule) {
        case kv_pool_rule::fraction_of_total: pool = e.fraction * capacity - weights - act - e.non_torch_bytes; break;
        case kv_pool_rule::static_fraction: pool = e.fraction * (capacity - e.non_torch_bytes) - weights; break;
        case kv_pool_rule::fraction_of_free: pool = e.fraction * (capacity - weights - act - e.non_torch_bytes); break;
    }
    return std::max(0.0, pool);
}

/// Tokens of KV cache run `p`'s engine holds (each GPU of a tensor-parallel group holds its heads of every token):
/// kv_pool_bytes over kv_cache_bytes_per_token, rounded down to whole blocks of `block_tokens`. Throws
/// unsupported_error for a model without a KV cache.
inline long long kv_pool_tokens(const run_plan& p, const gpu_spec& g, const engine_memory& e,
                                long long block_tokens = 16) {
    const double per_token = kv_cache_bytes_per_token(as_transformer(*p.source), p.config);
    if (!(per_token > 0.0) || block_tokens < 1) {
        throw unsupported_error("workload '" + p.source->name + "' keeps no KV cache to pool");
    }
    const double blocks = std::floor(kv_pool_bytes(p, g, e) / (per_token * static_cast<double>(block_tokens)));
    return static_cast<long long>(blocks) * block_tokens;
}

/// The KV pool rule of a software profile that sizes its pool up front: TensorRT-LLM's (kv_cache_free_gpu_mem_fraction
/// 0.9 of the memory left free); std::nullopt for frameworks that allocate the cache as sequences grow.
inline std::optional<engine_memory> engine_memory_of(std::string_view profile) {
    if (profile == "tensorrt-llm") {
        engine_memory e;
        e.rule = kv_pool_rule::fraction_of_free;
        e.fraction = 0.9;
        return e;
    }
    return std::nullopt;
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
    c = on_gpu(c, g);
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
    /// The item that grows most with one more sample (what a larger batch adds to).
    std::string growing_item;
    /// Likely range of the limit: the largest batch that fits when the measured footprint is the predicted one
    /// times the memory error band's high (low end) or low (high end) ratio (error_bands["memory"]).
    long long likely_low = 0, likely_high = 0;
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
        alt.num_gpus = dp == 1 ? c.num_gpus * gpus_per_node_of(g) : c.num_gpus;
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

namespace detail {

/// The item of footprint `a` that grows most in footprint `b` (the same run at a larger batch).
inline std::string growing_item(const memory_footprint& a, const memory_footprint& b) {
    std::string best;
    double most = 0.0;
    for (const auto& [name, bytes] : b.items) {
        if (bytes - a.item(name) > most) {
            most = bytes - a.item(name);
            best = name;
        }
    }
    return best;
}

}  // namespace detail

/// The largest batch of run `c` (its batch is ignored) of `w` that fits `g`; the item that grows with the batch; the
/// likely range of the limit from the memory error band of `params` (measured / predicted footprint, the 10th and
/// 90th percentiles over the published memory figures: error_bands["memory"]; the limit itself where there is
/// none); when nothing fits, the changes that would make it fit (detail::fit_suggestions): more tensor parallelism,
/// ZeRO stages and recompute (training), lower precision (inference).
inline batch_limit max_batch(const workload& w, const gpu_spec& g, const run_config& c,
                             const cost_params& params = default_params()) {
    validate(g);
    run_config at = on_gpu(c, g);
    at.batch = std::max<long long>(1, c.microbatches);  // the batch is searched; any valid one resolves
    const run_plan p = resolve(w, at);
    batch_limit r;
    r.max_batch = largest_fitting_batch(p, g);
    const long long b = std::max<long long>(1, r.max_batch);
    r.footprint = footprint(plan_for_batch(p, b), g);
    r.limiting_item = r.footprint.largest().first;
    r.growing_item = detail::growing_item(r.footprint, footprint(plan_for_batch(p, b + 1), g));
    r.likely_low = r.likely_high = r.max_batch;
    if (const auto band = params.error_bands.find("memory"); band != params.error_bands.end()) {
        auto limit_at = [&](double ratio) {  // the limit if the footprint were `ratio` times the predicted one
            gpu_spec scaled = g;
            scaled.usable_memory = g.usable_memory / ratio;
            return largest_fitting_batch(p, scaled);
        };
        r.likely_low = limit_at(band->second.second);
        r.likely_high = limit_at(band->second.first);
    }
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

/// max_batch(w, g, c, params) with the names of `w` and `g` and the resolved run at the batch found.
inline max_batch_result find_max_batch(const workload& w, const gpu_spec& g, const run_config& c,
                                       const cost_params& params = default_params()) {
    max_batch_result r{w.name, g.name, c, max_batch(w, g, c, params)};
    run_config at = c;
    at.batch = std::max<long long>(1, c.microbatches);
    r.config = resolve(w, at).config;
    r.config.batch = std::max<long long>(1, r.limit.max_batch);
    return r;
}

}  // namespace roofcast

#endif
