/// @file
/// Transformer configurations (encoders, decoders, encoder-decoders, mixture of experts) and their
/// parameter counts.
#ifndef ROOFCAST_WORKLOAD_TRANSFORMER_HPP
#define ROOFCAST_WORKLOAD_TRANSFORMER_HPP

#include <roofcast/hardware/gpu_spec.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {

/// Architecture of the stack.
enum class transformer_kind { encoder, decoder, encoder_decoder };
/// Feed-forward block: two matrices with an activation (gelu, relu) or three with a gate (swiglu, geglu).
enum class ffn_kind { gelu, relu, swiglu, geglu };
/// Normalization of the blocks.
enum class norm_type { layer_norm, rms_norm };
/// Position encoding.
enum class position_kind { learned, rope, alibi, relative };

/// Every transformer kind.
inline constexpr std::array<transformer_kind, 3> all_transformer_kinds = {
    transformer_kind::encoder, transformer_kind::decoder, transformer_kind::encoder_decoder};
/// Every FFN kind.
inline constexpr std::array<ffn_kind, 4> all_ffn_kinds = {ffn_kind::gelu, ffn_kind::relu, ffn_kind::swiglu,
                                                          ffn_kind::geglu};
/// Every norm type.
inline constexpr std::array<norm_type, 2> all_norm_types = {norm_type::layer_norm, norm_type::rms_norm};
/// Every position kind.
inline constexpr std::array<position_kind, 4> all_position_kinds = {position_kind::learned, position_kind::rope,
                                                                    position_kind::alibi, position_kind::relative};

/// "encoder", "decoder", "encoder-decoder".
inline constexpr std::string_view to_string_view(transformer_kind k) {
    return k == transformer_kind::encoder ? "encoder" : k == transformer_kind::decoder ? "decoder" : "encoder-decoder";
}
/// "gelu", "relu", "swiglu", "geglu".
inline constexpr std::string_view to_string_view(ffn_kind k) {
    return k == ffn_kind::gelu ? "gelu" : k == ffn_kind::relu ? "relu" : k == ffn_kind::swiglu ? "swiglu" : "geglu";
}
/// "layernorm", "rmsnorm".
inline constexpr std::string_view to_string_view(norm_type n) {
    return n == norm_type::layer_norm ? "layernorm" : "rmsnorm";
}
/// "learned", "rope", "alibi", "relative".
inline constexpr std::string_view to_string_view(position_kind p) {
    return p == position_kind::learned ? "learned"
           : p == position_kind::rope  ? "rope"
           : p == position_kind::alibi ? "alibi"
                                       : "relative";
}

/// Whether the FFN has a gate (three matrices).
inline constexpr bool gated(ffn_kind k) {
    return k == ffn_kind::swiglu || k == ffn_kind::geglu;
}

/// A transformer model's shape. For an encoder-decoder, `layers` counts the encoder blocks and
/// `decoder_layers` the decoder blocks (which add cross-attention).
struct transformer_config {
    /// Canonical name, e.g. "llama2-7b".
    std::string name;
    /// Other accepted names.
    std::vector<std::string> aliases;
    /// One line: what the model is.
    std::string description;
    /// Encoder, decoder or encoder-decoder.
    transformer_kind kind = transformer_kind::decoder;
    /// Blocks (encoder blocks for an encoder-decoder).
    long long layers = 0;
    /// Decoder blocks of an encoder-decoder (0 otherwise).
    long long decoder_layers = 0;
    /// Model width.
    long long hidden = 0;
    /// Query heads.
    long long heads = 0;
    /// Key/value heads (fewer than heads: grouped-query; 1: multi-query).
    long long kv_heads = 0;
    /// Width of one head (usually hidden / heads).
    long long head_dim = 0;
    /// Inner width of the FFN.
    long long ffn_hidden = 0;
    /// FFN kind.
    ffn_kind ffn = ffn_kind::gelu;
    /// Vocabulary size.
    long long vocab = 0;
    /// Longest sequence the model supports (learned position embeddings have this many rows).
    long long max_seq = 0;
    /// Norm type.
    norm_type norm = norm_type::layer_norm;
    /// Position encoding.
    position_kind position = position_kind::learned;
    /// Whether the output projection shares the input embedding.
    bool tied_embeddings = true;
    /// Whether linear layers have biases.
    bool linear_bias = true;
    /// Token-type (segment) embeddings (BERT: 2).
    long long type_vocab = 0;
    /// Whether an encoder has BERT's pooler (hidden × hidden + bias).
    bool pooler = false;
    /// Experts per MoE layer (1: dense).
    long long experts = 1;
    /// Experts each token is routed to.
    long long top_k = 1;
    /// Every `moe_every`-th block has an MoE FFN (Switch: 2); 1 = all blocks.
    long long moe_every = 1;
    /// The parameter count the model's authors publish, where they do.
    std::optional<double> published_parameters;
    /// Sources cited by the file.
    std::vector<source_ref> sources;
    /// Where the configuration came from: "built-in" or a file path.
    std::string origin = "built-in";
};

/// The sequence length a run uses when none is given: 512 tokens for encoders, 2048 otherwise.
inline constexpr long long default_seq_len(const transformer_config& t) {
    return t.kind == transformer_kind::encoder ? 512 : 2048;
}

/// Parameters of one block's attention: Q and O (hidden × heads·head_dim), K and V (hidden × kv_heads·head_dim),
/// with biases where the model has them.
inline double attention_parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden), q = static_cast<double>(t.heads * t.head_dim),
                 kv = static_cast<double>(t.kv_heads * t.head_dim);
    const double weights = h * q * 2.0 + h * kv * 2.0;
    const double biases = t.linear_bias ? q + 2.0 * kv + h : 0.0;
    return weights + biases;
}

/// Parameters of one dense FFN: 2 (or 3 when gated) hidden × ffn matrices, with biases where present.
inline double ffn_parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden), f = static_cast<double>(t.ffn_hidden);
    const double mats = gated(t.ffn) ? 3.0 : 2.0;
    const double biases = t.linear_bias ? (gated(t.ffn) ? 2.0 * f : f) + h : 0.0;
    return mats * h * f + biases;
}

/// Parameters of one norm (scale, plus shift for layer norm).
inline double norm_parameters(const transformer_config& t) {
    return (t.norm == norm_type::layer_norm ? 2.0 : 1.0) * static_cast<double>(t.hidden);
}

/// Number of MoE blocks among `blocks`.
inline long long moe_blocks(const transformer_config& t, long long blocks) {
    return t.experts > 1 ? blocks / t.moe_every : 0;
}

/// Total parameters: embeddings (token, learned positions, token types), every block (attention, FFN or
/// experts plus router, norms; decoder blocks of an encoder-decoder add cross-attention and a norm), the
/// final norm(s), the untied output projection and BERT's pooler.
inline double parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden);
    double p = static_cast<double>(t.vocab) * h;
    if (t.position == position_kind::learned) {
        p += static_cast<double>(t.max_seq) * h;
    }
    p += static_cast<double>(t.type_vocab) * h;
    auto stack = [&](long long blocks, bool cross) {
        const long long moe = moe_blocks(t, blocks);
        const double router = h * static_cast<double>(t.experts);
        double s = static_cast<double>(blocks) * (attention_parameters(t) + 2.0 * norm_parameters(t));
        s += static_cast<double>(blocks - moe) * ffn_parameters(t);
        s += static_cast<double>(moe) * (static_cast<double>(t.experts) * ffn_parameters(t) + router);
        if (cross) {
            s += static_cast<double>(blocks) * (attention_parameters(t) + norm_parameters(t));
        }
        return s + norm_parameters(t);
    };
    p += stack(t.layers, false);
    if (t.kind == transformer_kind::encoder_decoder) {
        p += stack(t.decoder_layers, true);
    }
    if (!t.tied_embeddings) {
        p += static_cast<double>(t.vocab) * h;
    }
    if (t.pooler) {
        p += h * h + h;
    }
    return p;
}

}  // namespace roofcast

#endif
