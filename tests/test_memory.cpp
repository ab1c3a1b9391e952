// Memory model: formulas pinned to their published sources, the max-batch contract, and invariants.
#include <roofcast/model/memory.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

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
    const rc::transformer_config& t = *rc::catalog().workload_named("gpt3-2.7b").transformer;
    const double s = 2048, b = 4, h = 2560, a = 32;
    rc::run_config c = training(1, 0);
    CHECK(rc::transformer_layer_activations(t, c, s, b) == doctest::Approx(s * b * h * (34 + 5 * a * s / h)));
    c.recompute = rc::recompute::selective;
    CHECK(rc::transformer_layer_activations(t, c, s, b) == doctest::Approx(34 * s * b * h));
    c.recompute = rc::recompute::full;
    CHECK(rc::transformer_layer_activations(t, c, s, b) == doctest::Approx(2 * s * b * h));
    // Tensor parallel t = 4: s·b·h·(10 + 24/t + 5·a·s/(h·t)); with sequence parallelism s·b·h·(34 + 5·a·s/h)/t.
    c.recompute = rc::recompute::none;
    c.tp = 4;
    c.num_gpus = 4;
    CHECK(rc::transformer_layer_activations(t, c, s, b) ==
          doctest::Approx(s * b * h * (10 + 24.0 / 4 + 5 * a * s / (h * 4))));
    c.sequence_parallel = true;
    CHECK(rc::transformer_layer_activations(t, c, s, b) == doctest::Approx(s * b * h * (34 + 5 * a * s / h) / 4));
    c.recompute = rc::recompute::selective;
    CHECK(rc::transformer_layer_activations(t, c, s, b) == doctest::Approx(34 * s * b * h / 4));
    c.sequence_parallel = false;
    CHECK(rc::transformer_layer_activations(t, c, s, b) == doctest::Approx(s * b * h * (10 + 24.0 / 4)));
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
