/// @file
/// Lowering of whole workloads to kernels: a CNN or transformer, for one GPU's share of one training step,
/// one forward pass, one prefill or one decode step, plus the collectives parallelism adds.
#ifndef ROOFCAST_MODEL_LOWER_WORKLOAD_HPP
#define ROOFCAST_MODEL_LOWER_WORKLOAD_HPP

#include <roofcast/error.hpp>
#include <roofcast/model/kernel.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// A collective operation among GPUs.
struct collective {
    /// What it does.
    enum class kind { all_reduce, all_gather, reduce_scatter, send_recv };
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
    /// Whether it can overlap with backward computation (data-parallel gradients, ZeRO/FSDP gathers);
    /// tensor-parallel all-reduces sit on the critical path.
    bool overlappable = false;
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

/// Appends a GEMM with weights and, when training, its data-gradient and weight-gradient GEMMs
/// (dX = dY·Wᵀ: M×K×N; dW = Xᵀ·dY: K×N×M).
inline void dense(std::vector<kernel>& fwd, std::vector<kernel>& bwd, const std::string& name, long long m, long long n,
                  long long k, const precision_types& t, bool training, bool need_dgrad, double count) {
    kernel f = kernels::gemm(name, m, n, k, t.math, t.activation, t.math_unit);
    f.count = count;
    f.read = (static_cast<double>(m * k) * element_bytes(t.activation) +
              static_cast<double>(k * n) * element_bytes(t.weight)) *
             units::byte;
    fwd.push_back(std::move(f));
    if (training) {
        if (need_dgrad) {
            kernel d = kernels::gemm(suffixed(name, " dgrad"), m, k, n, t.math, t.activation, t.math_unit);
            d.count = count;
            bwd.push_back(std::move(d));
        }
        kernel w = kernels::gemm(suffixed(name, " wgrad"), k, n, m, t.math, t.activation, t.math_unit);
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
    kernel f = kernels::norm(name, n, kind, type, false);
    f.count = count;
    fwd.push_back(std::move(f));
    if (training) {
        kernel b = kernels::norm(suffixed(name, " bwd"), n, kind, type, true);
        b.count = count;
        bwd.push_back(std::move(b));
    }
}

/// The math types of a run: FP32 with TF32 allowed runs GEMMs as TF32 on tensor cores.
inline precision_types run_types(const run_config& c) {
    precision_types t = types_of(c.precision);
    if (c.precision == precision::fp32 && c.allow_tf32) {
        t.math = dtype::tf32;
        t.math_unit = exec_unit::tensor_core;
    }
    return t;
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

}  // namespace detail

/// Options of transformer lowering that the caller decides from the phase.
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
    /// Whether kernels carry names (for reports); predictions lower without them, which is faster.
    bool named = true;
};

/// Lowers a transformer for one pass on one GPU (tensor-parallel shard `c.tp`).
inline lowered_work lower_transformer(const transformer_config& t, const run_config& c, const transformer_pass& p) {
    const precision_types ty = detail::run_types(c);
    const dtype act = ty.activation;
    const bool fused = c.fused_attention.value_or(false);
    const long long tp = c.tp;
    if (t.heads % tp != 0) {
        throw input_error(t.name + ": tp = " + std::to_string(tp) + " does not divide its " + std::to_string(t.heads) +
                          " attention heads");
    }
    const long long tokens = p.batch * p.seq_q;
    const double T = static_cast<double>(tokens), h = static_cast<double>(t.hidden);
    const long long heads = t.heads / tp, kv = std::max<long long>(1, t.kv_heads / tp);
    const long long f = std::max<long long>(1, t.ffn_hidden / tp);
    std::vector<kernel> fwd, bwd;
    fwd.reserve(64);
    bwd.reserve(128);
    const bool tr = p.training;
    auto nm = [&p](const std::string& a, const char* b) { return p.named ? a + b : std::string(); };
    auto stack = [&](const std::string& prefix, long long blocks, bool causal, bool cross) {
        const double n = static_cast<double>(blocks) * p.stage_fraction;
        if (n <= 0.0) {
            return;
        }
        detail::normalization(
            fwd, bwd, nm(prefix, "norm1"), T * h,
            t.norm == norm_type::rms_norm ? kernels::norm_kind::rms_norm : kernels::norm_kind::layer_norm, act, tr, n);
        detail::dense(fwd, bwd, nm(prefix, "qkv"), tokens, (heads + 2 * kv) * t.head_dim, t.hidden, ty, tr, true, n);
        kernels::attention_desc a;
        a.batch = p.batch;
        a.heads = heads;
        a.kv_heads = kv;
        a.seq_q = p.seq_q;
        a.seq_kv = p.seq_kv;
        a.head_dim = t.head_dim;
        a.causal = causal;
        auto attention = [&](const std::string& name) {
            if (fused) {
                kernel k = kernels::fused_attention(name, a, ty.math, false);
                k.unit = ty.math_unit;
                k.count = n;
                fwd.push_back(k);
                if (tr) {
                    kernel b = kernels::fused_attention(nm(name, " bwd"), a, ty.math, true);
                    b.unit = ty.math_unit;
                    b.count = n;
                    bwd.push_back(std::move(b));
                }
            } else {
                for (kernel k : kernels::unfused_attention(name, a, act, false)) {
                    if (k.shape) {
                        k.type = ty.math;
                        k.unit = ty.math_unit;
                    }
                    k.count = n;
                    fwd.push_back(k);
                }
                // Scale/mask and (training) dropout on the scores.
                const double scores = static_cast<double>(p.batch * heads * p.seq_q * p.seq_kv);
                detail::pointwise(fwd, bwd, nm(name, " mask"), scores, 1, act, tr, n);
                if (tr) {
                    detail::pointwise(fwd, bwd, nm(name, " dropout"), scores, 1, act, tr, n);
                    for (kernel k : kernels::unfused_attention(name, a, act, true)) {
                        if (k.shape) {
                            k.type = ty.math;
                            k.unit = ty.math_unit;
                        }
                        k.count = n;
                        bwd.push_back(k);
                    }
                }
            }
        };
        attention(nm(prefix, "attention"));
        detail::dense(fwd, bwd, nm(prefix, "out"), tokens, t.hidden, heads * t.head_dim, ty, tr, true, n);
        detail::pointwise(fwd, bwd, nm(prefix, "residual1"), T * h, 2, act, tr, n);
        if (cross) {
            detail::normalization(fwd, bwd, nm(prefix, "norm_cross"), T * h, kernels::norm_kind::layer_norm, act, tr,
                                  n);
            detail::dense(fwd, bwd, nm(prefix, "cross q"), tokens, heads * t.head_dim, t.hidden, ty, tr, true, n);
            attention(nm(prefix, "cross-attention"));
            detail::dense(fwd, bwd, nm(prefix, "cross out"), tokens, t.hidden, heads * t.head_dim, ty, tr, true, n);
        }
        detail::normalization(
            fwd, bwd, nm(prefix, "norm2"), T * h,
            t.norm == norm_type::rms_norm ? kernels::norm_kind::rms_norm : kernels::norm_kind::layer_norm, act, tr, n);
        const long long moe = moe_blocks(t, blocks);
        auto ffn = [&](const std::string& name, long long rows, double count) {
            if (count <= 0.0) {
                return;
            }
            detail::dense(fwd, bwd, nm(name, " up"), rows, gated(t.ffn) ? 2 * f : f, t.hidden, ty, tr, true, count);
            detail::pointwise(fwd, bwd, nm(name, " act"), static_cast<double>(rows) * static_cast<double>(f),
                              gated(t.ffn) ? 2 : 1, act, tr, count, 4.0);
            detail::dense(fwd, bwd, nm(name, " down"), rows, t.hidden, f, ty, tr, true, count);
        };
        const double dense_share = blocks > 0 ? static_cast<double>(blocks - moe) / static_cast<double>(blocks) : 1.0;
        ffn(nm(prefix, "ffn"), tokens, n * dense_share);
        if (moe > 0) {
            const double moe_n = n * (1.0 - dense_share);
            detail::dense(fwd, bwd, nm(prefix, "router"), tokens, t.experts, t.hidden, ty, tr, true, moe_n);
            // Tokens spread evenly over the experts; each expert runs its own GEMMs.
            const long long rows = std::max<long long>(1, tokens * t.top_k / t.experts);
            ffn(nm(prefix, "expert"), rows, moe_n * static_cast<double>(t.experts));
        }
        detail::pointwise(fwd, bwd, nm(prefix, "residual2"), T * h, 2, act, tr, n);
        if (tr) {
            detail::pointwise(fwd, bwd, nm(prefix, "dropout"), T * h, 1, act, tr, 2.0 * n);
        }
    };
    // Embeddings.
    kernel emb = kernels::embedding("embedding", T, h, act, false);
    emb.count = p.stage_fraction;
    fwd.push_back(emb);
    if (tr) {
        kernel e = kernels::embedding("embedding bwd", T, h, act, true);
        e.count = p.stage_fraction;
        bwd.push_back(e);
    }
    if (t.kind == transformer_kind::encoder_decoder) {
        stack("encoder.", t.layers, false, false);
        stack("decoder.", t.decoder_layers, true, true);
    } else {
        stack("", t.layers, t.kind == transformer_kind::decoder, false);
    }
    detail::normalization(fwd, bwd, "final norm", T * h, kernels::norm_kind::layer_norm, act, tr, p.stage_fraction);
    if (p.logits_rows > 0) {
        const long long vocab = std::max<long long>(1, t.vocab / tp);
        detail::dense(fwd, bwd, "lm head", p.logits_rows, vocab, t.hidden, ty, tr, true, p.stage_fraction);
        if (tr) {
            detail::pointwise(fwd, bwd, "cross entropy",
                              static_cast<double>(p.logits_rows) * static_cast<double>(vocab), 1, act, tr,
                              p.stage_fraction, 5.0);
        }
    }
    lowered_work w;
    w.kernels = std::move(fwd);
    w.backward_begin = w.kernels.size();
    w.kernels.reserve(w.kernels.size() + bwd.size() + 1);
    w.kernels.insert(w.kernels.end(), std::make_move_iterator(bwd.begin()), std::make_move_iterator(bwd.end()));
    w.optimizer_begin = w.kernels.size();
    const int dp = data_parallel(c);
    const double local_params = parameters(t) / static_cast<double>(tp) * p.stage_fraction;
    if (tr && c.with_optimizer) {
        detail::optimizer(w.kernels, c.zero >= 1 ? local_params / dp : local_params,
                          c.optimizer.value_or(kernels::optimizer_kind::adamw), ty);
    }
    // Megatron tensor parallelism: two all-reduces of the activations per block forward, two backward.
    if (tp > 1) {
        const double blocks = static_cast<double>(t.layers + t.decoder_layers) * p.stage_fraction;
        w.collectives.push_back({"tp all-reduce", collective::kind::all_reduce, T * h * element_bytes(act),
                                 static_cast<int>(tp), blocks * (tr ? 4.0 : 2.0), false});
    }
    if (tr && dp > 1) {
        const double grad_bytes = local_params * element_bytes(ty.activation == dtype::fp32 ? dtype::fp32 : act);
        if (c.zero >= 3) {
            // FSDP / ZeRO-3: gather the parameters for forward and backward, reduce-scatter the gradients.
            w.collectives.push_back({"zero-3 all-gather", collective::kind::all_gather,
                                     local_params * element_bytes(ty.weight), dp, 2.0, true});
            w.collectives.push_back(
                {"gradient reduce-scatter", collective::kind::reduce_scatter, grad_bytes, dp, 1.0, true});
        } else {
            w.collectives.push_back({"gradient all-reduce", collective::kind::all_reduce, grad_bytes, dp, 1.0, true});
        }
    }
    return w;
}

/// Lowers a CNN for one forward (and, training, backward and optimizer) pass of `batch` images on one GPU.
inline lowered_work lower_cnn(const cnn_graph& g, const run_config& c, long long batch, bool named = true) {
    static const std::string unnamed;
    const precision_types ty = detail::run_types(c);
    const bool tr = c.mode == mode::train;
    const dtype act = ty.activation;
    // cuDNN convolutions run FP32 as TF32 on tensor-core GPUs unless disabled (PyTorch's default).
    const dtype conv_math = ty.math;
    std::vector<kernel> fwd, bwd;
    fwd.reserve(g.layers.size());
    bwd.reserve(2 * g.layers.size());
    const double b = static_cast<double>(batch);
    bool first_conv = true;
    // Unnamed lowering (for predictions) folds repeated identical layers into one kernel with a count:
    // ResNet-50's 16 bottleneck blocks have 8 distinct shapes, so costing does half the work.
    detail::layer_index seen;
    for (const cnn_layer& layer : g.layers) {
        const cnn_layer& l = layer;
        if (!named) {
            if (const detail::layer_index::kernel_range* k =
                    seen.find(l, first_conv && l.kind == cnn_layer_kind::conv)) {
                for (std::size_t i = k->fwd_begin; i < k->fwd_end; ++i) {
                    fwd[i].count += 1.0;
                }
                for (std::size_t i = k->bwd_begin; i < k->bwd_end; ++i) {
                    bwd[i].count += 1.0;
                }
                first_conv = first_conv && l.kind != cnn_layer_kind::conv;
                continue;
            }
        }
        const std::size_t fwd_begin = fwd.size(), bwd_begin = bwd.size();
        const bool was_first_conv = first_conv && l.kind == cnn_layer_kind::conv;
        const std::string& name = named ? l.name : unnamed;
        const double out = b * static_cast<double>(l.c_out * l.h_out * l.w_out);
        const double in = b * static_cast<double>(l.c_in * l.h_in * l.w_in);
        switch (l.kind) {
            case cnn_layer_kind::conv: {
                kernels::conv2d_desc d;
                d.n = batch;
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
                fwd.push_back(kernels::conv2d(name, d, kernels::conv_pass::forward, conv_math, ty.math_unit));
                if (tr) {
                    if (!first_conv) {  // no gradient for the input images
                        bwd.push_back(
                            kernels::conv2d(name, d, kernels::conv_pass::backward_data, conv_math, ty.math_unit));
                    }
                    bwd.push_back(
                        kernels::conv2d(name, d, kernels::conv_pass::backward_weight, conv_math, ty.math_unit));
                }
                first_conv = false;
                break;
            }
            case cnn_layer_kind::linear:
                detail::dense(fwd, bwd, name, batch, l.c_out, l.c_in * l.h_in * l.w_in, ty, tr, true, 1.0);
                break;
            case cnn_layer_kind::batch_norm:
                if (tr) {
                    detail::normalization(fwd, bwd, name, out, kernels::norm_kind::batch_norm, act, tr, 1.0);
                } else {
                    // Inference batch norm is a per-channel scale and shift (fusible into the convolution).
                    detail::pointwise(fwd, bwd, name, out, 1, act, false, 1.0, 2.0);
                }
                break;
            case cnn_layer_kind::activation:
                detail::pointwise(fwd, bwd, name, out, 1, act, tr, 1.0, l.flops_per_element);
                break;
            case cnn_layer_kind::add: detail::pointwise(fwd, bwd, name, out, 2, act, tr, 1.0); break;
            case cnn_layer_kind::multiply: detail::pointwise(fwd, bwd, name, out, 1, act, tr, 1.0); break;
            case cnn_layer_kind::concat: {
                kernel k = kernels::elementwise(name, out, 1, 1, act, 0.0);
                k.fusible = false;
                fwd.push_back(k);
                if (tr) {
                    bwd.push_back(k);
                }
                break;
            }
            case cnn_layer_kind::max_pool:
            case cnn_layer_kind::avg_pool: {
                fwd.push_back(kernels::pooling(name, in, out, static_cast<double>(l.r * l.s), act));
                if (tr) {
                    bwd.push_back(kernels::pooling(detail::suffixed(name, " bwd"), out * 2.0, in, 1.0, act));
                }
                break;
            }
        }
        if (!named) {
            seen.add(l, was_first_conv, {fwd_begin, fwd.size(), bwd_begin, bwd.size()});
        }
    }
    // Loss and (training) its gradient over the logits: negligible but launched.
    lowered_work w;
    w.kernels = std::move(fwd);
    w.backward_begin = w.kernels.size();
    w.kernels.reserve(w.kernels.size() + bwd.size() + 1);
    // Backward runs the layers in reverse.
    w.kernels.insert(w.kernels.end(), std::make_move_iterator(bwd.rbegin()), std::make_move_iterator(bwd.rend()));
    w.optimizer_begin = w.kernels.size();
    const double params = parameters(g);
    const int dp = data_parallel(c);
    if (tr && c.with_optimizer) {
        detail::optimizer(w.kernels, c.zero >= 1 ? params / dp : params,
                          c.optimizer.value_or(kernels::optimizer_kind::momentum), ty);
    }
    if (tr && dp > 1) {
        w.collectives.push_back({"gradient all-reduce", collective::kind::all_reduce,
                                 params * element_bytes(act == dtype::fp32 ? dtype::fp32 : act), dp, 1.0, true});
    }
    return w;
}

}  // namespace roofcast

#endif
