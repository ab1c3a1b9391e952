// Cost model: hand-computed kernel times, the invariants every prediction must satisfy, wave
// quantization, split-K and power-limited clocks. Uses the priors (prior_params()), not the shipped
// calibration, so these expectations do not move when the calibration is refreshed.
#include <roofcast/model/cost.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

namespace rc = roofcast;
namespace k = roofcast::kernels;

namespace {

rc::cost_context context(const rc::gpu_spec& g, const char* profile = "cublas",
                         const rc::cost_params& p = rc::prior_params()) {
    return rc::make_cost_context(g, rc::find_profile(profile), p);
}

rc::kernel fp16_gemm(long long m, long long n, long long kk) {
    return k::gemm("g", m, n, kk, rc::dtype::fp16, rc::dtype::fp16, rc::exec_unit::tensor_core);
}

}  // namespace

TEST_CASE("fp16 4096^3 GEMM on A100-SXM4-40GB, by hand") {
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-40GB");
    const rc::cost_context c = context(g);
    // 400 W sustains the 1.41 GHz clock: cbrt(0.8·400 / (108·1.0)) = 1.436 GHz >= 1.41.
    CHECK(c.clock_ratio == 1.0);
    const rc::kernel gemm = fp16_gemm(4096, 4096, 4096);
    CHECK(gemm.work.value() == doctest::Approx(1.374e11).epsilon(1e-3));
    const rc::kernel_cost r = rc::cost(gemm, c);
    // 128x256 tiles: 32·16 = 512 tiles over 108 SMs = 4.74 -> 5 waves (128x128 would need 1024 -> 10).
    CHECK(r.tile.m * r.tile.n == 128 * 256);
    CHECK(r.work_units == 512);
    CHECK(r.waves == 5);
    CHECK(r.split_k == 1);
    CHECK(r.limiter == rc::bound::compute);
    // Per SM: 311.87 TFLOP/s / 108 = 2.888 TFLOP/s; a tile is 2·128·256·4096 = 2.684e8 FLOP at
    // efficiency 0.8: 116.2 us, plus 1 us per wave; 5 waves plus 2 us kernel overhead = 583 us.
    const double per_sm = 432.0 * 256 * 2 * 1.41e9 / 108;
    const double expected = 5 * (2.0 * 128 * 256 * 4096 / (per_sm * 0.8) + 1e-6) + 2e-6;
    CHECK(r.time.value() == doctest::Approx(expected).epsilon(1e-9));
    // Memory: 3·4096²·2 B = 100.7 MB at 0.9 · 1555.2 GB/s = 71.9 us, well below the compute time.
    CHECK(r.memory_time.value() == doctest::Approx(3.0 * 4096 * 4096 * 2 / (0.9 * 1555.2e9)));
}

TEST_CASE("a memory-bound elementwise kernel, by hand") {
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-40GB");
    // c = a + b over 2^26 fp16 elements: 3·2^26·2 B = 402.7 MB at 0.9 · 1555.2 GB/s = 287.7 us, + 2 us.
    const rc::kernel add = k::elementwise("add", 67108864.0, 2, 1, rc::dtype::fp16);
    const rc::kernel_cost r = rc::cost(add, context(g));
    CHECK(r.limiter == rc::bound::memory);
    CHECK(r.time.value() == doctest::Approx(3.0 * 67108864 * 2 / (0.9 * 1555.2e9) + 2e-6));
}

TEST_CASE("a tiny kernel is overhead-bound") {
    const rc::kernel tiny = k::elementwise("tiny", 1000.0, 1, 1, rc::dtype::fp32);
    CHECK(rc::cost(tiny, context(rc::catalog().gpu("H100-SXM5-80GB"))).limiter == rc::bound::overhead);
}

TEST_CASE("no predicted kernel time is below its pure roofline bound") {
    std::vector<rc::kernel> ks;
    for (long long m : {1LL, 7LL, 64LL, 256LL, 1000LL, 4096LL}) {
        for (long long n : {64LL, 1000LL, 12288LL}) {
            ks.push_back(fp16_gemm(m, n, 4096));
        }
    }
    ks.push_back(k::elementwise("add", 1e8, 2, 1, rc::dtype::fp16));
    rc::kernels::attention_desc a;
    a.batch = 4;
    a.heads = a.kv_heads = 32;
    a.seq_q = a.seq_kv = 2048;
    a.head_dim = 128;
    a.causal = true;
    ks.push_back(k::fused_attention("attn", a, rc::dtype::fp16, k::direction::forward));
    ks.push_back(k::fused_attention("attn", a, rc::dtype::fp16, k::direction::backward));
    int checked = 0;
    for (const rc::gpu_spec& g : rc::catalog().gpus()) {
        const rc::cost_context c = context(g, "pytorch");
        for (const rc::kernel& kern : ks) {
            CAPTURE(g.name);
            CAPTURE(kern);
            const double t = rc::cost(kern, c).time.value();
            CHECK(t >= rc::roofline_time(kern, c).value());
            CHECK(std::isfinite(t));
            ++checked;
        }
    }
    CHECK(checked == 25 * 21);
}

TEST_CASE("decode attention under grouped-query attention streams the KV cache at the memory floor on H100") {
    // Llama-3-70B's attention (64 query heads over 8 KV heads of 128) decoding 64 sequences of 4096 cached tokens in
    // BF16: the cache is 64 x 8 x 4096 x 128 x 2 (K and V) x 2 bytes = 1.07 GB, 0.32 ms at the H100's 3.35 TB/s.
    // The 8 query heads of a group are one tile's rows (M = 8 of a 16-row tile), so the 8.6 GFLOP of math
    // (4 x 64 x 64 x 4096 x 128) take a fraction of that; as 64 x 64 one-row GEMMs they took 8x the tiles.
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    k::attention_desc a;
    a.batch = 64;
    a.heads = 64;
    a.kv_heads = 8;
    a.seq_q = 1;
    a.seq_kv = 4096;
    a.head_dim = 128;
    a.causal = true;
    const rc::kernel kern = k::fused_attention("decode", a, rc::dtype::bf16, k::direction::forward);
    REQUIRE(kern.shape);
    CHECK(kern.shape->m == 8);
    CHECK(kern.shape->batch == 64 * 8);
    const double kv_bytes = 64.0 * 8 * 4096 * 128 * 2 * 2;
    CHECK(kern.read.value() == doctest::Approx(kv_bytes + 64.0 * 64 * 128 * 2));
    const rc::kernel_cost r = rc::cost(kern, context(g, "tensorrt-llm"));
    CHECK(r.limiter == rc::bound::memory);
    const double streaming = kv_bytes / rc::memory_bandwidth(g).value();
    CHECK(r.time.value() >= streaming);
    CHECK(r.time.value() <= 1.15 * streaming);
    // Without grouping (64 KV heads) each head is its own one-row GEMM over its own cache: memory-bound too.
    a.kv_heads = 64;
    const rc::kernel mha = k::fused_attention("decode", a, rc::dtype::bf16, k::direction::forward);
    REQUIRE(mha.shape);
    CHECK(mha.shape->m == 1);
    CHECK(rc::cost(mha, context(g, "tensorrt-llm")).limiter == rc::bound::memory);
}

TEST_CASE("more bandwidth, more SMs or a higher clock never make a kernel slower") {
    // With the power limit out of the way (a huge TDP): under a fixed power cap, more SMs can lower the
    // sustained clock, which is the physics the power model describes, not a violation.
    rc::gpu_spec base = rc::catalog().gpu("A100-SXM4-40GB");
    base.tdp = 5000.0 * rc::units::watt;
    std::vector<rc::kernel> ks;
    for (long long m : {1LL, 100LL, 256LL, 3000LL, 8192LL}) {
        ks.push_back(fp16_gemm(m, 4096, 4096));
        ks.push_back(fp16_gemm(m, 11008, 4096));
    }
    ks.push_back(k::elementwise("add", 1e7, 2, 1, rc::dtype::fp16));
    for (const rc::kernel& kern : ks) {
        CAPTURE(kern);
        const double t0 = rc::cost(kern, context(base)).time.value();
        rc::gpu_spec more_bw = base;
        more_bw.memory_data_rate = more_bw.memory_data_rate * 1.3;
        CHECK(rc::cost(kern, context(more_bw)).time.value() <= t0);
        rc::gpu_spec more_sms = base;
        for (int sms : {109, 120, 132, 200}) {
            more_sms.sm_count = sms;
            CHECK(rc::cost(kern, context(more_sms)).time.value() <= t0 * (1 + 1e-12));
        }
        rc::gpu_spec faster = base;
        faster.boost_clock = faster.boost_clock * 1.2;
        CHECK(rc::cost(kern, context(faster)).time.value() <= t0);
    }
}

TEST_CASE("wave quantization makes time a step function of M at fixed N and K") {
    const rc::cost_context c = context(rc::catalog().gpu("A100-SXM4-40GB"));
    auto t = [&](long long m) { return rc::cost(fp16_gemm(m, 4096, 4096), c).time.value(); };
    // N = 4096 with 128x256 tiles: ceil(M/128)·16 tiles over 108 SMs. M = 3400 and 3456 both need 27·16 = 432
    // tiles (exactly 4 waves; the other tiles need as many waves or more): the same time. M = 3457 needs 448
    // tiles: a fifth wave for 3.6% more rows.
    CHECK(t(3400) == t(3456));
    CHECK(t(3457) > 1.15 * t(3456));
    // Never decreasing in M.
    double prev = 0.0;
    for (long long m = 64; m <= 8192; m += 64) {
        CHECK(t(m) >= prev);
        prev = t(m);
    }
}

TEST_CASE("split-K spreads a small-M, large-K GEMM over idle SMs") {
    const rc::cost_context c = context(rc::catalog().gpu("H100-SXM5-80GB"));
    // M=256, N=4096, K=11008: 128x256 tiles give 2·16 = 32 tiles for 132 SMs; splitting K helps.
    const rc::kernel_cost r = rc::cost(fp16_gemm(256, 4096, 11008), c);
    CHECK(r.split_k > 1);
    CHECK(r.work_units <= 132 + 32);
}

TEST_CASE("a one-row GEMM runs as a matrix-vector product, not a padded tile") {
    // Decode of 4-bit weights at batch 1 on an RTX 3090 (llama.cpp's mmvq): 1 x 14336 x 4096, FP16 math.
    const rc::gpu_spec& g = rc::catalog().gpu("RTX-3090");
    const rc::cost_context c = context(g);
    CHECK(c.clock_ratio == 1.0);  // 350 W sustains cbrt(0.8·350 / (82·0.6)) = 1.79 GHz >= 1.695
    rc::kernel gemv = fp16_gemm(1, 14336, 4096);
    gemv.read = (4096.0 * 2 + 4096.0 * 14336 * 0.5) * rc::units::byte;  // FP16 activations, 4-bit weights
    const rc::kernel_cost r = rc::cost(gemv, c);
    // Bytes: 8192 + 29.36 MB + 28672 (FP16 out) at 0.9 · 936.2 GB/s = 34.9 us. The CUDA cores' FP32 FMAs take
    // 2·14336·4096 / (10496·2·1.695 GHz · 0.85) + 1 us = 4.9 us, so it is memory-bound: 34.9 + 2 us.
    const double bytes = 4096.0 * 2 + 4096.0 * 14336 * 0.5 + 14336.0 * 2;
    CHECK(r.limiter == rc::bound::memory);
    CHECK(r.tile.m == 1);
    CHECK(r.time.value() == doctest::Approx(bytes / (0.9 * 936.2e9) + 2e-6).epsilon(1e-3));
    // A 16-row MMA tile would pad it 16-fold: 2·16·256·4096 FLOP per tile at the half-rate FP16 tensor peak
    // (71.2 TFLOP/s / 82 SMs · 0.8 · e(16×256) = 0.576) = 84 us. Nine rows are past the GEMV kernels: a tile.
    CHECK(rc::cost(fp16_gemm(9, 14336, 4096), c).tile.m == 16);
}

TEST_CASE("power-limited boards sustain a lower tensor clock") {
    // T4: 70 W for 40 SMs: cbrt(0.8·70 / (40·0.84)) = 1.186 GHz against a 1.59 GHz boost.
    const rc::cost_context t4 = context(rc::catalog().gpu("T4"));
    CHECK(t4.clock_ratio == doctest::Approx(std::cbrt(0.8 * 70 / (40 * 0.84)) / 1.59));
    CHECK(context(rc::catalog().gpu("H100-SXM5-80GB")).clock_ratio == 1.0);
    // The same chip at a lower power limit is slower on a compute-bound GEMM (A100 PCIe 250 W vs SXM4 400 W).
    const double sxm = rc::cost(fp16_gemm(8192, 8192, 8192), context(rc::catalog().gpu("A100-SXM4-40GB"))).time.value();
    const double pcie =
        rc::cost(fp16_gemm(8192, 8192, 8192), context(rc::catalog().gpu("A100-PCIe-40GB"))).time.value();
    CHECK(pcie > 1.1 * sxm);
}

TEST_CASE("a run that keeps the math busy settles at the soaked clock the measurements give") {
    const rc::cost_params p = rc::prior_params();
    const auto fam = [&p](const rc::gpu_spec& g) { return p.family[static_cast<std::size_t>(g.arch)]; };
    // A matmul soaked on an H200 (700 W, 132 SMs) keeps 708.5 of the 841.9 TFLOP/s it reaches as a burst
    // (ml-engineering, MSMF vs MAMF): a run that is all math (C = W) settles at that ratio, to the 2 significant
    // digits c_s is given with.
    const rc::gpu_spec& h200 = rc::catalog().gpu("H200-SXM-141GB");
    CHECK(rc::settled_clock_ratio(h200, fam(h200), 1.0, 1.0) == doctest::Approx(708.5 / 841.9).epsilon(0.01));
    // B200 (1000 W, 148 SMs): 1456.3 of 1770.9; A100 SXM4 (400 W, 108 SMs): 257 TFLOP/s on random data of the 295
    // that zeros (which stay under the limit) reach.
    const rc::gpu_spec& b200 = rc::catalog().gpu("B200");
    CHECK(rc::settled_clock_ratio(b200, fam(b200), 1.0, 1.0) == doctest::Approx(1456.3 / 1770.9).epsilon(0.01));
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-80GB");
    CHECK(rc::settled_clock_ratio(a100, fam(a100), 1.0, 1.0) == doctest::Approx(257.0 / 295.0).epsilon(0.01));
    // The limiter averages over the mix: with the math busy 60% of the time the clock settles higher, and a run
    // that barely uses the math (decode streaming weights) keeps its burst clock.
    const rc::gpu_spec& h100 = rc::catalog().gpu("H100-SXM5-80GB");
    const double full = rc::settled_clock_ratio(h100, fam(h100), 1.0, 1.0);
    const double mixed = rc::settled_clock_ratio(h100, fam(h100), 0.6, 1.0);
    CHECK(mixed > full);
    CHECK(mixed < 1.0);
    // At x the power drawn, c_s·SMs·(x·1.83 GHz)³·a(x), with a(x) = (0.6/x) / (0.4 + 0.6/x), is the 560 W budget.
    const double a = (0.6 / mixed) / (0.4 + 0.6 / mixed);
    CHECK(fam(h100).settled_w_per_sm_ghz3 * 132 * std::pow(mixed * 1.83, 3) * a ==
          doctest::Approx(560.0).epsilon(1e-6));
    CHECK(rc::settled_clock_ratio(h100, fam(h100), 0.05, 1.0) == 1.0);
    // No soak measurement for Turing: the T4 settles where its bursts run (already power-limited there).
    const rc::gpu_spec& t4 = rc::catalog().gpu("T4");
    CHECK(rc::settled_clock_ratio(t4, fam(t4), 1.0, 1.0) == 1.0);
}

TEST_CASE("half-rate tensor math draws less power and sustains a higher clock") {
    // RTX 4090: 450 W, 128 SMs, Ada's c = 0.25 W per SM per GHz³, rated 2.52 GHz. At the tensor cores' full rate
    // (INT8): cbrt(0.8·450 / (128·0.25)) = cbrt(11.25) = 2.241 GHz. FP16 with FP32 accumulate runs at half rate on
    // GeForce: cbrt(0.8·450 / (128·0.25·0.5)) = 2.823 GHz, above 2.52, so it keeps the rated clock.
    const rc::gpu_spec& g = rc::catalog().gpu("RTX-4090");
    REQUIRE(g.fp32_accumulate_rate == 0.5);
    const rc::cost_context c = context(g);
    const auto i8 = static_cast<std::size_t>(rc::dtype::int8), f16 = static_cast<std::size_t>(rc::dtype::fp16);
    CHECK(c.clock_ratio == doctest::Approx(std::cbrt(11.25) / 2.52));
    CHECK(c.tensor_peak[i8] == doctest::Approx(c.rated_tensor_peak[i8] * std::cbrt(11.25) / 2.52));
    CHECK(c.tensor_peak[f16] == doctest::Approx(c.rated_tensor_peak[f16]));
    // A datacenter part runs FP32-accumulate math at full rate: one clock for every type (L4: 72 W, 58 SMs).
    const rc::cost_context l4 = context(rc::catalog().gpu("L4"));
    CHECK(l4.clock_ratio == doctest::Approx(std::cbrt(0.8 * 72 / (58 * 0.25)) / 2.04));
    CHECK(l4.tensor_peak[f16] == doctest::Approx(l4.rated_tensor_peak[f16] * l4.clock_ratio));
}

TEST_CASE("llama.cpp's FP16 accumulation runs GeForce tensor cores at full rate") {
    // GA102 whitepaper: RTX 3090 FP16 tensor math 142 TFLOPS with FP16 accumulate, 71 with FP32 accumulate;
    // llama.cpp multiplies through cuBLAS with CUBLAS_COMPUTE_16F. RTX 3090: 328 TCs x 128 FMA x 2 x 1.695 GHz.
    const auto f16 = static_cast<std::size_t>(rc::dtype::fp16), bf16 = static_cast<std::size_t>(rc::dtype::bf16);
    const rc::gpu_spec& g = rc::catalog().gpu("RTX-3090");
    const rc::cost_context llama = context(g, "llama.cpp"), torch = context(g, "pytorch");
    CHECK(llama.rated_tensor_peak[f16] == doctest::Approx(328.0 * 128 * 2 * 1.695e9));
    CHECK(torch.rated_tensor_peak[f16] == doctest::Approx(328.0 * 128 * 2 * 1.695e9 / 2));
    // BF16 has no FP16-accumulate path; a datacenter part is full rate either way.
    CHECK(llama.rated_tensor_peak[bf16] == doctest::Approx(torch.rated_tensor_peak[bf16]));
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-80GB");
    CHECK(context(a100, "llama.cpp").rated_tensor_peak[f16] == context(a100, "pytorch").rated_tensor_peak[f16]);
}

TEST_CASE("a type the GPU lacks is an error, not a fallback") {
    const rc::kernel fp8 = k::gemm("g", 1024, 1024, 1024, rc::dtype::fp8, rc::dtype::bf16, rc::exec_unit::tensor_core);
    CHECK_THROWS_AS(rc::cost(fp8, context(rc::catalog().gpu("A100-SXM4-40GB"))), rc::unsupported_error);
    CHECK(rc::cost(fp8, context(rc::catalog().gpu("H100-SXM5-80GB"))).time.value() > 0.0);
}

TEST_CASE("a profile's multipliers and overheads enter the cost") {
    rc::cost_params p = rc::prior_params();
    const auto idx = static_cast<std::size_t>(rc::profile_index("pytorch"));
    p.profile[idx].launch_overhead_us = 10.0;
    const rc::kernel tiny = k::elementwise("tiny", 1000.0, 1, 1, rc::dtype::fp32);
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    const double base = rc::cost(tiny, context(g, "pytorch")).time.value();
    CHECK(rc::cost(tiny, context(g, "pytorch", p)).time.value() == doctest::Approx(base + 9e-6));
    CHECK_THROWS_AS(rc::find_profile("pytorh"), rc::unknown_name_error);
}

TEST_CASE("a measured sustained clock in the GPU file replaces the power model") {
    rc::gpu_spec g = rc::catalog().gpu("T4");
    g.sustained_clock = 1.3e9 * rc::units::hertz;
    CHECK(context(g).clock_ratio == doctest::Approx(1.3 / 1.59));
}
