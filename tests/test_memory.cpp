// Memory model: formulas pinned to their published sources, the max-batch contract, and invariants.
#include <roofcast/model/memory.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>

namespace rc = roofcast;

namespace {

std::map<std::string, double> items(const rc::memory_footprint& f) {
    std::map<std::string, double> m;
    for (const auto& [k, v] : f.items) {
        m[k] = v;
    }
    return m;
}

rc::run_config training(int num_gpus, int zero) {
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::amp_fp16;
    c.num_gpus = num_gpus;
    c.zero = zero;
    c.seq_len = 2048;
    return c;
}

}  // namespace

TEST_CASE("mixed-precision Adam keeps 16 bytes per parameter; ZeRO shards them (Rajbhandari et al. 2020)") {
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    const double psi = rc::parameters(w);
    auto states = [&](int n, int zero) {
        auto m = items(rc::footprint(w, g, training(n, zero)));
        return m["weights"] + m["gradients"] + m["optimizer state"];
    };
    // ZeRO paper, Figure 1: baseline (2 + 2 + K)Ψ with K = 12; stage 1: 4Ψ + 12Ψ/N; stage 2: 2Ψ + 14Ψ/N;
    // stage 3: 16Ψ/N.
    CHECK(states(1, 0) == doctest::Approx(16.0 * psi));
    CHECK(states(8, 0) == doctest::Approx(16.0 * psi));
    CHECK(states(8, 1) == doctest::Approx(4.0 * psi + 12.0 * psi / 8));
    CHECK(states(8, 2) == doctest::Approx(2.0 * psi + 14.0 * psi / 8));
    CHECK(states(8, 3) == doctest::Approx(16.0 * psi / 8));
    // A higher stage never needs more memory per GPU.
    for (int z = 0; z < 3; ++z) {
        CHECK(rc::footprint(w, g, training(8, z + 1)).total() <= rc::footprint(w, g, training(8, z)).total());
    }
}

TEST_CASE("transformer activations per layer (Korthikanti et al. 2022, Table 2)") {
    // Their GPT block: dropout, unfused attention, a GeLU FFN of 4h, K and V for every head.
    const rc::transformer_config& t = *rc::catalog().workload_named("gpt3-2.7b").transformer;
    rc::activation_habits gpt;
    gpt.fused_attention = false;
    gpt.dropout = true;
    const double s = 2048, b = 4, h = 2560, a = 32;
    rc::run_config c = training(1, 0);
    CHECK(rc::transformer_layer_saved(t, c, gpt, s, b) == doctest::Approx(s * b * h * (34 + 5 * a * s / h)));
    c.recompute = rc::recompute::selective;
    CHECK(rc::transformer_layer_saved(t, c, gpt, s, b) == doctest::Approx(34 * s * b * h));
    c.recompute = rc::recompute::full;
    CHECK(rc::transformer_layer_saved(t, c, gpt, s, b) == doctest::Approx(2 * s * b * h));
    // Tensor parallel t = 4: s·b·h·(10 + 24/t + 5·a·s/(h·t)); with sequence parallelism s·b·h·(34 + 5·a·s/h)/t.
    c.recompute = rc::recompute::none;
    c.tp = 4;
    c.num_gpus = 4;
    CHECK(rc::transformer_layer_saved(t, c, gpt, s, b) ==
          doctest::Approx(s * b * h * (10 + 24.0 / 4 + 5 * a * s / (h * 4))));
    c.sequence_parallel = true;
    CHECK(rc::transformer_layer_saved(t, c, gpt, s, b) == doctest::Approx(s * b * h * (34 + 5 * a * s / h) / 4));
    c.recompute = rc::recompute::selective;
    CHECK(rc::transformer_layer_saved(t, c, gpt, s, b) == doctest::Approx(34 * s * b * h / 4));
    c.sequence_parallel = false;
    CHECK(rc::transformer_layer_saved(t, c, gpt, s, b) == doctest::Approx(s * b * h * (10 + 24.0 / 4)));
}

TEST_CASE("fused attention keeps no score matrix, only the FP32 log-sum-exp of each row") {
    // FlashAttention saves Q, K, V, the output and the log-sum-exp (Dao et al. 2022, Algorithm 2): Korthikanti's
    // 5·a·s²·b term becomes 4·a·s·b bytes.
    const rc::transformer_config& t = *rc::catalog().workload_named("gpt3-2.7b").transformer;
    rc::activation_habits fused;
    fused.dropout = true;
    const double s = 8192, b = 1, h = 2560, a = 32;
    const rc::run_config c = training(1, 0);
    CHECK(rc::transformer_layer_activations(t, c, fused, s, b) == doctest::Approx(34 * s * b * h + 4 * a * s * b));
    // Llama-3-8B as eager PyTorch keeps it: no dropout, K and V for 8 of 32 heads, a SwiGLU FFN of 14336 saving
    // gate, up, SiLU(gate) and their product: s·b·(8h + 2h·(1 + 2/4) + 2h + 8·14336) + 4·a·s·b.
    const rc::transformer_config& l = *rc::catalog().workload_named("llama3-8b").transformer;
    rc::activation_habits eager;
    const double hl = 4096, fl = 14336;
    CHECK(rc::transformer_layer_activations(l, c, eager, s, b) ==
          doctest::Approx(s * b * (8 * hl + 2 * hl * 1.5 + 2 * hl + 8 * fl) + 4 * 32 * s * b));
    // PyTorch's op-level selective recompute keeps the layer input, Q, V, the gate projection, the down projection
    // and the attention output with its log-sum-exp (PyTorch's op-level policy: every other matmul).
    rc::run_config sel = c;
    sel.recompute = rc::recompute::selective;
    eager.op_level_selective = true;
    CHECK(rc::transformer_layer_saved(l, sel, eager, s, b) ==
          doctest::Approx(s * b * (2 * hl + 2 * hl + 2 * hl / 4 + 2 * fl + 2 * hl + 2 * hl) + 4 * 32 * s * b));
}

TEST_CASE("Megatron keeps FP32 gradients: 18 bytes per parameter, 6 + 12/d with its distributed optimizer") {
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    const double psi = rc::parameters(w);
    rc::run_config c = training(8, 0);
    c.precision = rc::precision::amp_bf16;
    c.framework = "megatron";
    auto states = [&](const rc::run_config& r) {
        auto m = items(rc::footprint(w, g, r));
        return m["weights"] + m["gradients"] + m["optimizer state"];
    };
    CHECK(states(c) == doctest::Approx(18.0 * psi));
    c.zero = 1;  // --use-distributed-optimizer
    CHECK(states(c) == doctest::Approx(6.0 * psi + 12.0 * psi / 8));
    // PyTorch DDP copies every gradient into its buckets; FSDP gathers two blocks' BF16 weights and one FP32 gradient.
    c.framework = "pytorch";
    c.zero = 0;
    CHECK(items(rc::footprint(w, g, c))["gradient buckets"] == doctest::Approx(2.0 * psi));
    c.zero = 3;
    const rc::transformer_config& t = *w.transformer;
    const double block = (psi - static_cast<double>(t.vocab * t.hidden)) / static_cast<double>(t.layers);
    const double unit = std::max(block, static_cast<double>(t.vocab * t.hidden));
    CHECK(items(rc::footprint(w, g, c))["gathered weights"] == doctest::Approx(unit * (2 * 2 + 4)));
}

TEST_CASE("recompute full <= selective <= none for activations") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    rc::run_config c = training(1, 0);
    c.batch = 4;
    double prev = 1e300;
    for (rc::recompute r : {rc::recompute::none, rc::recompute::selective, rc::recompute::full}) {
        c.recompute = r;
        const double act = items(rc::footprint(w, g, c))["activations"];
        CHECK(act <= prev);
        prev = act;
    }
}

TEST_CASE("KV cache per token: llama2-7b 0.5 MiB and llama3-8b with GQA 128 KiB in fp16") {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    // 2 (K and V) · 32 layers · 32 kv heads · 128 · 2 bytes = 524288 B.
    CHECK(rc::kv_cache_bytes_per_token(*rc::catalog().workload_named("llama2-7b").transformer, c) == 524288.0);
    // 2 · 32 layers · 8 kv heads · 128 · 2 bytes = 131072 B.
    CHECK(rc::kv_cache_bytes_per_token(*rc::catalog().workload_named("llama3-8b").transformer, c) == 131072.0);
    // An FP8 run keeps an FP8 cache: half.
    c.precision = rc::precision::fp8;
    CHECK(rc::kv_cache_bytes_per_token(*rc::catalog().workload_named("llama3-8b").transformer, c) == 65536.0);
}

TEST_CASE("max-batch of llama2-7b on A100-SXM4-40GB, derived by hand in docs/memory.md") {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    c.prompt_len = 512;
    c.gen_len = 128;
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-40GB");
    // Per sequence: KV 640 · 524288 + activations 512 · (2·4096 + 2·11008) · 2 + logits 32000 · 4 bytes.
    const double per_seq = 640.0 * 524288 + 512.0 * (2 * 4096 + 2 * 11008) * 2 + 32000.0 * 4;
    const double weights = 6738415616.0 * 2;
    // 1.05 · (weights + B · per_seq) + 1 GiB <= 40960 MiB  =>  B <= 72.03.
    const double bound = ((40960.0 * 1048576 - 1073741824.0) / 1.05 - weights) / per_seq;
    CHECK(bound == doctest::Approx(72.03).epsilon(1e-3));
    const rc::batch_limit b = rc::max_batch(w, g, c);
    CHECK(b.max_batch == 72);
    CHECK(b.limiting_item == "kv cache");
    CHECK(b.footprint.fits());
    rc::run_config more = c;
    more.batch = 73;
    CHECK_FALSE(rc::footprint(w, g, more).fits());
}

TEST_CASE("llama2-70b in fp16 does not fit one A100-80GB; two with --tp 2 do") {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    c.prompt_len = 512;
    c.gen_len = 128;
    const rc::workload& w = rc::catalog().workload_named("llama2-70b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    const rc::batch_limit none = rc::max_batch(w, g, c);
    CHECK(none.max_batch == 0);
    CHECK(none.limiting_item == "weights");
    CHECK(none.footprint.total().value() > g.usable_memory.value());
    REQUIRE_FALSE(none.suggestions.empty());
    CHECK(none.suggestions.front().change == "--tp 2 --num-gpus 2");
    CHECK(none.suggestions.front().footprint.fits());
    c.tp = 2;
    c.num_gpus = 2;
    CHECK(rc::max_batch(w, g, c).max_batch > 0);
}

TEST_CASE("the footprint grows with batch and sequence length; max batch fits and one more does not") {
    const rc::gpu_spec& g = rc::catalog().gpu("L40");
    for (const char* name : {"resnet50", "bert-large", "llama3-8b"}) {
        CAPTURE(name);
        const rc::workload& w = rc::catalog().workload_named(name);
        for (rc::mode m : {rc::mode::train, rc::mode::infer}) {
            rc::run_config c;
            c.mode = m;
            c.precision = rc::precision::amp_bf16;
            if (m == rc::mode::infer) {
                c.precision = rc::precision::bf16;
            }
            double prev = 0.0;
            for (long long b : {1, 2, 4, 8, 16, 64}) {
                c.batch = b;
                const double t = rc::footprint(w, g, c).total().value();
                CHECK(t >= prev);
                prev = t;
            }
            if (w.transformer) {
                c.batch = 2;
                c.seq_len = 256;
                c.prompt_len = 256;
                const double short_seq = rc::footprint(w, g, c).total().value();
                c.seq_len = 1024;
                c.prompt_len = 1024;
                CHECK(rc::footprint(w, g, c).total().value() >= short_seq);
            }
            const rc::batch_limit lim = rc::max_batch(w, g, c);
            if (lim.max_batch > 0 && lim.max_batch < rc::max_batch_searched) {
                c.batch = lim.max_batch;
                CHECK(rc::footprint(w, g, c).fits());
                c.batch = lim.max_batch + 1;
                CHECK_FALSE(rc::footprint(w, g, c).fits());
            }
        }
    }
}

TEST_CASE("an engine's KV pool: vLLM's gpu_memory_utilization of the whole memory, less weights and a profiling pass") {
    // Llama-3-8B in BF16 on an H100-SXM5-80GB (81559 MiB as nvidia-smi and CUDA report it), vLLM's defaults:
    // 0.9 of the memory, 8192 profiling tokens through (2·4096 + 2·14336) BF16 activations each, 256 rows of FP32
    // logits over 128256 tokens, 0.5 GiB outside PyTorch; 131072 B of KV per token, blocks of 16 tokens.
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    c.precision = rc::precision::bf16;
    c.framework = "tensorrt-llm";
    const rc::run_plan p = rc::resolve(rc::catalog().workload_named("llama3-8b"), c);
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    const double capacity = 81559.0 * 1048576, weights = 8'030'261'248.0 * 2;
    const double act = 8192.0 * (2 * 4096 + 2 * 14336) * 2 + 256.0 * 128256 * 4;
    const double pool = 0.9 * capacity - weights - act - 536870912.0;
    const rc::engine_memory vllm;
    CHECK(rc::kv_pool_bytes(p, g, vllm) == doctest::Approx(pool));
    CHECK(rc::kv_pool_tokens(p, g, vllm) == static_cast<long long>(std::floor(pool / (131072.0 * 16))) * 16);
    CHECK(rc::kv_pool_tokens(p, g, vllm) == 454976);
    // SGLang: mem_fraction_static of the memory holds weights and pool; TensorRT-LLM: a fraction of what is free.
    rc::engine_memory sglang;
    sglang.rule = rc::kv_pool_rule::static_fraction;
    sglang.fraction = 0.88;
    CHECK(rc::kv_pool_bytes(p, g, sglang) == doctest::Approx(0.88 * capacity - weights));
    rc::engine_memory trt;
    trt.rule = rc::kv_pool_rule::fraction_of_free;
    CHECK(rc::kv_pool_bytes(p, g, trt) == doctest::Approx(0.9 * (capacity - weights - act - 536870912.0)));
}
