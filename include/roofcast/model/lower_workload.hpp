/// @file
/// Lowering of whole workloads to kernels: a CNN or transformer, for one GPU's share of one training step,
/// one forward pass, one prefill or one decode step, plus the collectives parallelism adds.
#ifndef ROOFCAST_MODEL_LOWER_WORKLOAD_HPP
#define ROOFCAST_MODEL_LOWER_WORKLOAD_HPP

#include <roofcast/error.hpp>
#include <roofcast/model/kernel.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/software.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// A collective operation among GPUs.
struct collective {
    /// What it does.
    enum class kind { all_reduce, all_gather, reduce_scatter, send_recv, all_to_all };
    /// Name, e.g. "tp all-reduce".
    std::string name;
    /// Kind.
    kind op = kind::all_reduce;
    /// Bytes each GPU contributes.
    double bytes = 0.0;
    /// GPUs taking part.
    int group = 1;
    /// How many times per unit of work.
    double count = 1.0;
    /// Whether it runs beside computation: overlapped with the backward pass (data-parallel gradients, ZeRO/FSDP
    /// gathers), or on the critical path (tensor-parallel all-reduces, expert-parallel all-to-alls).
    enum class timing { critical_path, overlapped };
    /// Where it runs.
    timing runs = timing::critical_path;
    /// Distance of the group's ranks in the global rank order (tensor-parallel ranks innermost, then data-parallel,
    /// then pipeline stages, Megatron's order): 1 for a tensor-parallel group, tp for a data-parallel one.
    int stride = 1;
};

/// One GPU's work for one unit of a phase (a training step of one micro-batch, a forward pass, a decode step).
struct lowered_work {
    /// Kernels, in order (forward, then backward, then optimizer).
    std::vector<kernel> kernels;
    /// Index of the first backward kernel (kernels.size() when there is none).
    std::size_t backward_begin = 0;
    /// Index of the first optimizer kernel (kernels.size() when there is none).
    std::size_t optimizer_begin = 0;
    /// Collectives.
    std::vector<collective> collectives;
};

namespace detail {

/// `name` + `suffix`, or an empty name when `name` is empty (kernels lowered without names).
inline std::string suffixed(const std::string& name, const char* suffix) {
    return name.empty() ? std::string() : name + suffix;
}

/// The gradient GEMMs a linear layer runs in backward: dX for the layers below (none for a network's first layer)
/// and dW for a trained weight (none for a frozen one: fine-tuning adapters, peft).
enum class backward_gemms { data_and_weight, weight_only, data_only, none };

/// Appends a GEMM with weights and, when training, its data-gradient and weight-gradient GEMMs as `grads` says
/// (dX = dY·Wᵀ: M×K×N; dW = Xᵀ·dY: K×N×M); `groups` such GEMMs of their own weights run as one grouped GEMM (the
/// routed experts of a mixture-of-experts layer).
inline void dense(std::vector<kernel>& fwd, std::vector<kernel>& bwd, const std::string& name, long long m, long long n,
                  long long k, const precision_types& t, bool training, backward_gemms grads, double count,
                  long long groups = 1) {
    const double g = static_cast<double>(groups);
    // FP8 training (Transformer Engine's Linear and torchao's float8 training) casts each GEMM operand from its 16-bit
    // copy to FP8 with its scale and also writes the transposed copy the backward GEMMs read (TE's
    // fp8_cast_transpose kernels): the input per micro-batch, the weight, and in backward the output gradient;
    // each reads 2 bytes and writes 1 + 1 per element, and runs as a kernel of its own.
    const bool fp8_training = training && t.math == dtype::fp8;
    const auto cast_transpose = [&](std::vector<kernel>& to, const char* what, double elements) {
        kernel c = kernels::cast(suffixed(name, what), elements, t.activation, dtype::fp8);
        c.written = 2.0 * elements * element_bytes(dtype::fp8) * units::byte;
        c.fusible = false;
        c.count = count;
        to.push_back(std::move(c));
    };
    if (fp8_training) {
        cast_transpose(fwd, " input fp8 cast", static_cast<double>(m * k) * g);
        cast_transpose(fwd, " weight fp8 cast", static_cast<double>(k * n) * g);
    }
    kernel f = kernels::gemm(name, m, n, k, t.math, t.activation, t.math_unit, groups);
    f.count = count;
    f.read = (static_cast<double>(m * k) * element_bytes(t.activation) +
              static_cast<double>(k * n) * element_bytes(t.weight)) *
             g * units::byte;
    fwd.push_back(std::move(f));
    if (!training) {
        return;
    }
    if (fp8_training && grads != backward_gemms::none) {
        cast_transpose(bwd, " grad fp8 cast", static_cast<double>(m * n) * g);
    }
    if (grads == backward_gemms::data_and_weight || grads == backward_gemms::data_only) {
        kernel d = kernels::gemm(suffixed(name, " dgrad"), m, k, n, t.math, t.activation, t.math_unit, groups);
        d.count = count;
        bwd.push_back(std::move(d));
    }
    if (grads == backward_gemms::data_and_weight || grads == backward_gemms::weight_only) {
        kernel w = kernels::gemm(suffixed(name, " wgrad"), k, n, m, t.math, t.activation, t.math_unit, groups);
        w.count = count;
        bwd.push_back(std::move(w));
    }
}

/// Appends a pointwise op over `n` elements and, when training, its backward (reads gradient and saved input).
inline void pointwise(std::vector<kernel>& fwd, std::vector<kernel>& bwd, const std::string& name, double n, int inputs,
                      dtype type, bool training, double count, double flops = 1.0) {
    kernel f = kernels::elementwise(name, n, inputs, 1, type, flops);
    f.count = count;
    fwd.push_back(std::move(f));
    if (training) {
        kernel b = kernels::elementwise(suffixed(name, " bwd"), n, inputs + 1, inputs, type, flops);
        b.count = count;
        bwd.push_back(std::move(b));
    }
}

/// Appends a normalization and, when training, its backward.
inline void normalization(std::vector<kernel>& fwd, std::vector<kernel>& bwd, const std::string& name, double n,
                          kernels::norm_kind kind, dtype type, bool training, double count) {
    kernel f = kernels::norm(name, n, kind, type, kernels::direction::forward);
    f.count = count;
    fwd.push_back(std::move(f));
    if (training) {
        const std::size_t appended = kernels::append_norm_backward(bwd, suffixed(name, " bwd"), n, kind, type);
        for (std::size_t i = bwd.size() - appended; i < bwd.size(); ++i) {
            bwd[i].count = count;
        }
    }
}

/// Appends layer normalization over `n` elements as TensorFlow graphs run it (decomposes_norm_and_gelu()):
/// nn.moments' mean, squared difference and variance, then nn.batch_normalization's rsqrt(variance + ε)·γ broadcast
/// over the tensor, x·inv, mean·inv, β − mean·inv and the sum. The two reductions read the tensor and write one value
/// per row (their backward broadcasts it back); the six full-size ops are pointwise kernels with `inputs` full-size
/// operands each, each with its own backward.
inline void primitive_layer_norm(std::vector<kernel>& fwd, std::vector<kernel>& bwd, const std::string& name, double n,
                                 dtype type, bool training, double count) {
    constexpr std::array<std::pair<const char*, const char*>, 2> reductions{
        {{" mean", " mean bwd"}, {" variance", " variance bwd"}}};
    for (const auto& [reduction, backward] : reductions) {
        kernel f = kernels::elementwise(suffixed(name, reduction), n, 1, 0, type);
        f.count = count;
        fwd.push_back(std::move(f));
        if (training) {
            kernel b = kernels::elementwise(suffixed(name, backward), n, 0, 1, type);
            b.count = count;
            bwd.push_back(std::move(b));
        }
    }
    constexpr std::array<std::pair<const char*, int>, 6> ops{
        {{" squared difference", 1}, {" inv gamma", 0}, {" x inv", 2}, {" mean inv", 1}, {" shift", 1}, {" sum", 2}}};
    for (const auto& [op, inputs] : ops) {
        pointwise(fwd, bwd, suffixed(name, op), n, inputs, type, training, count);
    }
}

/// Appends the GELU of `n` elements as its tanh formula's ops, each its own kernel with its own backward, as
/// TensorFlow graphs run it (decomposes_norm_and_gelu()): 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) is x³,
/// ·0.044715, x + ·, ·√(2/π), tanh, 1 + ·, ·0.5 and x · ·, two of them reading two full-size operands.
inline void primitive_gelu(std::vector<kernel>& fwd, std::vector<kernel>& bwd, const std::string& name, double n,
                           dtype type, bool training, double count) {
    constexpr std::array<std::pair<const char*, int>, 8> ops{{{" cube", 1},
                                                              {" scale", 1},
                                                              {" add x", 2},
                                                              {" scale", 1},
                                                              {" tanh", 1},
                                                              {" add one", 1},
                                                              {" half", 1},
                                                              {" times x", 2}}};
    for (const auto& [op, inputs] : ops) {
        pointwise(fwd, bwd, suffixed(name, op), n, inputs, type, training, count);
    }
}

/// Appends the optimizer update of `local_params` parameters.
inline void optimizer(std::vector<kernel>& out, double local_params, kernels::optimizer_kind kind,
                      const precision_types& t) {
    // Multi-tensor-apply launches one kernel per ~110 tensors; a few launches per step.
    out.push_back(kernels::optimizer_update("optimizer", local_params, kind, t.activation, t.fp32_master, 4));
}

/// Layers of a CNN already lowered, found by shape (every field but the name), with the ranges of the
/// forward and backward kernels they produced. Open addressing over a fixed table: no allocation per
/// lookup; a network with more distinct layers than the table holds is simply not folded further.
class layer_index {
public:
    /// Kernels produced by one layer: [fwd_begin, fwd_end) forward, [bwd_begin, bwd_end) backward.
    struct kernel_range {
        std::size_t fwd_begin = 0, fwd_end = 0, bwd_begin = 0, bwd_end = 0;
    };

    /// The kernels of a lowered layer equal to `l` (with the same first-convolution flag), or nullptr.
    const kernel_range* find(const cnn_layer& l, bool first_conv) const {
        for (std::size_t i = hash(l, first_conv) % size, probes = 0; probes < size; i = (i + 1) % size, ++probes) {
            const entry& e = table_[i];
            if (e.layer == nullptr) {
                return nullptr;
            }
            if (e.first_conv == first_conv && same_shape(*e.layer, l)) {
                return &e.range;
            }
        }
        return nullptr;
    }

    /// Records that `l` produced kernels `r`.
    void add(const cnn_layer& l, bool first_conv, const kernel_range& r) {
        if (used_ + 1 >= size) {
            return;
        }
        std::size_t i = hash(l, first_conv) % size;
        while (table_[i].layer != nullptr) {
            i = (i + 1) % size;
        }
        table_[i] = {&l, first_conv, r};
        ++used_;
    }

private:
    static constexpr std::size_t size = 256;
    struct entry {
        const cnn_layer* layer = nullptr;
        bool first_conv = false;
        kernel_range range;
    };

    static bool same_shape(const cnn_layer& a, const cnn_layer& b) {
        return a.kind == b.kind && a.c_in == b.c_in && a.h_in == b.h_in && a.w_in == b.w_in && a.c_out == b.c_out &&
               a.h_out == b.h_out && a.w_out == b.w_out && a.r == b.r && a.s == b.s && a.stride == b.stride &&
               a.pad_h == b.pad_h && a.pad_w == b.pad_w && a.groups == b.groups && a.bias == b.bias &&
               a.flops_per_element == b.flops_per_element;
    }

    static std::size_t hash(const cnn_layer& l, bool first_conv) {
        std::size_t h = static_cast<std::size_t>(l.kind) * 31u + (first_conv ? 17u : 0u);
        for (long long v : {l.c_in, l.h_in, l.w_in, l.c_out, l.h_out, l.w_out, l.r, l.s, l.stride, l.groups}) {
            h = h * 1000003u ^ static_cast<std::size_t>(v);
        }
        return h;
    }

    std::array<entry, size> table_{};
    std::size_t used_ = 0;
};

/// The order a lowering appended its backward kernels in: already the backward order (a transformer's), or the
/// forward order, to be reversed (a CNN's, lowered layer by layer).
enum class backward_order { as_appended, reversed };

/// Forward kernels, then backward ones (reversed when `order` says so), with the index of the first backward and of
/// the first optimizer kernel.
inline lowered_work join(std::vector<kernel> fwd, std::vector<kernel> bwd, backward_order order) {
    lowered_work w;
    w.kernels = std::move(fwd);
    w.backward_begin = w.kernels.size();
    w.kernels.reserve(w.kernels.size() + bwd.size() + 1);
    if (order == backward_order::reversed) {
        w.kernels.insert(w.kernels.end(), std::make_move_iterator(bwd.rbegin()), std::make_move_iterator(bwd.rend()));
    } else {
        w.kernels.insert(w.kernels.end(), std::make_move_iterator(bwd.begin()), std::make_move_iterator(bwd.end()));
    }
    w.optimizer_begin = w.kernels.size();
    return w;
}

/// Type of the gradients data parallelism exchanges: FP32 in FP32 runs, else the activation type.
inline dtype gradient_type(const precision_types& t) {
    return t.activation == dtype::fp32 ? dtype::fp32 : t.activation;
}

/// Gradient exchange of a transformer's `local_params` parameters, `trained` of which train (fewer with peft),
/// among the plan's data-parallel ranks: an all-reduce of the gradients, or under ZeRO-3/FSDP all-gathers of every
/// parameter for forward and backward and a reduce-scatter of the gradients instead; all overlap backward.
inline void data_parallel_collectives(lowered_work& w, const run_plan& p, double local_params, double trained) {
    const double grad_bytes = trained * element_bytes(gradient_type(p.types));
    if (p.config.zero >= 3) {
        w.collectives.push_back({"zero-3 all-gather", collective::kind::all_gather,
                                 local_params * element_bytes(p.types.weight), p.dp, 2.0,
                                 collective::timing::overlapped, p.config.tp});
        w.collectives.push_back({"gradient reduce-scatter", collective::kind::reduce_scatter, grad_bytes, p.dp, 1.0,
                                 collective::timing::overlapped, p.config.tp});
    } else {
        w.collectives.push_back({"gradient all-reduce", collective::kind::all_reduce, grad_bytes, p.dp, 1.0,
                                 collective::timing::overlapped, p.config.tp});
    }
}

}  // namespace detail

/// Lowers a transformer for one pass on one GPU (the tensor-parallel shard `tp`, the pipeline stage's share
/// of the blocks), following docs/model.md: embedding; per block norm, QKV, attention, output projection,
/// residual, (cross-attention), norm, FFN or experts, residual; final norm and output projection; in
/// training each GEMM's dgrad and wgrad, every op's backward, dropout, cross-entropy and the optimizer;
/// tensor- and data-parallel collectives.
class transformer_lowering {
    /// Which keys a query attends to: every one (encoders, cross-attention) or the earlier ones (decoders).
    enum class mask { full, causal };

public:
    /// Lowers pass `s` of plan `p` (whose workload is a transformer).
    transformer_lowering(const run_plan& p, const transformer_pass& s)
        : p_(p),
          t_(as_transformer(*p.source)),
          s_(s),
          ty_(p.types),
          tr_(s.training),
          tp_(p.config.tp),
          tokens_(s.batch * s.seq_q + s.chunk_tokens),
          T_(static_cast<double>(tokens_)),
          h_(static_cast<double>(t_.hidden)),
          heads_(t_.heads / tp_),
          kv_(std::max<long long>(1, t_.kv_heads / tp_)),
          f_(std::max<long long>(1, t_.ffn_hidden / tp_)) {
        fwd_.reserve(64);
        bwd_.reserve(128);
    }

    /// The kernels and collectives of the pass.
    lowered_work lower() {
        if (t_.kind != transformer_kind::encoder_decoder) {
            embedding();
            stack("", t_.layers, t_.kind == transformer_kind::decoder ? mask::causal : mask::full,
                  cross_attention::absent);
            head();
            return finish();
        }
        // Encoder-decoder: the encoder over its input and, once per decoder block, the cross-attention's keys and
        // values of its output (unless cached from an earlier step), then the decoder over its own positions.
        const long long decoder_q = s_.seq_q, decoder_kv = s_.seq_kv;
        cross_kv_ = s_.encoder_seq > 0 ? s_.encoder_seq : s_.seq_q;
        if (!s_.encoder_cached) {
            reshape(cross_kv_, cross_kv_);
            audio_frontend();
            embedding();
            stack("encoder.", t_.layers, mask::full, cross_attention::absent);
            dense(nm("decoder.", "cross kv"), tokens_, 2 * kv_ * t_.head_dim, t_.hidden,
                  static_cast<double>(t_.decoder_layers) * s_.stage_fraction);
        }
        reshape(decoder_q, decoder_kv);
        embedding();
        stack("decoder.", t_.decoder_layers, mask::causal, cross_attention::present);
        head();
        return finish();
    }

private:
    std::string nm(const std::string& a, const char* b) const { return s_.named ? a + b : std::string(); }

    /// Runs the next blocks over `seq_q` query and `seq_kv` key positions per sequence.
    void reshape(long long seq_q, long long seq_kv) {
        s_.seq_q = seq_q;
        s_.seq_kv = seq_kv;
        tokens_ = s_.batch * seq_q;
        T_ = static_cast<double>(tokens_);
    }

    kernels::norm_kind block_norm() const {
        return t_.norm == norm_type::rms_norm ? kernels::norm_kind::rms_norm : kernels::norm_kind::layer_norm;
    }

    /// Whether the model's own weights are frozen (fine-tuning adapters: peft).
    bool frozen() const { return p_.config.peft != peft::none; }

    /// The backward GEMMs of one of the model's linear layers: dX, and dW unless the weights are frozen.
    detail::backward_gemms weight_grads() const {
        return frozen() ? detail::backward_gemms::data_only : detail::backward_gemms::data_and_weight;
    }

    /// A linear layer of a block: its GEMM and backward (weight_grads); QLoRA first dequantizes its NF4 weights to 16
    /// bits, in forward and again in backward (bitsandbytes' matmul_4bit; torchao's NF4 linear).
    void dense(const std::string& name, long long m, long long n, long long k, double count, long long groups = 1) {
        detail::dense(fwd_, bwd_, name, m, n, k, ty_, tr_, weight_grads(), count, groups);
        const double weights = static_cast<double>(k * n) * static_cast<double>(groups);
        if (tr_ && p_.config.peft == peft::qlora) {
            for (std::vector<kernel>* pass : {&fwd_, &bwd_}) {
                kernel d = kernels::cast(detail::suffixed(name, " dequantize"), weights, dtype::int4, ty_.weight);
                d.fusible = false;
                d.count = count;
                pass->push_back(std::move(d));
            }
        }
        // Old llama.cpp builds dequantize the weights to FP16 before a batched cuBLAS GEMM, once per batch of
        // llama_cpp_ubatch rows (ggml-cuda's to_fp16 conversion: read the 4-bit blocks, write FP16).
        if (!tr_ && ty_.weight == dtype::int4 && m > llama_cpp_mmq_max_rows &&
            dequantizes_for_cublas(p_.config.framework, p_.config.framework_version)) {
            kernel d = kernels::cast(detail::suffixed(name, " dequantize"), weights, dtype::int4, dtype::fp16);
            d.fusible = false;
            d.count = count * static_cast<double>((m + llama_cpp_ubatch - 1) / llama_cpp_ubatch);
            fwd_.push_back(std::move(d));
        }
    }

    /// LoRA adapters beside a linear layer k → each of `outputs` wide, over m rows (Hu et al. 2021, Section 4.1):
    /// per output its A (m × r × k) and B (m × out × r) GEMMs, both trained.
    void adapters(const std::string& name, long long m, long long k, std::initializer_list<long long> outputs,
                  double count) {
        if (!tr_ || !frozen()) {
            return;
        }
        const long long r = p_.config.lora_rank;
        for (const long long out : outputs) {
            detail::dense(fwd_, bwd_, nm(name, " lora A"), m, r, k, ty_, tr_, detail::backward_gemms::data_and_weight,
                          count);
            detail::dense(fwd_, bwd_, nm(name, " lora B"), m, out, r, ty_, tr_, detail::backward_gemms::data_and_weight,
                          count);
        }
    }

    void pointwise(const std::string& name, double n, int inputs, double count, double per_element = 1.0) {
        detail::pointwise(fwd_, bwd_, name, n, inputs, ty_.activation, tr_, count, per_element);
    }

    /// A block's normalization over the pass's tokens: one kernel, or TensorFlow's primitive ops for layer norm.
    void norm(const std::string& name, kernels::norm_kind kind, double count) {
        if (kind == kernels::norm_kind::layer_norm && decomposes_norm_and_gelu(p_.config.framework)) {
            detail::primitive_layer_norm(fwd_, bwd_, name, T_ * h_, ty_.activation, tr_, count);
        } else {
            detail::normalization(fwd_, bwd_, name, T_ * h_, kind, ty_.activation, tr_, count);
        }
    }

    /// Whisper's audio front end (arXiv:2212.04356, Section 2.2) over the pass's encoder positions: a kernel-3
    /// convolution mel_bins → hidden over twice as many spectrogram frames and one hidden → hidden of stride 2, each
    /// an implicit GEMM of 3 · in-channel inputs, each followed by GELU; the spectrogram needs no gradient. Replicated
    /// on tensor-parallel ranks, run by the first pipeline stage.
    void audio_frontend() {
        if (t_.mel_bins <= 0) {
            return;
        }
        const double frames = 2.0 * T_, n = s_.stage_fraction;
        detail::dense(fwd_, bwd_, nm("encoder.", "conv1"), 2 * tokens_, t_.hidden, 3 * t_.mel_bins, ty_, tr_,
                      frozen() ? detail::backward_gemms::none : detail::backward_gemms::weight_only, n);
        pointwise(nm("encoder.", "conv1 gelu"), frames * h_, 1, n, 4.0);
        dense(nm("encoder.", "conv2"), tokens_, t_.hidden, 3 * t_.hidden, n);
        pointwise(nm("encoder.", "conv2 gelu"), T_ * h_, 1, n, 4.0);
    }

    void embedding() {
        kernel e = kernels::embedding("embedding", T_, h_, ty_.activation, kernels::direction::forward);
        e.count = s_.stage_fraction;
        fwd_.push_back(e);
        if (tr_ && !frozen()) {  // a frozen embedding takes no gradient
            kernel b = kernels::embedding("embedding bwd", T_, h_, ty_.activation, kernels::direction::backward);
            b.count = s_.stage_fraction;
            bwd_.push_back(b);
        }
    }

    /// `blocks` blocks (scaled by the stage's share): attention and FFN sub-layers with their norms and
    /// residuals; decoder blocks of an encoder-decoder add cross-attention.
    void stack(const std::string& prefix, long long blocks, mask causal, cross_attention cross) {
        const double n = static_cast<double>(blocks) * s_.stage_fraction;
        if (n <= 0.0) {
            return;
        }
        if (tp_ > 1) {
            tp_reductions_.push_back({T_, n});
        }
        const std::size_t first = fwd_.size();
        core_.clear();
        norm(nm(prefix, "norm1"), block_norm(), n);
        if (latent_attention(t_)) {
            latent_projections(prefix, n);
        } else {
            dense(nm(prefix, "qkv"), tokens_, (heads_ + 2 * kv_) * t_.head_dim, t_.hidden, n);
            if (adapts_all_attention(p_.config.lora_targets)) {
                adapters(nm(prefix, "qkv"), tokens_, t_.hidden,
                         {heads_ * t_.head_dim, kv_ * t_.head_dim, kv_ * t_.head_dim}, n);
            } else {
                adapters(nm(prefix, "qkv"), tokens_, t_.hidden, {heads_ * t_.head_dim, kv_ * t_.head_dim}, n);
            }
        }
        self_attention(nm(prefix, "attention"), causal, n, blocks);
        const long long value_dim = latent_attention(t_) ? t_.v_head_dim : t_.head_dim;
        dense(nm(prefix, "out"), tokens_, t_.hidden, heads_ * value_dim, n);
        if (adapts_all_attention(p_.config.lora_targets)) {
            adapters(nm(prefix, "out"), tokens_, heads_ * value_dim, {t_.hidden}, n);
        }
        pointwise(nm(prefix, "residual1"), T_ * h_, 2, n);
        if (cross == cross_attention::present) {
            norm(nm(prefix, "norm_cross"), kernels::norm_kind::layer_norm, n);
            dense(nm(prefix, "cross q"), tokens_, heads_ * t_.head_dim, t_.hidden, n);
            attention(nm(prefix, "cross-attention"), mask::full, n, 0, cross_kv_);
            dense(nm(prefix, "cross out"), tokens_, t_.hidden, heads_ * t_.head_dim, n);
        }
        norm(nm(prefix, "norm2"), block_norm(), n);
        feed_forward(prefix, blocks, n);
        pointwise(nm(prefix, "residual2"), T_ * h_, 2, n);
        if (tr_) {
            pointwise(nm(prefix, "dropout"), T_ * h_, 1, 2.0 * n);
        }
        recompute(first);
    }

    /// Activation recomputation priced as such (Korthikanti et al. 2022): full recompute runs each block's forward
    /// again in backward; selective recompute only its core attention (QKᵀ, softmax, mask, dropout, PV), which
    /// fused attention recomputes anyway; PyTorch's op-level selective policy (recomputes_op_level) everything but
    /// attention and every other matmul (op_level_recompute).
    void recompute(std::size_t first) {
        if (!tr_ || p_.config.recompute == roofcast::recompute::none) {
            return;
        }
        if (p_.config.recompute == roofcast::recompute::selective && recomputes_op_level(p_.config.framework)) {
            op_level_recompute(first);
            return;
        }
        const bool full = p_.config.recompute == roofcast::recompute::full;
        for (std::size_t i = full ? first : 0; i < (full ? fwd_.size() : core_.size()); ++i) {
            kernel k = fwd_[full ? i : core_[i]];
            k.name = s_.named ? k.name + " recompute" : std::string();
            bwd_.push_back(std::move(k));
        }
    }

    /// PyTorch's op-level selective recomputation (recomputes_op_level: with the block's matmuls in the order q, k, v,
    /// o, then gate, up, down or fc1, fc2, the outputs of the odd ones and of attention are kept): the backward pass
    /// runs again every forward kernel of the block but attention and the GEMMs, and the share of the GEMMs' work the
    /// policy discards, (g·h² + h² + h·F)/(2h² + 2g·h² + 3h·F) gated and (g·h² + h² + h·F)/(2h² + 2g·h² + 2h·F) not,
    /// g the KV heads' share of the heads (memory: transformer_layer_saved).
    void op_level_recompute(std::size_t first) {
        const double h = static_cast<double>(t_.hidden), f = static_cast<double>(t_.ffn_hidden);
        const double g = static_cast<double>(t_.kv_heads) / static_cast<double>(t_.heads);
        const double ffn_gemms = gated(t_.ffn) ? 3.0 : 2.0;
        const double share = (g * h * h + h * h + h * f) / (2.0 * h * h + 2.0 * g * h * h + ffn_gemms * h * f);
        for (std::size_t i = first; i < fwd_.size(); ++i) {
            kernel k = fwd_[i];
            if (k.cls == op_class::attention || std::find(core_.begin(), core_.end(), i) != core_.end()) {
                continue;
            }
            if (k.cls == op_class::gemm) {
                k.count *= share;
            }
            k.name = s_.named ? k.name + " recompute" : std::string();
            bwd_.push_back(std::move(k));
        }
    }

    /// Multi-head latent attention's projections (DeepSeek-V2, arXiv:2405.04434, Section 2.1): query down and up
    /// (or one query projection), the joint KV down projection (the latent is replicated over tensor-parallel ranks)
    /// and the KV up projection of the pass's tokens (in decode absorbed into the query and output projections,
    /// Section 2.1.3: the same work per new token). The small norms of the latents are left out.
    void latent_projections(const std::string& prefix, double n) {
        const long long q_head = t_.qk_nope_head_dim + t_.qk_rope_head_dim;
        if (t_.q_lora_rank > 0) {
            dense(nm(prefix, "q down"), tokens_, t_.q_lora_rank, t_.hidden, n);
            dense(nm(prefix, "q up"), tokens_, heads_ * q_head, t_.q_lora_rank, n);
        } else {
            dense(nm(prefix, "q"), tokens_, heads_ * q_head, t_.hidden, n);
        }
        dense(nm(prefix, "kv down"), tokens_, t_.kv_lora_rank + t_.qk_rope_head_dim, t_.hidden, n);
        dense(nm(prefix, "kv up"), tokens_, heads_ * (t_.qk_nope_head_dim + t_.v_head_dim), t_.kv_lora_rank, n);
    }

    /// Self-attention of `blocks` blocks (count `n`): the windowed ones (sliding_layers of them) attend to at most
    /// sliding_window keys, the rest to every key; `blocks` 0 for attention without a window.
    void self_attention(const std::string& name, mask causal, double n, long long blocks) {
        const long long w = t_.sliding_window;
        if (w <= 0 || t_.sliding_layers <= 0 || blocks <= 0 || s_.seq_kv <= w) {
            attention(name, causal, n);
            return;
        }
        const double share = std::min(1.0, static_cast<double>(t_.sliding_layers) / static_cast<double>(blocks));
        if (share < 1.0) {
            attention(name, causal, n * (1.0 - share));
        }
        attention(nm(name, " window"), causal, n * share, w);
    }

    /// Dense FFNs of the stage's non-MoE blocks; the router, routed and shared experts of its MoE blocks. Routed
    /// tokens (top_k per token) spread evenly over the experts, each expert running its own GEMMs (engines run them
    /// as one grouped GEMM per projection: groups_experts); fewer routed tokens than experts (small-batch decode)
    /// touch only that many experts, one token each. Every token also runs the shared experts. With expert parallelism
    /// the ep ranks pool their routed tokens, each holding experts / ep of the experts: a rank still runs top_k rows
    /// per token of its own, now over fewer, fuller experts, and sends and receives its routed tokens all-to-all before
    /// and after the experts (GShard, arXiv:2006.16668; DeepSpeed-MoE, arXiv:2201.05596), twice more in backward.
    void feed_forward(const std::string& prefix, long long blocks, double n) {
        const long long moe = moe_blocks(t_, blocks);
        const double dense_share = blocks > 0 ? static_cast<double>(blocks - moe) / static_cast<double>(blocks) : 1.0;
        ffn(nm(prefix, "ffn"), tokens_, n * dense_share, f_);
        if (moe > 0) {
            const double moe_n = n * (1.0 - dense_share);
            dense(nm(prefix, "router"), tokens_, t_.experts, t_.hidden, moe_n);
            const long long fe = std::max<long long>(1, expert_ffn_hidden(t_) / tp_);
            const long long ep = p_.config.ep, routed = tokens_ * t_.top_k * ep;  // over the ep ranks
            const bool spread = routed >= t_.experts;
            const long long rows = spread ? routed / t_.experts : 1;
            const long long touched = spread ? t_.experts / ep : routed / ep;
            if (groups_experts(p_.config.framework)) {
                ffn(nm(prefix, "expert"), rows, moe_n, fe, touched);
            } else {
                ffn(nm(prefix, "expert"), rows, moe_n * static_cast<double>(touched), fe);
            }
            if (ep > 1) {
                all_to_all_.push_back({static_cast<double>(tokens_ * t_.top_k) * h_ * element_bytes(ty_.activation),
                                       moe_n * (tr_ ? 4.0 : 2.0)});
            }
            ffn(nm(prefix, "shared expert"), tokens_, moe_n * static_cast<double>(t_.shared_experts), fe);
        }
    }

    /// Up projection (two matrices when gated), activation, down projection, of inner width `f` (this GPU's shard).
    void ffn(const std::string& name, long long rows, double count, long long f, long long groups = 1) {
        if (count <= 0.0) {
            return;
        }
        const bool g = gated(t_.ffn), adapted = p_.config.lora_targets == lora_targets::all;
        const double each = count * static_cast<double>(groups);  // adapters run per group
        dense(nm(name, " up"), rows, g ? 2 * f : f, t_.hidden, count, groups);
        if (adapted) {
            adapters(nm(name, " up"), rows, t_.hidden,
                     g ? std::initializer_list<long long>{f, f} : std::initializer_list<long long>{f}, each);
        }
        const double elements = static_cast<double>(rows) * static_cast<double>(f) * static_cast<double>(groups);
        if (t_.ffn == ffn_kind::gelu && decomposes_norm_and_gelu(p_.config.framework)) {
            detail::primitive_gelu(fwd_, bwd_, nm(name, " act"), elements, ty_.activation, tr_, count);
        } else {
            pointwise(nm(name, " act"), elements, g ? 2 : 1, count, 4.0);
        }
        dense(nm(name, " down"), rows, t_.hidden, f, count, groups);
        if (adapted) {
            adapters(nm(name, " down"), rows, f, {t_.hidden}, each);
        }
    }

    /// Fused attention (one kernel each way), or QKᵀ, softmax, PV with the score mask and dropout; within a
    /// `window` (0: none) of keys, which a longer pass's queries each see in full (about s_q · window scores);
    /// over `keys` positions (0: the pass's seq_kv; cross-attention: the encoder's).
    void attention(const std::string& name, mask causal, double n, long long window = 0, long long keys = 0) {
        if (s_.chunk_tokens > 0 && keys == 0) {
            // In-flight batching: the prefill chunk attends to its own prompt, a kernel of its own beside the decode
            // steps' (one sequence of chunk_tokens queries over chunk_kv keys).
            const transformer_pass decode = s_;
            s_.batch = 1;
            s_.seq_q = decode.chunk_tokens;
            s_.seq_kv = decode.chunk_kv;
            s_.chunk_tokens = 0;
            attention(nm(name, " chunk"), causal, n, window);
            s_ = decode;
        }
        kernels::attention_desc a = attention_shape();
        const long long seq_kv = keys > 0 ? keys : s_.seq_kv;
        a.seq_kv = window > 0 ? std::min(seq_kv, window) : seq_kv;
        a.causal = causal == mask::causal && !(window > 0 && s_.seq_q > window);
        if (*p_.config.fused_attention) {
            for (const kernels::direction d : kernels::all_directions) {
                const bool backward = d == kernels::direction::backward;
                if (backward && !tr_) {
                    break;
                }
                // Inference attends over the KV cache in its type where its width differs from the math's (an FP8
                // cache: FP8 attention; an FP8 model's BF16 cache: BF16 attention).
                const dtype kv = kv_cache_type_of(p_.config);
                const dtype type = tr_ || element_bytes(kv) == element_bytes(ty_.math) ? ty_.math : kv;
                kernel k = kernels::fused_attention(backward ? nm(name, " bwd") : name, a, type, d);
                k.unit = ty_.math_unit;
                // FlashAttention-2 runs FP16 and BF16 on the tensor cores (other types take other kernels).
                k.legacy_mma = k.unit == exec_unit::tensor_core &&
                               (ty_.math == dtype::fp16 || ty_.math == dtype::bf16) &&
                               (p_.config.flash_attention_2 ||
                                runs_flash_attention_2(p_.config.framework, p_.config.framework_version));
                k.count = n;
                (backward ? bwd_ : fwd_).push_back(std::move(k));
            }
            return;
        }
        const std::size_t core_begin = fwd_.size();
        // Mixed precision under torch.autocast runs softmax in FP32 (its float32 op list), so the probabilities and
        // their dropout are FP32 tensors, cast back to 16 bits for PV.
        const std::optional<dtype> softmax_type = ty_.fp32_master && autocasts_softmax_to_fp32(p_.config.framework)
                                                      ? std::optional<dtype>(dtype::fp32)
                                                      : std::nullopt;
        unfused(kernels::unfused_attention(name, a, ty_.activation, kernels::direction::forward, softmax_type), fwd_,
                n);
        const double scores = static_cast<double>(s_.batch * heads_ * s_.seq_q * a.seq_kv);
        pointwise(nm(name, " scale"), scores, 1, n);  // scores / √d: eager code scales after QKᵀ
        pointwise(nm(name, " mask"), scores, 1, n);
        if (tr_) {
            detail::pointwise(fwd_, bwd_, nm(name, " dropout"), scores, 1, softmax_type.value_or(ty_.activation), tr_,
                              n);
            unfused(kernels::unfused_attention(name, a, ty_.activation, kernels::direction::backward, softmax_type),
                    bwd_, n);
        }
        for (std::size_t i = core_begin; i < fwd_.size(); ++i) {
            core_.push_back(i);
        }
    }

    /// The attention of this GPU's heads. Latent attention (DeepSeek-V2, Section 2.1) attends with query/key heads of
    /// nope + rope and value heads of v_head_dim, given as their mean width so that 4·s_q·s_kv·d is its work; decode
    /// attends in the latent (absorbed): one shared KV head, keys of kv_lora_rank + rope, values of kv_lora_rank.
    kernels::attention_desc attention_shape() const {
        kernels::attention_desc a;
        a.batch = s_.batch;
        a.heads = heads_;
        a.kv_heads = kv_;
        a.seq_q = s_.seq_q;
        a.head_dim = t_.head_dim;
        if (latent_attention(t_)) {
            const bool absorbed = !tr_ && s_.seq_q < s_.seq_kv;
            a.kv_heads = absorbed ? 1 : heads_;
            a.head_dim = absorbed ? (2 * t_.kv_lora_rank + t_.qk_rope_head_dim) / 2
                                  : (t_.qk_nope_head_dim + t_.qk_rope_head_dim + t_.v_head_dim) / 2;
        }
        return a;
    }

    /// Appends unfused attention kernels, their GEMMs in the run's math type.
    void unfused(std::vector<kernel> ks, std::vector<kernel>& out, double n) const {
        for (kernel& k : ks) {
            if (k.shape) {
                k.type = ty_.math;
                k.unit = ty_.math_unit;
            }
            k.count = n;
            out.push_back(std::move(k));
        }
    }

    /// Final norm and, where logits are computed, the output projection (and training's cross-entropy).
    void head() {
        norm("final norm", kernels::norm_kind::layer_norm, s_.stage_fraction);
        if (s_.logits_rows <= 0) {
            return;
        }
        const long long vocab = std::max<long long>(1, t_.vocab / tp_);
        // The output layer stays in 16 bits under QLoRA (only the blocks' layers are quantized).
        detail::dense(fwd_, bwd_, "lm head", s_.logits_rows, vocab, t_.hidden, ty_, tr_, weight_grads(),
                      s_.stage_fraction);
        if (tr_) {
            const double logits = static_cast<double>(s_.logits_rows) * static_cast<double>(vocab);
            for (const kernels::direction d : kernels::all_directions) {
                for (kernel k : kernels::cross_entropy("cross entropy", logits, ty_.activation, d)) {
                    k.count = s_.stage_fraction;
                    (d == kernels::direction::backward ? bwd_ : fwd_).push_back(std::move(k));
                }
            }
        }
    }

    /// Forward then backward kernels, the optimizer over this GPU's parameters, and the collectives:
    /// Megatron tensor parallelism all-reduces the activations twice per block forward (four times in
    /// training); expert parallelism exchanges the routed tokens all-to-all (feed_forward); data parallelism
    /// all-reduces the gradients (ZeRO-3/FSDP: gathers the parameters for forward and backward and reduce-scatters
    /// the gradients instead).
    lowered_work finish() {
        lowered_work w = detail::join(std::move(fwd_), std::move(bwd_), detail::backward_order::as_appended);
        const run_config& c = p_.config;
        // This GPU's parameters (local_parameters is per pipeline stage of equal share; this pass's stage holds
        // stage_fraction of the blocks).
        const double local_params = local_parameters(*p_.source, c) * c.pp * s_.stage_fraction;
        const double trained = trainable_parameters(*p_.source, c) * c.pp * s_.stage_fraction;
        if (tr_ && c.optimizer && !c.offload.optimizer_on_host()) {  // an offloaded optimizer steps on the CPU
            detail::optimizer(w.kernels, c.zero >= 1 ? trained / p_.dp : trained, *c.optimizer, ty_);
        }
        for (const auto& [tokens, blocks] : tp_reductions_) {  // empty without tensor parallelism
            w.collectives.push_back({"tp all-reduce", collective::kind::all_reduce,
                                     tokens * h_ * element_bytes(ty_.activation), static_cast<int>(tp_),
                                     blocks * (tr_ ? 4.0 : 2.0), collective::timing::critical_path});
        }
        for (const auto& [sent, count] : all_to_all_) {
            w.collectives.push_back({"ep all-to-all", collective::kind::all_to_all, sent, p_.config.ep, count,
                                     collective::timing::critical_path, p_.config.tp});
        }
        if (tr_ && p_.dp > 1) {
            detail::data_parallel_collectives(w, p_, local_params, trained);
        }
        return w;
    }

    const run_plan& p_;
    const transformer_config& t_;
    /// The pass, its positions as the blocks being lowered see them (reshape).
    transformer_pass s_;
    const precision_types ty_;
    const bool tr_;
    const long long tp_;
    long long tokens_;
    double T_;
    const double h_;
    const long long heads_, kv_, f_;
    std::vector<kernel> fwd_, bwd_;
    /// Indices in fwd_ of the current stack's core-attention kernels (what selective recompute runs again).
    std::vector<std::size_t> core_;
    /// Encoder positions the cross-attention reads.
    long long cross_kv_ = 0;
    /// Tensor-parallel all-reduces of each stack lowered: its tokens and blocks.
    std::vector<std::pair<double, double>> tp_reductions_;
    /// Expert-parallel all-to-alls of each stack lowered: bytes each rank sends, and how many.
    std::vector<std::pair<double, double>> all_to_all_;
};

/// How a CNN's lowering names its kernels: each after its layer (for reports), or not at all, repeated identical
/// layers folded into one kernel with a count (for predictions).
enum class kernel_names { per_layer, folded };

/// Lowers a CNN for one forward (and, training, backward and optimizer) pass of `batch` images on one GPU:
/// per layer a convolution (implicit GEMM; dgrad except for the first, wgrad), batch norm (training:
/// statistics and normalize; inference: a scale and shift), activation, add, concat, pooling, each with its
/// backward in training, backward in reverse layer order. Unnamed lowering (for predictions) folds repeated
/// identical layers into one kernel with a count: ResNet-50's 16 bottleneck blocks have 8 distinct shapes.
class cnn_lowering {
public:
    /// Lowers plan `p` (a CNN) at `batch` images, with kernel names when `names` asks for them.
    cnn_lowering(const run_plan& p, long long batch, kernel_names names)
        : p_(p),
          ty_(p.types),
          tr_(p.config.mode == mode::train),
          batch_(batch),
          b_(static_cast<double>(batch)),
          named_(names == kernel_names::per_layer) {
        fwd_.reserve(p.cnn->layers.size());
        bwd_.reserve(2 * p.cnn->layers.size());
    }

    /// The kernels and collectives.
    lowered_work lower() {
        for (const cnn_layer& l : p_.cnn->layers) {
            if (!named_ && fold(l)) {
                continue;
            }
            const std::size_t fwd_begin = fwd_.size(), bwd_begin = bwd_.size();
            const bool was_first_conv = first_conv_ && l.kind == cnn_layer_kind::conv;
            layer(l);
            if (!named_) {
                seen_.add(l, was_first_conv, {fwd_begin, fwd_.size(), bwd_begin, bwd_.size()});
            }
        }
        return finish();
    }

private:
    /// Adds one to the count of the kernels of an identical layer already lowered; false when there is none.
    bool fold(const cnn_layer& l) {
        const detail::layer_index::kernel_range* k = seen_.find(l, first_conv_ && l.kind == cnn_layer_kind::conv);
        if (k == nullptr) {
            return false;
        }
        for (std::size_t i = k->fwd_begin; i < k->fwd_end; ++i) {
            fwd_[i].count += 1.0;
        }
        for (std::size_t i = k->bwd_begin; i < k->bwd_end; ++i) {
            bwd_[i].count += 1.0;
        }
        first_conv_ = first_conv_ && l.kind != cnn_layer_kind::conv;
        return true;
    }

    void layer(const cnn_layer& l) {
        static const std::string unnamed;
        const std::string& name = named_ ? l.name : unnamed;
        const dtype act = ty_.activation;
        const double out = b_ * static_cast<double>(l.c_out * l.h_out * l.w_out);
        const double in = b_ * static_cast<double>(l.c_in * l.h_in * l.w_in);
        switch (l.kind) {
            case cnn_layer_kind::conv: convolution(l, name); break;
            case cnn_layer_kind::linear:
                detail::dense(fwd_, bwd_, name, batch_, l.c_out, l.c_in * l.h_in * l.w_in, ty_, tr_,
                              detail::backward_gemms::data_and_weight, 1.0);
                break;
            case cnn_layer_kind::batch_norm:
                if (tr_) {
                    detail::normalization(fwd_, bwd_, name, out, kernels::norm_kind::batch_norm, act, tr_, 1.0);
                } else {  // a per-channel scale and shift, fusible into the convolution
                    fwd_.push_back(kernels::elementwise(name, out, 1, 1, act, 2.0));
                }
                break;
            case cnn_layer_kind::activation:
                detail::pointwise(fwd_, bwd_, name, out, 1, act, tr_, 1.0, l.flops_per_element);
                break;
            case cnn_layer_kind::add: detail::pointwise(fwd_, bwd_, name, out, 2, act, tr_, 1.0); break;
            case cnn_layer_kind::multiply: detail::pointwise(fwd_, bwd_, name, out, 1, act, tr_, 1.0); break;
            case cnn_layer_kind::concat: concat(name, out); break;
            case cnn_layer_kind::layer_norm:
                detail::normalization(fwd_, bwd_, name, out, kernels::norm_kind::layer_norm, act, tr_, 1.0);
                break;
            case cnn_layer_kind::softmax:
                fwd_.push_back(kernels::softmax(name, out, act, kernels::direction::forward));
                if (tr_) {
                    bwd_.push_back(
                        kernels::softmax(detail::suffixed(name, " bwd"), out, act, kernels::direction::backward));
                }
                break;
            case cnn_layer_kind::matmul: matmul(l, name); break;
            case cnn_layer_kind::embedding: {  // rows gathered from the table; in training scattered back into it
                const double rows = b_ * static_cast<double>(l.h_out * l.w_out);
                fwd_.push_back(
                    kernels::embedding(name, rows, static_cast<double>(l.c_out), act, kernels::direction::forward));
                if (tr_) {
                    bwd_.push_back(kernels::embedding(detail::suffixed(name, " bwd"), rows,
                                                      static_cast<double>(l.c_out), act, kernels::direction::backward));
                }
                break;
            }
            case cnn_layer_kind::max_pool:
            case cnn_layer_kind::avg_pool:
                fwd_.push_back(kernels::pooling(name, in, out, static_cast<double>(l.r * l.s), act));
                if (tr_) {
                    bwd_.push_back(kernels::pooling(detail::suffixed(name, " bwd"), out * 2.0, in, 1.0, act));
                }
                break;
        }
    }

    /// A product of two activations, `groups` per sample: C[m,n] = A[m,k]·B[k,n] batched; in training both
    /// operands' gradients, dA = dC·Bᵀ and dB = Aᵀ·dC, two more batched GEMMs of the same FLOPs.
    void matmul(const cnn_layer& l, const std::string& name) {
        const long long m = l.h_out * l.w_out, n = l.c_out / l.groups, k = l.c_in / l.groups, batch = batch_ * l.groups;
        fwd_.push_back(kernels::gemm(name, m, n, k, ty_.math, ty_.activation, ty_.math_unit, batch));
        if (tr_) {
            bwd_.push_back(
                kernels::gemm(detail::suffixed(name, " dA"), m, k, n, ty_.math, ty_.activation, ty_.math_unit, batch));
            bwd_.push_back(
                kernels::gemm(detail::suffixed(name, " dB"), k, n, m, ty_.math, ty_.activation, ty_.math_unit, batch));
        }
    }

    void convolution(const cnn_layer& l, const std::string& name) {
        kernels::conv2d_desc d;
        d.n = batch_;
        d.c = l.c_in;
        d.h = l.h_in;
        d.w = l.w_in;
        d.k = l.c_out;
        d.r = l.r;
        d.s = l.s;
        d.stride = l.stride;
        d.pad = l.pad_h;
        d.pad_w = l.pad_w;
        d.groups = l.groups;
        // Tensor cores convolve NHWC; on NCHW tensors cuDNN transposes each pass's two activation operands in and
        // out (x and y forward, dy and dx for dgrad, x and dy for wgrad): one read and one write of each (Composer's
        // channels_last method card; about 30% of a ResNet-50 step on V100 and A100).
        const bool transposes = !p_.config.channels_last && ty_.math_unit == exec_unit::tensor_core;
        const double operands = b_ * static_cast<double>(l.c_in * l.h_in * l.w_in + l.c_out * l.h_out * l.w_out);
        const auto transpose = [&](std::vector<kernel>& to) {
            if (transposes) {
                kernel t = kernels::elementwise(detail::suffixed(name, " nchw transposes"), operands, 1, 1,
                                                ty_.activation, 0.0);
                t.fusible = false;
                to.push_back(std::move(t));
            }
        };
        fwd_.push_back(kernels::conv2d(name, d, kernels::conv_pass::forward, ty_.math, ty_.math_unit));
        transpose(fwd_);
        if (tr_) {
            if (!first_conv_) {  // no gradient for the input images
                bwd_.push_back(kernels::conv2d(name, d, kernels::conv_pass::backward_data, ty_.math, ty_.math_unit));
                transpose(bwd_);
            }
            bwd_.push_back(kernels::conv2d(name, d, kernels::conv_pass::backward_weight, ty_.math, ty_.math_unit));
            transpose(bwd_);
        }
        first_conv_ = false;
    }

    void concat(const std::string& name, double out) {
        kernel k = kernels::elementwise(name, out, 1, 1, ty_.activation, 0.0);
        k.fusible = false;
        fwd_.push_back(k);
        if (tr_) {
            bwd_.push_back(k);
        }
    }

    /// Forward, then backward in reverse layer order, the optimizer (SGD with momentum by default) and the
    /// data-parallel gradient all-reduce.
    lowered_work finish() {
        if (tr_ && p_.config.recompute == roofcast::recompute::full) {  // the forward again, in backward
            for (std::size_t i = fwd_.size(); i-- > 0;) {
                bwd_.push_back(fwd_[i]);
            }
        }
        lowered_work w = detail::join(std::move(fwd_), std::move(bwd_), detail::backward_order::reversed);
        const run_config& c = p_.config;
        const double params = parameters(*p_.cnn);
        if (tr_ && c.optimizer && !c.offload.optimizer_on_host()) {  // an offloaded optimizer steps on the CPU
            detail::optimizer(w.kernels, c.zero >= 1 ? params / p_.dp : params, *c.optimizer, ty_);
        }
        if (tr_ && p_.dp > 1) {
            w.collectives.push_back({"gradient all-reduce", collective::kind::all_reduce,
                                     params * element_bytes(detail::gradient_type(ty_)), p_.dp, 1.0,
                                     collective::timing::overlapped});
        }
        return w;
    }

    const run_plan& p_;
    const precision_types ty_;
    const bool tr_;
    const long long batch_;
    const double b_;
    const bool named_;
    bool first_conv_ = true;
    std::vector<kernel> fwd_, bwd_;
    detail::layer_index seen_;
};

/// Lowers pass `s` of plan `p` (a transformer) for one GPU (transformer_lowering).
inline lowered_work lower_transformer(const run_plan& p, const transformer_pass& s) {
    return transformer_lowering(p, s).lower();
}

/// Lowers plan `p` (a CNN) at `batch` images for one GPU (cnn_lowering).
inline lowered_work lower_cnn(const run_plan& p, long long batch, kernel_names names = kernel_names::per_layer) {
    return cnn_lowering(p, batch, names).lower();
}

}  // namespace roofcast

#endif
