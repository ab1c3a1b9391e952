// Hugging Face config.json workloads (issue 16): parameter counts against the published ones, the architectures
// they need (MoE with shared experts, multi-head latent attention, sliding windows) in the cost and memory models,
// and the errors of bad files. Expected values and their sources: tests/data/hf/README.md.
#include <roofcast/detail/files.hpp>
#include <roofcast/io/csv.hpp>
#include <roofcast/io/hf_config.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

const std::string hf_dir = std::string(ROOFCAST_TEST_DATA_DIR) + "/hf/";

rc::workload load(const std::string& file) {
    return rc::load_hf_config(hf_dir + file);
}

std::map<std::string, double> items(const rc::memory_footprint& f) {
    std::map<std::string, double> m;
    for (const auto& [k, v] : f.items) {
        m[k] = v;
    }
    return m;
}

rc::run_config decode(rc::precision p, int tp) {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    c.precision = p;
    c.tp = tp;
    c.num_gpus = tp;
    c.batch = 1;
    return c;
}

// FLOPs of the GEMMs and attention kernels whose name contains `part`.
double flops_of(const rc::lowered_work& w, const std::string& part) {
    double f = 0.0;
    for (const rc::kernel& k : w.kernels) {
        const bool math = k.cls == rc::op_class::gemm || k.cls == rc::op_class::attention;
        if (math && k.name.find(part) != std::string::npos) {
            f += k.work.value() * k.count;
        }
    }
    return f;
}

}  // namespace

TEST_CASE("a corpus of at least 60 real configs: parameter counts within 0.5% of the published ones") {
    // tests/data/hf/published.csv: each file with its repository, the published count (model card, paper table,
    // or the Hugging Face safetensors count of the official weights) and where it is stated.
    const std::string file = hf_dir + "published.csv";
    const std::vector<rc::csv_record> records = rc::parse_csv(rc::detail::read_text_file(file, "corpus"), file);
    REQUIRE(records.size() > 1);
    REQUIRE(records[0].fields ==
            std::vector<std::string>{"file", "repository", "published_parameters", "source", "config_source"});
    std::size_t checked = 0;
    for (std::size_t i = 1; i < records.size(); ++i) {
        const rc::csv_record& r = records[i];
        REQUIRE(r.fields.size() == 5);
        CAPTURE(r.fields[0]);
        const rc::workload w = load(r.fields[0]);
        REQUIRE(transformer_of(w));
        CHECK(rc::parameters(w) == doctest::Approx(std::stod(r.fields[2])).epsilon(0.005));
        CHECK(!r.fields[3].empty());
        ++checked;
    }
    CHECK(checked >= 60);
}

TEST_CASE("Llama-3.1-405B: the exact count of its shape, 0.2% above the published 405B") {
    const rc::workload w = load("llama-3.1-405b.json");
    CHECK(w.name == "llama-3.1-405b");
    // 126 · (2·16384² + 2·16384·1024 + 3·16384·53248 + 2·16384) + 2·128256·16384 + 16384.
    CHECK(rc::parameters(w) == 405'853'388'800.0);
    CHECK(rc::parameters(w) / 405e9 - 1.0 == doctest::Approx(0.0021).epsilon(0.05));
}

TEST_CASE("DeepSeek-V3: MLA, 256 routed + 1 shared experts, 3 dense blocks, 37B active per token") {
    const rc::transformer_config t = as_transformer(load("deepseek-v3.json"));
    CHECK(rc::latent_attention(t));
    CHECK(t.experts == 256);
    CHECK(t.shared_experts == 1);
    CHECK(t.top_k == 8);
    CHECK(t.first_dense_layers == 3);
    CHECK(rc::moe_blocks(t, t.layers) == 58);
    // Exact count of the shape (without the multi-token-prediction module the 685B checkpoint adds).
    CHECK(rc::parameters(t) == 671'026'404'352.0);
    // "37B activated for each token" (DeepSeek-V3 report, abstract).
    CHECK(rc::parameters(t) - rc::idle_expert_parameters(t) == doctest::Approx(37e9).epsilon(0.02));
}

TEST_CASE("DeepSeek-V3's KV cache is the MLA latent: (512 + 64) values x 61 layers per token") {
    const rc::transformer_config t = as_transformer(load("deepseek-v3.json"));
    rc::run_config c = decode(rc::precision::bf16, 1);
    CHECK(rc::kv_cache_elements_per_layer(t) == 576.0);
    CHECK(rc::kv_cache_bytes_per_token(t, c) == 576.0 * 61 * 2);  // 70,272 bytes in BF16
    c.tp = 8;  // the latent is shared by all heads: every tensor-parallel rank keeps it whole
    c.num_gpus = 8;
    CHECK(rc::kv_cache_bytes_per_token(t, c) == 576.0 * 61 * 2);
    // Llama-style attention would keep 2 · 128 heads · 192 · 61 values: 85x more.
    CHECK(2.0 * 128 * 192 / 576.0 > 85.0);
}

TEST_CASE("Mixtral 8x7B decode at TP 2: memory holds all 8 experts, compute runs 2") {
    const rc::workload w = load("mixtral-8x7b.json");
    const rc::transformer_config& t = as_transformer(w);
    const rc::run_config c = decode(rc::precision::fp8, 2);
    auto m = items(rc::footprint(w, c));
    CHECK(m["weights"] == doctest::Approx(46'702'792'704.0 / 2));  // FP8: one byte per parameter, half per GPU
    rc::run_plan p = rc::resolve(w, c);
    p.passes[0].named = true;
    const rc::lowered_work lw = rc::lower_transformer(p, p.passes[0]);
    // One token, top-2: two experts' SwiGLU (3 matrices of 4096 x 14336/2 on this GPU) in each of 32 blocks.
    const double per_expert = 2.0 * 3.0 * 4096.0 * (14336.0 / 2);
    CHECK(flops_of(lw, "expert") == doctest::Approx(32 * 2 * per_expert).epsilon(1e-3));
    CHECK(flops_of(lw, "expert") == doctest::Approx(32.0 * static_cast<double>(t.top_k) * per_expert).epsilon(1e-3));
}

TEST_CASE("MoE prefill spreads the routed tokens over every expert, shared experts run every token") {
    const rc::workload w = load("qwen1.5-moe-a2.7b.json");
    const rc::transformer_config& t = as_transformer(w);
    CHECK(t.moe_ffn_hidden == 1408);
    CHECK(t.shared_experts == 4);  // shared_expert_intermediate_size 5632 = 4 x 1408
    rc::run_config c = decode(rc::precision::bf16, 1);
    c.phase = rc::phase::prefill;
    c.prompt_len = 600;
    rc::run_plan p = rc::resolve(w, c);
    p.passes[0].named = true;
    const rc::lowered_work lw = rc::lower_transformer(p, p.passes[0]);
    const double per_token = 2.0 * 3.0 * 2048.0 * 1408.0;  // one expert, one token
    // 600 tokens x top-4 = 2400 routed rows, 40 per expert over 60 experts; 4 shared experts x 600 tokens.
    CHECK(flops_of(lw, "expert ") - flops_of(lw, "shared expert ") ==
          doctest::Approx(24 * 2400 * per_token).epsilon(1e-3));
    CHECK(flops_of(lw, "shared expert ") == doctest::Approx(24 * 4 * 600 * per_token).epsilon(1e-3));
}

TEST_CASE("sliding windows cap Gemma 2's KV cache on half its blocks and Mistral-style attention spans") {
    const rc::workload w = load("gemma-2-9b.json");
    const rc::transformer_config& t = as_transformer(w);
    CHECK(t.sliding_window == 4096);
    CHECK(t.sliding_layers == 21);  // every other block of 42
    CHECK(rc::kv_cache_tokens(t, 4000) == 4000.0);
    CHECK(rc::kv_cache_tokens(t, 8192) == doctest::Approx((8192.0 + 4096.0) / 2));
    rc::run_config c = decode(rc::precision::bf16, 1);
    c.prompt_len = 8000;
    c.gen_len = 192;
    auto m = items(rc::footprint(w, c));
    CHECK(m["kv cache"] == doctest::Approx(rc::kv_cache_tokens(t, 8192) * rc::kv_cache_bytes_per_token(t, c)));
    // Phi-3-mini's 2047-token window on every block: a long context attends to the window only.
    const rc::workload phi = load("phi-3-mini-4k.json");
    CHECK(as_transformer(phi).sliding_layers == 32);
    CHECK(rc::kv_cache_tokens(as_transformer(phi), 4096) == 2047.0);
    c.prompt_len = 3000;  // a mean context of 3096 tokens, within Phi-3-mini's 4096
    rc::run_plan p = rc::resolve(phi, c);
    p.passes[0].named = true;
    const rc::lowered_work lw = rc::lower_transformer(p, p.passes[0]);
    CHECK(flops_of(lw, "attention window") > 0.0);
    CHECK(flops_of(lw, "attention window") == doctest::Approx(32 * 4.0 * 32 * 2047 * 96).epsilon(1e-3));
}

TEST_CASE("families map onto roofcast's shapes") {
    const rc::transformer_config bert = as_transformer(load("bert-base-uncased.json"));
    CHECK(bert.kind == rc::transformer_kind::encoder);
    CHECK(bert.pooler);
    CHECK(bert.type_vocab == 2);
    const rc::transformer_config t5 = as_transformer(load("t5-base.json"));
    CHECK(t5.kind == rc::transformer_kind::encoder_decoder);
    CHECK(t5.decoder_layers == 12);
    CHECK(t5.ffn == rc::ffn_kind::relu);
    const rc::transformer_config vit = as_transformer(load("vit-base-patch16-224.json"));
    CHECK(vit.vocab == 3 * 16 * 16);  // the patch embedding: a linear layer of 768 inputs
    CHECK(vit.max_seq == 197);        // 14 x 14 patches + [CLS]
    CHECK(rc::default_seq_len(vit) == 197);
    const rc::transformer_config qwen = as_transformer(load("qwen2-7b.json"));
    CHECK(qwen.qkv_bias);
    CHECK(qwen.sliding_window == 0);  // use_sliding_window false
    const rc::transformer_config gemma = as_transformer(load("gemma-2-9b.json"));
    CHECK(gemma.ffn == rc::ffn_kind::geglu);
    CHECK(gemma.tied_embeddings);
    CHECK(gemma.head_dim == 256);
}

TEST_CASE("config.json errors name the file and the field") {
    const std::string f = "models/x/config.json";
    CHECK_THROWS_WITH_AS(rc::parse_hf_config(R"({"model_type": "mamba", "hidden_size": 768})", f),
                         "models/x/config.json: field 'model_type' is 'mamba': state-space (Mamba) layers keep a "
                         "recurrent state instead of a KV cache and run as scans, which roofcast does not model yet; "
                         "for a hybrid, its attention and FFN blocks alone as a roofcast TOML "
                         "(docs/workload-format.md) give a lower bound on its time and memory",
                         rc::input_error);
    CHECK_THROWS_WITH_AS(rc::parse_hf_config(R"({"model_type": "rwkv", "hidden_size": 768})", f),
                         doctest::Contains("models/x/config.json: field 'model_type' is 'rwkv', which roofcast does "
                                           "not read (it reads llama, mistral"),
                         rc::input_error);
    CHECK_THROWS_WITH_AS(rc::parse_hf_config(R"({"hidden_size": 768})", f),
                         "models/x/config.json: field 'model_type' is missing (roofcast reads the architecture from "
                         "it)",
                         rc::input_error);
    const std::string llama =
        R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
            "vocab_size": 32000, "max_position_embeddings": 4096})";
    CHECK_THROWS_WITH_AS(rc::parse_hf_config(llama, f),
                         "models/x/config.json: field 'intermediate_size' is missing (model_type 'llama' needs it)",
                         rc::input_error);
    CHECK_THROWS_WITH_AS(
        rc::parse_hf_config(R"({"model_type": "gpt2", "n_embd": "768"})", f),
        "models/x/config.json: field 'n_embd' must be a whole number between 1 and 1048576, got \"768\"",
        rc::input_error);
    CHECK_THROWS_WITH_AS(rc::parse_hf_config("{\"model_type\": ", f), doctest::Contains("not valid JSON"),
                         rc::input_error);
    CHECK_THROWS_WITH_AS(rc::parse_hf_config("[1, 2]", f), doctest::Contains("is a JSON object, got array"),
                         rc::input_error);
    CHECK_THROWS_WITH_AS(rc::load_hf_config(hf_dir + "absent.json"), doctest::Contains("cannot open"), rc::input_error);
}

TEST_CASE("the workload's name comes from the file, or its directory for config.json") {
    const std::string body = R"({"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 2,
                                 "vocab_size": 100, "n_positions": 128})";
    CHECK(rc::parse_hf_config(body, "a/b/My-Model.json").name == "my-model");
    CHECK(rc::parse_hf_config(body, "hub/Tiny-GPT/config.json").name == "tiny-gpt");
    CHECK(rc::parse_hf_config(body, "config.json").name == "gpt2");
    CHECK(rc::load_workload_file(hf_dir + "gpt2.json").name == "gpt2");
    CHECK(rc::load_workload_file(std::string(ROOFCAST_TEST_DATA_DIR) + "/tiny-llama.toml").name == "tiny-llama");
}

TEST_CASE("every other model_type reads its own field names") {
    const std::string f = "inline.json";
    const rc::transformer_config neox = as_transformer(rc::parse_hf_config(
        R"({"model_type": "gpt_neox", "hidden_size": 512, "num_hidden_layers": 6, "num_attention_heads": 8,
            "intermediate_size": 2048, "vocab_size": 50304, "max_position_embeddings": 2048})",
        f));
    CHECK(neox.position == rc::position_kind::rope);
    CHECK_FALSE(neox.tied_embeddings);
    const rc::transformer_config gptj = as_transformer(rc::parse_hf_config(
        R"({"model_type": "gptj", "n_embd": 4096, "n_layer": 28, "n_head": 16, "n_positions": 2048,
            "rotary_dim": 64, "vocab_size": 50400})",
        f));
    CHECK(gptj.ffn_hidden == 16384);  // n_inner null: 4 x n_embd
    const rc::transformer_config opt = as_transformer(rc::parse_hf_config(
        R"({"model_type": "opt", "hidden_size": 2048, "num_hidden_layers": 24, "num_attention_heads": 32,
            "ffn_dim": 8192, "vocab_size": 50272, "max_position_embeddings": 2048})",
        f));
    CHECK(opt.ffn == rc::ffn_kind::relu);
    CHECK(opt.ffn_hidden == 8192);
    // Falcon-7B: multi-query (one KV head), no biases, FFN 4 x hidden: 65024·4544 tied embedding + 32 blocks of
    // (2·4544² + 2·4544·64 + 2·4544·18176 + 2 LayerNorms) + a final LayerNorm (Falcon's blocks have one norm, not two).
    const rc::workload falcon = rc::parse_hf_config(
        R"({"model_type": "falcon", "hidden_size": 4544, "num_hidden_layers": 32, "num_attention_heads": 71,
            "multi_query": true, "parallel_attn": true, "bias": false, "vocab_size": 65024, "alibi": false})",
        f);
    CHECK(as_transformer(falcon).kv_heads == 1);
    CHECK(rc::parameters(falcon) == 6'922'011'520.0);
    const rc::transformer_config mistral = as_transformer(rc::parse_hf_config(
        R"({"model_type": "mistral", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
            "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 32000,
            "max_position_embeddings": 32768, "sliding_window": 4096})",
        f));
    CHECK(mistral.sliding_window == 4096);
    CHECK(mistral.sliding_layers == 32);
    const rc::transformer_config gemma = as_transformer(rc::parse_hf_config(
        R"({"model_type": "gemma", "hidden_size": 3072, "num_hidden_layers": 28, "num_attention_heads": 16,
            "head_dim": 256, "intermediate_size": 24576, "vocab_size": 256000, "max_position_embeddings": 8192})",
        f));
    CHECK(gemma.ffn == rc::ffn_kind::geglu);
    CHECK(gemma.sliding_window == 0);
    // DeepSeek-V2-Lite: no query compression (q_lora_rank null), 64 routed experts and 2 shared.
    const rc::transformer_config lite = as_transformer(rc::parse_hf_config(
        R"({"model_type": "deepseek_v2", "hidden_size": 2048, "num_hidden_layers": 27, "num_attention_heads": 16,
            "intermediate_size": 10944, "moe_intermediate_size": 1408, "n_routed_experts": 64,
            "n_shared_experts": 2, "num_experts_per_tok": 6, "first_k_dense_replace": 1, "kv_lora_rank": 512,
            "q_lora_rank": null, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128,
            "vocab_size": 102400, "max_position_embeddings": 163840})",
        f));
    CHECK(lite.q_lora_rank == 0);
    CHECK(rc::latent_attention(lite));
    CHECK(rc::moe_blocks(lite, lite.layers) == 26);
    CHECK(rc::parameters(lite) == doctest::Approx(15.7e9).epsilon(0.01));  // DeepSeek-V2 paper: "15.7B"
}

TEST_CASE("T5 generation: the encoder runs once over the prompt, decode steps cross-attend to its cached keys") {
    const rc::workload w = load("t5-base.json");  // 12 + 12 blocks, d_model 768, 12 heads of 64
    rc::run_config c = decode(rc::precision::fp16, 1);
    c.prompt_len = 512;
    c.gen_len = 128;
    // The cache: 12 decoder blocks x K and V x 12 heads x 64 x 2 bytes for each of the 512 prompt positions
    // (cross-attention) and the 128 generated ones (self-attention); the encoder blocks keep none.
    CHECK(items(rc::footprint(w, c))["kv cache"] == 12.0 * 2 * 12 * 64 * 2 * (512 + 128));
    rc::run_plan p = rc::resolve(w, c);
    p.passes[0].named = true;
    const rc::lowered_work step = rc::lower_transformer(p, p.passes[0]);
    CHECK(flops_of(step, "encoder.") == 0.0);
    CHECK(flops_of(step, "cross kv") == 0.0);
    // One query per sequence against the 512 cached positions in each of 12 blocks: 4 · 12 heads · 512 · 64 FLOPs.
    CHECK(flops_of(step, "decoder.cross-attention") == doctest::Approx(12 * 4.0 * 12 * 512 * 64));
    // The first step runs the encoder over the prompt and projects its keys and values once per decoder block:
    // 2 · 512 tokens · (2 · 768) · 768 · 12 blocks; the decoder itself starts from one token.
    c.phase = rc::phase::prefill;
    p = rc::resolve(w, c);
    p.passes[0].named = true;
    const rc::lowered_work first = rc::lower_transformer(p, p.passes[0]);
    CHECK(flops_of(first, "decoder.cross kv") == doctest::Approx(12 * 2.0 * 512 * (2 * 768) * 768));
    CHECK(flops_of(first, "encoder.qkv") == doctest::Approx(12 * 2.0 * 512 * (3 * 768) * 768));
    CHECK(flops_of(first, "decoder.qkv") == doctest::Approx(12 * 2.0 * 1 * (3 * 768) * 768));
    CHECK(flops_of(first, "decoder.cross-attention") == doctest::Approx(12 * 4.0 * 12 * 512 * 64));
}

TEST_CASE("Whisper: an audio front end into a fixed 1500-position encoder, cross-attended by the decoder") {
    const rc::workload w = load("whisper-large-v3.json");  // 32 + 32 blocks, width 1280, 20 heads of 64, 128 mels
    const rc::transformer_config& t = as_transformer(w);
    CHECK(t.kind == rc::transformer_kind::encoder_decoder);
    CHECK(t.encoder_positions == 1500);
    CHECK(t.mel_bins == 128);
    // The shape multiplied out (modeling_whisper.py): convolutions 128·1280·3 + 1280 and 1280·1280·3 + 1280; position
    // tables 1500 and 448 rows of 1280; token embedding 51866 × 1280 (tied output); an encoder block 4·1280² + 4·1280
    // (attention with biases) + 2·1280·5120 + 5120 + 1280 (MLP) + 4·1280 (two LayerNorms) = 19,677,440, a decoder
    // block that plus cross-attention and its norm = 26,238,720; two final LayerNorms. roofcast counts a key bias
    // Whisper lacks: 96 attentions × 1280 above the released 1,543,490,560.
    const double conv = 128.0 * 1280 * 3 + 1280 + 1280.0 * 1280 * 3 + 1280;
    const double enc_block = 19'677'440.0, dec_block = 26'238'720.0;
    const double expected = conv + (1500.0 + 448 + 51866) * 1280 + 32 * enc_block + 32 * dec_block + 2 * 2560.0;
    CHECK(rc::parameters(w) == doctest::Approx(expected).epsilon(1e-12));
    CHECK(rc::parameters(w) - 1'543'490'560.0 == doctest::Approx(96.0 * 1280));

    // The first step runs the front end and the encoder over 1500 positions whatever the prompt, and the decoder
    // from one token: conv1 2 · 3000 frames · 1280 · (3 · 128), conv2 2 · 1500 · 1280 · (3 · 1280) FLOPs.
    rc::run_config c = decode(rc::precision::fp16, 1);
    c.phase = rc::phase::prefill;
    c.gen_len = 100;
    rc::run_plan p = rc::resolve(w, c);
    CHECK(p.config.prompt_len == 1500);  // the default 512 resolves to the encoder's fixed input
    p.passes[0].named = true;
    const rc::lowered_work first = rc::lower_transformer(p, p.passes[0]);
    CHECK(flops_of(first, "encoder.conv1") == doctest::Approx(2.0 * 3000 * 1280 * (3 * 128)));
    CHECK(flops_of(first, "encoder.conv2") == doctest::Approx(2.0 * 1500 * 1280 * (3 * 1280)));
    CHECK(flops_of(first, "encoder.qkv") == doctest::Approx(32 * 2.0 * 1500 * (3 * 1280) * 1280));
    CHECK(flops_of(first, "decoder.qkv") == doctest::Approx(32 * 2.0 * 1 * (3 * 1280) * 1280));
    // Decode: no front end or encoder; the cache holds 1500 cross positions and the 100 generated ones in each of
    // the 32 decoder blocks, K and V of 20 heads × 64 in 2 bytes.
    c.phase = rc::phase::decode;
    p = rc::resolve(w, c);
    p.passes[0].named = true;
    const rc::lowered_work step = rc::lower_transformer(p, p.passes[0]);
    CHECK(flops_of(step, "encoder.") == 0.0);
    CHECK(flops_of(step, "decoder.cross-attention") == doctest::Approx(32 * 4.0 * 20 * 1500 * 64));
    CHECK(items(rc::footprint(w, c))["kv cache"] == 32.0 * 2 * 20 * 64 * 2 * (1500 + 100));
    // Training: the encoder runs over its 1500 positions, the decoder over the 448-token default sequence; each
    // projection runs forward, dgrad and wgrad (three times the forward FLOPs).
    rc::run_config train;
    train.mode = rc::mode::train;
    train.batch = 2;
    p = rc::resolve(w, train);
    CHECK(p.config.seq_len == 448);
    p.passes[0].named = true;
    const rc::lowered_work tr = rc::lower_transformer(p, p.passes[0]);
    CHECK(flops_of(tr, "encoder.qkv") == doctest::Approx(3 * 32 * 2.0 * 2 * 1500 * (3 * 1280) * 1280));
    CHECK(flops_of(tr, "decoder.qkv") == doctest::Approx(3 * 32 * 2.0 * 2 * 448 * (3 * 1280) * 1280));
    // Model FLOPs of a training sample (PaLM's count per stack): the encoder's blocks, final norm and front end
    // (32 · 19,677,440 + 2560 + 5,409,280 = 635,089,920, conv1's 492,800 once more for its second frame) over 1500
    // positions with 1500 keys; the decoder's 906,030,080 (blocks, final norm, output) over 448 tokens, whose
    // attention sees 448 + 1500 keys; 12 · L · H · Q per key, H · Q = 1280.
    const double encoder = 635'089'920.0, decoder = 906'030'080.0;
    const double model_flops = 1500.0 * (6 * (encoder + 492'800) + 12.0 * 32 * 1280 * 1500) +
                               448.0 * (6 * decoder + 12.0 * 32 * 1280 * (448 + 1500));
    CHECK(rc::model_flops_per_sample(w, train).first == doctest::Approx(model_flops));
    // A prompt other than the fixed input is an error that says why, not a silent change.
    c.prompt_len = 600;
    CHECK_THROWS_WITH_AS(rc::resolve(w, c), doctest::Contains("always runs over 1500 positions"), rc::input_error);
    c.prompt_len = 1500;
    CHECK_NOTHROW(rc::resolve(w, c));
}

TEST_CASE("Whisper configs whose stacks differ are an error naming the field") {
    const std::string base = R"({"model_type": "whisper", "d_model": 512, "encoder_layers": 6, "decoder_layers": 6,
        "encoder_attention_heads": 8, "encoder_ffn_dim": 2048, "vocab_size": 51865, "num_mel_bins": 80,)";
    CHECK_THROWS_WITH_AS(rc::parse_hf_config(base + R"("decoder_attention_heads": 4})", "w.json"),
                         doctest::Contains("field 'decoder_attention_heads' differs from the encoder's (8)"),
                         rc::input_error);
    const rc::workload ok = rc::parse_hf_config(base + R"("decoder_ffn_dim": 2048})", "w.json");
    CHECK(as_transformer(ok).encoder_positions == 1500);  // max_source_positions' default
    CHECK(as_transformer(ok).max_seq == 448);             // max_target_positions' default
}

TEST_CASE("the model types of 2024-2026: each config read as its modeling code builds the model") {
    SUBCASE("Qwen3: explicit head_dim, grouped-query heads, no biases; Qwen3-MoE: 128 experts, 8 per token") {
        const rc::transformer_config q = as_transformer(load("qwen3-8b.json"));
        CHECK(q.head_dim == 128);
        CHECK(q.kv_heads == 8);
        CHECK_FALSE(q.qkv_bias);
        CHECK_FALSE(q.tied_embeddings);
        CHECK(q.sliding_window == 0);  // use_sliding_window false
        const rc::transformer_config m = as_transformer(load("qwen3-30b-a3b.json"));
        CHECK(m.experts == 128);
        CHECK(m.top_k == 8);
        CHECK(m.moe_ffn_hidden == 768);
        CHECK(m.shared_experts == 0);
        CHECK(rc::moe_blocks(m, m.layers) == 48);
    }
    SUBCASE("Gemma 3: five sliding-window blocks in every six (Gemma3DecoderLayer), GeGLU, tied output") {
        const rc::transformer_config g = as_transformer(load("gemma3-1b.json"));
        CHECK(g.sliding_window == 512);
        CHECK(g.sliding_layers == 26 - 26 / 6);
        CHECK(g.ffn == rc::ffn_kind::geglu);
        CHECK(g.tied_embeddings);
    }
    SUBCASE("StarCoder2 and Phi: LayerNorm, a plain GELU FFN with biases; GPT-BigCode: one key/value head") {
        const rc::transformer_config sc = as_transformer(load("starcoder2-7b.json"));
        CHECK(sc.norm == rc::norm_type::layer_norm);
        CHECK(sc.ffn == rc::ffn_kind::gelu);
        CHECK(sc.linear_bias);
        CHECK(sc.kv_heads == 4);
        CHECK(sc.sliding_layers == sc.layers);
        CHECK(sc.sliding_window == 4096);
        // 32 · (2·4608² + 2·4608·512 + 2·4608·18432 + biases 4608 + 2·512 + 4608 + 18432 + 4608 + 2 LayerNorms
        // 4·4608) + 49152·4608 (tied) + the final LayerNorm 2·4608.
        const double block = 2.0 * 4608 * 4608 + 2.0 * 4608 * 512 + 2.0 * 4608 * 18432 +
                             (4608.0 + 2 * 512 + 4608 + 18432 + 4608) + 4.0 * 4608;
        CHECK(rc::parameters(sc) == 32.0 * block + 49152.0 * 4608 + 2.0 * 4608);
        const rc::transformer_config phi = as_transformer(load("phi-2.json"));
        CHECK(phi.ffn == rc::ffn_kind::gelu);
        CHECK(phi.linear_bias);
        CHECK_FALSE(phi.tied_embeddings);
        const rc::transformer_config bc = as_transformer(load("gpt-bigcode.json"));
        CHECK(bc.kv_heads == 1);  // multi_query
        CHECK(bc.position == rc::position_kind::learned);
        CHECK(bc.tied_embeddings);
    }
    SUBCASE(
        "OLMo 2, InternLM2, DeepSeek-MoE: Llama-style decoders, DeepSeek's with 2 shared experts and 1 dense block") {
        CHECK(as_transformer(load("olmo2-7b.json")).norm == rc::norm_type::rms_norm);
        CHECK(as_transformer(load("internlm2-7b.json")).kv_heads == 8);
        const rc::transformer_config d = as_transformer(load("deepseek-moe-16b.json"));
        CHECK(d.experts == 64);
        CHECK(d.shared_experts == 2);
        CHECK(d.first_dense_layers == 1);
        CHECK_FALSE(rc::latent_attention(d));
    }
    SUBCASE("multimodal configs: the language model of text_config, class defaults for what it leaves out") {
        std::vector<std::string> warnings;
        const rc::workload llava = rc::load_hf_config(hf_dir + "llava-1.5-7b.json", rc::collect_into(warnings));
        CHECK(llava.name == "llava-1.5-7b");
        // Its text_config gives only the vocabulary and positions: the rest is LlamaConfig's defaults, Llama-2-7B's
        // shape (6,738,415,616 with 32,000 tokens; this config's 32,064 add 64 · 4096 · 2).
        CHECK(rc::parameters(llava) == 6'738'415'616.0 + 64.0 * 4096 * 2);
        REQUIRE(warnings.size() == 1);
        CHECK(warnings[0].find("vision tower (vision_config, clip_vision_model)") != std::string::npos);
        warnings.clear();
        const rc::transformer_config m =
            as_transformer(rc::load_hf_config(hf_dir + "mistral3-24b.json", rc::collect_into(warnings)));
        CHECK(m.head_dim == 128);
        CHECK(warnings.size() == 1);
    }
}

TEST_CASE("an unknown model_type: read as a Llama-style decoder with a warning, or refused naming what is missing") {
    const std::string f = "models/x/config.json";
    std::vector<std::string> warnings;
    const rc::workload w = rc::parse_hf_config(R"({"model_type": "newfamily", "hidden_size": 1024,
        "num_hidden_layers": 4, "num_attention_heads": 8, "intermediate_size": 2816, "vocab_size": 1000,
        "max_position_embeddings": 2048})",
                                               f, rc::collect_into(warnings));
    // 4 · (4·1024² + 3·1024·2816 + 2·1024) + 2·1000·1024 + 1024: Llama's shape, untied.
    CHECK(rc::parameters(w) == 4.0 * (4.0 * 1024 * 1024 + 3.0 * 1024 * 2816 + 2048) + 2.0 * 1000 * 1024 + 1024);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("model_type 'newfamily' is not one roofcast knows: read as a Llama-style decoder") == 0);
    CHECK_THROWS_WITH_AS(rc::parse_hf_config(R"({"model_type": "newfamily", "hidden_size": 1024})", f),
                         doctest::Contains("lacks the standard fields to read it as a Llama-style decoder "
                                           "(num_hidden_layers, num_attention_heads, intermediate_size, vocab_size); "
                                           "describe the model as a roofcast TOML (docs/workload-format.md)"),
                         rc::input_error);
    CHECK_THROWS_WITH_AS(rc::parse_hf_config(R"({"model_type": "qwen3_moe", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100, "max_position_embeddings": 64,
            "num_experts": 4, "moe_intermediate_size": 32, "num_experts_per_tok": 2, "mlp_only_layers": [1]})",
                                             f),
                         doctest::Contains("field 'mlp_only_layers' lists dense blocks"), rc::input_error);
}

TEST_CASE("SantaCoder: a gpt2 config with multi-query attention in its own field, counted as its weights") {
    const rc::workload w = load("santacoder.json");
    REQUIRE(transformer_of(w));
    CHECK(as_transformer(w).kv_heads == 1);
    // Per block: Q and output h×h (+ biases), one 128-wide K and V head h×256 (+ 256), FFN 2·h·8192 (+ biases),
    // two LayerNorms; token (49,280) and position (2,048) embeddings, a final LayerNorm, the output tied.
    const double h = 2048, block = 2 * (h * h + h) + (h * 256 + 256) + (2 * h * 8192 + 8192 + h) + 4 * h;
    CHECK(rc::parameters(w) == doctest::Approx(24 * block + 49280 * h + 2048 * h + 2 * h).epsilon(1e-12));
    CHECK(24 * block + 49280 * h + 2048 * h + 2 * h == 1'124'886'528.0);
}

TEST_CASE("OPT-350m's projected embedding is not modelled, and loading it says by how many parameters") {
    std::vector<std::string> warnings;
    const rc::workload w = rc::load_hf_config(hf_dir + "opt-350m.json", rc::collect_into(warnings));
    REQUIRE(transformer_of(w));
    // V·(h − p) − 2·h·p = 50,272·512 − 2·1,024·512 (modeling_opt.py: project_in, project_out, no bias).
    const std::string extra = std::to_string(50272LL * 512 - 2LL * 1024 * 512);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("word_embed_proj_dim 512") != std::string::npos);
    CHECK(warnings[0].find(extra + " parameters more") != std::string::npos);
}
