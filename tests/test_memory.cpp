// Memory model: formulas pinned to their published sources, the max-batch contract, and invariants.
#include <roofcast/model/lower_workload.hpp>
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

TEST_CASE("mixed-precision Adam keeps 16 bytes per parameter, ZeRO shards them (Rajbhandari et al. 2020)") {
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
    const rc::transformer_config& t = as_transformer(rc::catalog().workload_named("gpt3-2.7b"));
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
    const rc::transformer_config& t = as_transformer(rc::catalog().workload_named("gpt3-2.7b"));
    rc::activation_habits fused;
    fused.dropout = true;
    const double s = 8192, b = 1, h = 2560, a = 32;
    const rc::run_config c = training(1, 0);
    CHECK(rc::transformer_layer_activations(t, c, fused, s, b) == doctest::Approx(34 * s * b * h + 4 * a * s * b));
    // Llama-3-8B as eager PyTorch keeps it: no dropout, K and V for 8 of 32 heads, a SwiGLU FFN of 14336 saving
    // gate, up, SiLU(gate) and their product: s·b·(8h + 2h·(1 + 2/4) + 2h + 8·14336) + 4·a·s·b.
    const rc::transformer_config& l = as_transformer(rc::catalog().workload_named("llama3-8b"));
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
    const rc::transformer_config& t = as_transformer(w);
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
    CHECK(rc::kv_cache_bytes_per_token(as_transformer(rc::catalog().workload_named("llama2-7b")), c) == 524288.0);
    // 2 · 32 layers · 8 kv heads · 128 · 2 bytes = 131072 B.
    CHECK(rc::kv_cache_bytes_per_token(as_transformer(rc::catalog().workload_named("llama3-8b")), c) == 131072.0);
    // An FP8 model's cache is in its activation type, BF16, as vLLM's and SGLang's kv_cache_dtype "auto" keeps it;
    // TensorRT-LLM's FP8 checkpoints keep an FP8 cache: half; any engine keeps one when asked.
    const rc::transformer_config& l = as_transformer(rc::catalog().workload_named("llama3-8b"));
    c.precision = rc::precision::fp8;
    CHECK(rc::kv_cache_bytes_per_token(l, c) == 131072.0);
    c.framework = "tensorrt-llm";
    CHECK(rc::kv_cache_bytes_per_token(l, c) == 65536.0);
    c.framework = "pytorch";
    c.precision = rc::precision::bf16;
    c.kv_cache_type = rc::dtype::fp8;
    CHECK(rc::kv_cache_bytes_per_token(l, c) == 65536.0);
    // Decode attention reads the cache in its type: 2 · 8 kv heads · 128 · 1 byte per cached position per layer.
    c.phase = rc::phase::decode;
    c.prompt_len = 1024;
    c.gen_len = 2;
    const rc::run_plan p = rc::resolve(rc::catalog().workload_named("llama3-8b"), c);
    const rc::lowered_work w = rc::lower_transformer(p, p.passes[0]);
    double attention_read = 0.0, layers = 0.0;
    for (const rc::kernel& k : w.kernels) {
        if (k.cls == rc::op_class::attention) {
            attention_read += k.read.value() * k.count;
            layers += k.count;
        }
    }
    const double kv = static_cast<double>(p.passes[0].seq_kv);
    CHECK(layers == 32.0);
    CHECK(attention_read == doctest::Approx(32 * (2 * 8 * 128 * kv + 32 * 128 * 1.0)));
    // Training keeps no cache: the option is named as having no effect.
    rc::run_config t;
    t.kv_cache_type = rc::dtype::fp8;
    const auto unused = rc::unused_options(t, rc::catalog().workload_named("llama3-8b"));
    REQUIRE(unused.size() == 1);
    CHECK(unused[0] == "kv-cache-dtype has no effect on training: no KV cache is kept");
}

TEST_CASE("max-batch of llama2-7b on A100-SXM4-40GB, derived by hand in docs/memory.md") {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    c.prompt_len = 512;
    c.gen_len = 128;
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-40GB");
    // Per sequence: KV 640 · 524288 + activations 512 · (2·4096 + 3·11008) · 2 + logits 32000 · 4 bytes.
    const double per_seq = 640.0 * 524288 + 512.0 * (2 * 4096 + 3 * 11008) * 2 + 32000.0 * 4;
    const double weights = 6738415616.0 * 2;
    // 1.05 · (weights + B · per_seq) + 1 GiB <= 40960 MiB  =>  B <= 69.88.
    const double bound = ((40960.0 * 1048576 - 1073741824.0) / 1.05 - weights) / per_seq;
    CHECK(bound == doctest::Approx(69.88).epsilon(1e-3));
    const rc::batch_limit b = rc::max_batch(w, g, c);
    CHECK(b.max_batch == 69);
    CHECK(b.limiting_item == "kv cache");
    CHECK(b.footprint.fits());
    rc::run_config more = c;
    more.batch = 70;
    CHECK_FALSE(rc::footprint(w, g, more).fits());
    CHECK(b.growing_item == "kv cache");  // 640 · 524288 of the 378 MB one more sequence adds
    // The likely range: the same bound with the footprint scaled by the band's ratios. Measured 20% above the
    // prediction: 1.2 · (1.05 · (weights + B · per_seq) + 1 GiB) <= 40 GiB => B <= 51.8; 10% below: B <= 81.9.
    rc::cost_params band = rc::default_params();
    band.error_bands["memory"] = {0.9, 1.2};
    const rc::batch_limit ranged = rc::max_batch(w, g, c, band);
    CHECK(ranged.max_batch == 69);
    CHECK(ranged.likely_low ==
          static_cast<long long>(((40960.0 * 1048576 / 1.2 - 1073741824.0) / 1.05 - weights) / per_seq));
    CHECK(ranged.likely_high ==
          static_cast<long long>(((40960.0 * 1048576 / 0.9 - 1073741824.0) / 1.05 - weights) / per_seq));
    band.error_bands.erase("memory");
    const rc::batch_limit plain = rc::max_batch(w, g, c, band);
    CHECK(plain.likely_low == 69);
    CHECK(plain.likely_high == 69);
}

TEST_CASE("max-batch says which item a larger training batch grows: the activations") {
    rc::run_config c = training(1, 0);
    const rc::batch_limit b =
        rc::max_batch(rc::catalog().workload_named("gpt2-xl"), rc::catalog().gpu("A100-SXM4-80GB"), c);
    CHECK(b.max_batch > 0);
    CHECK(b.growing_item == "activations");
}

TEST_CASE("llama2-70b in fp16 does not fit one A100-80GB, two with --tp 2 do") {
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

TEST_CASE("the footprint grows with batch and sequence length, max batch fits and one more does not") {
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
            if (transformer_of(w)) {
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
    // 0.9 of the memory, 8192 profiling tokens through (2·4096 + 3·14336) BF16 activations each, 256 rows of FP32
    // logits over 128256 tokens, 0.5 GiB outside PyTorch; 131072 B of KV per token, blocks of 16 tokens.
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    c.precision = rc::precision::bf16;
    c.framework = "tensorrt-llm";
    const rc::run_plan p = rc::resolve(rc::catalog().workload_named("llama3-8b"), c);
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    const double capacity = 81559.0 * 1048576, weights = 8'030'261'248.0 * 2;
    const double act = 8192.0 * (2 * 4096 + 3 * 14336) * 2 + 256.0 * 128256 * 4;
    const double pool = 0.9 * capacity - weights - act - 536870912.0;
    const rc::engine_memory vllm;
    CHECK(rc::kv_pool_bytes(p, g, vllm) == doctest::Approx(pool));
    CHECK(rc::kv_pool_tokens(p, g, vllm) == static_cast<long long>(std::floor(pool / (131072.0 * 16))) * 16);
    CHECK(rc::kv_pool_tokens(p, g, vllm) == 453184);
    // SGLang: mem_fraction_static of the memory free before loading (less the 0.5 GiB outside PyTorch) holds weights
    // and pool; TensorRT-LLM: a fraction of what is free.
    rc::engine_memory sglang;
    sglang.rule = rc::kv_pool_rule::static_fraction;
    sglang.fraction = 0.88;
    CHECK(rc::kv_pool_bytes(p, g, sglang) == doctest::Approx(0.88 * (capacity - 536870912.0) - weights));
    rc::engine_memory trt;
    trt.rule = rc::kv_pool_rule::fraction_of_free;
    CHECK(rc::kv_pool_bytes(p, g, trt) == doctest::Approx(0.9 * (capacity - weights - act - 536870912.0)));
}

namespace {

rc::run_config lora_run(rc::peft method, rc::lora_targets targets = rc::lora_targets::qv) {
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::bf16;
    c.batch = 1;
    c.seq_len = 1304;
    c.peft = method;
    c.lora_targets = targets;
    return c;
}

double gemm_work(const rc::lowered_work& w, const std::string& marker = "") {
    double f = 0.0;
    for (const rc::kernel& k : w.kernels) {
        if (k.cls == rc::op_class::gemm && k.name.find(marker) != std::string::npos) {
            f += k.work.value() * k.count;
        }
    }
    return f;
}

}  // namespace

TEST_CASE("LoRA adapters: the trainable parameters LitGPT prints (r 8 on query and value)") {
    // LitGPT's resource tables (tutorials/resource-tables.md) print the trainable parameters of finetune/lora.py's
    // defaults: 4,194,304 for Llama-2-7B, 1,572,864 for phi-1.5, 2,097,152 for StableLM-Alpha-3B.
    const rc::run_config c = lora_run(rc::peft::lora);
    CHECK(rc::adapter_parameters(as_transformer(rc::catalog().workload_named("llama2-7b")), c) == 4194304.0);
    CHECK(rc::adapter_parameters(as_transformer(rc::catalog().workload_named("phi-1_5")), c) == 1572864.0);
    CHECK(rc::adapter_parameters(as_transformer(rc::catalog().workload_named("stablelm-base-alpha-3b")), c) ==
          2097152.0);
    // Every attention projection and the FFN: by hand for Llama-2-7B, r·(in + out) per matrix, 32 blocks.
    rc::run_config all = lora_run(rc::peft::lora, rc::lora_targets::all);
    const double per_block = 8.0 * (4.0 * (4096 + 4096) + 3.0 * (4096 + 11008));
    CHECK(rc::adapter_parameters(as_transformer(rc::catalog().workload_named("llama2-7b")), all) == 32.0 * per_block);
}

TEST_CASE("LoRA and QLoRA model states: frozen weights, adapter gradients and optimizer states only") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-40GB");
    const double psi = rc::parameters(w), adapters = 4194304.0;
    auto lora = items(rc::footprint(w, g, lora_run(rc::peft::lora)));
    // Pure BF16: weights 2Ψ + 2Ψa; gradients 2Ψa; AdamW's two BF16 states 4Ψa.
    CHECK(lora["weights"] == doctest::Approx(2.0 * psi + 2.0 * adapters));
    CHECK(lora["gradients"] == doctest::Approx(2.0 * adapters));
    CHECK(lora["optimizer state"] == doctest::Approx(4.0 * adapters));
    // QLoRA: NF4 with double quantization, 4 + 8/64 + 32/(64·256) bits (QLoRA, Section 3), for the blocks; the
    // embedding and the untied output layer (2 · 32000 · 4096) stay in BF16.
    CHECK(rc::nf4_bytes_per_parameter == doctest::Approx(4.127 / 8.0).epsilon(1e-4));
    const double outside = 2.0 * 32000.0 * 4096.0;
    auto qlora = items(rc::footprint(w, g, lora_run(rc::peft::qlora)));
    CHECK(qlora["weights"] ==
          doctest::Approx((psi - outside) * rc::nf4_bytes_per_parameter + 2.0 * outside + 2.0 * adapters));
    CHECK(qlora["dequantized weight"] == doctest::Approx(4096.0 * 11008.0 * 2.0));
    // Frozen FFN without adapters: the second norm's output and the down projection's input (FP32 norm under eager
    // PyTorch: 4 bytes) are not kept under LoRA; bitsandbytes' 4-bit matmul keeps them under QLoRA.
    rc::run_config full = lora_run(rc::peft::none);
    const double s = 1304.0, h = 4096.0, f = 11008.0;
    CHECK(items(rc::footprint(w, g, full))["activations"] - lora["activations"] ==
          doctest::Approx(32.0 * 2.0 * s * (h + f)));
    CHECK(qlora["activations"] == doctest::Approx(items(rc::footprint(w, g, full))["activations"]));
}

TEST_CASE("LoRA fits where full fine-tuning does not, as LitGPT's published peaks say (A100-SXM4-40GB)") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-40GB");
    rc::run_config full = lora_run(rc::peft::none);
    full.precision = rc::precision::amp_bf16;
    CHECK_FALSE(rc::footprint(w, g, full).fits());  // 16 bytes × 6.7B parameters alone exceed 40 GB
    // LitGPT's finetune/lora.py, micro-batch 1 at its longest sample (1,304 tokens): 'Max GPU RAM' 21.30 GB
    // (19.84 GiB, torch.cuda.max_memory_allocated); with bnb.nf4-dq 13.84 GB (12.89 GiB).
    constexpr double gib = 1073741824.0;
    auto allocated = [&](const rc::run_config& c) {
        const auto m = items(rc::footprint(w, g, c));
        double a = 0.0;
        for (const auto& [k, v] : m) {
            a += k == "allocator headroom" || k == "framework context" ? 0.0 : v;
        }
        return a / gib;
    };
    rc::run_config lora = lora_run(rc::peft::lora);
    lora.framework = "pytorch";
    CHECK(allocated(lora) == doctest::Approx(19.84).epsilon(0.10));
    CHECK(rc::footprint(w, g, lora).fits());
    rc::run_config qlora = lora_run(rc::peft::qlora);
    CHECK(allocated(qlora) < allocated(lora) - 5.0);
}

TEST_CASE("LoRA's backward runs no weight-gradient GEMM for frozen layers, QLoRA dequantizes in both passes") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    rc::run_config full = lora_run(rc::peft::none);
    full.seq_len = 2048;
    rc::run_config lora = full, qlora = full;
    lora.peft = rc::peft::lora;
    qlora.peft = rc::peft::qlora;
    const rc::run_plan pf = rc::resolve(w, full), pl = rc::resolve(w, lora), pq = rc::resolve(w, qlora);
    auto lowered = [](const rc::run_plan& p) {
        rc::transformer_pass s = p.passes[0];
        s.named = true;
        return rc::lower_transformer(p, s);
    };
    const rc::lowered_work lf = lowered(pf), ll = lowered(pl), lq = lowered(pq);
    // Forward, dgrad and wgrad are one third each of the full step's GEMM work; the adapters add under 1%.
    CHECK(gemm_work(ll) / gemm_work(lf) == doctest::Approx(2.0 / 3.0).epsilon(0.01));
    CHECK(gemm_work(ll, "lora") > 0.0);
    CHECK(gemm_work(ll, "lora") < 0.01 * gemm_work(ll));
    for (const rc::kernel& k : ll.kernels) {
        if (k.name.find("wgrad") != std::string::npos) {
            CHECK_MESSAGE(k.name.find("lora") != std::string::npos, k.name);  // only adapters take weight gradients
        }
    }
    double dequantized = 0.0;
    for (const rc::kernel& k : lq.kernels) {
        dequantized += k.name.find("dequantize") != std::string::npos ? k.count : 0.0;
    }
    CHECK(dequantized == doctest::Approx(2.0 * 32.0 * 4.0));  // qkv, out, ffn up, ffn down; forward and backward
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    const double t_full = rc::predict(w, g, full).time.value(), t_lora = rc::predict(w, g, lora).time.value(),
                 t_qlora = rc::predict(w, g, qlora).time.value();
    CHECK(t_lora < t_full);
    CHECK(t_qlora > t_lora);
}

TEST_CASE("fine-tuning options are checked") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    rc::run_config infer;
    infer.mode = rc::mode::infer;
    infer.peft = rc::peft::lora;
    CHECK_THROWS_WITH_AS(rc::validate(infer), doctest::Contains("applies only to training"), rc::input_error);
    rc::run_config rank = lora_run(rc::peft::none);
    rank.lora_rank = 16;
    CHECK_THROWS_WITH_AS(rc::validate(rank), doctest::Contains("apply only with --peft"), rc::input_error);
    rc::run_config fp32 = lora_run(rc::peft::qlora);
    fp32.precision = rc::precision::fp32;
    CHECK_THROWS_WITH_AS(rc::validate(fp32), doctest::Contains("computes in 16 bits"), rc::input_error);
    rc::run_config cnn = lora_run(rc::peft::lora);
    cnn.seq_len = 0;
    CHECK_THROWS_WITH_AS(rc::resolve(rc::catalog().workload_named("resnet50"), cnn), doctest::Contains("is a CNN"),
                         rc::input_error);
    CHECK_NOTHROW(rc::resolve(w, lora_run(rc::peft::qlora)));
}

TEST_CASE("an encoder-decoder's decoder keeps its targets' activations and its cross-attention's, over the encoder") {
    // T5-Base as Megatron trains it (dropout, ReLU FFN of 4h, unfused attention): 4 sequences of 512 input and 128
    // target tokens. Encoder block, 16-bit: s·b·(34h) + 5·a·s²·b (Korthikanti's block, F = 4h); decoder block the
    // same over the targets, plus its cross-attention: norm 4·s·b·h, query and output 2·s·b·h each, dropout mask
    // s·b·h, keys and values of the encoder output 4·e·b·h, probabilities, their mask and dropout 5·a·s·e·b; the
    // loss 6 bytes per logit (Megatron's vocab-parallel cross entropy).
    const rc::workload& w = rc::catalog().workload_named("t5-base");
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    rc::run_config c = training(1, 0);
    c.precision = rc::precision::amp_bf16;
    c.framework = "megatron";
    c.fused_attention = false;
    c.batch = 4;
    c.seq_len = 512;
    c.target_len = 128;
    const double b = 4, e = 512, s = 128, h = 768, a = 12, V = 32128;
    const double encoder = e * b * 34 * h + 5 * a * e * e * b;
    const double cross = s * b * h * (4 + 2 + 2 + 1) + 4 * e * b * h + 5 * a * s * e * b;
    const double decoder = s * b * 34 * h + 5 * a * s * s * b + cross;
    CHECK(items(rc::footprint(w, g, c))["activations"] == doctest::Approx(12 * encoder + 12 * decoder + b * s * V * 6));
    rc::activation_habits megatron;
    megatron.fused_attention = false;
    megatron.dropout = true;
    CHECK(rc::cross_attention_activations(as_transformer(w), c, megatron, s, e, b) == doctest::Approx(cross));
    // Megatron's selective recomputation drops the cross-attention's core too.
    c.recompute = rc::recompute::selective;
    CHECK(rc::cross_attention_saved(as_transformer(w), c, megatron, s, e, b) ==
          doctest::Approx(cross - 5 * a * s * e * b));
    // Without a target length the decoder runs over seq-len: the same as target-len = seq-len.
    c.recompute = rc::recompute::none;
    c.target_len = 0;
    const double same = items(rc::footprint(w, g, c))["activations"];
    c.target_len = 512;
    CHECK(items(rc::footprint(w, g, c))["activations"] == doctest::Approx(same));
    // A decoder-only model has no target length: it is named as having no effect.
    rc::run_config d = training(1, 0);
    d.target_len = 128;
    const auto unused = rc::unused_options(d, rc::catalog().workload_named("llama2-7b"));
    REQUIRE(unused.size() == 1);
    CHECK(unused[0].find("target-len has no effect") == 0);
}

TEST_CASE("pipeline stages: the first holds the input embeddings and p micro-batches, the last the output and loss") {
    // GPT-3 2.7B (tied embeddings, 2048 learned positions) over 4 stages, 8 micro-batches of one sequence.
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    const rc::transformer_config& t = as_transformer(w);
    rc::run_config c = training(4, 0);
    c.pp = 4;
    c.batch = 8;
    c.microbatches = 8;
    c.fused_attention = true;
    const rc::run_plan p = rc::resolve(w, c);
    auto first = items(rc::footprint(p, rc::pipeline_stage::first));
    auto last = items(rc::footprint(p, rc::pipeline_stage::last));
    // Weights in FP16: both stages hold a quarter of the blocks; the first the token and position embeddings, the
    // last a copy of the tied token embedding, so they differ by the 2048 × 2560 position table.
    const double h = 2560, V = 50257, s = 2048;
    CHECK(first["weights"] - last["weights"] == doctest::Approx(2.0 * 2048 * h));
    // Blocks B = Ψ − V·h − 2048·h: first + last = 2·B/4 + (V·h + 2048·h) + V·h.
    const double blocks = rc::parameters(w) - V * h - 2048 * h;
    CHECK(first["weights"] + last["weights"] == doctest::Approx(2.0 * (blocks / 2 + V * h + 2048 * h + V * h)));
    // Activations: the first stage keeps 4 micro-batches of its 8 layers, the last one and the loss (PyTorch: the
    // 16-bit logits, an FP32 copy and its FP32 log-softmax, 10 bytes each).
    const double layer = rc::transformer_layer_saved(t, c, rc::detail::habits_of(p), s, 1);
    CHECK(first["activations"] == doctest::Approx(4 * 8 * layer));
    CHECK(last["activations"] == doctest::Approx(8 * layer + s * V * 10));
    // The footprint is the fuller stage's.
    const rc::memory_footprint f = rc::footprint(p);
    CHECK(f.total().value() == doctest::Approx(std::max(rc::footprint(p, rc::pipeline_stage::first).total().value(),
                                                        rc::footprint(p, rc::pipeline_stage::last).total().value())));
}

TEST_CASE("an encoder's masked-LM head: the loss's logits at its masked positions") {
    // BERT-Large as Megatron pretrains it: logits at all 512 positions of 4 sequences over the 30,522-token
    // vocabulary, 6 bytes each (16-bit logits and Megatron's FP32 softmax in place); a classification head keeps
    // none.
    const rc::workload& w = rc::catalog().workload_named("bert-large");
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    rc::run_config c = training(1, 0);
    c.precision = rc::precision::amp_bf16;
    c.framework = "megatron";
    c.batch = 4;
    c.seq_len = 512;
    const double classification = items(rc::footprint(w, g, c))["activations"];
    c.mlm_positions = 512;
    CHECK(items(rc::footprint(w, g, c))["activations"] - classification == doctest::Approx(4.0 * 512 * 30522 * 6));
    c.mlm_positions = 513;
    CHECK_THROWS_WITH_AS(rc::footprint(w, g, c), doctest::Contains("mlm-positions (513) exceeds the 512 positions"),
                         rc::input_error);
}

TEST_CASE("8-bit AdamW keeps two one-byte states and an FP32 absmax per 2048 elements (bitsandbytes)") {
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    const double psi = rc::parameters(w);
    rc::run_config c = training(1, 0);
    c.optimizer = rc::kernels::optimizer_kind::adamw8bit;
    auto m = items(rc::footprint(w, g, c));
    // Mixed precision: the FP32 master copy stays (4 bytes); the states shrink from 8 bytes to 2 · (1 + 4/2048).
    CHECK(m["optimizer state"] == doctest::Approx(psi * (4.0 + 2.0 * (1.0 + 4.0 / 2048))));
    CHECK(m["weights"] + m["gradients"] == doctest::Approx(4.0 * psi));
    // The update streams the 8-bit states: FP32 weight, two states and an FP16 gradient read, weight, states and
    // the FP16 copy written.
    const rc::kernel k =
        rc::kernels::optimizer_update("adamw8bit", 1e6, rc::kernels::optimizer_kind::adamw8bit, rc::dtype::fp16, true);
    CHECK(k.read.value() == doctest::Approx(1e6 * (4 + 2 * (1 + 4.0 / 2048) + 2)));
    CHECK(k.written.value() == doctest::Approx(1e6 * (4 + 2 * (1 + 4.0 / 2048) + 2)));
}

TEST_CASE("offloading and in-backward updates: what stays on the GPU (torchtune, FSDP CPUOffload)") {
    // Llama 3.2 3B as torchtune fine-tunes it on one GPU in BF16: a 128,256 x 3,072 tied embedding, 28 blocks.
    const rc::workload& w = rc::catalog().workload_named("llama-3.2-3b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    rc::run_config c = training(1, 0);
    c.precision = rc::precision::bf16;
    c.batch = 2;
    c.seq_len = 4096;
    c.recompute = rc::recompute::full;
    auto base = items(rc::footprint(w, g, c));
    // Optimizer in backward: each gradient is freed once its parameter is stepped; the largest, the embedding's,
    // is the most held at once.
    rc::run_config in_bwd = c;
    in_bwd.optimizer_in_backward = true;
    CHECK(items(rc::footprint(w, g, in_bwd))["gradients"] == doctest::Approx(128256.0 * 3072 * 2));
    // Activation offloading: every block's checkpoint (its 2-byte input, 2·s·b·h) goes to the host but the one in
    // flight.
    rc::run_config off = c;
    off.offload.activations = true;
    CHECK(base["activations"] - items(rc::footprint(w, g, off))["activations"] ==
          doctest::Approx(27.0 * 2 * 4096 * 2 * 3072));
    // Chunked cross entropy over 2 x 4096 x 128,256 logits: unchunked, 16-bit logits, an FP32 copy and an FP32
    // log-softmax (10 bytes); eager in 8 chunks, one chunk's copy at a time (2 + 4 + 4/8); compiled, as torchtune
    // runs it, only a chunk's FP32 working set beside the 16-bit logits (2 + 8/8).
    const double logits = 2.0 * 4096 * 128256;
    rc::run_config chunked = c;
    chunked.loss_chunks = 8;
    CHECK(base["activations"] - items(rc::footprint(w, g, chunked))["activations"] ==
          doctest::Approx(logits * (10 - 6.5)));
    chunked.framework = c.framework = "pytorch-compiled";
    CHECK(items(rc::footprint(w, g, c))["activations"] - items(rc::footprint(w, g, chunked))["activations"] ==
          doctest::Approx(logits * (10 - 3)));
}

TEST_CASE("FSDP's parameter offload keeps only the gathered units on the GPU, an offloaded optimizer its states") {
    const rc::workload& w = rc::catalog().workload_named("llama3-70b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    rc::run_config c = training(8, 3);
    c.precision = rc::precision::bf16;
    c.batch = 2;
    c.recompute = rc::recompute::full;
    auto base = items(rc::footprint(w, g, c));
    rc::run_config off = c;
    off.offload = rc::detail::parse_offload("params");
    CHECK(off.offload.optimizer_on_host());  // FSDP's CPUOffload steps the optimizer on the CPU
    auto m = items(rc::footprint(w, g, off));
    CHECK(m["weights"] == 0.0);
    CHECK(m["gradients"] == 0.0);
    CHECK(m["optimizer state"] == 0.0);
    CHECK(m["gathered weights"] == doctest::Approx(base["gathered weights"]));
    // What is allocated (the total less the allocator's headroom, a share of it) drops by the model states.
    const auto allocated = [&](const rc::run_config& r) {
        return rc::footprint(w, g, r).total().value() - items(rc::footprint(w, g, r))["allocator headroom"];
    };
    CHECK(allocated(c) - allocated(off) ==
          doctest::Approx(base["weights"] + base["gradients"] + base["optimizer state"]));
    rc::run_config opt = c;
    opt.offload = rc::detail::parse_offload("optimizer");
    auto o = items(rc::footprint(w, g, opt));
    CHECK(o["optimizer state"] == 0.0);
    CHECK(o["weights"] == doctest::Approx(base["weights"]));
    CHECK(o["gradients"] == doctest::Approx(base["gradients"]));
}

TEST_CASE("offloading options are checked") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    rc::run_config c = training(8, 2);
    c.offload.parameters = true;
    CHECK_THROWS_WITH_AS(rc::footprint(w, c), doctest::Contains("use --zero 3"), rc::input_error);
    c = training(1, 0);
    c.optimizer_in_backward = true;
    c.accumulation = 4;
    CHECK_THROWS_WITH_AS(rc::footprint(w, c), doctest::Contains("cannot accumulate gradients"), rc::input_error);
    c = training(1, 0);
    c.mode = rc::mode::infer;
    c.loss_chunks = 8;
    CHECK_THROWS_WITH_AS(rc::footprint(w, c), doctest::Contains("apply only to training"), rc::input_error);
    CHECK_THROWS_WITH_AS(rc::detail::parse_offload("optimizer,gpu"),
                         doctest::Contains("'gpu' is not one of none, optimizer, params, activations"),
                         rc::input_error);
    CHECK(rc::detail::parse_offload("none").any() == false);
    const rc::offload_targets both = rc::detail::parse_offload("optimizer,activations");
    CHECK((both.optimizer && both.activations && !both.parameters));
}

TEST_CASE("training on PyTorch holds two cuBLAS workspaces, Megatron's Transformer Engine a third") {
    // PyTorch binds a workspace to each cuBLAS handle and stream, and the forward pass's thread and the autograd
    // engine's each hold a handle: 2 x 8.125 MiB (4096·1024·2 + 16·1024·8 bytes), 2 x 32 MiB on compute capability
    // 9.0; Transformer Engine adds 4 MiB, 32 MiB from compute capability 9.
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-80GB");
    const rc::gpu_spec& h100 = rc::catalog().gpu("H100-SXM5-80GB");
    constexpr double mib = 1048576.0;
    rc::run_config c = training(1, 0);
    c.framework = "pytorch";
    CHECK(items(rc::footprint(w, a100, c))["cuBLAS workspaces"] == 2.0 * (4096.0 * 1024 * 2 + 16.0 * 1024 * 8));
    CHECK(items(rc::footprint(w, h100, c))["cuBLAS workspaces"] == 2.0 * 32.0 * mib);
    c.framework = "megatron";
    CHECK(items(rc::footprint(w, a100, c))["cuBLAS workspaces"] == (2.0 * 8.125 + 4.0) * mib);
    CHECK(items(rc::footprint(w, h100, c))["cuBLAS workspaces"] == (2.0 * 32.0 + 32.0) * mib);
    // The rest of the footprint does not depend on the GPU type: the totals differ by the workspaces alone.
    CHECK(rc::footprint(w, h100, c).total().value() - rc::footprint(w, a100, c).total().value() ==
          doctest::Approx((96.0 - 20.25) * mib));
    c.framework = "tensorflow";
    CHECK(items(rc::footprint(w, h100, c)).count("cuBLAS workspaces") == 0);
    c.framework = "pytorch";
    c.mode = rc::mode::infer;
    CHECK(items(rc::footprint(w, h100, c)).count("cuBLAS workspaces") == 0);
}

TEST_CASE("FP8 training under Megatron keeps mixed precision's states, FP8 weight copies and FP8 linear inputs") {
    // Transformer Engine (Megatron's FP8): BF16 weights, FP32 main gradients, FP32 master weights and Adam states as
    // under BF16 mixed precision; the FP8 weight and its transpose cached per step (2 bytes a block parameter on
    // Hopper, the weight alone on Blackwell); each linear layer's saved input in FP8, one byte less an element.
    const rc::workload& w = rc::catalog().workload_named("llama3-8b");
    const rc::gpu_spec& h100 = rc::catalog().gpu("H100-SXM5-80GB");
    const rc::gpu_spec& b200 = rc::catalog().gpu("B200");
    rc::run_config c;
    c.mode = rc::mode::train;
    c.framework = "megatron";
    c.batch = 1;
    c.seq_len = 4096;
    c.precision = rc::precision::amp_bf16;
    auto bf16 = items(rc::footprint(w, h100, c));
    c.precision = rc::precision::fp8;
    auto fp8 = items(rc::footprint(w, h100, c));
    const double psi = rc::parameters(w);
    CHECK(fp8["weights"] == doctest::Approx(2.0 * psi));
    CHECK(fp8["gradients"] == doctest::Approx(4.0 * psi));
    CHECK(fp8["optimizer state"] == doctest::Approx(12.0 * psi));
    CHECK(fp8["optimizer state"] == doctest::Approx(bf16["optimizer state"]));
    const rc::transformer_config& t = as_transformer(w);
    const double blocks = psi - rc::embedding_parameters(t);
    CHECK(fp8["FP8 weight copies"] == doctest::Approx(2.0 * blocks));
    CHECK(bf16.count("FP8 weight copies") == 0);
    CHECK(items(rc::footprint(w, b200, c))["FP8 weight copies"] == doctest::Approx(blocks));
    // Per layer and token: the two norms' outputs (h each), the attention output (h) and the FFN's last input (F).
    const double h = static_cast<double>(t.hidden), f = static_cast<double>(t.ffn_hidden);
    CHECK(bf16["activations"] - fp8["activations"] ==
          doctest::Approx(static_cast<double>(t.layers) * 4096.0 * (3.0 * h + f)));
}
