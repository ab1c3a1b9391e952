// Sweeps and lowered runs: lowering once and costing on many GPUs gives exactly what predict gives for each
// pair, errors stay with their pair, and the thread count does not change a single bit.
#include <roofcast/model/lower_workload.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/sweep.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

std::vector<const rc::gpu_spec*> gpus_named(const std::vector<std::string>& names) {
    std::vector<const rc::gpu_spec*> out;
    for (const std::string& n : names) {
        out.push_back(&rc::catalog().gpu(n));
    }
    return out;
}

rc::run_config train(rc::precision p, long long batch) {
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = p;
    c.batch = batch;
    return c;
}

}  // namespace

TEST_CASE("a lowered run costed on several GPUs equals predict on each") {
    const rc::workload& w = rc::catalog().workload_named("bert-large");
    rc::run_config c = train(rc::precision::amp_fp16, 16);
    c.seq_len = 384;
    const rc::lowered_run lowered = rc::lower_run(w, c);
    for (const char* g : {"A100-SXM4-40GB", "L40", "V100-SXM2-16GB", "H100-SXM5-80GB"}) {
        const rc::prediction a = rc::predict(lowered, rc::catalog().gpu(g));
        const rc::prediction b = rc::predict(w, rc::catalog().gpu(g), c);
        CHECK(a.gpu == g);
        CHECK(a.time.value() == b.time.value());
        CHECK(a.memory.total().value() == b.memory.total().value());
        CHECK(a.memory.capacity.value() == rc::catalog().gpu(g).usable_memory.value());
        CHECK(a.energy.value() == b.energy.value());
    }
}

TEST_CASE("serving is lowered per GPU: the batch is the largest that fits each one") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::serve;
    c.precision = rc::precision::fp16;
    c.prompt_len = 512;
    c.gen_len = 128;
    const rc::lowered_run lowered = rc::lower_run(w, c);
    CHECK(lowered.plan.batch_per_gpu);
    const rc::gpu_spec& a40 = rc::catalog().gpu("A40");
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-80GB");
    const rc::prediction p40 = rc::predict(lowered, a40), p100 = rc::predict(lowered, a100);
    CHECK(p40.batch == rc::largest_fitting_batch(w, a40, c, c.max_serve_batch));
    CHECK(p100.batch == rc::largest_fitting_batch(w, a100, c, c.max_serve_batch));
    CHECK(p100.batch > p40.batch);  // 80 GB holds more KV cache than 48 GB
}

TEST_CASE("CNN layers of the same shape fold into one kernel without changing work, traffic or time") {
    const rc::run_config c = train(rc::precision::amp_fp16, 64);
    const rc::run_plan plan = rc::resolve(rc::catalog().workload_named("resnet50"), c);
    const rc::lowered_work named = rc::lower_cnn(plan, 64, rc::kernel_names::per_layer);
    const rc::lowered_work folded = rc::lower_cnn(plan, 64, rc::kernel_names::folded);
    // ResNet-50: 16 bottleneck blocks of 8 distinct shapes, so folding removes many kernels.
    CHECK(folded.kernels.size() < named.kernels.size() * 2 / 3);
    auto sums = [](const rc::lowered_work& w, std::size_t begin, std::size_t end) {
        double work = 0.0, bytes = 0.0, launches = 0.0;
        for (std::size_t i = begin; i < end; ++i) {
            work += w.kernels[i].work.value() * w.kernels[i].count;
            bytes += rc::traffic(w.kernels[i]).value() * w.kernels[i].count;
            launches += w.kernels[i].launches * w.kernels[i].count;
        }
        return std::array<double, 3>{work, bytes, launches};
    };
    // Forward, backward and optimizer segments each keep their totals.
    const auto f0 = sums(named, 0, named.backward_begin), f1 = sums(folded, 0, folded.backward_begin);
    const auto b0 = sums(named, named.backward_begin, named.optimizer_begin);
    const auto b1 = sums(folded, folded.backward_begin, folded.optimizer_begin);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(f1[i] == doctest::Approx(f0[i]).epsilon(1e-12));
        CHECK(b1[i] == doctest::Approx(b0[i]).epsilon(1e-12));
    }
    CHECK(named.kernels.size() - named.optimizer_begin == folded.kernels.size() - folded.optimizer_begin);
    // And the costed time is the same on a GPU (up to rounding of the summation order).
    const rc::cost_context ctx =
        rc::make_cost_context(rc::catalog().gpu("A100-SXM4-40GB"), rc::find_profile(c.framework), rc::default_params());
    double t0 = 0.0, t1 = 0.0;
    for (const rc::kernel& k : named.kernels) {
        t0 += rc::cost(k, ctx).time.value();
    }
    for (const rc::kernel& k : folded.kernels) {
        t1 += rc::cost(k, ctx).time.value();
    }
    CHECK(t1 == doctest::Approx(t0).epsilon(1e-12));
}

TEST_CASE("a sweep is point-major, equals predict pair by pair and keeps errors with their pair") {
    const rc::model_catalog& cat = rc::catalog();
    const std::vector<const rc::gpu_spec*> gpus = gpus_named({"V100-SXM2-16GB", "A100-SXM4-40GB", "H100-SXM5-80GB"});
    std::vector<rc::sweep_point> points;
    points.push_back({&cat.workload_named("resnet50"), train(rc::precision::amp_fp16, 32)});
    points.push_back({&cat.workload_named("resnet50"), train(rc::precision::fp8, 32)});  // no FP8 on V100 or A100
    rc::run_config bad = train(rc::precision::amp_fp16, 8);
    bad.tp = 3;  // does not divide num_gpus = 1
    points.push_back({&cat.workload_named("bert-large"), bad});
    const std::vector<rc::sweep_result> r = rc::sweep(points, gpus);
    REQUIRE(r.size() == 9);
    for (std::size_t j = 0; j < 3; ++j) {
        REQUIRE(r[j].result);
        CHECK(r[j].result->gpu == gpus[j]->name);
        CHECK(r[j].result->time.value() == rc::predict(*points[0].source, *gpus[j], points[0].config).time.value());
    }
    CHECK_FALSE(r[3].result);
    CHECK(r[3].error.find("V100-SXM2-16GB") != std::string::npos);
    CHECK_FALSE(r[4].result);
    REQUIRE(r[5].result);  // H100 has FP8 tensor cores
    CHECK(r[5].result->time.value() == rc::predict(*points[1].source, *gpus[2], points[1].config).time.value());
    for (std::size_t j = 6; j < 9; ++j) {
        CHECK_FALSE(r[j].result);
        CHECK(r[j].error.find("tp") != std::string::npos);
    }
}

TEST_CASE("a sweep gives the same bits on one thread and on four, and counts its progress") {
    const rc::model_catalog& cat = rc::catalog();
    std::vector<const rc::gpu_spec*> gpus;
    for (const rc::gpu_spec& g : cat.gpus()) {
        gpus.push_back(&g);
    }
    std::vector<rc::sweep_point> points;
    for (long long b = 1; b <= 40; b += 3) {
        points.push_back({&cat.workload_named("mobilenet-v2"), train(rc::precision::amp_fp16, b)});
        points.push_back({&cat.workload_named("gpt2"), train(rc::precision::bf16, b)});
    }
    std::atomic<std::size_t> done{0};
    rc::sweep_options four;
    four.threads = 4;
    four.progress = &done;
    const std::vector<rc::sweep_result> a = rc::sweep(points, gpus);
    const std::vector<rc::sweep_result> b = rc::sweep(points, gpus, rc::default_params(), four);
    REQUIRE(a.size() == points.size() * gpus.size());
    REQUIRE(b.size() == a.size());
    CHECK(done.load() == a.size());
    std::size_t predicted = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        REQUIRE(a[i].result.has_value() == b[i].result.has_value());
        CHECK(a[i].error == b[i].error);
        if (a[i].result) {
            ++predicted;
            CHECK(a[i].result->time.value() == b[i].result->time.value());
            CHECK(a[i].result->memory.total().value() == b[i].result->memory.total().value());
        }
    }
    CHECK(predicted > a.size() / 2);
}

TEST_CASE("a sweep with no threads is an input error") {
    rc::sweep_options none;
    none.threads = 0;
    CHECK_THROWS_AS(rc::sweep({}, {}, rc::default_params(), none), rc::input_error);
}
