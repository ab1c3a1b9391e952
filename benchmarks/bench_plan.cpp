// Speed of capacity planning (issue 15): a training-plan search of more than 10^5 layouts on one thread.
#include <roofcast/roofcast.hpp>

#include <benchmark/benchmark.h>

namespace rc = roofcast;

namespace {

/// LLaMA-2-70B, amp-bf16, sequences of 4096, global batch 2048, up to 4096 GPUs of 8 types: 122,742 layouts
/// (GPU type x tp x pp x dp x ZeRO x recompute x micro-batch), each footprint taken, those that fit costed.
void bm_plan_training_1e5(benchmark::State& state) {
    const rc::model_catalog& c = rc::catalog();
    rc::training_request r;
    r.source = &c.workload_named("llama2-70b");
    r.base.precision = rc::precision::amp_bf16;
    r.base.seq_len = 4096;
    r.global_batch = 2048;
    r.tokens = 2e12;
    r.max_gpus = 4096;
    for (const char* g : {"A100-SXM4-40GB", "A100-SXM4-80GB", "A100-PCIe-80GB", "H100-PCIe-80GB", "H100-SXM5-80GB",
                          "H200-SXM-141GB", "B200", "GH200"}) {
        r.gpus.push_back(c.gpu(g));
    }
    std::size_t layouts = 0;
    for (auto _ : state) {
        const rc::training_plan p = rc::plan_training(r);
        layouts = p.layouts;
        benchmark::DoNotOptimize(p.options.data());
    }
    state.counters["layouts"] = static_cast<double>(layouts);
    state.SetItemsProcessed(state.iterations() * static_cast<long long>(layouts));
}
BENCHMARK(bm_plan_training_1e5)->Unit(benchmark::kMillisecond);

/// The serving acceptance plan: LLaMA-3-70B in FP8 at 20 requests/s on H100, H200 and L40S, every tp of a node.
void bm_plan_serving_llama3_70b(benchmark::State& state) {
    const rc::model_catalog& c = rc::catalog();
    rc::serving_request r;
    r.source = &c.workload_named("llama3-70b");
    r.base.precision = rc::precision::fp8;
    r.rate = 20.0;
    r.lengths = {{2048, 256}};
    r.targets.ttft_p99 = 2.0 * rc::units::second;
    r.targets.tpot_p99 = 0.05 * rc::units::second;
    for (const char* g : {"H100-SXM5-80GB", "H200-SXM-141GB", "L40S"}) {
        r.gpus.push_back(c.gpu(g));
    }
    for (auto _ : state) {
        benchmark::DoNotOptimize(rc::plan_serving(r).options.data());
    }
}
BENCHMARK(bm_plan_serving_llama3_70b)->Unit(benchmark::kMillisecond);

}  // namespace
