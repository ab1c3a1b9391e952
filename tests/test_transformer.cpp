// Transformer workloads: every file of models/workloads loads cleanly, parameter counts match what the
// authors publish, the workload loader rejects bad input with file, line and key, and the generated
// built-in header is exactly what the files give.
#include <roofcast/detail/builtin_transformers.hpp>
#include <roofcast/detail/names.hpp>
#include <roofcast/io/workload_toml.hpp>
#include <roofcast/workload/transformer.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

const std::string workload_dir = std::string(ROOFCAST_SOURCE_DIR) + "/models/workloads";

std::string path_of(const std::string& name) {
    return workload_dir + "/" + name + ".toml";
}

// Every TOML file of models/workloads, sorted.
std::vector<std::string> workload_files() {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(workload_dir)) {
        if (e.is_regular_file() && e.path().extension() == ".toml") {
            files.push_back(e.path().string());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

rc::transformer_config load(const std::string& name) {
    return rc::load_transformer_file(path_of(name));
}

double params(const std::string& name) {
    return rc::parameters(load(name));
}

// The text of models/workloads/NAME.toml with the first occurrence of `from` replaced by `to`.
std::string text_with(const std::string& name, const std::string& from, const std::string& to) {
    std::string s = rc::detail::read_text_file(path_of(name), "workload file");
    const auto pos = s.find(from);
    REQUIRE(pos != std::string::npos);
    return s.replace(pos, from.size(), to);
}

// The message of the input_error that parsing `text` throws ("" if none).
std::string error_of(const std::string& text) {
    try {
        (void)rc::parse_transformer_toml(text, "test.toml");
    } catch (const rc::input_error& e) {
        return e.what();
    }
    return "";
}

// 1-based line of the first occurrence of `what` in `text`.
int line_of(const std::string& text, const std::string& what) {
    const auto pos = text.find(what);
    REQUIRE(pos != std::string::npos);
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n'));
}

// Every field but `origin` is equal.
void check_same(const rc::transformer_config& a, const rc::transformer_config& b) {
    CAPTURE(a.name);
    CHECK(a.name == b.name);
    CHECK(a.aliases == b.aliases);
    CHECK(a.description == b.description);
    CHECK(a.kind == b.kind);
    CHECK(a.layers == b.layers);
    CHECK(a.decoder_layers == b.decoder_layers);
    CHECK(a.hidden == b.hidden);
    CHECK(a.heads == b.heads);
    CHECK(a.kv_heads == b.kv_heads);
    CHECK(a.head_dim == b.head_dim);
    CHECK(a.ffn_hidden == b.ffn_hidden);
    CHECK(a.ffn == b.ffn);
    CHECK(a.vocab == b.vocab);
    CHECK(a.max_seq == b.max_seq);
    CHECK(a.norm == b.norm);
    CHECK(a.position == b.position);
    CHECK(a.tied_embeddings == b.tied_embeddings);
    CHECK(a.linear_bias == b.linear_bias);
    CHECK(a.type_vocab == b.type_vocab);
    CHECK(a.pooler == b.pooler);
    CHECK(a.experts == b.experts);
    CHECK(a.top_k == b.top_k);
    CHECK(a.moe_every == b.moe_every);
    CHECK(a.moe_ffn_hidden == b.moe_ffn_hidden);
    CHECK(a.shared_experts == b.shared_experts);
    CHECK(a.first_dense_layers == b.first_dense_layers);
    CHECK(a.kv_lora_rank == b.kv_lora_rank);
    CHECK(a.q_lora_rank == b.q_lora_rank);
    CHECK(a.qk_rope_head_dim == b.qk_rope_head_dim);
    CHECK(a.qk_nope_head_dim == b.qk_nope_head_dim);
    CHECK(a.v_head_dim == b.v_head_dim);
    CHECK(a.sliding_window == b.sliding_window);
    CHECK(a.sliding_layers == b.sliding_layers);
    CHECK(a.qkv_bias == b.qkv_bias);
    CHECK(a.encoder_positions == b.encoder_positions);
    CHECK(a.mel_bins == b.mel_bins);
    CHECK(a.published_parameters == b.published_parameters);
    REQUIRE(a.sources.size() == b.sources.size());
    for (std::size_t i = 0; i < a.sources.size(); ++i) {
        CHECK(a.sources[i].key == b.sources[i].key);
        CHECK(a.sources[i].text == b.sources[i].text);
    }
}

}  // namespace

TEST_CASE("every workload file loads without warnings, named after its file") {
    const auto files = workload_files();
    REQUIRE(files.size() >= 36);
    for (const auto& f : files) {
        CAPTURE(f);
        std::vector<std::string> warnings;
        const rc::transformer_config t = rc::load_transformer_file(f, rc::collect_into(warnings));
        CHECK(warnings.empty());
        CHECK(std::filesystem::path(f).stem().string() == t.name);
        CHECK(t.origin == f);
        CHECK(!t.description.empty());
        CHECK(!t.sources.empty());
        CHECK(rc::parameters(t) > 0.0);
    }
}

TEST_CASE("every transformer workload of the measurement file has a file") {
    // models/measurements/README.md, "Workloads" (resnet50, gemm and stream are not transformers).
    for (const char* w : {"bert-base",
                          "bert-large",
                          "gpt-j-6b",
                          "gpt2-large",
                          "gpt2-megatron-1.2b",
                          "gpt2-megatron-2.0b",
                          "gpt2-megatron-4.2b",
                          "gpt3-125m",
                          "gpt3-2.7b",
                          "gpt3-760m",
                          "gpt3-xl",
                          "llama2-70b",
                          "llama2-7b",
                          "llama3-70b",
                          "llama3-8b",
                          "mpt-125m",
                          "mpt-13b",
                          "mpt-1b",
                          "mpt-30b",
                          "mpt-350m",
                          "mpt-3b",
                          "mpt-70b",
                          "mpt-760m",
                          "mpt-7b",
                          "opt-1.3b",
                          "switch-xl-4e"}) {
        CAPTURE(w);
        CHECK(std::filesystem::exists(path_of(w)));
    }
}

TEST_CASE("no name or alias picks two models") {
    std::map<std::string, std::string> owner;
    for (const auto& f : workload_files()) {
        const rc::transformer_config t = rc::load_transformer_file(f);
        std::vector<std::string> spellings = t.aliases;
        spellings.push_back(t.name);
        for (const auto& s : spellings) {
            CAPTURE(s);
            const auto result = owner.emplace(rc::detail::normalize_name(s), t.name);
            CHECK_MESSAGE(result.second, "also used by " << result.first->second);
        }
    }
}

TEST_CASE("every published parameter count is within 2% of the shape's count") {
    std::vector<std::string> unpublished;
    for (const auto& f : workload_files()) {
        const rc::transformer_config t = rc::load_transformer_file(f);
        if (!t.published_parameters) {
            unpublished.push_back(t.name);
            continue;
        }
        CAPTURE(t.name);
        CHECK(rc::parameters(t) == doctest::Approx(*t.published_parameters).epsilon(0.02));
    }
    // All but switch-xl-4e (NeuSight publishes no count), gpt-2t-deepspeed (DeepSpeed's "2T" is a size label; the
    // shape counts 2.06T) and internlm-7b (InternLM names it "7B" only; the shape counts 7.32B), and nothing else.
    std::sort(unpublished.begin(), unpublished.end());
    CHECK(unpublished == std::vector<std::string>{"gpt-2t-deepspeed", "internlm-7b", "switch-xl-4e"});
}

TEST_CASE("parameter counts match the released checkpoints exactly") {
    // Hugging Face BertModel (google-bert/bert-base-uncased, bert-large-uncased): 109,482,240 and 335,141,888,
    // pooler and token types included (the paper rounds to 110M and 340M).
    CHECK(params("bert-base") == 109'482'240.0);
    CHECK(params("bert-large") == 335'141'888.0);
    // Hugging Face GPT2Model (openai-community/gpt2, gpt2-large): 124,439,808 and 774,030,080.
    CHECK(params("gpt2") == 124'439'808.0);
    CHECK(params("gpt2-large") == 774'030'080.0);
    // GPT-3 paper Table 2.1: 175.0B.
    CHECK(params("gpt3-175b") == doctest::Approx(175e9).epsilon(0.005));
    // Safetensors parameter counts of meta-llama/Llama-2-7b-hf (6,738,415,616; shown as 6.74B),
    // Llama-2-70b-hf (68,976,648,192) and Meta-Llama-3-8B (8,030,261,248; shown as 8.03B).
    CHECK(params("llama2-7b") == 6'738'415'616.0);
    CHECK(params("llama2-70b") == 68'976'648'192.0);
    CHECK(params("llama3-8b") == 8'030'261'248.0);
    // LLaMA-1 7B has Llama 2 7B's shape at context 2048 (RoPE: no position table).
    CHECK(params("llama-7b") == params("llama2-7b"));
    // llm-foundry benchmark README n_params (models/measurements/measured-dev.csv): MPT-7B 6,658,859,008,
    // MPT-125M 125,311,488, MPT-70B 64,862,437,376.
    CHECK(params("mpt-7b") == 6'658'859'008.0);
    CHECK(params("mpt-125m") == 125'311'488.0);
    CHECK(params("mpt-70b") == 64'862'437'376.0);
    // GPT-J-6B model card: 6,053,381,344 (the file counts no FFN or lm_head biases and two norms per block).
    CHECK(params("gpt-j-6b") == doctest::Approx(6'053'381'344.0).epsilon(0.001));
    // OPT-1.3B: Hugging Face counts 1,315,758,080 with a 2050-row position table; max_seq is 2048.
    CHECK(params("opt-1.3b") == 1'315'758'080.0 - 2.0 * 2048.0);
}

TEST_CASE("the Switch-Transformer MoE is counted expert by expert") {
    const rc::transformer_config t = load("switch-xl-4e");
    CHECK(t.kind == rc::transformer_kind::encoder_decoder);
    CHECK(t.layers == 24);
    CHECK(t.decoder_layers == 24);
    CHECK(t.experts == 4);
    CHECK(t.top_k == 1);
    CHECK(t.moe_every == 2);
    CHECK(rc::moe_blocks(t, t.layers) == 12);
    // By hand (NeuSight switchxl4.json): attention 4 x 1024 x 4096 = 16,777,216 with no biases; RMS norms of 1024;
    // FFN 2 x 1024 x 16384 = 33,554,432; a MoE FFN is 4 of them plus a 1024 x 4 router.
    const double attn = 16'777'216.0, norm = 1024.0, ffn = 33'554'432.0, moe = 4.0 * ffn + 4096.0;
    const double encoder = 24.0 * (attn + 2.0 * norm) + 12.0 * ffn + 12.0 * moe + norm;
    const double decoder = encoder + 24.0 * (attn + norm);  // cross-attention and its norm
    const double embedding = 32128.0 * 1024.0;              // shared and tied
    CHECK(rc::parameters(t) == encoder + decoder + embedding);
}

TEST_CASE("a missing required key names file, line and key") {
    const std::string msg = error_of(text_with("llama2-7b", "layers = 32", "# no layers"));
    CHECK(msg.find("test.toml:") == 0);
    CHECK(msg.find("key 'layers' is missing (an integer is required)") != std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "tied_embeddings = false", "")).find("key 'tied_embeddings' is missing") !=
          std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "ffn = \"swiglu\"", "")).find("key 'ffn' is missing") != std::string::npos);
    std::string text = rc::detail::read_text_file(path_of("llama2-7b"), "workload file");
    text = text.substr(0, text.rfind("[sources]"));
    CHECK(error_of(text).find("key 'sources' is missing") != std::string::npos);
}

TEST_CASE("a wrong type is reported with its line") {
    const std::string text = text_with("llama2-7b", "hidden = 4096", "hidden = \"4096\"");
    CHECK(error_of(text).find("test.toml:" + std::to_string(line_of(text, "hidden = \"")) +
                              ": key 'hidden' must be an integer, got a string") == 0);
    CHECK(
        error_of(text_with("llama2-7b", "hidden = 4096", "hidden = 4096.0")).find("must be an integer, got a float") !=
        std::string::npos);
    const std::string b = text_with("llama2-7b", "linear_bias = false", "linear_bias = \"no\"");
    CHECK(error_of(b).find("test.toml:" + std::to_string(line_of(b, "linear_bias")) +
                           ": key 'linear_bias' must be a boolean (true or false), got a string") == 0);
    CHECK(error_of(text_with("llama2-7b", "name = \"llama2-7b\"", "name = 7")).find("key 'name' must be a string") !=
          std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "\n[sources]", "\n[sources]\nS9 = 9"))
              .find("key 'sources.S9' must be a string") != std::string::npos);
}

TEST_CASE("NaN, infinity, zero and negative values are rejected, not clamped") {
    for (const char* bad : {"nan", "inf", "-inf", "0", "-1", "0.0"}) {
        CAPTURE(bad);
        const std::string msg = error_of(text_with("llama2-7b", "published_parameters = 6_738_415_616",
                                                   std::string("published_parameters = ") + bad));
        CHECK(msg.find("key 'published_parameters' must be a finite number greater than 0") != std::string::npos);
    }
    CHECK(error_of(text_with("llama2-7b", "layers = 32", "layers = 0")).find("key 'layers' must be between 1") !=
          std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "heads = 32", "heads = -32")).find("key 'heads' must be between 1") !=
          std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "vocab = 32000", "vocab = 0")).find("key 'vocab' must be between 1") !=
          std::string::npos);
}

TEST_CASE("absurd magnitudes and published counts far from the shape are rejected") {
    CHECK(error_of(text_with("llama2-7b", "hidden = 4096", "hidden = 409600000"))
              .find("key 'hidden' must be between 1 and 1048576, got 409600000") != std::string::npos);
    // A count in billions instead of a plain count.
    CHECK(error_of(text_with("llama2-7b", "published_parameters = 6_738_415_616", "published_parameters = 6.74"))
              .find("key 'published_parameters' must be between 1e3 and 1e15") != std::string::npos);
    // Half the layers: the shape no longer gives the published count.
    CHECK(error_of(text_with("llama2-7b", "layers = 32", "layers = 16"))
              .find("key 'published_parameters' is 6.738e+09 but the configuration gives 3.5e+09") !=
          std::string::npos);
}

TEST_CASE("attention heads must be consistent") {
    // 64 query heads in groups: kv_heads must divide them.
    CHECK(error_of(text_with("llama2-70b", "kv_heads = 8", "kv_heads = 7"))
              .find("key 'kv_heads' must divide heads (64) for grouped-query attention, got 7") != std::string::npos);
    CHECK(error_of(text_with("llama2-70b", "kv_heads = 8", "kv_heads = 128"))
              .find("key 'kv_heads' must be between 1 and 64") != std::string::npos);
    // Without head_dim, hidden must split evenly over the heads.
    CHECK(error_of(text_with("llama2-7b", "heads = 32", "heads = 30"))
              .find("key 'heads' (30) does not divide hidden (4096); give head_dim explicitly") != std::string::npos);
    // kv_heads defaults to heads and head_dim to hidden / heads.
    const rc::transformer_config t = load("llama2-7b");
    CHECK(t.kv_heads == 32);
    CHECK(t.head_dim == 128);
    CHECK(load("gpt3-13b").head_dim == 128);  // given: d_model 5140 is not 40 x 128
}

TEST_CASE("encoder-decoder, MoE and pooler keys must fit the kind") {
    CHECK(error_of(text_with("llama2-7b", "layers = 32", "layers = 32\ndecoder_layers = 32"))
              .find("key 'decoder_layers' applies only to kind = \"encoder-decoder\"") != std::string::npos);
    CHECK(error_of(text_with("switch-xl-4e", "decoder_layers = 24", ""))
              .find("key 'decoder_layers' is missing (kind = \"encoder-decoder\" needs") != std::string::npos);
    CHECK(error_of(text_with("switch-xl-4e", "top_k = 1", "top_k = 5"))
              .find("key 'top_k' (5) must not exceed experts (4)") != std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "layers = 32", "layers = 32\nmoe_every = 2"))
              .find("key 'moe_every' applies only to mixture-of-experts models") != std::string::npos);
    CHECK(error_of(text_with("switch-xl-4e", "moe_every = 2", "moe_every = 25"))
              .find("key 'moe_every' is 25, more than the 24 blocks") != std::string::npos);
    CHECK(error_of(text_with("gpt2", "linear_bias = true", "linear_bias = true\npooler = true"))
              .find("key 'pooler' is BERT's encoder pooler") != std::string::npos);
}

TEST_CASE("names and aliases are checked") {
    CHECK(error_of(text_with("gpt2", "name = \"gpt2\"", "name = \"\"")).find("key 'name' must be a non-empty name") !=
          std::string::npos);
    CHECK(error_of(text_with("gpt2", "\"gpt2-small\"", "\"GPT2\"")).find("key 'aliases' contains 'GPT2'") !=
          std::string::npos);
    CHECK(
        error_of(text_with("gpt2", "\"gpt2-124m\"", "\"gpt2_small\"")).find("key 'aliases' lists 'gpt2_small' twice") !=
        std::string::npos);
}

TEST_CASE("unknown keys are warned about with their line, and ignored") {
    std::vector<std::string> warnings;
    const std::string text = text_with("llama2-70b", "kv_heads = 8", "kv_heads = 8\nkv_head = 4") + "[extra]\nx = 1\n";
    const rc::transformer_config t = rc::parse_transformer_toml(text, "test.toml", rc::collect_into(warnings));
    CHECK(t.kv_heads == 8);
    REQUIRE(warnings.size() == 2);
    CHECK(warnings[0] == "test.toml:" + std::to_string(line_of(text, "kv_head =")) +
                             ": unknown key 'kv_head' (ignored); did you mean 'kv_heads'?");
    CHECK(warnings[1].find("unknown key 'extra' (ignored)") != std::string::npos);
    // Without a warnings list the file still loads.
    CHECK(rc::parse_transformer_toml(text, "test.toml").name == "llama2-70b");
}

TEST_CASE("unknown enumerators suggest the closest accepted value") {
    CHECK(error_of(text_with("llama2-7b", "ffn = \"swiglu\"", "ffn = \"swiglo\""))
              .find("key 'ffn' has unknown value 'swiglo' (did you mean 'swiglu'?); accepted: gelu, relu, swiglu, "
                    "geglu") != std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "norm = \"rmsnorm\"", "norm = \"rms\""))
              .find("key 'norm' has unknown value 'rms' (did you mean 'rmsnorm'?)") != std::string::npos);
    CHECK(error_of(text_with("llama2-7b", "kind = \"decoder\"", "kind = \"decoder-only\""))
              .find("key 'kind' has unknown") != std::string::npos);
    // Case, spaces and underscores are forgiven.
    CHECK(rc::parse_transformer_toml(text_with("switch-xl-4e", "\"encoder-decoder\"", "\"Encoder_Decoder\""), "t.toml")
              .kind == rc::transformer_kind::encoder_decoder);
}

TEST_CASE("a TOML syntax error names line and column, a missing file is a clear error") {
    const std::string msg = error_of("name = \"x\"\nlayers = \n");
    CHECK(msg.find("test.toml:2:") == 0);
    CHECK(msg.find("TOML syntax error") != std::string::npos);
    CHECK_THROWS_WITH_AS((void)rc::load_transformer_file("/nonexistent/model.toml"),
                         doctest::Contains("cannot open workload file '/nonexistent/model.toml'"), rc::input_error);
}

TEST_CASE("the generated built-in header is exactly the files") {
    const auto files = workload_files();
    const std::vector<rc::transformer_config> builtin = rc::detail::builtin_transformers();
    REQUIRE(builtin.size() == files.size());
    CHECK(std::is_sorted(builtin.begin(), builtin.end(), [](const auto& a, const auto& b) { return a.name < b.name; }));
    for (const auto& b : builtin) {
        const std::string file = path_of(b.name);
        REQUIRE(std::filesystem::exists(file));
        check_same(b, rc::load_transformer_file(file));
        CHECK(b.origin == "built-in (models/workloads/" + b.name + ".toml)");
    }
    const auto llama =
        std::find_if(builtin.begin(), builtin.end(), [](const auto& t) { return t.name == "llama2-7b"; });
    REQUIRE(llama != builtin.end());
    check_same(*llama, load("llama2-7b"));
    CHECK(rc::parameters(*llama) == 6'738'415'616.0);
}
