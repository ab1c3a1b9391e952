// Generates include/roofcast/detail/builtin_transformers.hpp from models/workloads/*.toml.
// Usage: roofcast-gen-workloads OUTPUT.hpp FILE.toml...
// The TOML files are the single source of truth; this tool loads each one with the library's own
// loader (so a built-in model is exactly what a user's file would give) and writes C++ that rebuilds
// the same transformer_config values, so the built-in models need no files (and no TOML parser) at
// run time. It fails on any warning and on a name or alias that two files share.
#include "generator.hpp"

#include <roofcast/detail/names.hpp>
#include <roofcast/io/workload_toml.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using roofcast_gen::literal;
using roofcast_gen::number;

const char* enum_name(roofcast::transformer_kind k) {
    using roofcast::transformer_kind;
    switch (k) {
        case transformer_kind::encoder: return "transformer_kind::encoder";
        case transformer_kind::decoder: return "transformer_kind::decoder";
        case transformer_kind::encoder_decoder: return "transformer_kind::encoder_decoder";
    }
    return "";
}

const char* enum_name(roofcast::ffn_kind k) {
    using roofcast::ffn_kind;
    switch (k) {
        case ffn_kind::gelu: return "ffn_kind::gelu";
        case ffn_kind::relu: return "ffn_kind::relu";
        case ffn_kind::swiglu: return "ffn_kind::swiglu";
        case ffn_kind::geglu: return "ffn_kind::geglu";
    }
    return "";
}

const char* enum_name(roofcast::norm_type n) {
    using roofcast::norm_type;
    switch (n) {
        case norm_type::layer_norm: return "norm_type::layer_norm";
        case norm_type::rms_norm: return "norm_type::rms_norm";
    }
    return "";
}

const char* enum_name(roofcast::position_kind p) {
    using roofcast::position_kind;
    switch (p) {
        case position_kind::learned: return "position_kind::learned";
        case position_kind::rope: return "position_kind::rope";
        case position_kind::alibi: return "position_kind::alibi";
        case position_kind::relative: return "position_kind::relative";
    }
    return "";
}

void emit(std::ostream& o, const roofcast::transformer_config& t, const std::string& file) {
    o << "    {  // " << file << "\n        transformer_config t;\n";
    auto set = [&](const char* field, const std::string& value) {
        o << "        t." << field << " = " << value << ";\n";
    };
    auto integer = [](long long v) { return std::to_string(v); };
    set("name", literal(t.name));
    std::string aliases = "{";
    for (const auto& a : t.aliases) {
        aliases += (aliases.size() > 1 ? ", " : "") + literal(a);
    }
    set("aliases", aliases + "}");
    set("description", literal(t.description));
    set("kind", enum_name(t.kind));
    set("layers", integer(t.layers));
    set("decoder_layers", integer(t.decoder_layers));
    set("hidden", integer(t.hidden));
    set("heads", integer(t.heads));
    set("kv_heads", integer(t.kv_heads));
    set("head_dim", integer(t.head_dim));
    set("ffn_hidden", integer(t.ffn_hidden));
    set("ffn", enum_name(t.ffn));
    set("vocab", integer(t.vocab));
    set("max_seq", integer(t.max_seq));
    set("norm", enum_name(t.norm));
    set("position", enum_name(t.position));
    set("tied_embeddings", t.tied_embeddings ? "true" : "false");
    set("linear_bias", t.linear_bias ? "true" : "false");
    set("type_vocab", integer(t.type_vocab));
    set("pooler", t.pooler ? "true" : "false");
    set("experts", integer(t.experts));
    set("top_k", integer(t.top_k));
    set("moe_every", integer(t.moe_every));
    // The architecture fields only where a model has them, so that the other models' entries stay as they were.
    const std::pair<const char*, long long> optional_fields[] = {{"moe_ffn_hidden", t.moe_ffn_hidden},
                                                                 {"shared_experts", t.shared_experts},
                                                                 {"first_dense_layers", t.first_dense_layers},
                                                                 {"kv_lora_rank", t.kv_lora_rank},
                                                                 {"q_lora_rank", t.q_lora_rank},
                                                                 {"qk_rope_head_dim", t.qk_rope_head_dim},
                                                                 {"qk_nope_head_dim", t.qk_nope_head_dim},
                                                                 {"v_head_dim", t.v_head_dim},
                                                                 {"sliding_window", t.sliding_window},
                                                                 {"sliding_layers", t.sliding_layers},
                                                                 {"encoder_positions", t.encoder_positions},
                                                                 {"mel_bins", t.mel_bins}};
    for (const auto& [field, value] : optional_fields) {
        if (value != 0) {
            set(field, integer(value));
        }
    }
    if (t.qkv_bias) set("qkv_bias", "true");
    if (t.published_parameters) set("published_parameters", number(*t.published_parameters));
    set("sources", roofcast_gen::sources_initializer(t.sources));
    set("origin", literal("built-in (" + file + ")"));
    o << "        v.push_back(std::move(t));\n    }\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: roofcast-gen-workloads OUTPUT.hpp FILE.toml...\n";
        return 2;
    }
    struct entry {
        roofcast::transformer_config config;
        std::string file;
    };
    std::vector<std::pair<roofcast::transformer_config, std::string>> loaded;
    if (!roofcast_gen::load_all<roofcast::transformer_config>(
            argc, argv,
            [](const std::string& path, const roofcast::diagnostic_sink& w) {
                return roofcast::load_transformer_file(path, w);
            },
            loaded)) {
        return 1;
    }
    std::vector<entry> entries;
    for (auto& [value, file] : loaded) {
        entries.push_back({std::move(value), file});
    }
    // Every name and alias must pick exactly one model.
    std::map<std::string, std::string> owner;  // normalized spelling -> file
    for (const auto& e : entries) {
        std::vector<std::string> spellings = e.config.aliases;
        spellings.insert(spellings.begin(), e.config.name);
        for (const auto& s : spellings) {
            const auto [it, inserted] = owner.emplace(roofcast::detail::normalize_name(s), e.file);
            if (!inserted) {
                std::cerr << "error: " << e.file << ": name or alias '" << s << "' is also used by " << it->second
                          << '\n';
                return 1;
            }
        }
    }
    std::stable_sort(entries.begin(), entries.end(),
                     [](const entry& a, const entry& b) { return a.config.name < b.config.name; });
    std::ostringstream o;
    o << "// clang-format off\n"
         "/// @file\n"
         "/// The built-in transformer models. GENERATED from models/workloads/*.toml by roofcast-gen-workloads\n"
         "/// (`cmake --build build --target regenerate-workloads`); do not edit by hand.\n"
         "#ifndef ROOFCAST_DETAIL_BUILTIN_TRANSFORMERS_HPP\n#define ROOFCAST_DETAIL_BUILTIN_TRANSFORMERS_HPP\n\n"
         "#include <roofcast/workload/transformer.hpp>\n\n#include <utility>\n#include <vector>\n\n"
         "namespace roofcast {\nnamespace detail {\n\n"
         "/// Every transformer of models/workloads/, ordered by name.\n"
         "inline std::vector<transformer_config> builtin_transformers() {\n    std::vector<transformer_config> v;\n"
         "    v.reserve("
      << entries.size() << ");\n";
    for (const auto& e : entries) {
        emit(o, e.config, e.file);
    }
    o << "    return v;\n}\n\n}  // namespace detail\n}  // namespace roofcast\n\n#endif\n";
    return roofcast_gen::write_output(argv[1], o.str()) ? 0 : 1;
}
