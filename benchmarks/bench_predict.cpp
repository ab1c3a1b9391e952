// Speed of the library's main calls (issue 9): one prediction, max-batch, validation and a large sweep.
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/sweep.hpp>
#include <roofcast/roofcast.hpp>

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

/// ResNet-50, one mixed-precision training step of batch 256 on an A100.
void bm_predict_resnet50_train(benchmark::State& state) {
    const rc::model_catalog& c = rc::catalog();
    const rc::workload& w = c.workload_named("resnet50");
    const rc::gpu_spec& g = c.gpu("A100-SXM4-40GB");
    rc::run_config cfg;
    cfg.mode = rc::mode::train;
    cfg.precision = rc::precision::amp_fp16;
    cfg.batch = 256;
    for (auto _ : state) {
        benchmark::DoNotOptimize(rc::predict(w, g, cfg));
    }
}
BENCHMARK(bm_predict_resnet50_train);

/// BERT-Large, one mixed-precision training step of 32 × 512 tokens on an A100.
void bm_predict_bert_large_train(benchmark::State& state) {
    const rc::model_catalog& c = rc::catalog();
    const rc::workload& w = c.workload_named("bert-large");
    const rc::gpu_spec& g = c.gpu("A100-SXM4-40GB");
    rc::run_config cfg;
    cfg.mode = rc::mode::train;
    cfg.precision = rc::precision::amp_fp16;
    cfg.batch = 32;
    cfg.seq_len = 512;
    for (auto _ : state) {
        benchmark::DoNotOptimize(rc::predict(w, g, cfg));
    }
}
BENCHMARK(bm_predict_bert_large_train);

/// LLaMA-2-70B, one FP16 decode step of batch 1 on eight H100s with tensor parallelism 8.
void bm_predict_llama2_70b_decode_tp8(benchmark::State& state) {
    const rc::model_catalog& c = rc::catalog();
    const rc::workload& w = c.workload_named("llama2-70b");
    const rc::gpu_spec& g = c.gpu("H100-SXM5-80GB");
    rc::run_config cfg;
    cfg.mode = rc::mode::infer;
    cfg.phase = rc::phase::decode;
    cfg.precision = rc::precision::fp16;
    cfg.num_gpus = 8;
    cfg.tp = 8;
    for (auto _ : state) {
        benchmark::DoNotOptimize(rc::predict(w, g, cfg));
    }
}
BENCHMARK(bm_predict_llama2_70b_decode_tp8);

/// The largest LLaMA-2-7B FP16 inference batch (prompt 512, 128 generated) on an A100-40GB.
void bm_max_batch_llama2_7b(benchmark::State& state) {
    const rc::model_catalog& c = rc::catalog();
    const rc::workload& w = c.workload_named("llama2-7b");
    const rc::gpu_spec& g = c.gpu("A100-SXM4-40GB");
    rc::run_config cfg;
    cfg.mode = rc::mode::infer;
    cfg.precision = rc::precision::fp16;
    cfg.prompt_len = 512;
    cfg.gen_len = 128;
    for (auto _ : state) {
        benchmark::DoNotOptimize(rc::max_batch(w, g, cfg));
    }
}
BENCHMARK(bm_max_batch_llama2_7b);

/// Every row of models/measurements/measured-dev.csv predicted and summarized.
void bm_validate_measured_dev(benchmark::State& state) {
    const rc::measurement_set data =
        rc::load_measurements(std::string(ROOFCAST_SOURCE_DIR) + "/models/measurements/measured-dev.csv");
    const rc::cost_params& p = rc::default_params();
    for (auto _ : state) {
        benchmark::DoNotOptimize(rc::validate(data, rc::catalog(), p));
    }
    state.SetItemsProcessed(state.iterations() * static_cast<long long>(data.rows.size()));
}
BENCHMARK(bm_validate_measured_dev)->Unit(benchmark::kMillisecond);

/// 10^5 configurations on one thread: 25 catalog GPUs × {resnet50, bert-large} × {amp-fp16, fp32} × batch 1..1000.
void bm_sweep_1e5(benchmark::State& state) {
    const rc::model_catalog& c = rc::catalog();
    std::vector<const rc::gpu_spec*> gpus;
    for (const rc::gpu_spec& g : c.gpus()) {
        gpus.push_back(&g);
    }
    std::vector<rc::sweep_point> points;
    for (const char* name : {"resnet50", "bert-large"}) {
        for (rc::precision p : {rc::precision::amp_fp16, rc::precision::fp32}) {
            for (long long b = 1; b <= 1000; ++b) {
                rc::run_config cfg;
                cfg.mode = rc::mode::train;
                cfg.precision = p;
                cfg.batch = b;
                points.push_back({&c.workload_named(name), cfg});
            }
        }
    }
    const auto configs = static_cast<long long>(points.size() * gpus.size());  // 4000 x 25 = 10^5
    for (auto _ : state) {
        benchmark::DoNotOptimize(rc::sweep(points, gpus));
    }
    state.SetItemsProcessed(state.iterations() * configs);
}
BENCHMARK(bm_sweep_1e5)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
