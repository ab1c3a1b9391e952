/// @file
/// Lowering of operations to kernels: GEMMs, convolutions (implicit GEMM), attention (fused and unfused),
/// pointwise, norms, softmax, embeddings, pooling, casts and optimizer updates. Each builder states the
/// FLOPs and the minimal DRAM traffic of the kernel(s) it returns.
#ifndef ROOFCAST_MODEL_LOWERING_HPP
#define ROOFCAST_MODEL_LOWERING_HPP

#include <roofcast/error.hpp>
#include <roofcast/model/kernel.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace roofcast {
namespace kernels {

/// The pass a kernel belongs to.
enum class direction { forward, backward };

/// Both passes, forward first.
inline constexpr std::array<direction, 2> all_directions = {direction::forward, direction::backward};

/// Whether a memory-bound kernel may fold into its neighbours (the profile's fusion fraction then removes part of it).
enum class fusion { separate, fusible };

namespace detail {

/// Throws input_error unless every dimension is at least 1 (the message is built only on failure).
inline void require_positive(const char* what, const std::string& name, std::initializer_list<long long> dims) {
    for (long long d : dims) {
        if (d < 1) {
            throw input_error(std::string(what) + " " + name + ": every dimension must be at least 1, got " +
                              std::to_string(d));
        }
    }
}

/// Largest M·N·batch, M·K·batch or K·N·batch of a GEMM-like kernel (1e18: exabytes of operands). Keeps the
/// tile and wave counts of costing far from 2^63; a larger kernel fails with input_error.
inline constexpr double max_gemm_elements = 1e18;

/// Throws input_error unless the operand and result sizes of an m×n×k GEMM, `batch` times, are at most
/// max_gemm_elements (in floating point, so the check itself cannot overflow).
inline void require_representable(const char* what, const std::string& name, double m, double n, double k,
                                  double batch) {
    const double largest = std::max({m * n, m * k, k * n}) * batch;
    if (!(largest <= max_gemm_elements)) {
        char size[128];
        std::snprintf(size, sizeof size, "%.6g x %.6g x %.6g (batch %.6g)", m, n, k, batch);
        throw input_error(std::string(what) + " " + name + ": " + size +
                          " is too large to model (an operand above 1e18 elements)");
    }
}

/// A memory-bound kernel on the CUDA cores.
inline kernel streaming(std::string name, op_class cls, dtype type, double work, double read, double written,
                        fusion f) {
    kernel k;
    k.name = std::move(name);
    k.cls = cls;
    k.unit = exec_unit::cuda_core;
    k.type = type;
    k.work = work * units::flop;
    k.read = read * units::byte;
    k.written = written * units::byte;
    k.fusible = f == fusion::fusible;
    return k;
}

}  // namespace detail

/// C[m,n] = A[m,k] B[k,n], `batch` times: 2·m·n·k·batch FLOPs; reads A and B once, writes C once.
inline kernel gemm(std::string name, long long m, long long n, long long k, dtype in, dtype out, exec_unit unit,
                   long long batch = 1) {
    detail::require_positive("gemm", name, {m, n, k, batch});
    detail::require_representable("gemm", name, static_cast<double>(m), static_cast<double>(n), static_cast<double>(k),
                                  static_cast<double>(batch));
    kernel g;
    g.name = std::move(name);
    g.cls = op_class::gemm;
    g.unit = unit;
    g.type = in;
    const double mm = static_cast<double>(m), nn = static_cast<double>(n), kk = static_cast<double>(k),
                 bb = static_cast<double>(batch);
    g.work = 2.0 * mm * nn * kk * bb * units::flop;
    g.read = (mm * kk + kk * nn) * bb * element_bytes(in) * units::byte;
    g.written = mm * nn * bb * element_bytes(out) * units::byte;
    g.shape = gemm_shape{m, n, k, batch};
    return g;
}

/// A 2-D convolution layer (NCHW sizes; `k` output channels, `r`×`s` filter).
struct conv2d_desc {
    /// Batch size.
    long long n = 1;
    /// Input channels.
    long long c = 1;
    /// Input height.
    long long h = 1;
    /// Input width.
    long long w = 1;
    /// Output channels.
    long long k = 1;
    /// Filter height.
    long long r = 1;
    /// Filter width.
    long long s = 1;
    /// Stride (both directions).
    long long stride = 1;
    /// Zero padding of the height (and of the width when pad_w < 0).
    long long pad = 0;
    /// Zero padding of the width; -1: same as pad.
    long long pad_w = -1;
    /// Channel groups (c for depthwise).
    long long groups = 1;
};

/// Output height: (h + 2·pad − r) / stride + 1.
inline long long out_h(const conv2d_desc& d) {
    return (d.h + 2 * d.pad - d.r) / d.stride + 1;
}
/// Output width: (w + 2·pad − s) / stride + 1.
inline long long out_w(const conv2d_desc& d) {
    return (d.w + 2 * (d.pad_w < 0 ? d.pad : d.pad_w) - d.s) / d.stride + 1;
}

/// Multiply-accumulates of a convolution: n·p·q·k·(c/groups)·r·s.
inline double conv_macs(const conv2d_desc& d) {
    return static_cast<double>(d.n) * static_cast<double>(out_h(d)) * static_cast<double>(out_w(d)) *
           static_cast<double>(d.k) * static_cast<double>(d.c / d.groups) * static_cast<double>(d.r) *
           static_cast<double>(d.s);
}

/// The three passes of a convolution.
enum class conv_pass { forward, backward_data, backward_weight };

/// A convolution pass as an implicit GEMM (NHWC, per group), after Chetlur et al. 2014 (cuDNN):
///   forward         M = n·p·q,      N = k/g,         K = (c/g)·r·s
///   backward data   M = n·h·w,      N = c/g,         K = (k/g)·r·s
///   backward weight M = k/g,        N = (c/g)·r·s,   K = n·p·q
/// each batched over g groups and costing 2·MACs FLOPs. Depthwise-like convolutions (at most 4 input
/// channels per group) have too little reuse for tensor cores and are costed as memory-bound CUDA-core kernels.
inline kernel conv2d(std::string name, const conv2d_desc& d, conv_pass pass, dtype in, exec_unit unit) {
    detail::require_positive("conv2d", name, {d.n, d.c, d.h, d.w, d.k, d.r, d.s, d.stride, d.groups});
    if (d.pad < 0 || d.c % d.groups != 0 || d.k % d.groups != 0 || out_h(d) < 1 || out_w(d) < 1) {
        throw input_error("conv2d " + name + ": inconsistent padding, groups or sizes");
    }
    const long long p = out_h(d), q = out_w(d), g = d.groups, cg = d.c / g, kg = d.k / g;
    const double e = element_bytes(in);
    const double x = static_cast<double>(d.n * d.c * d.h * d.w) * e;
    const double y = static_cast<double>(d.n * d.k * p * q) * e;
    const double wt = static_cast<double>(d.k * cg * d.r * d.s) * e;
    const double work = 2.0 * conv_macs(d);
    if (g > 1 && cg <= 4) {
        const char* suffix = pass == conv_pass::forward ? "" : pass == conv_pass::backward_data ? " dgrad" : " wgrad";
        const double read = pass == conv_pass::forward ? x + wt : pass == conv_pass::backward_data ? y + wt : x + y;
        const double written = pass == conv_pass::forward ? y : pass == conv_pass::backward_data ? x : wt;
        kernel k = detail::streaming(name + suffix, op_class::conv, dtype::fp32, work, read, written, fusion::separate);
        return k;
    }
    kernel k;
    // FP32 3×3 stride-1 convolutions on the CUDA cores run cuDNN's Winograd F(2×2, 3×3): 16 multiplies per 2×2
    // output tile instead of 36 (Lavin & Gray 2016), so the GEMM does 1/2.25 of the direct work.
    const bool winograd =
        unit == exec_unit::cuda_core && in == dtype::fp32 && d.r == 3 && d.s == 3 && d.stride == 1 && g == 1;
    const double winograd_k = winograd ? 2.25 : 1.0;
    switch (pass) {
        case conv_pass::forward:
            k = gemm(name, d.n * p * q, kg, cg * d.r * d.s, in, in, unit, g);
            k.read = (x + wt) * units::byte;
            k.written = y * units::byte;
            break;
        case conv_pass::backward_data:
            k = gemm(name + " dgrad", d.n * d.h * d.w, cg, kg * d.r * d.s, in, in, unit, g);
            k.read = (y + wt) * units::byte;
            k.written = x * units::byte;
            break;
        case conv_pass::backward_weight:
            k = gemm(name + " wgrad", kg, cg * d.r * d.s, d.n * p * q, in, in, unit, g);
            k.read = (x + y) * units::byte;
            k.written = wt * units::byte;
            break;
    }
    k.cls = op_class::conv;
    k.work = work / winograd_k * units::flop;  // the tile model scales each tile's time by work / (2·M·N·K)
    return k;
}

/// A pointwise kernel over `n` elements with `inputs` and `outputs` tensors and `flops_per_element`.
inline kernel elementwise(std::string name, double n, int inputs, int outputs, dtype type,
                          double flops_per_element = 1.0) {
    const double e = element_bytes(type);
    return detail::streaming(std::move(name), op_class::elementwise, type, n * flops_per_element, n * inputs * e,
                             n * outputs * e, fusion::fusible);
}

/// A type conversion of `n` elements.
inline kernel cast(std::string name, double n, dtype from, dtype to) {
    return detail::streaming(std::move(name), op_class::elementwise, to, n, n * element_bytes(from),
                             n * element_bytes(to), fusion::fusible);
}

/// Normalizations.
enum class norm_kind { batch_norm, layer_norm, rms_norm };

/// A normalization of `n` elements. Batch norm in training reads its input twice (statistics, then
/// normalize); layer/RMS norm are single-pass fused kernels. Backward of batch norm reads input and gradient
/// twice (the reduction pass that also yields dγ and dβ, then the dx pass) and writes the input gradient;
/// backward of layer/RMS norm here is its dx kernel (input and gradient read once), the weight gradient being
/// a kernel of its own (append_norm_backward appends both).
inline kernel norm(std::string name, double n, norm_kind kind, dtype type, direction d) {
    const bool backward = d == direction::backward;
    const double e = element_bytes(type);
    const double passes = kind == norm_kind::batch_norm ? 2.0 : 1.0;
    const double read = (backward ? 2.0 * passes : passes) * n * e;
    return detail::streaming(std::move(name), op_class::norm, type, (backward ? 10.0 : 6.0) * n, read, n * e,
                             fusion::separate);
}

/// Appends the backward kernels of a normalization over `n` elements to `out`: its dx kernel (norm in
/// direction::backward) and, for layer and RMS norm, the weight gradient, a kernel of its own (PyTorch's
/// GammaBetaBackward, Apex's cuComputePartGradGammaBeta): a column reduction that reads the input and the output
/// gradient again, its partial sums negligible traffic. Batch norm's dγ and dβ come with its statistics pass. Returns
/// how many it appended.
inline std::size_t append_norm_backward(std::vector<kernel>& out, const std::string& name, double n, norm_kind kind,
                                        dtype type) {
    out.push_back(norm(name, n, kind, type, direction::backward));
    if (kind == norm_kind::batch_norm) {
        return 1;
    }
    const double e = element_bytes(type);
    out.push_back(detail::streaming(name.empty() ? name : name + " weight grad", op_class::norm, type, 2.0 * n,
                                    2.0 * n * e, 0.0, fusion::separate));
    return 2;
}

/// Softmax over `n` materialized elements (forward reads scores, writes probabilities; backward reads
/// probabilities and their gradient).
inline kernel softmax(std::string name, double n, dtype type, direction d) {
    const bool backward = d == direction::backward;
    const double e = element_bytes(type);
    return detail::streaming(std::move(name), op_class::softmax, type, 5.0 * n, (backward ? 2.0 : 1.0) * n * e, n * e,
                             fusion::separate);
}

/// Cross-entropy over `n` logits as a framework runs it unfused: forward, log-softmax reads the logits twice
/// (row max and sum, then the normalized write) and keeps the log-probabilities (the loss gathers one per row);
/// backward, the loss's gradient is written as a dense tensor and log-softmax's backward reads it with the
/// log-probabilities and writes the logits' gradient (PyTorch's log_softmax, nll_loss and their backward).
inline std::vector<kernel> cross_entropy(const std::string& name, double n, dtype type, direction d) {
    const double e = element_bytes(type);
    if (d == direction::forward) {
        return {detail::streaming(name, op_class::softmax, type, 5.0 * n, 2.0 * n * e, n * e, fusion::separate)};
    }
    return {detail::streaming(name + " grad fill", op_class::elementwise, type, 0.0, 0.0, n * e, fusion::separate),
            detail::streaming(name + " log-softmax bwd", op_class::softmax, type, 3.0 * n, 2.0 * n * e, n * e,
                              fusion::separate)};
}

/// A reduction of `n` elements to `n_out`.
inline kernel reduction(std::string name, double n, double n_out, dtype type) {
    const double e = element_bytes(type);
    return detail::streaming(std::move(name), op_class::reduction, type, n, n * e, n_out * e, fusion::separate);
}

/// Gather of `tokens` rows of width `hidden` (forward), or their scatter-add into the table (backward:
/// read the gradient rows, read-modify-write the table rows).
inline kernel embedding(std::string name, double tokens, double hidden, dtype type, direction d) {
    const bool backward = d == direction::backward;
    const double rows = tokens * hidden * element_bytes(type);
    return detail::streaming(std::move(name), op_class::embedding, type, backward ? tokens * hidden : 0.0,
                             backward ? 2.0 * rows : rows + tokens * 8.0, rows, fusion::separate);
}

/// Pooling that reads `n_in` and writes `n_out` elements, `window` operations per output.
inline kernel pooling(std::string name, double n_in, double n_out, double window, dtype type) {
    const double e = element_bytes(type);
    return detail::streaming(std::move(name), op_class::pooling, type, n_out * window, n_in * e, n_out * e,
                             fusion::separate);
}

/// Optimizers, by the state they keep per parameter: adamw8bit is AdamW with 8-bit states (bitsandbytes' AdamW8bit,
/// Dettmers et al. 2022, arXiv:2110.02861).
enum class optimizer_kind { sgd, momentum, adam, adamw, adamw8bit, lamb };

/// State tensors an optimizer keeps per parameter (momentum 1, Adam/AdamW/LAMB 2).
inline constexpr int optimizer_states(optimizer_kind o) {
    return o == optimizer_kind::sgd ? 0 : o == optimizer_kind::momentum ? 1 : 2;
}

/// Bytes of one optimizer state element, `full` those of a full-width state (4 in FP32): an 8-bit state is one byte
/// plus its block's FP32 absmax, one per 2048 elements (bitsandbytes/optim/optimizer.py, init_state: blocks of 2048;
/// tensors under 4096 elements, norms and biases, keep FP32 states and are left out).
inline constexpr double optimizer_state_bytes(optimizer_kind o, double full) {
    return o == optimizer_kind::adamw8bit ? 1.0 + 4.0 / 2048.0 : full;
}

/// The update of `params` parameters: reads FP32 weights, states (optimizer_state_bytes each) and the gradient (of
/// `grad_type`), writes weights and states; with `low_precision_copy` also writes the 16-bit weight copy (mixed
/// precision). LAMB adds a pass over weights and update for its trust-ratio norms. Launched as
/// `launches` fused multi-tensor kernels.
inline kernel optimizer_update(std::string name, double params, optimizer_kind kind, dtype grad_type,
                               bool low_precision_copy, int launches = 1) {
    const double states = optimizer_states(kind), state_bytes = optimizer_state_bytes(kind, 4.0);
    double read = params * (4.0 + states * state_bytes + element_bytes(grad_type));
    double written = params * (4.0 + states * state_bytes) + (low_precision_copy ? params * 2.0 : 0.0);
    if (kind == optimizer_kind::lamb) {
        read += params * 8.0;
    }
    kernel k = detail::streaming(std::move(name), op_class::optimizer, dtype::fp32, params * (4.0 + 4.0 * states), read,
                                 written, fusion::separate);
    k.launches = launches;
    return k;
}

/// Attention over `heads` query heads (`kv_heads` key/value heads, GQA/MQA when fewer), `seq_q` queries
/// and `seq_kv` keys of width `head_dim`, for `batch` sequences.
struct attention_desc {
    /// Sequences.
    long long batch = 1;
    /// Query heads.
    long long heads = 1;
    /// Key/value heads (equal to heads without GQA/MQA).
    long long kv_heads = 1;
    /// Query positions.
    long long seq_q = 1;
    /// Key/value positions (the KV-cache length in decoding).
    long long seq_kv = 1;
    /// Width of one head.
    long long head_dim = 64;
    /// Causal mask (only keys at or before each query).
    bool causal = false;
};

/// Fraction of the score matrix a causal mask keeps: for square attention about one half; with a
/// cache (seq_kv > seq_q) the fraction is 1 − (seq_q − 1) / (2 · seq_kv).
inline double causal_fraction(const attention_desc& a) {
    if (!a.causal) {
        return 1.0;
    }
    const double q = static_cast<double>(a.seq_q), kv = static_cast<double>(a.seq_kv);
    return q <= kv ? 1.0 - (q - 1.0) / (2.0 * kv) : 0.5;
}

/// Fused attention (FlashAttention, Dao et al. 2022/2023): scores never reach DRAM. Forward does two
/// GEMMs, 4·b·h·s_q·s_kv·d FLOPs (times the causal fraction); backward recomputes the scores and does
/// five, 2.5× the forward work. Traffic: Q, K, V, O (and dO, dQ, dK, dV backward) once each. Its GEMM shape
/// is that of the output, O[s_q, d] = P[s_q, s_kv]·V[s_kv, d], for each of the b·h heads: one thread block per
/// tile of queries loops over the keys (FlashAttention-2's parallelization over the batch, heads and query
/// blocks), and split-K over the keys is flash-decoding's split of a long cache. Decoding under grouped-query
/// attention, the heads sharing a KV head are one tile's rows: O[g, d] for each of the b·kv_heads KV heads.
inline kernel fused_attention(std::string name, const attention_desc& a, dtype type, direction dir) {
    const bool backward = dir == direction::backward;
    detail::require_positive("attention", name, {a.batch, a.heads, a.kv_heads, a.seq_q, a.seq_kv, a.head_dim});
    detail::require_representable("attention", name, static_cast<double>(a.seq_q), static_cast<double>(a.seq_kv),
                                  static_cast<double>(a.head_dim),
                                  static_cast<double>(a.batch) * static_cast<double>(a.heads));
    const double b = static_cast<double>(a.batch), d = static_cast<double>(a.head_dim), e = element_bytes(type);
    const double q_bytes = b * static_cast<double>(a.heads * a.seq_q) * d * e;
    const double kv_bytes = b * static_cast<double>(a.kv_heads * a.seq_kv) * d * e;
    const double fwd = 4.0 * b * static_cast<double>(a.heads * a.seq_q * a.seq_kv) * d * causal_fraction(a);
    kernel k;
    k.name = std::move(name);
    k.cls = op_class::attention;
    k.unit = exec_unit::tensor_core;
    k.type = type;
    k.work = (backward ? 2.5 * fwd : fwd) * units::flop;
    k.read = (backward ? 3.0 * q_bytes + 2.0 * kv_bytes : q_bytes + 2.0 * kv_bytes) * units::byte;
    k.written = (backward ? q_bytes + 2.0 * kv_bytes : q_bytes) * units::byte;
    // Decoding one query per sequence, the kernels put the g = heads / kv_heads query heads that share a KV head into
    // one tile's rows: one GEMM of g rows per KV head, not g of one row (FlashAttention's seqlenq_ngroups_swapped for
    // seqlen_q = 1 and PackGQA, FlashInfer's and TensorRT-LLM's XQA decode kernels).
    const long long group = a.heads / a.kv_heads;
    const bool packed = a.seq_q == 1 && group > 1 && a.heads % a.kv_heads == 0;
    k.shape = packed ? gemm_shape{group, a.head_dim, a.seq_kv, a.batch * a.kv_heads}
                     : gemm_shape{a.seq_q, a.head_dim, a.seq_kv, a.batch * a.heads};
    k.fused = backward ? fused_pass::backward : fused_pass::forward;
    return k;
}

/// Unfused attention: scores materialized in DRAM. Forward: QKᵀ batched GEMM, softmax, PV batched GEMM;
/// backward: dV = Pᵀ·dO, dP = dO·Vᵀ, softmax backward, dQ = dS·K, dK = dSᵀ·Q. With a causal mask the
/// GEMMs still compute the full score matrix (as unfused kernels do). A `softmax_type` wider than `type` (PyTorch's
/// autocast runs softmax in FP32) casts the scores to it before the softmax and the probabilities back after it, and
/// the gradients the same way in backward.
inline std::vector<kernel> unfused_attention(const std::string& name, const attention_desc& a, dtype type, direction d,
                                             std::optional<dtype> softmax_type = std::nullopt) {
    detail::require_positive("attention", name, {a.batch, a.heads, a.kv_heads, a.seq_q, a.seq_kv, a.head_dim});
    const long long bh = a.batch * a.heads;
    const double scores = static_cast<double>(bh * a.seq_q * a.seq_kv);
    const dtype st = softmax_type.value_or(type);
    const auto softmax_in = [&](std::vector<kernel>& to, const std::string& pass) {
        if (st != type) {
            to.push_back(cast(name + pass + " cast to " + to_string(st), scores, type, st));
        }
        to.push_back(softmax(name + pass, scores, st, d));
        if (st != type) {
            to.push_back(cast(name + pass + " cast to " + to_string(type), scores, st, type));
        }
    };
    std::vector<kernel> out;
    if (d == direction::forward) {
        out.push_back(gemm(name + " QK^T", a.seq_q, a.seq_kv, a.head_dim, type, type, exec_unit::tensor_core, bh));
        softmax_in(out, " softmax");
        out.push_back(gemm(name + " PV", a.seq_q, a.head_dim, a.seq_kv, type, type, exec_unit::tensor_core, bh));
    } else {
        out.push_back(gemm(name + " dV", a.seq_kv, a.head_dim, a.seq_q, type, type, exec_unit::tensor_core, bh));
        out.push_back(gemm(name + " dP", a.seq_q, a.seq_kv, a.head_dim, type, type, exec_unit::tensor_core, bh));
        softmax_in(out, " softmax bwd");
        out.push_back(gemm(name + " dQ", a.seq_q, a.head_dim, a.seq_kv, type, type, exec_unit::tensor_core, bh));
        out.push_back(gemm(name + " dK", a.seq_kv, a.head_dim, a.seq_q, type, type, exec_unit::tensor_core, bh));
    }
    for (kernel& k : out) {
        if (k.cls == op_class::gemm) {
            k.cls = op_class::attention;
        }
    }
    return out;
}

/// A STREAM-style kernel over `n` elements of `type`: init (write 1), read (read 1), copy/scale (read 1,
/// write 1), add/triad (read 2, write 1).
inline kernel stream(std::string name, double n, int reads, int writes, dtype type) {
    const double e = element_bytes(type);
    return detail::streaming(std::move(name), op_class::memory, type, n * (reads > 1 ? 2.0 : 0.0), n * reads * e,
                             n * writes * e, fusion::separate);
}

}  // namespace kernels
}  // namespace roofcast

#endif
