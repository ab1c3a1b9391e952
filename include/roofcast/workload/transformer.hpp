/// @file
/// Transformer configurations (encoders, decoders, encoder-decoders, mixture of experts) and their
/// parameter counts.
#ifndef ROOFCAST_WORKLOAD_TRANSFORMER_HPP
#define ROOFCAST_WORKLOAD_TRANSFORMER_HPP

#include <roofcast/source_ref.hpp>

#include <algorithm>
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
    /// Inner width of one routed or shared expert's FFN (0: ffn_hidden; DeepSeek, Qwen2-MoE: narrower).
    long long moe_ffn_hidden = 0;
    /// Shared experts every token runs in each MoE block beside its top_k routed ones (DeepSeek, Qwen2-MoE).
    long long shared_experts = 0;
    /// Leading blocks with a dense FFN before the MoE blocks begin (DeepSeek's first_k_dense_replace).
    long long first_dense_layers = 0;
    /// Multi-head latent attention: rank of the compressed key/value latent (0: standard attention).
    long long kv_lora_rank = 0;
    /// Multi-head latent attention: rank of the compressed query (0: a full-rank query projection).
    long long q_lora_rank = 0;
    /// Multi-head latent attention: rotary part of each query/key head (also cached, shared by the heads).
    long long qk_rope_head_dim = 0;
    /// Multi-head latent attention: non-rotary part of each query/key head.
    long long qk_nope_head_dim = 0;
    /// Multi-head latent attention: width of each value head.
    long long v_head_dim = 0;
    /// Sliding-window attention: tokens a query attends to in the windowed blocks (0: full attention).
    long long sliding_window = 0;
    /// Blocks that attend within the window (Mistral: all; Gemma 2: every other one); the rest attend to all.
    long long sliding_layers = 0;
    /// Whether Q, K and V (not O or the FFN) have biases when linear_bias is false (Qwen2).
    bool qkv_bias = false;
    /// Encoder-decoders with a fixed input: positions the encoder always runs over, each with its own position
    /// embedding row (Whisper: 1500, 30 s of audio, padded; 0: the encoder runs over the prompt).
    long long encoder_positions = 0;
    /// Audio front end: mel-spectrogram channels into two kernel-3 1-D convolutions with GELU, the second of stride
    /// 2, over 2 · encoder_positions frames (Whisper, arXiv:2212.04356, Section 2.2; 0: none).
    long long mel_bins = 0;
    /// The parameter count the model's authors publish, where they do.
    std::optional<double> published_parameters;
    /// Sources cited by the file.
    std::vector<source_ref> sources;
    /// Where the configuration came from: "built-in" or a file path.
    std::string origin = "built-in";
};

/// The sequence length a run uses when none is given: 512 tokens for encoders, 2048 otherwise, and never more than
/// the model's longest sequence (`max_seq`, where it has one: GPT-2 runs at 1024).
inline constexpr long long default_seq_len(const transformer_config& t) {
    const long long usual = t.kind == transformer_kind::encoder ? 512 : 2048;
    return t.max_seq > 0 && t.max_seq < usual ? t.max_seq : usual;
}

/// Whether the model uses multi-head latent attention (DeepSeek-V2/V3).
inline constexpr bool latent_attention(const transformer_config& t) {
    return t.kv_lora_rank > 0;
}

/// Parameters of one block's multi-head latent attention (DeepSeek-V2, arXiv:2405.04434, Section 2.1): query
/// down (hidden × q_lora_rank, with its norm) and up (q_lora_rank × heads·(nope + rope)) projections, or one
/// hidden × heads·(nope + rope) projection; the joint KV down projection hidden × (kv_lora_rank + rope) and its
/// norm; the KV up projection kv_lora_rank × heads·(nope + v); the output heads·v × hidden. No biases.
inline double latent_attention_parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden), heads = static_cast<double>(t.heads);
    const double q_head = static_cast<double>(t.qk_nope_head_dim + t.qk_rope_head_dim);
    const double r_q = static_cast<double>(t.q_lora_rank), r_kv = static_cast<double>(t.kv_lora_rank);
    const double v = static_cast<double>(t.v_head_dim), rope = static_cast<double>(t.qk_rope_head_dim);
    const double q = t.q_lora_rank > 0 ? h * r_q + r_q + r_q * heads * q_head : h * heads * q_head;
    const double kv = h * (r_kv + rope) + r_kv + r_kv * heads * (static_cast<double>(t.qk_nope_head_dim) + v);
    return q + kv + heads * v * h;
}

/// Parameters of one block's attention: Q and O (hidden × heads·head_dim), K and V (hidden × kv_heads·head_dim),
/// with biases where the model has them (on Q, K and V only with qkv_bias); latent attention's where it has it.
inline double attention_parameters(const transformer_config& t) {
    if (latent_attention(t)) {
        return latent_attention_parameters(t);
    }
    const double h = static_cast<double>(t.hidden), q = static_cast<double>(t.heads * t.head_dim),
                 kv = static_cast<double>(t.kv_heads * t.head_dim);
    const double weights = h * q * 2.0 + h * kv * 2.0;
    const double biases = t.linear_bias ? q + 2.0 * kv + h : t.qkv_bias ? q + 2.0 * kv : 0.0;
    return weights + biases;
}

/// Parameters of one FFN of inner width `width`: 2 (or 3 when gated) hidden × width matrices, with biases
/// where present.
inline double ffn_parameters(const transformer_config& t, long long width) {
    const double h = static_cast<double>(t.hidden), f = static_cast<double>(width);
    const double mats = gated(t.ffn) ? 3.0 : 2.0;
    const double biases = t.linear_bias ? (gated(t.ffn) ? 2.0 * f : f) + h : 0.0;
    return mats * h * f + biases;
}

/// Parameters of one dense FFN (inner width ffn_hidden).
inline double ffn_parameters(const transformer_config& t) {
    return ffn_parameters(t, t.ffn_hidden);
}

/// Inner width of one expert: moe_ffn_hidden where given, else ffn_hidden.
inline constexpr long long expert_ffn_hidden(const transformer_config& t) {
    return t.moe_ffn_hidden > 0 ? t.moe_ffn_hidden : t.ffn_hidden;
}

/// Parameters of one routed or shared expert.
inline double expert_parameters(const transformer_config& t) {
    return ffn_parameters(t, expert_ffn_hidden(t));
}

/// Parameters of one norm (scale, plus shift for layer norm).
inline double norm_parameters(const transformer_config& t) {
    return (t.norm == norm_type::layer_norm ? 2.0 : 1.0) * static_cast<double>(t.hidden);
}

/// Number of MoE blocks among `blocks`: every moe_every-th block after the first_dense_layers dense ones.
inline long long moe_blocks(const transformer_config& t, long long blocks) {
    return t.experts > 1 ? std::max<long long>(0, blocks - t.first_dense_layers) / t.moe_every : 0;
}

/// Parameters of the routed experts of every MoE block (what expert parallelism splits).
inline double routed_expert_parameters(const transformer_config& t) {
    const double moe = static_cast<double>(moe_blocks(t, t.layers) + moe_blocks(t, t.decoder_layers));
    return moe * static_cast<double>(t.experts) * expert_parameters(t);
}

/// Parameters of the experts a token does not run: (experts − top_k) routed experts of every MoE block.
inline double idle_expert_parameters(const transformer_config& t) {
    const double moe = static_cast<double>(moe_blocks(t, t.layers) + moe_blocks(t, t.decoder_layers));
    return moe * static_cast<double>(t.experts - t.top_k) * expert_parameters(t);
}

/// Elements of the key/value cache one token keeps in one block: 2 · kv_heads · head_dim, or with latent attention
/// the compressed latent and the shared rotary key, kv_lora_rank + qk_rope_head_dim (DeepSeek-V2, Table 1).
inline double kv_cache_elements_per_layer(const transformer_config& t) {
    return latent_attention(t) ? static_cast<double>(t.kv_lora_rank + t.qk_rope_head_dim)
                               : 2.0 * static_cast<double>(t.kv_heads * t.head_dim);
}

/// Mean tokens each block keeps in its KV cache for a sequence of `tokens`: windowed blocks keep at most
/// sliding_window (Mistral 7B, arXiv:2310.06825, Section 2: a rolling buffer cache), the others every token.
inline double kv_cache_tokens(const transformer_config& t, long long tokens) {
    const long long blocks = t.layers + t.decoder_layers;
    if (t.sliding_window <= 0 || t.sliding_layers <= 0 || tokens <= t.sliding_window || blocks <= 0) {
        return static_cast<double>(tokens);
    }
    const double windowed = static_cast<double>(std::min(t.sliding_layers, blocks));
    return (static_cast<double>(blocks) - windowed) / static_cast<double>(blocks) * static_cast<double>(tokens) +
           windowed / static_cast<double>(blocks) * static_cast<double>(t.sliding_window);
}

/// Parameters of the audio front end: the convolutions mel_bins → hidden and hidden → hidden, kernel 3, with biases.
inline double audio_frontend_parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden), mels = static_cast<double>(t.mel_bins);
    return t.mel_bins > 0 ? 3.0 * mels * h + h + 3.0 * h * h + h : 0.0;
}

/// Whether a stack's blocks attend to an encoder's output: the decoder blocks of an encoder-decoder do.
enum class cross_attention { absent, present };

/// Parameters of a stack of `blocks` blocks and its final norm: per block the attention, two norms and the FFN (or,
/// in MoE blocks, the routed and shared experts plus the router); decoder blocks of an encoder-decoder (`cross`
/// present) add cross-attention and a norm.
inline double stack_parameters(const transformer_config& t, long long blocks, cross_attention cross) {
    const long long moe = moe_blocks(t, blocks);
    const double router = static_cast<double>(t.hidden) * static_cast<double>(t.experts);
    const double experts = static_cast<double>(t.experts + t.shared_experts) * expert_parameters(t);
    double s = static_cast<double>(blocks) * (attention_parameters(t) + 2.0 * norm_parameters(t));
    s += static_cast<double>(blocks - moe) * ffn_parameters(t);
    s += static_cast<double>(moe) * (experts + router);
    if (cross == cross_attention::present) {
        s += static_cast<double>(blocks) * (attention_parameters(t) + norm_parameters(t));
    }
    return s + norm_parameters(t);
}

/// Total parameters: embeddings (token, learned positions, a fixed encoder input's positions, token types), the
/// audio front end, every block (attention, FFN or routed and shared experts plus router, norms; decoder blocks of an
/// encoder-decoder add cross-attention and a norm), the final norm(s), the untied output projection and BERT's pooler.
inline double parameters(const transformer_config& t) {
    const double h = static_cast<double>(t.hidden);
    double p = static_cast<double>(t.vocab) * h;
    if (t.position == position_kind::learned) {
        p += static_cast<double>(t.max_seq) * h;
    }
    p += static_cast<double>(t.encoder_positions) * h + audio_frontend_parameters(t);
    p += static_cast<double>(t.type_vocab) * h;
    p += stack_parameters(t, t.layers, cross_attention::absent);
    if (t.kind == transformer_kind::encoder_decoder) {
        p += stack_parameters(t, t.decoder_layers, cross_attention::present);
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
