// Software rules and the run inputs the published measurements use: which attention kernel a framework release
// runs and which primitive ops it builds norms from, beam search, variable-length encoder inputs (packing vs padding)
// and activation recomputation.
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

namespace rc = roofcast;

namespace {

/// The bytes of footprint item `name` (0 when absent).
double item_of(const rc::memory_footprint& f, const std::string& name) {
    for (const auto& [n, b] : f.items) {
        if (n == name) {
            return b;
        }
    }
    return 0.0;
}

/// A llama2-7b generation run of `batch` requests, `beams` beams, 128 prompt and 64 generated tokens.
rc::run_config generation(const std::string& framework, rc::phase ph, int beams) {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = ph;
    c.precision = rc::precision::fp16;
    c.framework = framework;
    c.batch = 2;
    c.prompt_len = 128;
    c.gen_len = 64;
    c.beams = beams;
    return c;
}

}  // namespace

TEST_CASE("the attention kernel follows the framework release (docs/research/plausibility-sources.md, section 2)") {
    // Eager PyTorch fuses attention from 2.0 (scaled_dot_product_attention), Hugging Face models from
    // transformers 4.36 (SDPA by default), Megatron-LM from 2.x; TensorFlow and llama.cpp never do by default.
    CHECK_FALSE(rc::fuses_attention("pytorch", "1.13"));
    CHECK(rc::fuses_attention("pytorch", "2.0"));
    CHECK(rc::fuses_attention("pytorch", ""));
    CHECK_FALSE(rc::fuses_attention("hf-pytorch", "4.35"));
    CHECK(rc::fuses_attention("hf-pytorch", "4.36"));
    CHECK_FALSE(rc::fuses_attention("megatron", "1.1"));
    CHECK(rc::fuses_attention("megatron", "2.5"));
    CHECK_FALSE(rc::fuses_attention("tensorflow", ""));
    CHECK_FALSE(rc::fuses_attention("llama.cpp", ""));
    CHECK(rc::fuses_attention("tensorrt-llm", ""));

    // The plan carries the rule: a PyTorch 1.13 run materializes the scores, a 2.1 run does not.
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    rc::run_config c;
    c.framework = "pytorch";
    c.framework_version = "1.13";
    CHECK_FALSE(*rc::resolve(w, c).config.fused_attention);
    c.framework_version = "2.1";
    CHECK(*rc::resolve(w, c).config.fused_attention);
    c.fused_attention = false;  // an explicit choice wins over the rule
    CHECK_FALSE(*rc::resolve(w, c).config.fused_attention);
}

TEST_CASE("FlashAttention-2 is an Ampere-generation kernel: Hopper and Blackwell run it at their legacy ratio") {
    // The rule (docs/model.md, "Which attention kernel runs"): the flash-attn 2 package and Composer call it; PyTorch's
    // SDPA runs its FlashAttention-2 port up to 2.10 and prefers cuDNN from 2.11; a stated transformers release
    // predates 2.11; Megatron (Transformer Engine's cuDNN attention) and the engines run the family's own kernels.
    CHECK(rc::runs_flash_attention_2("pytorch", "2.4"));
    CHECK(rc::runs_flash_attention_2("pytorch", "2.10"));
    CHECK_FALSE(rc::runs_flash_attention_2("pytorch", "2.11"));
    CHECK_FALSE(rc::runs_flash_attention_2("pytorch", ""));
    CHECK(rc::runs_flash_attention_2("pytorch-compiled", "2.3"));
    CHECK(rc::runs_flash_attention_2("hf-pytorch", "4.40"));
    CHECK_FALSE(rc::runs_flash_attention_2("hf-pytorch", ""));
    CHECK(rc::runs_flash_attention_2("composer", ""));
    CHECK_FALSE(rc::runs_flash_attention_2("megatron", "2.5"));
    CHECK_FALSE(rc::runs_flash_attention_2("tensorrt-llm", "0.14.0"));

    // The lowering marks the fused attention kernels of a BF16 run, and only where the rule says so.
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    rc::run_config c;
    c.precision = rc::precision::amp_bf16;
    c.batch = 2;
    c.framework = "pytorch";
    auto marked = [&w](const rc::run_config& cfg) {
        int fused = 0, legacy = 0;
        const rc::lowered_run run = rc::lower_run(w, cfg);  // a range-for over a temporary's member would dangle
        for (const rc::kernel& k : run.passes[0].kernels) {
            fused += k.fused != rc::fused_pass::none ? 1 : 0;
            legacy += k.legacy_mma ? 1 : 0;
        }
        return std::make_pair(fused, legacy);
    };
    c.framework_version = "2.4";
    const auto [fused, legacy] = marked(c);
    CHECK(fused > 0);
    CHECK(legacy == fused);
    c.framework_version = "";
    CHECK(marked(c).second == 0);
    c.framework_version = "2.4";
    c.precision = rc::precision::fp32;  // FlashAttention-2 has no FP32 kernel
    CHECK(marked(c).second == 0);
    // `--attention fa2` states the kernel whatever the framework's default: Megatron's runs become FlashAttention-2's.
    c.precision = rc::precision::amp_bf16;
    c.framework = "megatron";
    CHECK(marked(c).second == 0);
    rc::find_run_option("attention").set(c, "fa2");
    CHECK(*c.fused_attention);
    CHECK(marked(c).second == marked(c).first);
    CHECK(marked(c).first > 0);
    rc::find_run_option("attention").set(c, "fused");
    CHECK_FALSE(c.flash_attention_2);
    CHECK(marked(c).second == 0);
    CHECK_THROWS_AS(rc::find_run_option("attention").set(c, "fa3"), rc::input_error);

    // Compute-bound forward attention (8 x 16 heads, 8192 queries, d = 128: 63 waves of ~0.1 ms, each with a ~1 µs
    // wave overhead) takes 1 / ratio as long on the H100 at the prior ratio 0.5; on the A100 the ratio is fixed at 1.
    rc::kernels::attention_desc a;
    a.batch = 8;
    a.heads = a.kv_heads = 16;
    a.seq_q = a.seq_kv = 8192;
    a.head_dim = 128;
    const rc::kernel native =
        rc::kernels::fused_attention("attention", a, rc::dtype::bf16, rc::kernels::direction::forward);
    rc::kernel old = native;
    old.legacy_mma = true;
    const rc::cost_params prior = rc::prior_params();
    CHECK(prior.family[static_cast<std::size_t>(rc::architecture::hopper)].legacy_attention_ratio == 0.5);
    auto ratio = [&](const std::string& gpu) {
        const rc::cost_context ctx = rc::make_cost_context(rc::catalog().gpu(gpu), rc::find_profile("cublas"), prior);
        return rc::cost(old, ctx).time.value() / rc::cost(native, ctx).time.value();
    };
    CHECK(ratio("H100-SXM5-80GB") == doctest::Approx(2.0).epsilon(0.02));
    CHECK(ratio("A100-SXM4-80GB") == 1.0);
}

TEST_CASE("beam search decodes batch x beams sequences and keeps a KV cache per beam") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    const rc::run_plan one = rc::resolve(w, generation("hf-pytorch", rc::phase::decode, 1));
    const rc::run_plan four = rc::resolve(w, generation("hf-pytorch", rc::phase::decode, 4));
    CHECK(one.passes[0].batch == 2);
    CHECK(four.passes[0].batch == 8);
    // Decode steps see the mean context: prompt + gen/2 = 128 + 32.
    CHECK(four.passes[0].seq_kv == 160);
    const double kv1 = item_of(rc::footprint(one), "kv cache"), kv4 = item_of(rc::footprint(four), "kv cache");
    REQUIRE(kv1 > 0.0);
    CHECK(kv4 == doctest::Approx(4.0 * kv1));
    // Hugging Face expands each prompt to its beams before the prefill; TensorRT-LLM prefills the prompt once.
    const rc::run_plan hf = rc::resolve(w, generation("hf-pytorch", rc::phase::e2e, 4));
    const rc::run_plan trt = rc::resolve(w, generation("tensorrt-llm", rc::phase::e2e, 4));
    CHECK(hf.passes[0].batch == 8);
    CHECK(trt.passes[0].batch == 2);
    CHECK(trt.passes[1].batch == 8);
    // Beams apply only to generation.
    rc::run_config train;
    train.beams = 2;
    CHECK_THROWS_AS((void)rc::resolve(w, train), rc::input_error);
}

TEST_CASE("variable-length encoder inputs: packed engines run the mean length, eager frameworks pad") {
    const rc::workload& bert = rc::catalog().workload_named("bert-large");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    c.batch = 8;
    c.seq_len = 384;
    c.mean_seq_len = 200;
    c.framework = "tensorrt";
    CHECK(rc::resolve(bert, c).passes[0].seq_q == 200);
    c.framework = "pytorch";
    CHECK(rc::resolve(bert, c).passes[0].seq_q == 384);
    // A packed run costs less than the padded one on the same GPU, by at most the token ratio 384/200.
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    c.framework = "tensorrt";
    const double packed = rc::predict(bert, g, c).time.value();
    c.mean_seq_len = 0;
    const double padded = rc::predict(bert, g, c).time.value();
    CHECK(packed < padded);
    CHECK(padded / packed < 384.0 / 200.0 + 1e-9);
    // The mean cannot exceed the padded length, and training has no such input.
    c.mean_seq_len = 500;
    CHECK_THROWS_AS((void)rc::resolve(bert, c), rc::input_error);
}

TEST_CASE("activation recomputation is priced: full re-runs each block's forward in the backward pass") {
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    rc::run_config c;
    c.precision = rc::precision::amp_bf16;
    c.batch = 8;
    c.seq_len = 2048;
    c.framework = "megatron";  // Korthikanti et al.'s selective recomputation (PyTorch's op-level policy: below)
    const double none = rc::predict(w, g, c).time.value();
    const double none_memory = rc::footprint(w, c).total().value();
    c.recompute = rc::recompute::selective;
    const double selective = rc::predict(w, g, c).time.value();
    c.recompute = rc::recompute::full;
    const double full = rc::predict(w, g, c).time.value();
    const double full_memory = rc::footprint(w, c).total().value();
    // Forward is about a third of a training step (backward ≈ 2 × forward), so one more forward adds about a
    // third (Korthikanti et al. 2022 report +33% FLOPs for full recomputation): between 20% and 40% here.
    CHECK(full / none > 1.2);
    CHECK(full / none < 1.4);
    // Selective recomputation re-runs only the core attention: it costs something, and far less than full
    // (+2.7% FLOPs in Korthikanti et al.).
    CHECK(selective >= none);
    CHECK(selective - none < 0.25 * (full - none));
    CHECK(full_memory < none_memory);
    // PyTorch's op-level policy re-runs half of this model's GEMM work (k, o and fc2 of q, k, v, o, fc1, fc2: 6h² of
    // 12h² a token) and every pointwise kernel: about half of what full recomputation costs.
    c.framework = "pytorch";
    c.recompute = rc::recompute::none;
    const double pt_none = rc::predict(w, g, c).time.value();
    c.recompute = rc::recompute::selective;
    const double pt_selective = rc::predict(w, g, c).time.value();
    c.recompute = rc::recompute::full;
    const double pt_full = rc::predict(w, g, c).time.value();
    CHECK(pt_selective - pt_none > 0.3 * (pt_full - pt_none));
    CHECK(pt_selective - pt_none < 0.7 * (pt_full - pt_none));
}

TEST_CASE("version numbers: major·1000 + minor, and no number for parts no release has") {
    CHECK(rc::detail::version_number("torch-2.1") == 2001);
    CHECK(rc::detail::version_number("4.36.2") == 4036);
    CHECK(rc::detail::version_number("none") == -1);
    // Parts beyond 99999 and 999 would overflow or collide (1.1000 with 2.0): not a release number.
    CHECK(rc::detail::version_number("2.1333333333333333333333333333") == -1);
    CHECK(rc::detail::version_number("99999999999999999999999.1") == -1);
    CHECK(rc::detail::version_number("1.1000") == -1);
}

TEST_CASE("TensorFlow builds layer norm and the GELU from primitive ops, one kernel each") {
    CHECK(rc::decomposes_norm_and_gelu("tensorflow"));
    CHECK_FALSE(rc::decomposes_norm_and_gelu("tensorflow-xla"));
    CHECK_FALSE(rc::decomposes_norm_and_gelu("pytorch"));
    // Layer norm over n FP16 elements, by hand: two reductions read the tensor (writing one value per row, nothing
    // here); squared difference, γ·inv broadcast, x·inv, mean·inv, β − mean·inv and the sum read 1, 0, 2, 1, 1 and 2
    // full-size operands and write one each: 8 kernels, (2 + 7)·n reads and 6·n writes of 2 bytes.
    const double n = 1e6;
    std::vector<rc::kernel> fwd, bwd;
    rc::detail::primitive_layer_norm(fwd, bwd, "ln", n, rc::dtype::fp16, false, 1.0);
    REQUIRE(fwd.size() == 8);
    CHECK(bwd.empty());
    double read = 0.0, written = 0.0;
    for (const rc::kernel& k : fwd) {
        read += k.read.value();
        written += k.written.value();
    }
    CHECK(read == doctest::Approx(9.0 * n * 2.0));
    CHECK(written == doctest::Approx(6.0 * n * 2.0));
    // GELU, 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))): 8 ops, two of them (x + ·, x · ·) reading two operands.
    fwd.clear();
    rc::detail::primitive_gelu(fwd, bwd, "gelu", n, rc::dtype::fp16, true, 1.0);
    REQUIRE(fwd.size() == 8);
    CHECK(bwd.size() == 8);
    read = written = 0.0;
    for (const rc::kernel& k : fwd) {
        read += k.read.value();
        written += k.written.value();
    }
    CHECK(read == doctest::Approx(10.0 * n * 2.0));
    CHECK(written == doctest::Approx(8.0 * n * 2.0));

    // End to end, BERT-base inference (12 blocks) with the same attention kernel: 2 · 12 + 1 layer norms of 8 kernels
    // instead of 1, and 12 GELUs of 8 instead of 1, so 25 · 7 + 12 · 7 = 259 more kernel launches in TensorFlow.
    const rc::workload& bert = rc::catalog().workload_named("bert-base");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    c.batch = 8;
    c.seq_len = 128;
    c.fused_attention = false;
    const auto launches = [&](const std::string& framework) {
        c.framework = framework;
        const rc::run_plan p = rc::resolve(bert, c);
        double total = 0.0;
        for (const rc::kernel& k : rc::lower_transformer(p, p.passes[0]).kernels) {
            total += k.count * k.launches;
        }
        return total;
    };
    CHECK(launches("tensorflow") - launches("pytorch") == doctest::Approx(259.0));
}

TEST_CASE("llama.cpp builds before June 2024 dequantize 4-bit weights to FP16 for batched cuBLAS GEMMs") {
    // The rule by build (year.month): up to 2024.06 yes (PR #8075, 2024-06-24, made MMQ the default); later,
    // unstated builds and other frameworks no.
    CHECK(rc::dequantizes_for_cublas("llama.cpp", "2024.05"));
    CHECK(rc::dequantizes_for_cublas("llama.cpp", "2024.06"));
    CHECK_FALSE(rc::dequantizes_for_cublas("llama.cpp", "2024.07"));
    CHECK_FALSE(rc::dequantizes_for_cublas("llama.cpp", ""));
    CHECK_FALSE(rc::dequantizes_for_cublas("tensorrt-llm", "2024.05"));

    // LLaMA-3-8B prefill of a 1024-token prompt at 4 bits: each block's weights (qkv 4096 x 6144, out 4096 x 4096,
    // gated up 4096 x 28672, down 14336 x 4096: 218,103,808) are read at half a byte and written at two, once per
    // 512-token batch: 32 blocks x 218,103,808 x 2.5 B x 2 = 34,896,609,280 bytes and 4 x 32 x 2 = 256 more
    // kernels. The LM head multiplies one row (the last token's logits) and is not dequantized.
    const rc::workload& w = rc::catalog().workload_named("llama3-8b");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::prefill;
    c.precision = rc::precision::int4;
    c.framework = "llama.cpp";
    c.batch = 1;
    c.prompt_len = 1024;
    c.gen_len = 1;
    const auto traffic_and_launches = [&](const std::string& version) {
        c.framework_version = version;
        const rc::run_plan p = rc::resolve(w, c);
        double bytes = 0.0, launches = 0.0;
        for (const rc::kernel& k : rc::lower_transformer(p, p.passes[0]).kernels) {
            bytes += k.count * (k.read.value() + k.written.value());
            launches += k.count * k.launches;
        }
        return std::make_pair(bytes, launches);
    };
    const auto [old_bytes, old_launches] = traffic_and_launches("2024.05");
    const auto [new_bytes, new_launches] = traffic_and_launches("2024.08");
    CHECK(old_bytes - new_bytes == doctest::Approx(34896609280.0));
    CHECK(old_launches - new_launches == doctest::Approx(256.0));
    // Decoding one token at a time runs matrix-vector kernels on the 4-bit weights in every build.
    c.phase = rc::phase::decode;
    c.gen_len = 128;
    CHECK(traffic_and_launches("2024.05") == traffic_and_launches("2024.08"));
}

TEST_CASE("a llama.cpp row's build date is its framework version") {
    rc::measurement m;
    m.params = {{"framework", "llama.cpp"}, {"build", "cuda-2024-04"}};
    CHECK(rc::framework_version_of(m) == "2024.04");
    m.params = {{"framework", "llama.cpp"}, {"build", "cuda-2024-spring"}};  // spring: up to May
    CHECK(rc::framework_version_of(m) == "2024.05");
    m.params = {{"framework", "llama.cpp"}, {"build", "cuda-2024-later"}};
    CHECK(rc::framework_version_of(m).empty());
    m.params = {{"framework", "llama.cpp"}, {"build", "cuda-2024-spring"}, {"version", "2024.08"}};
    CHECK(rc::framework_version_of(m) == "2024.08");
}

TEST_CASE("selective recompute: PyTorch's op-level policy recomputes every other matmul, Megatron's only attention") {
    // Llama-3-8B, 2 x 2048 tokens: the policy keeps the outputs of q, v, gate and down (recomputes_op_level), so the
    // backward pass runs k, o and up again: 2·T·L·(g·h² + h² + h·F) more GEMM FLOPs, g = 8/32 (memory: the same
    // policy).
    const rc::workload& w = rc::catalog().workload_named("llama3-8b");
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::amp_bf16;
    c.batch = 2;
    c.seq_len = 2048;
    auto gemm_flops = [&](rc::recompute r, const char* framework) {
        rc::run_config x = c;
        x.recompute = r;
        x.framework = framework;
        for (const rc::breakdown_entry& e : rc::predict(w, g, x).breakdown) {
            if (e.name == "gemm") {
                return e.work.value();
            }
        }
        return 0.0;
    };
    const double h = 4096, f = 14336, T = 2 * 2048, L = 32;
    CHECK(gemm_flops(rc::recompute::selective, "pytorch") - gemm_flops(rc::recompute::none, "pytorch") ==
          doctest::Approx(2 * T * L * (0.25 * h * h + h * h + h * f)));
    CHECK(gemm_flops(rc::recompute::selective, "megatron") ==
          doctest::Approx(gemm_flops(rc::recompute::none, "megatron")));
}
