/// @file
/// Loads a Hugging Face `config.json` as a transformer workload (format: docs/workload-format.md, "Hugging Face
/// config.json"), and any workload file by its extension.
#ifndef ROOFCAST_IO_HF_CONFIG_HPP
#define ROOFCAST_IO_HF_CONFIG_HPP

#include <roofcast/detail/files.hpp>
#include <roofcast/detail/names.hpp>
#include <roofcast/diagnostics.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/workload_toml.hpp>
#include <roofcast/workload/transformer.hpp>
#include <roofcast/workload/validate.hpp>
#include <roofcast/workload/workload.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// The `model_type`s load_hf_config reads (multimodal configs are read through their `text_config`).
inline constexpr std::array<std::string_view, 31> hf_model_types = {
    "llama",    "mistral",     "mixtral",  "qwen2",       "qwen2_moe",   "qwen3",     "qwen3_moe",   "gemma",
    "gemma2",   "gemma3_text", "phi3",     "phi",         "olmo2",       "internlm2", "minicpm",     "cohere",
    "stablelm", "starcoder2",  "deepseek", "deepseek_v2", "deepseek_v3", "gpt2",      "gpt_bigcode", "gptj",
    "gpt_neox", "opt",         "falcon",   "bert",        "t5",          "vit",       "whisper"};

/// model_types of state-space and hybrid models, which roofcast refuses with the reason.
inline constexpr std::array<std::string_view, 8> hf_state_space_types = {"mamba", "mamba2", "falcon_mamba", "jamba",
                                                                         "zamba", "zamba2", "nemotron_h",   "bamba"};

namespace detail {

/// Reads the fields of one parsed config.json; every error names the file and the field.
class hf_reader {
public:
    /// Reads `root`, the object parsed from `file`.
    hf_reader(const nlohmann::json& root, std::string file) : root_(root), file_(std::move(file)) {}

    /// Throws input_error "FILE: field 'FIELD' WHAT".
    [[noreturn]] void fail(std::string_view field, const std::string& what) const {
        throw input_error(file_ + ": field '" + std::string(field) + "' " + what);
    }

    /// Whether `field` is present and not null.
    bool has(std::string_view field) const {
        const auto it = root_.find(std::string(field));
        return it != root_.end() && !it->is_null();
    }

    /// The whole number `field`, between `lo` and `hi`; required.
    long long integer(std::string_view field, long long lo = 1, long long hi = 1'000'000'000) const {
        if (!has(field)) {
            fail(field, "is missing (model_type '" + model_type() + "' needs it)");
        }
        const nlohmann::json& v = root_.at(std::string(field));
        const double d = v.is_number() ? v.get<double>() : std::nan("");
        if (!v.is_number() || d != std::floor(d) || d < static_cast<double>(lo) || d > static_cast<double>(hi)) {
            fail(field, "must be a whole number between " + std::to_string(lo) + " and " + std::to_string(hi) +
                            ", got " + v.dump());
        }
        return static_cast<long long>(d);
    }

    /// The whole number `field`, or `fallback` when it is absent or null.
    long long integer_or(std::string_view field, long long fallback, long long lo = 1,
                         long long hi = 1'000'000'000) const {
        return has(field) ? integer(field, lo, hi) : fallback;
    }

    /// The boolean `field`, or `fallback` when it is absent or null.
    bool boolean_or(std::string_view field, bool fallback) const {
        if (!has(field)) {
            return fallback;
        }
        const nlohmann::json& v = root_.at(std::string(field));
        if (!v.is_boolean()) {
            fail(field, "must be true or false, got " + v.dump());
        }
        return v.get<bool>();
    }

    /// The string `field`, or `fallback` when it is absent or null.
    std::string string_or(std::string_view field, const std::string& fallback) const {
        if (!has(field)) {
            return fallback;
        }
        const nlohmann::json& v = root_.at(std::string(field));
        if (!v.is_string()) {
            fail(field, "must be a string, got " + v.dump());
        }
        return v.get<std::string>();
    }

    /// How many elements of the list `field` equal the string `value` (all of them when `value` is empty); -1 when
    /// the field is absent or null.
    long long count_of(std::string_view field, const std::string& value) const {
        if (!has(field)) {
            return -1;
        }
        const nlohmann::json& v = root_.at(std::string(field));
        if (!v.is_array()) {
            fail(field, "must be a list, got " + v.dump());
        }
        return value.empty() ? static_cast<long long>(v.size())
                             : static_cast<long long>(std::count(v.begin(), v.end(), nlohmann::json(value)));
    }

    /// The config's model_type ("" when absent).
    std::string model_type() const {
        const auto it = root_.find("model_type");
        return it != root_.end() && it->is_string() ? it->get<std::string>() : std::string();
    }

    /// The file's name, as given.
    const std::string& file() const { return file_; }

private:
    const nlohmann::json& root_;
    std::string file_;
};

/// The head width: `head_dim` where the config gives it, else hidden / heads, which must divide.
inline long long hf_head_dim(const hf_reader& r, const transformer_config& t, std::string_view heads_field) {
    if (r.has("head_dim")) {
        return r.integer("head_dim", 1, transformer_limits::max_heads);
    }
    if (t.hidden % t.heads != 0) {
        r.fail(heads_field, "(" + std::to_string(t.heads) + ") does not divide the hidden size (" +
                                std::to_string(t.hidden) + ") and there is no 'head_dim'");
    }
    return t.hidden / t.heads;
}

/// Whether `type` is one of Qwen's (qwen2, qwen2_moe, qwen3, qwen3_moe): sliding windows only with
/// `use_sliding_window`.
inline bool hf_qwen(const std::string& type) {
    return type.rfind("qwen", 0) == 0;
}

/// The sliding window of Mistral-style configs (Mistral, Mixtral, Phi-3, StarCoder2: `sliding_window` on every block,
/// null for none), Qwen's (`use_sliding_window`: blocks from `max_window_layers` on), Gemma 2 (every other block, the
/// first included: transformers' Gemma2DecoderLayer, `is_sliding = not bool(layer_idx % 2)`) and Gemma 3 (all but
/// every `sliding_window_pattern`-th block: Gemma3DecoderLayer, `is_sliding = bool((layer_idx + 1) % pattern)`); a
/// config's `layer_types` list, where given, counts its "sliding_attention" blocks.
inline void hf_sliding_window(const hf_reader& r, const std::string& type, transformer_config& t) {
    if (!r.has("sliding_window") || type == "gemma" || type.rfind("deepseek", 0) == 0) {
        return;
    }
    if (hf_qwen(type) && !r.boolean_or("use_sliding_window", false)) {
        return;
    }
    t.sliding_window = r.integer("sliding_window", 1, transformer_limits::max_seq);
    if (const long long listed = r.count_of("layer_types", "sliding_attention"); listed >= 0) {
        t.sliding_layers = listed;
    } else if (type == "gemma2") {
        t.sliding_layers = (t.layers + 1) / 2;
    } else if (type == "gemma3_text") {
        t.sliding_layers =
            t.layers - t.layers / r.integer_or("sliding_window_pattern", 6, 1, transformer_limits::max_layers);
    } else if (hf_qwen(type)) {
        t.sliding_layers = t.layers - std::min(t.layers, r.integer_or("max_window_layers", t.layers, 0));
    } else {
        t.sliding_layers = t.layers;
    }
    if (t.sliding_layers == 0) {
        t.sliding_window = 0;
    }
}

/// The experts of Mixtral (`num_local_experts`), Qwen2-MoE and Qwen3-MoE (`num_experts`, `moe_intermediate_size`, a
/// shared expert of `shared_expert_intermediate_size`, read as that many experts' width) and DeepSeek
/// (`n_routed_experts`, `n_shared_experts`, `first_k_dense_replace`, `moe_layer_freq`).
inline void hf_experts(const hf_reader& r, const std::string& type, transformer_config& t) {
    namespace lim = transformer_limits;
    const bool deepseek = type.rfind("deepseek", 0) == 0;
    if (type == "mixtral") {
        t.experts = r.integer("num_local_experts", 1, lim::max_experts);
    } else if (type == "qwen2_moe" || type == "qwen3_moe") {
        if (r.count_of("mlp_only_layers", "") > 0) {
            r.fail("mlp_only_layers", "lists dense blocks among the experts' blocks, which roofcast does not model");
        }
        t.experts = r.integer("num_experts", 1, lim::max_experts);
        t.moe_ffn_hidden = r.integer("moe_intermediate_size", 1, lim::max_ffn_hidden);
        const long long shared = r.integer_or("shared_expert_intermediate_size", 0, 0, lim::max_ffn_hidden);
        if (shared % t.moe_ffn_hidden != 0) {
            r.fail("shared_expert_intermediate_size", "(" + std::to_string(shared) +
                                                          ") must be a multiple of 'moe_intermediate_size' (" +
                                                          std::to_string(t.moe_ffn_hidden) + ")");
        }
        t.shared_experts = shared / t.moe_ffn_hidden;
        t.moe_every = r.integer_or("decoder_sparse_step", 1, 1, lim::max_layers);
    } else if (deepseek) {
        t.experts = r.integer_or("n_routed_experts", 1, 1, lim::max_experts);
        t.moe_ffn_hidden = r.integer("moe_intermediate_size", 1, lim::max_ffn_hidden);
        t.shared_experts = r.integer_or("n_shared_experts", 0, 0, lim::max_experts);
        t.first_dense_layers = r.integer_or("first_k_dense_replace", 0, 0, t.layers - 1);
        t.moe_every = r.integer_or("moe_layer_freq", 1, 1, lim::max_layers);
    } else {
        return;
    }
    t.top_k = r.integer("num_experts_per_tok", 1, t.experts);
    if (t.experts == 1) {  // a dense DeepSeek
        t.moe_ffn_hidden = t.shared_experts = t.first_dense_layers = 0;
    }
}

/// DeepSeek's multi-head latent attention: `kv_lora_rank`, `q_lora_rank` (null: a full query projection),
/// `qk_rope_head_dim`, `qk_nope_head_dim`, `v_head_dim`; head_dim is the query/key head width, nope + rope.
inline void hf_latent_attention(const hf_reader& r, transformer_config& t) {
    namespace lim = transformer_limits;
    t.kv_lora_rank = r.integer("kv_lora_rank", 1, lim::max_hidden);
    t.q_lora_rank = r.integer_or("q_lora_rank", 0, 1, lim::max_hidden);
    t.qk_rope_head_dim = r.integer("qk_rope_head_dim", 1, lim::max_heads);
    t.qk_nope_head_dim = r.integer("qk_nope_head_dim", 1, lim::max_heads);
    t.v_head_dim = r.integer("v_head_dim", 1, lim::max_heads);
    t.kv_heads = t.heads;
    t.head_dim = t.qk_nope_head_dim + t.qk_rope_head_dim;
}

/// The Llama family (llama, mistral, mixtral, qwen2/3 and their MoE, gemma 1–3, phi3, olmo2, internlm2, minicpm,
/// deepseek v1–v3, and with LayerNorm cohere, stablelm, starcoder2 and phi): rotary positions, grouped-query heads,
/// a gated FFN (SwiGLU; GeGLU for Gemma; a plain GELU FFN with biases for StarCoder2 and Phi), untied output (tied for
/// Gemma, Cohere and StarCoder2 unless the config says otherwise). Per-head QK norms (Qwen3, OLMo 2, Gemma 3) and
/// parallel attention and FFN (Cohere, Phi) change neither the GEMMs nor the parameter count by more than 0.01%.
inline void hf_llama_family(const hf_reader& r, const std::string& type, transformer_config& t) {
    namespace lim = transformer_limits;
    const bool gemma = type == "gemma" || type == "gemma2" || type == "gemma3_text";
    const bool plain_ffn = type == "starcoder2" || type == "phi";
    const bool layer_norm = plain_ffn || type == "cohere" || type == "stablelm";
    t.hidden = r.integer("hidden_size", 1, lim::max_hidden);
    t.layers = r.integer("num_hidden_layers", 1, lim::max_layers);
    t.heads = r.integer("num_attention_heads", 1, lim::max_heads);
    t.kv_heads = r.integer_or("num_key_value_heads", t.heads, 1, t.heads);
    t.ffn_hidden = r.integer("intermediate_size", 1, lim::max_ffn_hidden);
    t.vocab = r.integer("vocab_size", 1, lim::max_vocab);
    t.max_seq = r.integer("max_position_embeddings", 1, lim::max_seq);
    t.ffn = gemma ? ffn_kind::geglu : plain_ffn ? ffn_kind::gelu : ffn_kind::swiglu;
    t.norm = layer_norm ? norm_type::layer_norm : norm_type::rms_norm;
    t.position = position_kind::rope;
    t.tied_embeddings = r.boolean_or("tie_word_embeddings", gemma || type == "cohere" || type == "starcoder2");
    t.linear_bias = type == "phi" || (type == "starcoder2" && r.boolean_or("use_bias", true));
    t.qkv_bias = type == "qwen2" || type == "qwen2_moe" ||
                 (type == "stablelm" ? r.boolean_or("use_qkv_bias", false) : r.boolean_or("attention_bias", false));
    if (type.rfind("deepseek", 0) == 0 && r.has("kv_lora_rank")) {
        hf_latent_attention(r, t);
    } else {
        t.head_dim = hf_head_dim(r, t, "num_attention_heads");
    }
    hf_experts(r, type, t);
    hf_sliding_window(r, type, t);
}

/// GPT-2 (`n_embd`, `n_layer`, `n_head`, `n_inner` or 4 × n_embd, `n_positions`; one key/value head where
/// `attention_head_type` is multiquery, as in SantaCoder), GPT-BigCode (the same, with one key/value head under
/// `multi_query`, its default) and GPT-J (the same names, rotary positions, untied output):
/// LayerNorm, GELU, biases, learned positions and a tied output for GPT-2 and GPT-BigCode.
inline void hf_gpt2_family(const hf_reader& r, const std::string& type, transformer_config& t) {
    namespace lim = transformer_limits;
    t.hidden = r.integer("n_embd", 1, lim::max_hidden);
    t.layers = r.integer("n_layer", 1, lim::max_layers);
    t.heads = r.integer("n_head", 1, lim::max_heads);
    // SantaCoder's gpt2 config with its own modeling code names multi-query attention `attention_head_type`.
    const std::string head_type = r.string_or("attention_head_type", "multihead");
    if (head_type != "multihead" && head_type != "multiquery") {
        r.fail("attention_head_type", "is '" + head_type + "'; roofcast reads multihead and multiquery");
    }
    const bool multi_query = type == "gpt_bigcode" ? r.boolean_or("multi_query", true) : head_type == "multiquery";
    t.kv_heads = multi_query ? 1 : t.heads;
    t.head_dim = hf_head_dim(r, t, "n_head");
    t.ffn_hidden = r.integer_or("n_inner", 4 * t.hidden, 1, lim::max_ffn_hidden);
    t.vocab = r.integer("vocab_size", 1, lim::max_vocab);
    t.max_seq = r.integer("n_positions", 1, lim::max_seq);
    t.ffn = ffn_kind::gelu;
    t.norm = norm_type::layer_norm;
    t.position = type == "gptj" ? position_kind::rope : position_kind::learned;
    t.tied_embeddings = r.boolean_or("tie_word_embeddings", type != "gptj");
    t.linear_bias = true;
}

/// GPT-NeoX, OPT and Falcon decoders, and BERT and ViT encoders: the `hidden_size` / `num_hidden_layers` /
/// `num_attention_heads` names with each family's FFN width, positions, biases and tying.
inline void hf_bert_family(const hf_reader& r, const std::string& type, transformer_config& t) {
    namespace lim = transformer_limits;
    t.hidden = r.integer("hidden_size", 1, lim::max_hidden);
    t.layers = r.integer("num_hidden_layers", 1, lim::max_layers);
    t.heads = r.integer("num_attention_heads", 1, lim::max_heads);
    t.kv_heads = t.heads;
    t.head_dim = hf_head_dim(r, t, "num_attention_heads");
    t.norm = norm_type::layer_norm;
    t.ffn = type == "opt" ? ffn_kind::relu : ffn_kind::gelu;
    t.linear_bias = type == "falcon" ? r.boolean_or("bias", false) : r.boolean_or("enable_bias", true);
    t.position = type == "gpt_neox" || type == "falcon" ? position_kind::rope : position_kind::learned;
    t.kind = type == "bert" || type == "vit" ? transformer_kind::encoder : transformer_kind::decoder;
    t.tied_embeddings = r.boolean_or("tie_word_embeddings", type != "gpt_neox");
    if (type == "vit") {  // patch embedding: a linear layer of channels·patch² inputs, one row per patch + [CLS]
        const long long patch = r.integer_or("patch_size", 16, 1, 4096), image = r.integer_or("image_size", 224, 1);
        t.vocab = r.integer_or("num_channels", 3, 1, 64) * patch * patch;
        t.max_seq = (image / patch) * (image / patch) + 1;
        t.linear_bias = r.boolean_or("qkv_bias", true);
        t.pooler = true;
    } else {
        t.vocab = r.integer("vocab_size", 1, lim::max_vocab);
        t.max_seq = r.integer_or("max_position_embeddings", 2048, 1, lim::max_seq);
    }
    if (type == "falcon") {
        const bool new_arch = r.boolean_or("new_decoder_architecture", false);
        t.kv_heads = new_arch ? r.integer("num_kv_heads", 1, t.heads) : r.boolean_or("multi_query", true) ? 1 : t.heads;
        t.position = r.boolean_or("alibi", false) ? position_kind::alibi : position_kind::rope;
    }
    const char* width = type == "opt" ? "ffn_dim" : type == "falcon" ? "ffn_hidden_size" : "intermediate_size";
    t.ffn_hidden = type == "falcon" ? r.integer_or(width, 4 * t.hidden, 1, lim::max_ffn_hidden)
                                    : r.integer(width, 1, lim::max_ffn_hidden);
    t.type_vocab = type == "bert" ? r.integer_or("type_vocab_size", 2, 0, lim::max_type_vocab) : 0;
    t.pooler = t.pooler || type == "bert";
}

/// T5 (`d_model`, `num_layers`, `num_decoder_layers`, `num_heads`, `d_kv`, `d_ff`, `feed_forward_proj`): an
/// encoder-decoder with scale-only norms, relative positions, no biases and a tied output unless untied (T5 v1.1).
inline void hf_t5(const hf_reader& r, transformer_config& t) {
    namespace lim = transformer_limits;
    t.kind = transformer_kind::encoder_decoder;
    t.hidden = r.integer("d_model", 1, lim::max_hidden);
    t.layers = r.integer("num_layers", 1, lim::max_layers);
    t.decoder_layers = r.integer_or("num_decoder_layers", t.layers, 1, lim::max_layers);
    t.heads = r.integer("num_heads", 1, lim::max_heads);
    t.kv_heads = t.heads;
    t.head_dim = r.integer("d_kv", 1, lim::max_heads);
    t.ffn_hidden = r.integer("d_ff", 1, lim::max_ffn_hidden);
    const std::string proj = r.string_or("feed_forward_proj", "relu");
    if (proj != "relu" && proj != "gated-gelu" && proj != "gelu" && proj != "gated-relu") {
        r.fail("feed_forward_proj", "is '" + proj + "'; roofcast reads relu, gelu, gated-gelu and gated-relu");
    }
    t.ffn = proj == "relu" ? ffn_kind::relu : proj == "gelu" ? ffn_kind::gelu : ffn_kind::geglu;
    t.vocab = r.integer("vocab_size", 1, lim::max_vocab);
    t.max_seq = r.integer_or("n_positions", 512, 1, lim::max_seq);
    t.norm = norm_type::rms_norm;
    t.position = position_kind::relative;
    t.tied_embeddings = r.boolean_or("tie_word_embeddings", true);
    t.linear_bias = false;
}

/// Whisper (`d_model`, `encoder_layers`, `decoder_layers`, `encoder_attention_heads`, `encoder_ffn_dim`,
/// `num_mel_bins`, `max_source_positions`, `max_target_positions`): an encoder-decoder over a fixed audio input behind
/// its convolutional front end, LayerNorm, GELU, biases, learned decoder positions and a tied output. The decoder's
/// heads and FFN width must equal the encoder's (every published Whisper has them so).
inline void hf_whisper(const hf_reader& r, transformer_config& t) {
    namespace lim = transformer_limits;
    t.kind = transformer_kind::encoder_decoder;
    t.hidden = r.integer("d_model", 1, lim::max_hidden);
    t.layers = r.integer("encoder_layers", 1, lim::max_layers);
    t.decoder_layers = r.integer_or("decoder_layers", t.layers, 1, lim::max_layers);
    t.heads = r.integer("encoder_attention_heads", 1, lim::max_heads);
    t.kv_heads = t.heads;
    t.ffn_hidden = r.integer("encoder_ffn_dim", 1, lim::max_ffn_hidden);
    for (const auto& [field, value] : {std::pair<const char*, long long>{"decoder_attention_heads", t.heads},
                                       std::pair<const char*, long long>{"decoder_ffn_dim", t.ffn_hidden}}) {
        if (r.integer_or(field, value, 1) != value) {
            r.fail(field, "differs from the encoder's (" + std::to_string(value) +
                              "); roofcast models one head count and FFN width for both stacks");
        }
    }
    t.head_dim = hf_head_dim(r, t, "encoder_attention_heads");
    const std::string act = r.string_or("activation_function", "gelu");
    if (act != "gelu" && act != "relu") {
        r.fail("activation_function", "is '" + act + "'; roofcast reads gelu and relu");
    }
    t.ffn = act == "relu" ? ffn_kind::relu : ffn_kind::gelu;
    t.vocab = r.integer("vocab_size", 1, lim::max_vocab);
    t.max_seq = r.integer_or("max_target_positions", 448, 1, lim::max_seq);
    t.encoder_positions = r.integer_or("max_source_positions", 1500, 1, lim::max_seq);
    t.mel_bins = r.integer_or("num_mel_bins", 80, 1, lim::max_hidden);
    t.norm = norm_type::layer_norm;
    t.position = position_kind::learned;
    t.tied_embeddings = r.boolean_or("tie_word_embeddings", true);
    t.linear_bias = true;
}

/// The last component of `path` ("" for none).
inline std::string hf_base_name(const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// The workload's name: the file's stem, lower case, or for a file called config.json its directory's name (the
/// model_type when it has none).
inline std::string hf_workload_name(const std::string& file, const std::string& type) {
    std::string stem = hf_base_name(file);
    stem = stem.substr(0, stem.rfind('.') == 0 ? stem.size() : stem.rfind('.'));
    if (stem == "config") {
        const std::size_t slash = file.find_last_of("/\\");
        stem = slash == std::string::npos ? std::string() : hf_base_name(file.substr(0, slash));
    }
    if (stem.empty() || stem == "." || stem == "..") {
        stem = type;
    }
    std::transform(stem.begin(), stem.end(), stem.begin(),
                   [](unsigned char ch) { return std::isspace(ch) ? '-' : static_cast<char>(std::tolower(ch)); });
    return stem;
}

}  // namespace detail

namespace detail {

/// What a composite config's `text_config` leaves out: Hugging Face writes a sub-config as its difference from the
/// class's defaults, so absent fields take those (transformers' LlamaConfig, MistralConfig, Gemma3TextConfig).
inline nlohmann::json hf_text_defaults(const std::string& type) {
    if (type == "gemma3_text") {
        return {{"vocab_size", 262208},      {"hidden_size", 2304},
                {"intermediate_size", 9216}, {"num_hidden_layers", 26},
                {"num_attention_heads", 8},  {"num_key_value_heads", 4},
                {"head_dim", 256},           {"max_position_embeddings", 131072},
                {"sliding_window", 4096},    {"sliding_window_pattern", 6}};
    }
    if (type == "mistral") {
        return {{"vocab_size", 32000},
                {"hidden_size", 4096},
                {"intermediate_size", 14336},
                {"num_hidden_layers", 32},
                {"num_attention_heads", 32},
                {"num_key_value_heads", 8},
                {"max_position_embeddings", 131072},
                {"sliding_window", 4096}};
    }
    return {{"vocab_size", 32000},     {"hidden_size", 4096},       {"intermediate_size", 11008},
            {"num_hidden_layers", 32}, {"num_attention_heads", 32}, {"max_position_embeddings", 2048}};
}

/// The language model of a multimodal config (llava, mistral3, gemma3, ...): its `text_config`, with the class
/// defaults for what it leaves out and the model_type its wrapper implies where it names none; a warning says that
/// the vision tower is not modelled.
inline nlohmann::json hf_language_model(const nlohmann::json& root, const std::string& wrapper,
                                        const diagnostic_sink& warnings) {
    nlohmann::json text = root.at("text_config");
    if (!text.contains("model_type") || !text["model_type"].is_string()) {
        text["model_type"] = wrapper == "gemma3" ? "gemma3_text" : wrapper == "mistral3" ? "mistral" : "llama";
    }
    const std::string type = text["model_type"].get<std::string>();
    const nlohmann::json defaults = hf_text_defaults(type);
    for (const auto& [key, value] : defaults.items()) {
        if (!text.contains(key)) {  // an explicit null (no sliding window) stays
            text[key] = value;
        }
    }
    if (warnings.active()) {
        std::string vision = "vision_config";
        if (root.contains("vision_config") && root["vision_config"].is_object() &&
            root["vision_config"].contains("model_type") && root["vision_config"]["model_type"].is_string()) {
            vision += ", " + root["vision_config"]["model_type"].get<std::string>();
        }
        warnings.warn("model_type '" + wrapper + "': read its language model (text_config, model_type " + type +
                      "); the vision tower (" + vision + ") and the projector are not modelled");
    }
    return text;
}

/// The fields a config of an unknown model_type needs to be read as a Llama-style decoder.
inline constexpr std::array<std::string_view, 5> hf_generic_fields = {
    "hidden_size", "num_hidden_layers", "num_attention_heads", "intermediate_size", "vocab_size"};

/// The model_type to read `type` as: itself when roofcast knows it; "llama" for an unknown one whose config has the
/// standard fields (hf_generic_fields), with a warning naming the assumptions. Throws input_error for a state-space
/// model, and for an unknown one without those fields, naming the missing ones and the TOML format.
inline std::string hf_type_to_read(const hf_reader& r, const std::string& type, const diagnostic_sink& warnings) {
    if (std::find(hf_model_types.begin(), hf_model_types.end(), type) != hf_model_types.end()) {
        return type;
    }
    if (std::find(hf_state_space_types.begin(), hf_state_space_types.end(), type) != hf_state_space_types.end()) {
        r.fail("model_type", "is '" + type +
                                 "': state-space (Mamba) layers keep a recurrent state instead of a KV cache and run "
                                 "as scans, which roofcast does not model yet; for a hybrid, its attention and FFN "
                                 "blocks alone as a roofcast TOML (docs/workload-format.md) give a lower bound on "
                                 "its time and memory");
    }
    std::string missing;
    for (std::string_view f : hf_generic_fields) {
        missing += r.has(f) ? "" : (missing.empty() ? "" : ", ") + std::string(f);
    }
    if (!missing.empty()) {
        std::string known;
        for (std::string_view k : hf_model_types) {
            known += (known.empty() ? "" : ", ") + std::string(k);
        }
        r.fail("model_type", "is '" + type + "', which roofcast does not read (it reads " + known +
                                 "), and the config lacks the standard fields to read it as a Llama-style decoder (" +
                                 missing + "); describe the model as a roofcast TOML (docs/workload-format.md)");
    }
    if (warnings.active()) {
        warnings.warn("model_type '" + type +
                      "' is not one roofcast knows: read as a Llama-style decoder (RMSNorm, rotary positions, "
                      "SwiGLU FFN of intermediate_size, no biases, num_key_value_heads or every head, output "
                      "tied only with tie_word_embeddings); check these against the model");
    }
    return "llama";
}

/// OPT-350m embeds tokens at `word_embed_proj_dim` and projects in and out of the blocks' width (project_in,
/// project_out: HF modeling_opt.py); roofcast models the embedding and the output layer at the blocks' width, so the
/// warning gives what that adds: V·(h − p) − 2·h·p parameters.
inline void hf_opt_projection(const hf_reader& r, const transformer_config& t, const diagnostic_sink& warnings) {
    const long long p = r.integer_or("word_embed_proj_dim", t.hidden, 1, transformer_limits::max_hidden);
    if (p == t.hidden || !warnings.active()) {
        return;
    }
    const double extra = static_cast<double>(t.vocab) * static_cast<double>(t.hidden - p) -
                         2.0 * static_cast<double>(t.hidden) * static_cast<double>(p);
    warnings.warn("word_embed_proj_dim " + std::to_string(p) + " differs from hidden_size " + std::to_string(t.hidden) +
                  ": the token embedding and the output layer are modelled at hidden_size without the "
                  "project_in/project_out layers, " +
                  std::to_string(std::llround(extra)) + " parameters more than the model has");
}

}  // namespace detail

/// Parses a Hugging Face `config.json` from `text` (`file` names it in messages and gives the workload's name) into
/// a transformer workload: the model_types of hf_model_types; a multimodal config's language model (its
/// `text_config`); an unknown model_type with the standard fields as a Llama-style decoder. Assumptions are appended
/// to `warnings`. Throws input_error "FILE: field 'FIELD' ..." on invalid JSON, a state-space or unreadable
/// model_type, a missing or mistyped field or an inconsistent shape.
inline workload parse_hf_config(std::string_view text, const std::string& file, const diagnostic_sink& warnings = {}) {
    nlohmann::json root;
    try {
        root = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw input_error(file + ": not valid JSON (at byte " + std::to_string(e.byte) + ")");
    } catch (const nlohmann::json::exception& e) {  // a number beyond a double ("1e30000"): out_of_range
        throw input_error(file + ": not valid JSON: " + std::string(e.what()));
    }
    if (!root.is_object()) {
        throw input_error(file + ": a config.json is a JSON object, got " + std::string(root.type_name()));
    }
    const std::string wrapper = detail::hf_reader(root, file).string_or("model_type", "");
    if (root.contains("text_config") && root["text_config"].is_object()) {
        root = detail::hf_language_model(root, wrapper, warnings);
    }
    const detail::hf_reader r(root, file);
    const std::string given = r.string_or("model_type", "");
    if (given.empty()) {
        r.fail("model_type", "is missing (roofcast reads the architecture from it)");
    }
    const std::string type = detail::hf_type_to_read(r, given, warnings);
    transformer_config t;
    if (type == "gpt2" || type == "gptj" || type == "gpt_bigcode") {
        detail::hf_gpt2_family(r, type, t);
    } else if (type == "t5") {
        detail::hf_t5(r, t);
    } else if (type == "whisper") {
        detail::hf_whisper(r, t);
    } else if (type == "bert" || type == "vit" || type == "gpt_neox" || type == "opt" || type == "falcon") {
        detail::hf_bert_family(r, type, t);
    } else {
        detail::hf_llama_family(r, type, t);
    }
    if (type == "opt") {
        detail::hf_opt_projection(r, t, warnings);
    }
    t.name = detail::hf_workload_name(file, wrapper);
    t.description =
        "Hugging Face config.json (model_type " + wrapper + (wrapper == given ? "" : ", text " + given) + ")";
    t.sources = {{"config", "Hugging Face config.json: " + file}};
    t.origin = file;
    try {
        validate(t);
    } catch (const input_error& e) {
        throw input_error(file + ": " + e.what());
    }
    return make_workload(std::move(t));
}

/// Loads the Hugging Face `config.json` at `path` (see parse_hf_config; assumptions reported to `warnings`).
inline workload load_hf_config(const std::string& path, const diagnostic_sink& warnings = {}) {
    return parse_hf_config(detail::read_text_file(path, "Hugging Face config"), path, warnings);
}

/// Loads a workload file by its extension: `.json` a Hugging Face config.json (load_hf_config, whose assumptions are
/// reported to `warnings`), anything else a roofcast transformer TOML (load_transformer_file, whose unknown keys are).
inline workload load_workload_file(const std::string& path, const diagnostic_sink& warnings = {}) {
    const bool json = detail::has_extension(path, ".json");
    return json ? load_hf_config(path, warnings) : make_workload(load_transformer_file(path, warnings));
}

}  // namespace roofcast

#endif
