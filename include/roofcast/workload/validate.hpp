/// @file
/// Range and consistency checks of workloads built in C++ (TOML files are checked as they load, with
/// the same limits): every count positive and plausible, shapes that fit together.
#ifndef ROOFCAST_WORKLOAD_VALIDATE_HPP
#define ROOFCAST_WORKLOAD_VALIDATE_HPP

#include <roofcast/error.hpp>
#include <roofcast/workload/cnn.hpp>
#include <roofcast/workload/transformer.hpp>
#include <roofcast/workload/workload.hpp>

#include <algorithm>
#include <string>

namespace roofcast {

/// Plausibility limits of a transformer configuration: generous bounds on today's largest models;
/// anything outside is a typo or a unit error. The TOML loader and validate() share them.
namespace transformer_limits {
/// Blocks of a stack (`layers`, `decoder_layers`, `moe_every`).
inline constexpr long long max_layers = 10000;
/// Model width (`hidden`).
inline constexpr long long max_hidden = 1LL << 20;
/// Attention heads and head width (`heads`, `kv_heads`, `head_dim`).
inline constexpr long long max_heads = 1LL << 16;
/// FFN inner width (`ffn_hidden`).
inline constexpr long long max_ffn_hidden = 1LL << 24;
/// Vocabulary (`vocab`).
inline constexpr long long max_vocab = 100'000'000;
/// Longest sequence the model was trained for (`max_seq`).
inline constexpr long long max_seq = 1'000'000'000;
/// Token types (`type_vocab`).
inline constexpr long long max_type_vocab = 1LL << 16;
/// Experts and experts per token (`experts`, `top_k`).
inline constexpr long long max_experts = 1LL << 20;
}  // namespace transformer_limits

namespace detail {

/// Throws input_error "invalid workload 'NAME': FIELD must be between LO and HI, got V" unless lo <= v <= hi; with
/// `needs` (the field belongs to a feature the workload does not have), "FIELD applies only with NEEDS, got V".
inline void check_workload_field(const std::string& workload, const char* field, long long v, long long lo,
                                 long long hi, const char* needs = nullptr) {
    if ((v < lo || v > hi) && needs != nullptr) {
        throw input_error("invalid workload '" + workload + "': " + field + " applies only with " + needs + ", got " +
                          std::to_string(v));
    }
    if (v < lo || v > hi) {
        throw input_error("invalid workload '" + workload + "': " + field + " must be between " + std::to_string(lo) +
                          " and " + std::to_string(hi) + ", got " + std::to_string(v));
    }
}

/// Throws input_error naming the field unless the architecture fields of `t` fit together: expert width, shared
/// experts and first dense blocks only with experts; latent attention's ranks and head widths all given; a window
/// over at most every block; a fixed encoder input only on an encoder-decoder, an audio front end only with one.
inline void validate_architecture(const transformer_config& t) {
    namespace lim = transformer_limits;
    const std::string& n = t.name;
    const bool moe = t.experts > 1, mla = latent_attention(t);
    const char* experts = moe ? nullptr : "experts (experts > 1)";
    const char* latent = mla ? nullptr : "multi-head latent attention (kv_lora_rank > 0)";
    check_workload_field(n, "moe_ffn_hidden", t.moe_ffn_hidden, 0, moe ? lim::max_ffn_hidden : 0, experts);
    check_workload_field(n, "shared_experts", t.shared_experts, 0, moe ? lim::max_experts : 0, experts);
    check_workload_field(n, "first_dense_layers", t.first_dense_layers, 0, moe ? t.layers - 1 : 0, experts);
    check_workload_field(n, "kv_lora_rank", t.kv_lora_rank, 0, lim::max_hidden);
    check_workload_field(n, "q_lora_rank", t.q_lora_rank, 0, mla ? lim::max_hidden : 0, latent);
    check_workload_field(n, "qk_rope_head_dim", t.qk_rope_head_dim, mla ? 1 : 0, mla ? lim::max_heads : 0, latent);
    check_workload_field(n, "qk_nope_head_dim", t.qk_nope_head_dim, mla ? 1 : 0, mla ? lim::max_heads : 0, latent);
    check_workload_field(n, "v_head_dim", t.v_head_dim, mla ? 1 : 0, mla ? lim::max_heads : 0, latent);
    check_workload_field(n, "sliding_window", t.sliding_window, 0, lim::max_seq);
    check_workload_field(n, "sliding_layers", t.sliding_layers, 0,
                         t.sliding_window > 0 ? t.layers + t.decoder_layers : 0,
                         t.sliding_window > 0 ? nullptr : "a sliding window (sliding_window > 0)");
    const bool enc_dec = t.kind == transformer_kind::encoder_decoder, fixed = t.encoder_positions > 0;
    check_workload_field(n, "encoder_positions", t.encoder_positions, 0, enc_dec ? lim::max_seq : 0,
                         enc_dec ? nullptr : "kind = \"encoder-decoder\"");
    check_workload_field(n, "mel_bins", t.mel_bins, 0, fixed ? lim::max_hidden : 0,
                         fixed ? nullptr : "a fixed encoder input (encoder_positions > 0)");
}

}  // namespace detail

/// Throws input_error naming the field unless `t` is a consistent configuration: counts within
/// transformer_limits, kv_heads dividing heads, top_k at most experts, decoder_layers only (and then at
/// least 1) for an encoder-decoder, moe_every at least 1, the architecture fields (detail::validate_architecture).
inline void validate(const transformer_config& t) {
    namespace lim = transformer_limits;
    using detail::check_workload_field;
    const std::string& n = t.name;
    if (t.name.empty()) {
        throw input_error("invalid workload: name must not be empty");
    }
    check_workload_field(n, "layers", t.layers, 1, lim::max_layers);
    check_workload_field(n, "decoder_layers", t.decoder_layers, t.kind == transformer_kind::encoder_decoder ? 1 : 0,
                         t.kind == transformer_kind::encoder_decoder ? lim::max_layers : 0);
    check_workload_field(n, "hidden", t.hidden, 1, lim::max_hidden);
    check_workload_field(n, "heads", t.heads, 1, lim::max_heads);
    check_workload_field(n, "kv_heads", t.kv_heads, 1, t.heads);
    if (t.heads % t.kv_heads != 0) {
        throw input_error("invalid workload '" + n + "': kv_heads (" + std::to_string(t.kv_heads) +
                          ") must divide heads (" + std::to_string(t.heads) + ")");
    }
    check_workload_field(n, "head_dim", t.head_dim, 1, lim::max_heads);
    check_workload_field(n, "ffn_hidden", t.ffn_hidden, 1, lim::max_ffn_hidden);
    check_workload_field(n, "vocab", t.vocab, 1, lim::max_vocab);
    check_workload_field(n, "max_seq", t.max_seq, 1, lim::max_seq);
    check_workload_field(n, "type_vocab", t.type_vocab, 0, lim::max_type_vocab);
    check_workload_field(n, "experts", t.experts, 1, lim::max_experts);
    check_workload_field(n, "top_k", t.top_k, 1, t.experts);
    check_workload_field(n, "moe_every", t.moe_every, 1, lim::max_layers);
    detail::validate_architecture(t);
}

namespace detail {

/// Throws input_error naming the layer (and `name`) unless `g` is a usable network: at least one layer, a positive
/// input size, every layer with positive shapes, windows, strides and groups and non-negative padding.
inline void validate_cnn(const cnn_graph& g, const std::string& name) {
    if (g.layers.empty()) {
        throw input_error("invalid workload '" + name + "': the network has no layers");
    }
    if (g.image_size < 1 || g.channels < 1) {
        throw input_error("invalid workload '" + name + "': input channels and image size must be at least 1");
    }
    for (const cnn_layer& l : g.layers) {
        const bool ok =
            std::min({l.c_in, l.h_in, l.w_in, l.c_out, l.h_out, l.w_out, l.r, l.s, l.stride, l.groups}) >= 1 &&
            l.pad_h >= 0 && l.pad_w >= 0 && l.c_in % l.groups == 0;
        if (!ok) {
            throw input_error("invalid workload '" + name + "': layer '" + l.name +
                              "' needs positive shapes, window, stride and groups (dividing its input channels) "
                              "and non-negative padding");
        }
    }
}

}  // namespace detail

/// Throws input_error naming the layer unless `g` is a usable network: at least one layer, a positive input size,
/// every layer with positive shapes, windows, strides and groups and non-negative padding.
inline void validate(const cnn_graph& g) {
    detail::validate_cnn(g, g.name);
}

/// Throws input_error unless the network or configuration `w` holds is valid.
inline void validate(const workload& w) {
    std::visit(
        detail::overloaded{[&w](const cnn_graph& g) { detail::validate_cnn(g, g.name.empty() ? w.name : g.name); },
                           [](const transformer_config& t) { validate(t); }},
        w.net);
}

}  // namespace roofcast

#endif
