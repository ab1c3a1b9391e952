/// @file
/// Loads transformer descriptions from TOML files (format: docs/workload-format.md).
#ifndef ROOFCAST_IO_WORKLOAD_TOML_HPP
#define ROOFCAST_IO_WORKLOAD_TOML_HPP

#include <roofcast/detail/names.hpp>
#include <roofcast/detail/toml_reader.hpp>
#include <roofcast/diagnostics.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/workload/transformer.hpp>
#include <roofcast/workload/validate.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

namespace detail {

/// A number formatted for messages: "6.738e+09".
inline std::string transformer_toml_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

/// Reads the optional architecture keys of `t` (docs/workload-format.md): the expert FFN width, shared experts and
/// leading dense blocks of an MoE model, multi-head latent attention's ranks and head widths, the sliding window
/// and the blocks using it, biases on Q, K and V only, and a fixed encoder input with its audio front end. Their
/// consistency is checked by validate().
inline void read_transformer_architecture(toml_reader& r, transformer_config& t) {
    namespace lim = transformer_limits;
    t.moe_ffn_hidden = r.optional_integer("moe_ffn_hidden", 1, lim::max_ffn_hidden).value_or(0);
    t.shared_experts = r.optional_integer("shared_experts", 0, lim::max_experts).value_or(0);
    t.first_dense_layers = r.optional_integer("first_dense_layers", 0, lim::max_layers).value_or(0);
    t.kv_lora_rank = r.optional_integer("kv_lora_rank", 1, lim::max_hidden).value_or(0);
    t.q_lora_rank = r.optional_integer("q_lora_rank", 1, lim::max_hidden).value_or(0);
    t.qk_rope_head_dim = r.optional_integer("qk_rope_head_dim", 1, lim::max_heads).value_or(0);
    t.qk_nope_head_dim = r.optional_integer("qk_nope_head_dim", 1, lim::max_heads).value_or(0);
    t.v_head_dim = r.optional_integer("v_head_dim", 1, lim::max_heads).value_or(0);
    t.sliding_window = r.optional_integer("sliding_window", 1, lim::max_seq).value_or(0);
    t.sliding_layers =
        r.optional_integer("sliding_layers", 1, lim::max_layers).value_or(t.sliding_window > 0 ? t.layers : 0);
    t.qkv_bias = r.optional_bool("qkv_bias").value_or(false);
    t.encoder_positions = r.optional_integer("encoder_positions", 1, lim::max_seq).value_or(0);
    t.mel_bins = r.optional_integer("mel_bins", 1, lim::max_hidden).value_or(0);
}

}  // namespace detail

namespace detail {

/// The name and aliases of a workload file into `t`: a name without spaces, aliases neither empty, the name itself nor
/// repeated (compared as normalize_name does).
inline void read_transformer_names(toml_reader& r, transformer_config& t) {
    t.name = r.required_string("name");
    if (t.name.empty() || t.name.find_first_of(" \t\n") != std::string::npos) {
        r.fail("name", "must be a non-empty name without spaces, got '" + t.name + "'");
    }
    t.aliases = r.string_array("aliases");
    for (std::size_t i = 0; i < t.aliases.size(); ++i) {
        const std::string a = normalize_name(t.aliases[i]);
        if (a.empty()) {
            r.fail("aliases", "must not contain an empty name");
        }
        if (a == normalize_name(t.name)) {
            r.fail("aliases", "contains '" + t.aliases[i] + "', which is the name itself");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (normalize_name(t.aliases[j]) == a) {
                r.fail("aliases", "lists '" + t.aliases[i] + "' twice");
            }
        }
    }
}

/// The kind and shape of a workload file into `t` (after its kind): blocks, widths, heads, the FFN, vocabulary,
/// sequence length, norm, positions, embeddings, biases and pooler, each within transformer_limits.
inline void read_transformer_shape(toml_reader& r, transformer_config& t) {
    // Ranges: generous bounds on today's largest models; anything outside is a typo or a unit error.
    namespace lim = transformer_limits;
    t.layers = r.required_integer("layers", 1, lim::max_layers);
    const auto decoder_layers = r.optional_integer("decoder_layers", 0, lim::max_layers);
    if (t.kind == transformer_kind::encoder_decoder) {
        if (!decoder_layers || *decoder_layers == 0) {
            r.fail("decoder_layers",
                   decoder_layers ? "must be at least 1 for kind = \"encoder-decoder\", got 0"
                                  : "is missing (kind = \"encoder-decoder\" needs its number of decoder blocks)");
        }
        t.decoder_layers = *decoder_layers;
    } else if (decoder_layers && *decoder_layers != 0) {
        r.fail("decoder_layers", "applies only to kind = \"encoder-decoder\" (this file has kind = \"" +
                                     std::string(to_string_view(t.kind)) + "\"); `layers` counts every block");
    }
    t.hidden = r.required_integer("hidden", 1, lim::max_hidden);
    t.heads = r.required_integer("heads", 1, lim::max_heads);
    t.kv_heads = r.optional_integer("kv_heads", 1, t.heads).value_or(t.heads);
    if (t.heads % t.kv_heads != 0) {
        r.fail("kv_heads", "must divide heads (" + std::to_string(t.heads) + ") for grouped-query attention, got " +
                               std::to_string(t.kv_heads));
    }
    if (const auto head_dim = r.optional_integer("head_dim", 1, lim::max_heads)) {
        t.head_dim = *head_dim;
    } else if (t.hidden % t.heads != 0) {
        r.fail("heads", "(" + std::to_string(t.heads) + ") does not divide hidden (" + std::to_string(t.hidden) +
                            "); give head_dim explicitly");
    } else {
        t.head_dim = t.hidden / t.heads;
    }
    t.ffn_hidden = r.required_integer("ffn_hidden", 1, lim::max_ffn_hidden);
    t.ffn = parse_enum(r, "ffn", all_ffn_kinds);
    t.vocab = r.required_integer("vocab", 1, lim::max_vocab);
    t.max_seq = r.required_integer("max_seq", 1, lim::max_seq);
    t.norm = parse_enum(r, "norm", all_norm_types);
    t.position = parse_enum(r, "position", all_position_kinds);
    t.tied_embeddings = r.required_bool("tied_embeddings");
    t.linear_bias = r.required_bool("linear_bias");
    t.type_vocab = r.optional_integer("type_vocab", 0, lim::max_type_vocab).value_or(0);
    t.pooler = r.optional_bool("pooler").value_or(false);
    if (t.pooler && t.kind == transformer_kind::decoder) {
        r.fail("pooler", "is BERT's encoder pooler; a kind = \"decoder\" model has none");
    }
}

/// The experts of a workload file into `t`: their number, top-k, and every how many blocks a block has them.
inline void read_transformer_experts(toml_reader& r, transformer_config& t) {
    namespace lim = transformer_limits;
    t.experts = r.optional_integer("experts", 1, lim::max_experts).value_or(1);
    t.top_k = r.optional_integer("top_k", 1, lim::max_experts).value_or(1);
    if (t.top_k > t.experts) {
        r.fail("top_k",
               "(" + std::to_string(t.top_k) + ") must not exceed experts (" + std::to_string(t.experts) + ")");
    }
    const long long fewest_blocks =
        t.kind == transformer_kind::encoder_decoder ? std::min(t.layers, t.decoder_layers) : t.layers;
    if (const auto every = r.optional_integer("moe_every", 1, lim::max_layers)) {
        if (t.experts == 1) {
            r.fail("moe_every", "applies only to mixture-of-experts models (experts > 1)");
        }
        if (*every > fewest_blocks) {
            r.fail("moe_every", "is " + std::to_string(*every) + ", more than the " + std::to_string(fewest_blocks) +
                                    " blocks of a stack, so no block would have experts");
        }
        t.moe_every = *every;
    }
}

/// The published parameter count of a workload file into `t`, checked against the shape's count (within 10%).
inline void read_published_parameters(toml_reader& r, transformer_config& t) {
    if (const auto published = r.optional_positive("published_parameters")) {
        if (*published < 1e3 || *published > 1e15) {
            r.fail("published_parameters",
                   "must be between 1e3 and 1e15 (a plain count, not millions or billions), got " +
                       transformer_toml_number(*published));
        }
        // A published count far from the shape's count means a wrong layer count, width or vocabulary.
        const double computed = parameters(t);
        if (std::abs(computed / *published - 1.0) > 0.10) {
            r.fail("published_parameters", "is " + transformer_toml_number(*published) +
                                               " but the configuration gives " + transformer_toml_number(computed) +
                                               " parameters (more than 10% apart); check layers, hidden, "
                                               "ffn_hidden, vocab and the experts");
        }
        t.published_parameters = *published;
    }
}

}  // namespace detail

/// Parses a transformer description from TOML `text`; `file` names it in messages. Throws
/// input_error ("FILE:LINE: key 'KEY' ...") on a syntax error, a missing or mistyped key, an
/// out-of-range value or an inconsistent shape (heads not a multiple of kv_heads, top_k above
/// experts, decoder_layers on a model that is not an encoder-decoder, ...); unknown keys are
/// reported to `warnings`.
inline transformer_config parse_transformer_toml(std::string_view text, const std::string& file,
                                                 const diagnostic_sink& warnings = {}) {
    const toml::table root = detail::parse_toml(text, file);
    detail::toml_reader r(root, file, warnings);
    transformer_config t;
    t.origin = file;

    detail::read_transformer_names(r, t);
    t.description = r.optional_string("description").value_or("");
    t.kind = detail::parse_enum(r, "kind", all_transformer_kinds);
    detail::read_transformer_shape(r, t);
    detail::read_transformer_experts(r, t);
    detail::read_transformer_architecture(r, t);
    detail::read_published_parameters(r, t);
    t.sources = detail::read_sources(r);
    try {
        validate(t);  // the checks above have a line; the cross-field ones (experts, latent attention) have not
    } catch (const input_error& e) {
        throw input_error(file + ": " + e.what());
    }
    r.warn_unknown_keys();
    return t;
}

/// Loads a transformer description from the TOML file at `path` (see parse_transformer_toml).
inline transformer_config load_transformer_file(const std::string& path, const diagnostic_sink& warnings = {}) {
    return parse_transformer_toml(detail::read_text_file(path, "workload file"), path, warnings);
}

}  // namespace roofcast

#endif
