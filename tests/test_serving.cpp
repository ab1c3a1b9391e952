// Serving under load (docs/model.md, "Serving under load"): the in-flight batching iteration's shape worked by hand
// from its flow balance, the token budget's cap, Little's law over the decode batch, and serving rows' metrics.
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>

namespace rc = roofcast;

namespace {

/// Llama-3-8B served by TensorRT-LLM in FP8 on one H100, requests of `prompt` and `gen` tokens.
rc::run_config served(long long prompt, long long gen) {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::serve;
    c.precision = rc::precision::fp8;
    c.framework = "tensorrt-llm";
    c.prompt_len = prompt;
    c.gen_len = gen;
    c.max_serve_batch = 2048;
    return c;
}

const rc::workload& llama() {
    return rc::catalog().workload_named("llama3-8b");
}

const rc::gpu_spec& h100() {
    return rc::catalog().gpu("H100-SXM5-80GB");
}

}  // namespace

TEST_CASE("an in-flight iteration decodes B tokens and prefills B P over G - 1 prompt tokens beside them") {
    // P = 1000, G = 1001: each of the B decoding sequences is replaced after 1000 decode iterations, so the
    // iteration prefills B · 1000 / 1000 = B prompt tokens, and the GEMMs see 2B rows.
    rc::run_config c = served(1000, 1001);
    c.max_serve_batch = 64;
    rc::run_plan p = rc::plan_for_batch(rc::resolve(llama(), c), 64);
    p.passes[0].named = true;
    REQUIRE(p.pass_count == 1);
    CHECK(p.passes[0].batch == 64);
    CHECK(p.passes[0].seq_q == 1);
    CHECK(p.passes[0].chunk_tokens == 64);
    CHECK(p.passes[0].chunk_kv == (1000 + 64) / 2);  // a piece of one prompt: (P + c)/2 keys on average
    const rc::lowered_work w = rc::lower_transformer(p, p.passes[0]);
    long long qkv_rows = 0;
    double chunk_attention = 0.0;
    for (const rc::kernel& k : w.kernels) {
        if (k.name.find("qkv") != std::string::npos && k.shape) {
            qkv_rows = k.shape->m;
        }
        if (k.name.find("attention chunk") != std::string::npos) {
            chunk_attention += k.work.value() * k.count;
        }
    }
    CHECK(qkv_rows == 128);
    // The chunk's attention: 4 · heads · c · kv · d FLOPs per layer, times the causal fraction 1 − (c − 1)/(2 kv)
    // (kernels::causal_fraction), over 32 layers.
    const rc::transformer_config& t = as_transformer(llama());
    const double kv = 532.0, frac = 1.0 - 63.0 / (2.0 * kv);
    CHECK(chunk_attention == doctest::Approx(32.0 * 4.0 * static_cast<double>(t.heads) * 64.0 * kv * 128.0 * frac));
    // Output tokens per iteration: B · G / (G − 1).
    const rc::prediction pr = rc::predict(llama(), h100(), c);
    CHECK(pr.batch == 64);
    CHECK(pr.prefill_tokens == 64);
    CHECK(rc::describe(pr).find("iteration   64 decode + 64 prefill tokens") != std::string::npos);
    CHECK(*pr.tokens_per_s * pr.time.value() == doctest::Approx(64.0 * 1001.0 / 1000.0));
}

TEST_CASE("the token budget caps the decode batch at K (G - 1) over P + G - 1") {
    // P = 2048, G = 129, K = 2176: B + B · 2048/128 ≤ 2176 gives B ≤ 128, well inside the H100's memory.
    rc::run_config c = served(2048, 129);
    c.max_batched_tokens = 2176;
    CHECK(rc::predict(llama(), h100(), c).batch == 128);
    c.max_batched_tokens = 0;  // TensorRT-LLM's default, 8192: B ≤ floor(8192 · 128 / 2176) = 481
    CHECK(rc::resolve(llama(), c).config.max_batched_tokens == 8192);
    CHECK(rc::predict(llama(), h100(), c).batch <= 481);
    // A static-batching framework keeps the prefill-then-decode passes.
    c.framework = "pytorch";
    CHECK(rc::resolve(llama(), c).pass_count == 2);
}

TEST_CASE("clients and request rates settle the decode batch by Little's law") {
    const rc::run_config c = served(467, 256);
    SUBCASE("32 clients: 32 x 255/256 decode, and each iteration finishes B/255 requests") {
        rc::serving_load l;
        l.concurrency = 32.0;
        const rc::serving_estimate e = rc::serve_under_load(llama(), h100(), c, l);
        CHECK(e.decode_batch == 32);  // round(31.875)
        CHECK(!e.saturated);
        CHECK(e.requests_per_s == doctest::Approx(32.0 / 255.0 / e.tpot.value()));
        CHECK(e.output_tokens_per_s == doctest::Approx(256.0 * e.requests_per_s));
        CHECK(e.ttft > e.tpot);  // its own prompt's iteration is longer than the mean one
    }
    SUBCASE("a rate below capacity is served: B = rate x (G - 1) x t(B) within one sequence") {
        rc::serving_load l;
        l.rate = 16.0;
        const rc::serving_estimate e = rc::serve_under_load(llama(), h100(), c, l);
        CHECK(!e.saturated);
        CHECK(e.requests_per_s == 16.0);
        CHECK(e.output_tokens_per_s == doctest::Approx(16.0 * 256.0));
        CHECK(std::abs(static_cast<double>(e.decode_batch) - 16.0 * 255.0 * e.tpot.value()) <= 1.0);
    }
    SUBCASE("all requests at once: a burst the engine holds runs as that many clients, a larger one at capacity") {
        rc::serving_load l;
        l.rate = std::numeric_limits<double>::infinity();
        l.requests = 100;
        const rc::serving_estimate few = rc::serve_under_load(llama(), h100(), c, l);
        rc::serving_load clients;
        clients.concurrency = 100.0;
        CHECK(few.requests_per_s == doctest::Approx(rc::serve_under_load(llama(), h100(), c, clients).requests_per_s));
        l.requests = 3000;
        const rc::serving_estimate many = rc::serve_under_load(llama(), h100(), c, l);
        CHECK(many.saturated);
        CHECK(many.requests_per_s == doctest::Approx(*rc::predict(llama(), h100(), c).tokens_per_s / 256.0));
        CHECK(many.ttft > 5.0 * few.ttft);  // 3000 prompts queue for the prefill, 100 mostly do not
        l.requests = 0;                     // an unbounded stream above capacity never reaches its first token
        CHECK(std::isinf(rc::serve_under_load(llama(), h100(), c, l).ttft.value()));
    }
}

TEST_CASE("a serving load states clients, a rate or both, and a stream is held to its clients") {
    const rc::run_config c = served(467, 256);
    rc::serving_load none;
    CHECK_THROWS_AS(rc::serve_under_load(llama(), h100(), c, none), rc::input_error);
    // 100 requests/s is within capacity, but 4 clients keep 4 · 255/256 decoding, far fewer than the stream needs.
    rc::serving_load both;
    both.concurrency = 4.0;
    both.rate = 100.0;
    rc::serving_load four;
    four.concurrency = 4.0;
    const rc::serving_estimate e = rc::serve_under_load(llama(), h100(), c, both);
    CHECK(e.decode_batch == 4);
    CHECK(e.requests_per_s == doctest::Approx(rc::serve_under_load(llama(), h100(), c, four).requests_per_s));
    CHECK(e.requests_per_s < 100.0);
    rc::serving_load negative;
    negative.rate = -1.0;
    CHECK_THROWS_AS(rc::serve_under_load(llama(), h100(), c, negative), rc::input_error);
    rc::run_config eager = c;
    eager.framework = "pytorch";
    rc::serving_load l;
    l.rate = 1.0;
    CHECK_THROWS_AS(rc::serve_under_load(llama(), h100(), eager, l), rc::unsupported_error);
}

TEST_CASE("serving rows are predicted in their metric, and what the model lacks is skipped with the reason") {
    const std::string header =
        "id,source,gpu,num_gpus,workload,mode,phase,batch,seq_len,image_size,prompt_len,"
        "gen_len,precision,params,metric,value,notes\n";
    const auto row = [](const std::string& id, const std::string& params, const std::string& metric,
                        const std::string& lengths = "467,256") {
        return id + ",t: t,H100-SXM5-80GB,1,llama3-8b,infer,serve,,,," + lengths + ",fp8,framework=vllm;" + params +
               "," + metric + ",1,\n";
    };
    const rc::measurement_set s = rc::parse_measurements(
        header + row("s0001", "rate=8;requests=500", "tpot_p50_s") +
            row("s0002", "rate=8;requests=500", "tokens_per_s") + row("s0003", "rate=8;requests=500", "ttft_p99_s") +
            row("s0004", "concurrency=16;multi_step=10", "itl_mean_s") +
            row("s0005", "concurrency=16;lengths=unknown", "tokens_per_s", ",") +
            row("s0006", "requests=500", "ttft_mean_s") +
            row("s0007", "concurrency=16;dataset=sharegpt", "tpot_p99_s") + row("s0008", "concurrency=16", "itl_p99_s"),
        "t.csv");
    const rc::validation_report rep = rc::validate(s, rc::catalog(), rc::default_params());
    REQUIRE(rep.rows.size() == 8);
    // vLLM is costed as the TensorRT-LLM profile with vLLM's cap of 256 running requests, under vLLM's scheduler.
    rc::run_config c = served(467, 256);
    c.max_serve_batch = 256;
    c.engine = "vllm";
    rc::serving_load l;
    l.rate = 8.0;
    l.requests = 500;
    const rc::serving_estimate e = rc::serve_under_load(llama(), h100(), c, l);
    REQUIRE(rep.rows[0].predicted);
    CHECK(*rep.rows[0].predicted == doctest::Approx(e.tpot.value()));
    REQUIRE(rep.rows[1].predicted);
    CHECK(*rep.rows[1].predicted == doctest::Approx(8.0 * 256.0));
    // A Poisson arrival waits for a share q of the iteration in flight: 0.99 at the p99, half of one on average.
    REQUIRE(rep.rows[2].predicted);
    CHECK(*rep.rows[2].predicted == doctest::Approx(e.ttft.value() + 0.49 * e.tpot.value()));
    CHECK(rep.rows[3].skip_reason.find("multi-step") != std::string::npos);
    CHECK(rep.rows[4].skip_reason.find("lengths") != std::string::npos);
    CHECK(rep.rows[5].skip_reason.find("concurrency= or rate=") != std::string::npos);
    CHECK(rep.rows[6].skip_reason.find("varied lengths (sharegpt)") != std::string::npos);
    CHECK(rep.rows[7].skip_reason.find("percentiles above the median are modelled") != std::string::npos);
}

TEST_CASE("the TPOT's percentiles under in-flight batching count the prompts that join while a request decodes") {
    // Worked by hand: t(B) = 20 ms with its mean 16/100 prompts, ΔS = 10 ms a prompt, B = 16, G = 101. K ~ Poisson(16)
    // has its median at 16, its 90th percentile at 21 and its 99th at 26 (summing e^-16 16^k/k!), so TPOT_q is
    // 20 ms + 10 ms · (K_q − 16)/100: 20, 20.5 and 21 ms.
    const rc::seconds t = 0.020 * rc::units::second, ds = 0.010 * rc::units::second;
    CHECK(rc::inflight_tpot_quantile(t, ds, 16, 101.0, 0.5).value() == doctest::Approx(0.020));
    CHECK(rc::inflight_tpot_quantile(t, ds, 16, 101.0, 0.9).value() == doctest::Approx(0.0205));
    CHECK(rc::inflight_tpot_quantile(t, ds, 16, 101.0, 0.99).value() == doctest::Approx(0.021));
    // Under load: the percentiles rise with q, a Poisson arrival's TTFT spreads by 0.49 of an iteration from p50 to
    // p99, and clients within the engine's slots are admitted at once: their TTFT does not spread.
    rc::serving_load stream;
    stream.rate = 8.0;
    const rc::serving_estimate e = rc::serve_under_load(llama(), h100(), served(467, 256), stream);
    CHECK(e.tpot_percentiles.p50 <= e.tpot_percentiles.p90);
    CHECK(e.tpot_percentiles.p90 < e.tpot_percentiles.p99);
    CHECK((e.ttft_percentiles.p99 - e.ttft_percentiles.p50).value() == doctest::Approx(0.49 * e.tpot.value()));
    rc::serving_load clients;
    clients.concurrency = 16.0;
    const rc::serving_estimate c = rc::serve_under_load(llama(), h100(), served(467, 256), clients);
    CHECK(c.ttft_percentiles.p99 == c.ttft_percentiles.p50);
    CHECK(c.ttft_percentiles.p99 == c.ttft);
    // A burst of 3000 requests is admitted as slots free: the last ones wait longest, so the p99 is above the mean.
    rc::serving_load burst;
    burst.rate = std::numeric_limits<double>::infinity();
    burst.requests = 3000;
    const rc::serving_estimate b = rc::serve_under_load(llama(), h100(), served(467, 256), burst);
    CHECK(b.ttft_percentiles.p99 > 1.5 * b.ttft);
    CHECK(b.ttft_percentiles.p50 < b.ttft_percentiles.p99);
}

TEST_CASE("a static wave's rows: first tokens after one batched prefill, per-token latency by the step's context") {
    // LMDeploy's generation benchmark: 16 clients each send one request of 2048 + 128 tokens at once. The output
    // tokens per second are 16 · 128 over the prefill (the TTFT row) and 127 steps at the mean context (the p50 row's
    // step, at context 2048 + 64), and the p99 token is a later step, at context 2048 + 126.
    const std::string header =
        "id,source,gpu,num_gpus,workload,mode,phase,batch,seq_len,image_size,prompt_len,"
        "gen_len,precision,params,metric,value,notes\n";
    const auto row = [](const std::string& id, const std::string& metric, const std::string& dataset) {
        return id +
               ",t: t,A100-SXM4-80GB,1,llama2-7b,infer,serve,,,,2048,128,fp16,framework=lmdeploy;"
               "batching=static;concurrency=16;dataset=" +
               dataset + "," + metric + ",1,\n";
    };
    const rc::measurement_set s =
        rc::parse_measurements(header + row("s0001", "tokens_per_s", "fixed") + row("s0002", "ttft_mean_s", "fixed") +
                                   row("s0003", "tpot_p50_s", "fixed") + row("s0004", "tpot_p99_s", "fixed") +
                                   row("s0005", "tpot_p99_s", "sharegpt"),
                               "t.csv");
    const rc::validation_report rep = rc::validate(s, rc::catalog(), rc::default_params());
    REQUIRE(rep.rows.size() == 5);
    for (std::size_t i = 0; i < 4; ++i) {
        REQUIRE(rep.rows[i].predicted);
    }
    const double tps = *rep.rows[0].predicted, ttft = *rep.rows[1].predicted, p50 = *rep.rows[2].predicted,
                 p99 = *rep.rows[3].predicted;
    CHECK(tps == doctest::Approx(16.0 * 128.0 / (ttft + 127.0 * p50)).epsilon(0.01));
    CHECK(p99 > p50);        // a longer context
    CHECK(p99 < 1.1 * p50);  // at batch 16 the weights, not the cache, dominate a step
    CHECK(!rep.rows[4].predicted);
}

namespace {

/// Llama-3-8B in BF16 on one H100 at 256 requests of 256 + 256 tokens (vLLM PR #7117's benchmark_throughput), one
/// in-flight iteration at decode batch 256 under `engine` at release `version` ("" none: TensorRT-LLM's scheduler).
rc::prediction iteration_under(const std::string& engine, const std::string& version) {
    rc::run_config c = served(256, 256);
    c.precision = rc::precision::bf16;
    c.max_serve_batch = 256;
    c.engine = engine;
    c.framework_version = version;
    return rc::predict(llama(), h100(), c);
}

double part(const rc::prediction& p, const std::string& name) {
    double t = 0.0;
    for (const rc::breakdown_entry& e : p.breakdown) {
        t += e.name == name ? e.time.value() : 0.0;
    }
    return t;
}

}  // namespace

TEST_CASE("an engine's scheduler adds its host time to each iteration: in vLLM's loop, beside the GPU in SGLang 0.4") {
    const rc::prediction base = iteration_under("", "");
    REQUIRE(base.batch == 256);
    CHECK(part(base, "scheduler") == 0.0);
    // n = B + B/(G - 1) = 256 + 256/255 sequences scheduled per iteration.
    const double n = 256.0 + 256.0 / 255.0;
    const auto added = [&](const rc::prediction& p) { return p.time.value() - base.time.value(); };
    // vLLM 0.5 (WukLab: 84 us per running sequence; Vidur: 0.77 ms a step), its development builds read by the
    // parenthesized release.
    const double v05 = 0.77e-3 + 84e-6 * n;
    for (const char* version : {"0.5.3", "main-2024-08-04(0.5.3.post1+dev)"}) {
        CAPTURE(version);
        const rc::prediction p = iteration_under("vllm", version);
        CHECK(added(p) == doctest::Approx(v05).epsilon(1e-9));
        CHECK(part(p, "scheduler") == doctest::Approx(v05).epsilon(1e-9));
        CHECK(p.host_time.value() - base.host_time.value() == doctest::Approx(v05).epsilon(1e-9));
    }
    // 0.6 and 0.7 process the outputs asynchronously: 54 us a sequence stays in the loop; V1 (0.8 on, and the
    // current release) 0.43 ms a step and 1.1 us a request.
    CHECK(added(iteration_under("vllm", "0.6.3")) == doctest::Approx(0.77e-3 + 54e-6 * n).epsilon(1e-9));
    CHECK(added(iteration_under("vllm", "0.11.0")) == doctest::Approx(0.43e-3 + 1.1e-6 * n).epsilon(1e-9));
    CHECK(added(iteration_under("vllm", "")) == doctest::Approx(0.43e-3 + 1.1e-6 * n).epsilon(1e-9));
    // SGLang's 2 ms: in the loop before 0.4; from 0.4 the overlapped scheduler hides it behind a 20 ms iteration,
    // where it is host time the GPU does not wait for.
    CHECK(added(iteration_under("sglang", "0.3.0")) == doctest::Approx(2e-3).epsilon(1e-9));
    const rc::prediction overlapped = iteration_under("sglang", "0.4.0");
    REQUIRE(base.time.value() > 2e-3);
    CHECK(overlapped.time.value() == doctest::Approx(base.time.value()).epsilon(1e-12));
    CHECK(part(overlapped, "scheduler") == 0.0);
    CHECK(overlapped.host_time.value() - base.host_time.value() == doctest::Approx(2e-3).epsilon(1e-9));
    // The parts still add up to the iteration.
    const rc::prediction v = iteration_under("vllm", "0.5.3");
    double sum = 0.0;
    for (const rc::breakdown_entry& e : v.breakdown) {
        sum += e.time.value();
    }
    CHECK(sum == doctest::Approx(v.time.value()).epsilon(1e-9));
}

TEST_CASE("--framework vllm runs the tensorrt-llm profile's kernels under vLLM's scheduler, and validation reads it") {
    rc::run_config c;
    rc::find_run_option("framework").set(c, "vLLM");
    CHECK(c.framework == "tensorrt-llm");
    CHECK(c.engine == "vllm");
    rc::find_run_option("framework-version").set(c, "0.5.3");
    CHECK(rc::framework_label(c) == "vllm 0.5.3 on tensorrt-llm kernels");
    rc::find_run_option("framework").set(c, "pytorch");
    CHECK(c.engine.empty());
    CHECK_THROWS_AS(rc::find_run_option("framework").set(c, "vlm"), rc::unknown_name_error);
    // An engine on another profile is refused.
    rc::run_config bad = served(256, 256);
    bad.engine = "vllm";
    bad.framework = "pytorch";
    CHECK_THROWS_WITH_AS(rc::validate(bad), doctest::Contains("not a serving engine on the tensorrt-llm profile"),
                         rc::input_error);
    // A vLLM row of PR #7117 runs under vLLM 0.5's scheduler.
    const rc::measurement_set s = rc::parse_measurements(
        "id,source,gpu,num_gpus,workload,mode,phase,batch,seq_len,image_size,prompt_len,gen_len,precision,params,"
        "metric,value,notes\n"
        "s1,t: t,H100-SXM5-80GB,1,llama3-8b,infer,serve,,,,256,256,bf16,framework=vllm;"
        "version=main-2024-08-04(0.5.3.post1+dev);tp=1;rate=inf;requests=1000,requests_per_s,24.32,\n",
        "t.csv");
    const rc::run_config r = rc::run_for(s.rows[0], h100());
    CHECK(r.framework == "tensorrt-llm");
    CHECK(r.engine == "vllm");
    CHECK(r.framework_version == "main-2024-08-04(0.5.3.post1+dev)");
}
