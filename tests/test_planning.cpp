// Capacity planning (docs/planning.md): the training search and the serving model. Numbers are worked by hand
// from roofcast's own predictions of each layout and from the formulas written out here; properties hold over
// sweeps of limits; bad requests fail with the field named.
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/io/json.hpp>
#include <roofcast/io/request_lengths.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

const rc::model_catalog& cat() {
    return rc::catalog();
}

rc::seconds secs(double s) {
    return s * rc::units::second;
}

/// A training request on the named GPUs.
rc::training_request training(const std::string& workload, std::vector<std::string> gpus, long long global_batch) {
    rc::training_request r;
    r.source = &cat().workload_named(workload);
    r.global_batch = global_batch;
    for (const std::string& g : gpus) {
        r.gpus.push_back(cat().gpu(g));
    }
    return r;
}

/// The run of a listed layout, built from its fields as the docs describe it.
rc::run_config run_of(const rc::training_option& o, const rc::run_config& base) {
    rc::run_config c = base;
    c.mode = rc::mode::train;
    c.num_gpus = o.num_gpus;
    c.tp = o.tp;
    c.pp = o.pp;
    c.zero = o.zero;
    c.recompute = o.recompute;
    if (o.pp > 1) {
        c.batch = o.micro_batch * o.micro_batches;
        c.microbatches = o.micro_batches;
    } else {
        c.batch = o.micro_batch;
        c.accumulation = o.micro_batches;
    }
    return c;
}

/// A serving request for one request length, on eager PyTorch (prefill first).
rc::serving_request serving(const std::string& workload, std::vector<std::string> gpus, double rate, long long prompt,
                            long long gen) {
    rc::serving_request r;
    r.source = &cat().workload_named(workload);
    r.base.framework = "pytorch";
    r.base.mode = rc::mode::infer;
    r.base.precision = rc::precision::fp16;
    r.rate = rate;
    r.lengths = {{prompt, gen}};
    for (const std::string& g : gpus) {
        r.gpus.push_back(cat().gpu(g));
    }
    return r;
}

/// The q-quantile of Poisson(mean), summed plainly from 0 (small means only).
long long poisson_by_hand(double mean, double q) {
    double p = std::exp(-mean), cdf = p;
    long long k = 0;
    while (cdf < q) {
        ++k;
        p *= mean / static_cast<double>(k);
        cdf += p;
    }
    return k;
}

}  // namespace

// --- The queueing formulas (model/queueing.hpp), on numbers worked by hand. ---

TEST_CASE("queueing: Poisson quantiles") {
    CHECK(rc::poisson_quantile(0.0, 0.99) == 0);
    CHECK(rc::poisson_quantile(1.0, 0.5) == 1);   // P(0) = 0.368, P(<= 1) = 0.736
    CHECK(rc::poisson_quantile(2.0, 0.99) == 6);  // P(<= 5) = 0.983, P(<= 6) = 0.9955
    CHECK(rc::poisson_quantile(2.0, 0.98) == 5);
    CHECK(rc::poisson_quantile(1000.0, 0.5) == 1000);
    for (double mean : {0.5, 3.0, 17.0, 64.0, 250.0}) {
        CHECK(rc::poisson_quantile(mean, 0.99) == poisson_by_hand(mean, 0.99));
        CHECK(rc::poisson_quantile(mean, 0.5) == poisson_by_hand(mean, 0.5));
    }
}

TEST_CASE("queueing: throughput, TPOT and TTFT of a replica worked by hand") {
    // X(b) = b / ((G - 1) t_d + b E[S]) = 10 / (100 x 0.03 + 10 x 0.2) = 2 requests/s.
    CHECK(rc::replica_throughput(secs(0.03), 10, secs(0.2), 101.0) == doctest::Approx(2.0));
    // TPOT_99 = t_d + E[S] K_99 / (G - 1), K ~ Poisson(2): 0.03 + 0.2 x 6 / 100 = 0.042 s.
    CHECK(rc::tpot_quantile(secs(0.03), 2, secs(0.2), 101.0, 0.99).value() == doctest::Approx(0.042));
    // P-K: V = lambda E[S^2] / (2 (1 - rho)) = 2 x 0.04 / (2 x 0.6) = 0.0667 s.
    CHECK(rc::prefill_queue_wait(2.0, secs(0.2), secs(0.2)).value() == doctest::Approx(0.2 / 3.0));
    CHECK(std::isinf(rc::prefill_queue_wait(5.0, secs(0.2), secs(0.2)).value()));  // rho = 1
    // (V / rho) ln(rho / (1 - q)) = (0.0667 / 0.4) ln(40) = 0.6148 s.
    CHECK(rc::wait_quantile(secs(0.2 / 3.0), 0.4, 0.99).value() == doctest::Approx(0.2 / 3.0 / 0.4 * std::log(40.0)));
    CHECK(rc::wait_quantile(secs(0.2 / 3.0), 0.4, 0.5).value() == 0.0);  // rho <= 1 - q: most never wait
    // TTFT_99 = S_99 + 0.99 t_d + V_99 = 0.2 + 0.0297 + 0.6148.
    CHECK(rc::ttft_quantile(secs(0.2), secs(0.03), 2.0, secs(0.2), secs(0.2), 0.99).value() ==
          doctest::Approx(0.2 + 0.99 * 0.03 + 0.2 / 3.0 / 0.4 * std::log(40.0)));
}

TEST_CASE("queueing: exact for M/M/1") {
    // Exponential service of mean 1 (E[S^2] = 2) at rate 0.5: W = rho / (mu - lambda) = 1 and
    // P(W > t) = rho exp(-(mu - lambda) t), so W_99 = 2 ln(50).
    const rc::seconds w = rc::prefill_queue_wait(0.5, secs(1.0), secs(std::sqrt(2.0)));
    CHECK(w.value() == doctest::Approx(1.0));
    CHECK(rc::wait_quantile(w, 0.5, 0.99).value() == doctest::Approx(2.0 * std::log(50.0)));
}

// --- Training plans. ---

TEST_CASE("training plan: a 2-layout search worked from predict") {
    // ResNet-50 on one A100-80GB, global batch 2: micro-batch 1 with 2 accumulation steps, or micro-batch 2.
    rc::training_request r = training("resnet50", {"A100-SXM4-80GB"}, 2);
    r.samples = 20.0;  // 10 optimizer steps
    r.max_gpus = 1;
    r.prices = {2.0};
    r.objective = rc::objective::time;
    const rc::training_plan p = rc::plan_training(r);
    REQUIRE(p.layouts == 2);
    REQUIRE(p.options.size() == 2);
    CHECK(p.steps == 10.0);
    const rc::gpu_spec& a100 = cat().gpu("A100-SXM4-80GB");
    const rc::workload& w = cat().workload_named("resnet50");
    const double fwd = rc::summarize(w).forward_flops;
    const double peak = rc::peak(a100, rc::dtype::fp16, rc::exec_unit::tensor_core)->value();
    double best = std::numeric_limits<double>::infinity();
    for (const rc::training_option& o : p.options) {
        rc::run_config c;
        c.mode = rc::mode::train;
        c.batch = o.micro_batch;
        c.accumulation = static_cast<int>(2 / o.micro_batch);
        const rc::prediction pr = rc::predict(w, a100, c);
        const double step = c.accumulation * pr.time.value();
        CHECK(o.step_time.value() == doctest::Approx(step));
        CHECK(o.time.value() == doctest::Approx(10.0 * step));
        CHECK(*o.cost_usd == doctest::Approx(2.0 * 1 * 10.0 * step / 3600.0));
        CHECK(o.energy.value() == doctest::Approx(10.0 * c.accumulation * pr.energy.value()));
        CHECK(o.mfu == doctest::Approx(3.0 * fwd * 2.0 / step / peak));
        best = std::min(best, 10.0 * step);
    }
    CHECK(p.options.front().time.value() == doctest::Approx(best));
    CHECK(p.options.front().time.value() <= p.options.back().time.value());
}

TEST_CASE("training plan: model FLOPs are PaLM's 6N + 12·L·H·Q·S per token") {
    const rc::transformer_config& gpt2 = as_transformer(cat().workload_named("gpt2"));
    // Tied embeddings, learned positions: the matmuls are everything but the position table (the token table is
    // the output projection).
    CHECK(rc::matmul_parameters(gpt2) == doctest::Approx(rc::parameters(gpt2) - 1024.0 * 768.0));
    const rc::transformer_config& llama = as_transformer(cat().workload_named("llama2-7b"));
    CHECK(rc::matmul_parameters(llama) == doctest::Approx(rc::parameters(llama) - 32000.0 * 4096.0));  // untied
    rc::run_config c;
    c.seq_len = 1024;
    const auto [flops, basis] = rc::model_flops_per_sample(cat().workload_named("gpt2"), c);
    const double n = rc::parameters(gpt2) - 1024.0 * 768.0;
    CHECK(flops == doctest::Approx(1024.0 * (6.0 * n + 12.0 * 12.0 * 768.0 * 1024.0)));
    CHECK(basis.find("PaLM") != std::string::npos);
}

TEST_CASE("training plan: every listed layout runs the global batch on tp·pp·dp GPUs and fits") {
    rc::training_request r = training("llama2-7b", {"A100-SXM4-80GB", "H100-SXM5-80GB"}, 256);
    r.base.precision = rc::precision::amp_bf16;
    r.base.seq_len = 4096;
    r.tokens = 1e11;
    r.max_gpus = 64;
    r.prices = {1.8, 3.0};
    r.objective = rc::objective::cost;
    r.top = 20;
    const rc::training_plan p = rc::plan_training(r);
    REQUIRE(p.options.size() == 20);
    CHECK(p.steps == std::ceil(1e11 / (256.0 * 4096.0)));
    double previous = 0.0;
    for (const rc::training_option& o : p.options) {
        CAPTURE(o);
        CHECK(o.tp * o.pp * o.dp == o.num_gpus);
        CHECK(o.num_gpus <= 64);
        CHECK(o.micro_batch * o.micro_batches * o.dp == 256);
        const rc::gpu_spec& g = cat().gpu(o.gpu);
        const rc::memory_footprint f = rc::footprint(cat().workload_named("llama2-7b"), g, run_of(o, p.base));
        CHECK(f.fits());
        CHECK(o.memory.value() == doctest::Approx(f.total().value()));
        CHECK(o.time.value() == doctest::Approx(o.steps * o.step_time.value()));
        CHECK(*o.cost_usd ==
              doctest::Approx((o.gpu == "H100-SXM5-80GB" ? 3.0 : 1.8) * o.num_gpus * o.time.value() / 3600.0));
        CHECK(*o.cost_usd >= previous);  // cheapest first
        previous = *o.cost_usd;
    }
    REQUIRE(p.best_per_gpu.size() == 2);  // both types have plans, A100 first as asked
    CHECK(p.best_per_gpu[0].gpu == "A100-SXM4-80GB");
    CHECK(p.best_per_gpu[1].gpu == "H100-SXM5-80GB");
    for (const rc::training_option& b : p.best_per_gpu) {
        for (const rc::training_option& o : p.options) {
            CHECK((o.gpu != b.gpu || *b.cost_usd <= *o.cost_usd));
        }
    }
}

TEST_CASE("training plan: more GPUs allowed never make the fastest plan slower") {
    rc::training_request r = training("llama2-7b", {"H100-SXM5-80GB"}, 64);
    r.base.precision = rc::precision::amp_bf16;
    r.tokens = 1e10;
    std::optional<double> previous;
    std::size_t feasible = 0;
    for (int most : {1, 2, 4, 8, 16, 32, 64}) {
        r.max_gpus = most;
        const rc::training_plan p = rc::plan_training(r);
        CHECK(p.feasible >= feasible);
        feasible = p.feasible;
        if (p.options.empty()) {
            CHECK(!previous);  // once a plan exists, more GPUs keep it
            continue;
        }
        if (previous) {
            CHECK(p.options.front().time.value() <= *previous);
        }
        previous = p.options.front().time.value();
    }
    CHECK(previous);
}

TEST_CASE("training plan: a tighter deadline never makes the cheapest plan cheaper") {
    rc::training_request r = training("gpt2-xl", {"A100-SXM4-80GB", "H100-SXM5-80GB"}, 512);
    r.base.precision = rc::precision::amp_bf16;
    r.tokens = 3e10;
    r.max_gpus = 256;
    r.prices = {1.8, 3.0};
    r.objective = rc::objective::cost;
    const rc::training_plan free = rc::plan_training(r);
    REQUIRE(!free.options.empty());
    double previous = *free.options.front().cost_usd;
    const double slowest = free.options.front().time.value();
    for (double fraction : {1.0, 0.5, 0.25, 0.1, 0.05, 0.02}) {
        r.deadline = secs(slowest * fraction);
        const rc::training_plan p = rc::plan_training(r);
        if (p.options.empty()) {
            REQUIRE(!p.rejected.empty());
            CHECK(p.rejected.back().reason == rc::training_rejection_reason::misses_deadline);
            break;
        }
        CHECK(*p.options.front().cost_usd >= previous);
        CHECK(p.options.front().time.value() <= r.deadline->value());
        previous = *p.options.front().cost_usd;
        for (const rc::training_rejection& x : p.rejected) {
            if (x.reason == rc::training_rejection_reason::misses_deadline) {
                CHECK(x.option.time.value() > r.deadline->value());        // the fastest of its group is too slow
                CHECK(*x.option.cost_usd <= *p.options.front().cost_usd);  // and it ranks above the plan
            }
        }
    }
}

TEST_CASE("training plan: below the smallest GPU count that fits, nothing fits") {
    rc::training_request r = training("llama2-70b", {"H100-SXM5-80GB"}, 64);
    r.base.precision = rc::precision::amp_bf16;
    r.tokens = 1e11;
    r.max_gpus = 64;
    const rc::training_plan p = rc::plan_training(r);
    REQUIRE(!p.rejected.empty());
    const rc::training_rejection& x = p.rejected.front();
    CHECK(x.reason == rc::training_rejection_reason::does_not_fit);
    CHECK(!x.option.fits());
    // The footprint on the GPU type: with its cuBLAS workspaces, which depend on the type.
    CHECK(x.option.memory.value() ==
          doctest::Approx(
              rc::footprint(cat().workload_named("llama2-70b"), cat().gpu("H100-SXM5-80GB"), run_of(x.option, p.base))
                  .total()
                  .value()));
    for (const rc::training_option& o : p.options) {
        CHECK(o.num_gpus > x.option.num_gpus);
    }
}

TEST_CASE("training plan: threads do not change the plan") {
    rc::training_request r = training("llama2-7b", {"A100-SXM4-80GB", "H100-SXM5-80GB"}, 128);
    r.tokens = 1e10;
    r.max_gpus = 32;
    const std::string one = rc::describe(rc::plan_training(r));
    r.threads = 3;
    CHECK(rc::describe(rc::plan_training(r)) == one);
}

TEST_CASE("training plan: GPU types that cannot run the precision are skipped with the reason") {
    rc::training_request r = training("gpt2", {"V100-SXM2-16GB", "A100-SXM4-40GB"}, 8);
    r.base.precision = rc::precision::amp_bf16;
    r.tokens = 1e8;
    r.max_gpus = 2;
    const rc::training_plan p = rc::plan_training(r);
    REQUIRE(p.skipped.size() == 1);
    CHECK(p.skipped[0].find("V100-SXM2-16GB") == 0);
    CHECK(p.skipped[0].find("bf16") != std::string::npos);
    for (const rc::training_option& o : p.options) {
        CHECK(o.gpu == "A100-SXM4-40GB");
    }
}

TEST_CASE("training plan: bad requests fail with the field named") {
    auto fails_with = [](rc::training_request r, const std::string& text) {
        CAPTURE(text);
        try {
            rc::plan_training(r);
            FAIL("no error");
        } catch (const rc::input_error& e) {
            CHECK(std::string(e.what()).find(text) != std::string::npos);
        }
    };
    rc::training_request ok = training("gpt2", {"A100-SXM4-80GB"}, 8);
    ok.tokens = 1e9;
    rc::training_request r = ok;
    r.global_batch = 0;
    fails_with(r, "global-batch");
    r = ok;
    r.samples = 10.0;
    fails_with(r, "tokens or samples");
    r = ok;
    r.tokens = std::numeric_limits<double>::quiet_NaN();
    fails_with(r, "tokens must be a positive number");
    r = ok;
    r.tokens = -1.0;
    fails_with(r, "tokens must be a positive number");
    r = training("resnet50", {"A100-SXM4-80GB"}, 8);
    r.tokens = 1e9;
    fails_with(r, "is a CNN");
    r = ok;
    r.deadline = secs(std::numeric_limits<double>::infinity());
    fails_with(r, "deadline");
    r = ok;
    r.deadline = secs(0.0);
    fails_with(r, "deadline");
    r = ok;
    r.gpus.clear();
    fails_with(r, "no GPU types");
    r = ok;
    r.prices = {1.0, 2.0};
    fails_with(r, "one price per GPU type");
    r = ok;
    r.prices = {-1.0};
    fails_with(r, "price-per-hour");
    r = ok;
    r.objective = rc::objective::cost;
    fails_with(r, "price per GPU-hour");
    r = ok;
    r.budget_usd = 100.0;
    fails_with(r, "price per GPU-hour");
    r = ok;
    r.max_gpus = 0;
    fails_with(r, "max-gpus");
    r = ok;
    r.threads = 0;
    fails_with(r, "threads");
    r = ok;
    r.base.precision = rc::precision::int8;
    fails_with(r, "is for inference");
    r = ok;
    r.source = nullptr;
    fails_with(r, "no workload");
}

TEST_CASE("training plan: text, CSV and JSON") {
    rc::training_request r = training("llama2-7b", {"H100-SXM5-80GB"}, 64);
    r.tokens = 1e10;
    r.max_gpus = 16;
    r.prices = {3.0};
    r.top = 3;
    const rc::training_plan p = rc::plan_training(r);
    const std::string text = rc::describe(p);
    CHECK(text.find("ranked by time") != std::string::npos);
    CHECK(text.find("6N + 12") != std::string::npos);
    const rc::text_table t = rc::to_table(p);
    CHECK(t.size() == p.options.size() + p.best_per_gpu.size() + p.rejected.size());
    CHECK(t.rows()[0][0] == "plan");
    const nlohmann::json j = p;
    REQUIRE(j["options"].size() == 3);
    CHECK(j["tokens"].get<double>() == 1e10);
    CHECK(j["options"][0]["num_gpus"].get<int>() ==
          j["options"][0]["tp"].get<int>() * j["options"][0]["pp"].get<int>() * j["options"][0]["dp"].get<int>());
    CHECK(j["options"][0]["cost_usd"].get<double>() == doctest::Approx(*p.options[0].cost_usd));
    for (const auto& x : j["rejected"]) {
        if (x["reason"] == "does not fit") {
            CHECK(x["time_s"].is_null());
        }
    }
}

// --- Serving plans. ---

TEST_CASE("serving plan: one replica's figures worked from predict") {
    // llama3-8b in fp16 on one A100-80GB, 5 requests/s of 512 + 129 tokens, TPOT p99 <= 30 ms, TTFT p99 <= 1 s.
    rc::serving_request r = serving("llama3-8b", {"A100-SXM4-80GB"}, 5.0, 512, 129);
    r.tps = {1};
    r.targets.tpot_p99 = secs(0.030);
    r.targets.ttft_p99 = secs(1.0);
    const rc::serving_plan p = rc::plan_serving(r);
    REQUIRE(p.options.size() == 1);
    const rc::serving_option& o = p.options[0];
    REQUIRE(o.feasible());
    const rc::workload& w = cat().workload_named("llama3-8b");
    const rc::gpu_spec& g = cat().gpu("A100-SXM4-80GB");
    auto run = [](rc::phase ph, long long b) {
        rc::run_config c;
        c.mode = rc::mode::infer;
        c.phase = ph;
        c.precision = rc::precision::fp16;
        c.prompt_len = 512;
        c.gen_len = 129;
        c.batch = b;
        return c;
    };
    const double s = rc::predict(w, g, run(rc::phase::prefill, 1)).time.value();
    auto decode = [&](long long b) { return rc::predict(w, g, run(rc::phase::decode, b)).time.value(); };
    auto tpot99 = [&](long long b) {
        return decode(b) + s * static_cast<double>(poisson_by_hand(static_cast<double>(b), 0.99)) / 128.0;
    };
    const long long b = o.batch;
    CHECK(o.prefill_mean.value() == doctest::Approx(s));
    CHECK(o.decode_step.value() == doctest::Approx(decode(b)));
    CHECK(o.tpot_p99.value() == doctest::Approx(tpot99(b)));
    CHECK(o.tpot_p99.value() <= 0.030);
    if (o.batch_limit == "TPOT p99") {
        CHECK(tpot99(b + 1) > 0.030);
    }
    const double bd = static_cast<double>(b);
    const double x = bd / (128.0 * decode(b) + bd * s);  // requests/s per replica
    CHECK(o.replica_rate == doctest::Approx(x));
    // Replicas: enough for the rate, and the fewest whose TTFT p99 at 5/n requests/s meets 1 s.
    auto ttft99 = [&](double lambda) {
        const double rho = lambda * s, v = lambda * s * s / (2.0 * (1.0 - rho));
        return s + 0.99 * decode(b) + (rho > 0.01 ? v / rho * std::log(rho / 0.01) : 0.0);
    };
    long long n = static_cast<long long>(std::ceil(5.0 / x));
    while (ttft99(5.0 / static_cast<double>(n)) > 1.0) {
        ++n;
    }
    CHECK(o.replicas == n);
    CHECK(o.num_gpus == n);
    CHECK(o.ttft_p99.value() == doctest::Approx(ttft99(5.0 / static_cast<double>(n))));
    CHECK(o.utilization == doctest::Approx(5.0 / (static_cast<double>(n) * x)));
}

TEST_CASE("serving plan: in-flight batching, one replica's figures worked from the iteration") {
    // llama3-8b in fp16 on one H100 under TensorRT-LLM, 8 requests/s of 1024 + 257 tokens, TPOT p99 <= 25 ms.
    rc::serving_request r = serving("llama3-8b", {"H100-SXM5-80GB"}, 8.0, 1024, 257);
    r.base.framework = "tensorrt-llm";
    r.tps = {1};
    r.targets.tpot_p99 = secs(0.025);
    const rc::serving_plan p = rc::plan_serving(r);
    CHECK(p.inflight);
    REQUIRE(p.options.size() == 1);
    const rc::serving_option& o = p.options[0];
    REQUIRE(o.feasible());
    const rc::workload& w = cat().workload_named("llama3-8b");
    const rc::gpu_spec& g = cat().gpu("H100-SXM5-80GB");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::serve;
    c.precision = rc::precision::fp16;
    c.framework = "tensorrt-llm";
    c.prompt_len = 1024;
    c.gen_len = 257;
    c.max_serve_batch = o.batch;
    const rc::prediction it = rc::predict(w, g, c);
    REQUIRE(it.batch == o.batch);
    const double b = static_cast<double>(o.batch), t = it.time.value();
    // The iteration: b decode tokens and b · 1024 / 256 = 4b prompt tokens; X(b) = b / (256 · t(b)).
    CHECK(o.prefill_tokens == 4 * o.batch);
    CHECK(o.decode_step.value() == doctest::Approx(t));
    CHECK(o.replica_rate == doctest::Approx(b / (256.0 * t)));
    CHECK(o.replicas == static_cast<long long>(std::ceil(8.0 / (b / (256.0 * t)))));
    // TTFT_q = q·t + t + ΔS (one length: S_q = E[S]); one prompt more costs something, and less than its prefill
    // alone (the weights are read once for both).
    rc::run_config alone = c;
    alone.phase = rc::phase::prefill;
    alone.batch = 1;
    const double ds = o.ttft_p99.value() - 1.99 * t;
    CHECK(ds > 0.0);
    CHECK(ds < rc::predict(w, g, alone).time.value());
    CHECK(o.ttft_p50.value() == doctest::Approx(1.5 * t + ds));
    // TPOT_q = t − ΔS·b/256 + ΔS·K_q/256 with K ~ Poisson(b).
    const auto k = [&](double q) { return static_cast<double>(poisson_by_hand(static_cast<double>(o.batch), q)); };
    CHECK(o.tpot_p99.value() == doctest::Approx(t + ds * (k(0.99) - b) / 256.0));
    CHECK(o.tpot_p50.value() == doctest::Approx(t + ds * (k(0.5) - b) / 256.0));
    CHECK(o.tpot_p99.value() <= 0.025);
}

TEST_CASE("serving plan: chunked prefill lowers the TTFT p99 at high load") {
    // The same eager kernels scheduled prefill first (a prompt queues behind the prefills ahead of it, M/G/1) and in
    // flight (--max-batched-tokens: prompts ride in the decode iterations). At 30 requests/s of 2048 + 128 tokens on
    // one A100 per replica, prefill first waits in the queue; in flight a prompt waits for one iteration.
    rc::serving_request r = serving("llama3-8b", {"A100-SXM4-80GB"}, 30.0, 2048, 128);
    r.tps = {1};
    r.targets.tpot_p99 = secs(0.2);
    const rc::serving_plan first = rc::plan_serving(r);
    r.base.max_batched_tokens = 8192;
    const rc::serving_plan inflight = rc::plan_serving(r);
    CHECK(!first.inflight);
    CHECK(inflight.inflight);
    REQUIRE(first.options[0].feasible());
    REQUIRE(inflight.options[0].feasible());
    CHECK(first.options[0].prefill_tokens == 0);
    CHECK(inflight.options[0].prefill_tokens > 0);
    CHECK(inflight.options[0].ttft_p99 < first.options[0].ttft_p99);
}

TEST_CASE("serving plan: the KV capacity of a replica worked by hand") {
    // llama3-8b fp16: 2 x 32 layers x 8 KV heads x 128 x 2 B = 128 KiB per token; 512 + 128 tokens per sequence,
    // plus 128256 x 4 B of logits, each with PyTorch's 5% allocator headroom.
    rc::serving_request r = serving("llama3-8b", {"A100-SXM4-80GB"}, 1.0, 512, 128);
    r.tps = {1};
    const rc::serving_plan p = rc::plan_serving(r);
    rc::run_config one;
    one.mode = rc::mode::infer;
    one.phase = rc::phase::decode;
    one.precision = rc::precision::fp16;
    one.prompt_len = 512;
    one.gen_len = 128;
    const rc::gpu_spec& g = cat().gpu("A100-SXM4-80GB");
    const rc::memory_footprint f = rc::footprint(cat().workload_named("llama3-8b"), g, one);
    const double per_sequence = (131072.0 * 640.0 + 128256.0 * 4.0) * 1.05;
    const double expected = std::min(256.0, 1.0 + std::floor((f.capacity - f.total()).value() / per_sequence));
    CHECK(p.options[0].kv_batch == static_cast<long long>(expected));
}

TEST_CASE("serving plan: an engine that sizes its KV pool up front holds as many sequences as its pool has room for") {
    // TensorRT-LLM: kv_cache_free_gpu_mem_fraction 0.9 of what is free after the weights (2 x 8,030,261,248 B), the
    // activations of its 8192-token profiling pass (2·4096 + 3·14336 FP16 elements each) and 256 rows of FP32 logits,
    // and 0.5 GiB outside PyTorch; each sequence's 640 tokens of 128 KiB. Not the footprint's whole free memory.
    rc::serving_request r = serving("llama3-8b", {"A100-SXM4-80GB"}, 1.0, 512, 128);
    r.base.framework = "tensorrt-llm";
    r.base.max_serve_batch = 100000;
    r.tps = {1};
    const rc::serving_plan p = rc::plan_serving(r);
    const double capacity = cat().gpu("A100-SXM4-80GB").usable_memory.value();
    const double act = 8192.0 * (2 * 4096 + 3 * 14336) * 2 + 256.0 * 128256 * 4;
    const double pool = 0.9 * (capacity - 8'030'261'248.0 * 2 - act - 536870912.0);
    CHECK(p.options[0].kv_batch == static_cast<long long>(std::floor(pool / (131072.0 * 640.0))));
    // The same request on eager PyTorch takes the free memory less its 5% headroom: more sequences.
    r.base.framework = "pytorch";
    CHECK(rc::plan_serving(r).options[0].kv_batch > p.options[0].kv_batch);
}

TEST_CASE("tensor parallelism splits whole heads, key/value heads (or replicas) and FFN widths") {
    // Qwen2-7B: 28 heads, 4 KV heads, FFN 18,944 = 2^7 · 148: tp 7 divides the heads but neither divides nor is a
    // multiple of the 4 KV heads; tp 8 is a multiple of them (each pair of ranks shares one) but 28 % 8 != 0.
    rc::serving_request r = serving("qwen2-7b", {"H100-SXM5-80GB"}, 1.0, 512, 128);
    const std::vector<int> tps = rc::detail::replica_tps(r, cat().gpu("H100-SXM5-80GB"));
    CHECK(tps == std::vector<int>{1, 2, 4});
    // Llama-2-13B: 40 heads and KV heads, FFN 13,824: tp 5 divides the heads, not the FFN.
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.tp = 5;
    c.num_gpus = 5;
    CHECK_THROWS_WITH_AS(rc::resolve(cat().workload_named("llama2-13b"), c),
                         "invalid run configuration: tp = 5 does not divide the FFN width 13824 of llama2-13b",
                         rc::input_error);
    c.tp = 7;
    c.num_gpus = 7;
    CHECK_THROWS_WITH_AS(rc::resolve(cat().workload_named("qwen2-7b"), c),
                         "invalid run configuration: tp = 7 neither divides nor is a multiple of the 4 key/value "
                         "heads of qwen2-7b",
                         rc::input_error);
}

TEST_CASE("serving plan: a length distribution is summarized by its length-biased means") {
    rc::serving_request r = serving("llama3-8b", {"H100-SXM5-80GB"}, 2.0, 1, 1);
    r.lengths = {{100, 10}, {300, 30}};
    r.tps = {1};
    const rc::serving_plan p = rc::plan_serving(r);
    CHECK(p.mean_prompt == 200.0);
    CHECK(p.mean_gen == 20.0);
    CHECK(p.decode_prompt == 250);  // E[G P] / E[G] = (10 x 100 + 30 x 300) / 40
    CHECK(p.decode_gen == 25);      // E[G^2] / E[G] = (100 + 900) / 40
    CHECK(p.samples == 2);
    REQUIRE(p.options[0].feasible());
    const rc::workload& w = cat().workload_named("llama3-8b");
    double mean = 0.0;
    for (long long prompt : {100, 300}) {
        rc::run_config c;
        c.mode = rc::mode::infer;
        c.phase = rc::phase::prefill;
        c.precision = rc::precision::fp16;
        c.prompt_len = prompt;
        c.gen_len = 25;
        mean += 0.5 * rc::predict(w, cat().gpu("H100-SXM5-80GB"), c).time.value();
    }
    CHECK(p.options[0].prefill_mean.value() == doctest::Approx(mean));
}

TEST_CASE("serving plan: a higher rate never needs fewer GPUs") {
    rc::serving_request r = serving("llama3-8b", {"A100-SXM4-80GB"}, 1.0, 1024, 256);
    r.tps = {1, 2};
    r.targets.tpot_p99 = secs(0.05);
    r.targets.ttft_p99 = secs(2.0);
    std::vector<long long> previous(2, 0);
    for (double rate : {0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0}) {
        r.rate = rate;
        const rc::serving_plan p = rc::plan_serving(r);
        for (const rc::serving_option& o : p.options) {
            REQUIRE(o.feasible());
            const std::size_t k = o.tp == 1 ? 0 : 1;
            CHECK(o.num_gpus >= previous[k]);
            CHECK(o.num_gpus == o.replicas * o.tp);
            CHECK(o.utilization <= 1.0);
            previous[k] = o.num_gpus;
        }
    }
}

TEST_CASE("serving plan: the targets that cannot be met say why") {
    rc::serving_request r = serving("llama3-8b", {"A100-SXM4-80GB"}, 1.0, 512, 128);
    r.tps = {1};
    r.targets.tpot_p99 = secs(1e-4);
    rc::serving_plan p = rc::plan_serving(r);
    CHECK(!p.options[0].feasible());
    CHECK(p.options[0].unmet.find("TPOT p99 target") == 0);
    CHECK(p.options[0].unmet.find("at batch 1") != std::string::npos);
    r.targets = {};
    r.targets.ttft_p50 = secs(1e-3);
    p = rc::plan_serving(r);
    CHECK(p.options[0].unmet.find("TTFT p50 target") == 0);
    CHECK(p.options[0].unmet.find("any number of replicas") != std::string::npos);
    r = serving("llama2-70b", {"A100-SXM4-40GB"}, 1.0, 512, 128);
    r.tps = {1};
    p = rc::plan_serving(r);
    CHECK(p.options[0].unmet.find("does not fit") == 0);
    CHECK(p.options[0].unmet.find("weights") != std::string::npos);
    r = serving("llama3-8b", {"A100-SXM4-80GB", "H100-SXM5-80GB"}, 1.0, 512, 128);
    r.base.precision = rc::precision::fp8;
    r.tps = {1};
    p = rc::plan_serving(r);
    REQUIRE(p.options.size() == 2);
    CHECK(p.options[0].gpu == "H100-SXM5-80GB");  // plans first
    CHECK(p.options[1].unmet.find("cannot run fp8") != std::string::npos);
}

TEST_CASE("serving plan: bad requests fail with the field named") {
    auto fails_with = [](rc::serving_request r, const std::string& text) {
        CAPTURE(text);
        try {
            rc::plan_serving(r);
            FAIL("no error");
        } catch (const rc::input_error& e) {
            CHECK(std::string(e.what()).find(text) != std::string::npos);
        }
    };
    const rc::serving_request ok = serving("llama3-8b", {"A100-SXM4-80GB"}, 1.0, 512, 128);
    for (double rate : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
        rc::serving_request r = ok;
        r.rate = rate;
        fails_with(r, "rate must be a positive number");
    }
    rc::serving_request r = ok;
    r.lengths = {{512, 1}};
    fails_with(r, "more than 1 token");
    r = ok;
    r.lengths.clear();
    fails_with(r, "no request lengths");
    r = ok;
    r.lengths = {{0, 10}};
    fails_with(r, "request 1: prompt-len and gen-len");
    r = ok;
    r.targets.tpot_p99 = secs(-1.0);
    fails_with(r, "tpot-p99");
    r = ok;
    r.targets.ttft_p50 = secs(std::numeric_limits<double>::quiet_NaN());
    fails_with(r, "ttft-p50");
    r = ok;
    r.source = &cat().workload_named("bert-large");
    fails_with(r, "serving plans are for decoders");
    r = ok;
    r.prices = {1.0, 2.0};
    fails_with(r, "one price per GPU type");
    r = ok;
    r.tps = {0};
    fails_with(r, "tp must be between 1 and");
    r = ok;
    r.gpus.clear();
    fails_with(r, "no GPU types");
    r = ok;
    r.tps = {3};  // does not divide 32 heads
    fails_with(r, "does not divide");
}

TEST_CASE("serving plan: text, CSV and JSON") {
    rc::serving_request r = serving("llama3-8b", {"A100-SXM4-80GB", "L4"}, 4.0, 512, 128);
    r.prices = {1.8, 0.7};
    r.targets.tpot_p99 = secs(0.05);
    const rc::serving_plan p = rc::plan_serving(r);
    const std::string text = rc::describe(p);
    CHECK(text.find("best per GPU type:") != std::string::npos);
    CHECK(text.find("TPOT p99 ≤ 50 ms") != std::string::npos);
    const rc::text_table t = rc::to_table(p);
    CHECK(t.size() == p.options.size());
    const nlohmann::json j = p;
    REQUIRE(j["options"].size() == p.options.size());
    for (std::size_t i = 0; i < p.options.size(); ++i) {
        const auto& o = j["options"][i];
        CHECK(o["feasible"].get<bool>() == p.options[i].feasible());
        if (p.options[i].feasible()) {
            const double per_hour = (p.options[i].gpu == "L4" ? 0.7 : 1.8) * static_cast<double>(p.options[i].num_gpus);
            CHECK(o["cost_per_hour_usd"].get<double>() == doctest::Approx(per_hour));
            CHECK(o["cost_per_million_tokens_usd"].get<double>() ==
                  doctest::Approx(per_hour / 3600.0 / (4.0 * 128.0) * 1e6));
        } else {
            CHECK(o["replicas"].is_null());
            CHECK(o["unmet"].is_string());
        }
    }
    CHECK(j["targets"]["tpot_p99_s"].get<double>() == 0.05);
    CHECK(j["targets"]["ttft_p99_s"].is_null());
}

TEST_CASE("request lengths from CSV") {
    const auto l = rc::parse_request_lengths("id,prompt_len,gen_len\na,100,10\nb,300,30\n", "t.csv");
    REQUIRE(l.size() == 2);
    CHECK(l[1].prompt == 300);
    CHECK(l[1].generated == 30);
    auto fails_with = [](const std::string& text, const std::string& message) {
        CAPTURE(text);
        try {
            rc::parse_request_lengths(text, "t.csv");
            FAIL("no error");
        } catch (const rc::input_error& e) {
            CHECK(std::string(e.what()) == message);
        }
    };
    fails_with("prompt_len\n1\n", "t.csv:1: no column 'gen_len' (the header must name prompt_len and gen_len)");
    fails_with("prompt_len,gen_len\n", "t.csv: no requests (a header prompt_len,gen_len and one line per request)");
    fails_with("prompt_len,gen_len\n10,0\n",
               "t.csv:2: gen_len: '0' is not a whole number of tokens between 1 and 10000000");
    fails_with("prompt_len,gen_len\n10,5\nx,5\n",
               "t.csv:3: prompt_len: 'x' is not a whole number of tokens between 1 and 10000000");
    fails_with("prompt_len,gen_len\n10\n",
               "t.csv:2: gen_len: '' is not a whole number of tokens between 1 and 10000000");
    CHECK_THROWS_AS(rc::load_request_lengths("/nonexistent/lengths.csv"), rc::input_error);
}

TEST_CASE("plan train searches and fits the layouts of the large published training runs in the data") {
    // Every training run of 32 GPUs or more in models/measurements/measured-dev.csv (llm-foundry's MPT-30B and
    // MPT-70B FSDP runs): its layout is one plan train enumerates (tp, pp, dp, ZeRO stage, recompute, micro-batch
    // and accumulation), and its footprint per GPU, taken as plan train takes it, fits the GPU it ran on.
    const rc::measurement_set data =
        rc::load_measurements(std::string(ROOFCAST_SOURCE_DIR) + "/models/measurements/measured-dev.csv");
    int runs = 0;
    for (const rc::measurement& m : data.rows) {
        if (m.mode != "train" || m.num_gpus < 32) {
            continue;
        }
        ++runs;
        CAPTURE(m.id);
        const rc::gpu_spec& g = cat().gpu(m.gpu);
        const rc::run_config c = rc::run_for(m, g);
        rc::detail::training_shape s;
        s.tp = c.tp;
        s.pp = c.pp;
        s.dp = c.num_gpus / (c.tp * c.pp);
        s.zero = c.zero;
        s.recompute = c.recompute;
        s.micro = c.batch;
        s.micro_batches = c.accumulation;
        rc::training_request r = training(m.workload, {m.gpu}, s.micro * s.micro_batches * s.dp);
        r.base = c;
        r.max_gpus = c.num_gpus;
        const std::vector<rc::detail::training_shape> shapes = rc::detail::training_shapes(r, 8);
        const bool searched = std::any_of(shapes.begin(), shapes.end(), [&](const rc::detail::training_shape& x) {
            return x.tp == s.tp && x.pp == s.pp && x.dp == s.dp && x.zero == s.zero && x.recompute == s.recompute &&
                   x.micro == s.micro && x.micro_batches == s.micro_batches;
        });
        CHECK(searched);
        const rc::memory_footprint f = rc::footprint(rc::resolve(*r.source, rc::detail::shape_run(c, s)), g);
        CHECK_MESSAGE(f.fits(), m.id, ": ", f.total().value() / 1073741824.0, " GiB of ",
                      f.capacity.value() / 1073741824.0);
    }
    CHECK(runs == 4);
}
