// Calibration and validation statistics: recovering known parameters from synthetic measurements,
// the ridge prior, quantiles, and skip reasons.
#include <roofcast/calibrate/cross_validate.hpp>
#include <roofcast/calibrate/fit.hpp>
#include <roofcast/calibrate/ranged.hpp>
#include <roofcast/io/params_toml.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/report/calibration_report.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

// An fp16 cuBLAS GEMM latency row on H100-SXM5-80GB (C[m,n] = A[m,k] B[k,n]), its value not yet set.
rc::measurement h100_gemm_row(long long m, long long n, long long k) {
    rc::measurement row;
    row.gpu = "H100-SXM5-80GB";
    row.workload = "gemm";
    row.mode = "micro";
    row.phase = "op";
    row.precision = "fp16";
    row.params = {
        {"framework", "cublas"}, {"m", std::to_string(m)}, {"n", std::to_string(n)}, {"k", std::to_string(k)}};
    row.metric = "latency_s";
    return row;
}

// A measurement CSV of fp16 GEMM latencies on H100-SXM5-80GB, produced by the model itself with `truth`.
std::string synthetic_gemm_csv(const rc::cost_params& truth) {
    std::ostringstream csv;
    csv << "id,gpu,num_gpus,workload,mode,phase,precision,params,metric,value\n";
    int id = 0;
    for (long long m : {512LL, 1024LL, 2048LL, 4096LL, 8192LL}) {
        for (long long n : {4096LL, 11008LL, 12288LL, 22016LL}) {
            const double v = rc::predict_measurement(h100_gemm_row(m, n, 4096), rc::catalog(), truth);
            csv << "s" << ++id << ",H100-SXM5-80GB,1,gemm,micro,op,fp16,framework=cublas;m=" << m << ";n=" << n
                << ";k=4096,latency_s," << v << "\n";
        }
    }
    return csv.str();
}

}  // namespace

TEST_CASE("calibration recovers a known efficiency from synthetic measurements") {
    rc::cost_params truth = rc::prior_params();
    truth.family[static_cast<std::size_t>(rc::architecture::hopper)]
        .gemm_efficiency[static_cast<std::size_t>(rc::dtype::fp16)] = 0.65;
    const rc::measurement_set data = rc::parse_measurements(synthetic_gemm_csv(truth), "synthetic.csv");
    REQUIRE(data.rows.size() == 20);
    const rc::calibration_result res = rc::calibrate(data, rc::catalog());
    CHECK(res.rows_used == 20);
    const double fitted = res.params.family[static_cast<std::size_t>(rc::architecture::hopper)]
                              .gemm_efficiency[static_cast<std::size_t>(rc::dtype::fp16)];
    // Prior 0.8, truth 0.65: 20 exact rows outweigh the ridge prior (sigma 1 in logit space).
    CHECK(fitted == doctest::Approx(0.65).epsilon(0.02));
    CHECK(res.rms_log_after < 0.02);
    CHECK(res.rms_log_after < res.rms_log_before);
    // Families without data keep their priors exactly.
    CHECK(res.params.family[static_cast<std::size_t>(rc::architecture::volta)].gemm_efficiency ==
          rc::prior_params().family[static_cast<std::size_t>(rc::architecture::volta)].gemm_efficiency);
}

TEST_CASE("a parameter that only one row depends on is not fitted") {
    rc::cost_params truth = rc::prior_params();
    const rc::measurement_set all = rc::parse_measurements(synthetic_gemm_csv(truth), "synthetic.csv");
    rc::measurement_set one = all;
    one.rows.resize(1);
    const rc::calibration_result res = rc::calibrate(one, rc::catalog());
    CHECK(res.fitted.empty());
}

TEST_CASE("quantiles interpolate linearly") {
    CHECK(rc::quantile({1, 2, 3, 4}, 0.5) == doctest::Approx(2.5));
    CHECK(rc::quantile({0, 10}, 0.9) == doctest::Approx(9.0));
    CHECK(rc::quantile({5}, 0.9) == 5.0);
    CHECK(rc::quantile({}, 0.5) == 0.0);
}

TEST_CASE("validate skips what it cannot predict, with the reason, and goes on") {
    const std::string csv =
        "id,gpu,num_gpus,workload,mode,phase,precision,params,metric,value\n"
        "a1,H100-SXM5-80GB,1,gemm,micro,op,fp16,framework=cublas;m=1024;n=1024;k=1024,latency_s,0.00001\n"
        "a2,H100-SXM5-80GBB,1,gemm,micro,op,fp16,framework=cublas;m=1024;n=1024;k=1024,latency_s,0.00001\n"
        "a3,A100-SXM4-40GB,1,gemm,micro,op,fp8,framework=cublas;m=1024;n=1024;k=1024,tflops,100\n"
        "a4,A100-SXM4-40GB,two,gemm,micro,op,fp16,framework=cublas,tflops,100\n"
        "a5,A100-SXM4-40GB,1,gemm,micro,op,fp16,framework=pytorh;m=1;n=1;k=1,tflops,100\n";
    const rc::validation_report r =
        rc::validate(rc::parse_measurements(csv, "t.csv"), rc::catalog(), rc::default_params());
    REQUIRE(r.rows.size() == 5);
    CHECK(r.overall.rows == 5);
    CHECK(r.overall.predicted == 2);
    CHECK(r.rows[0].predicted.has_value());
    CHECK(r.rows[1].skip_reason.find("unknown GPU 'H100-SXM5-80GBB'; closest: H100-SXM5-80GB") == 0);
    CHECK(r.rows[2].skip_reason.find("has no tensor_core fp8 math") != std::string::npos);
    CHECK(r.rows[3].skip_reason.find("malformed row: column 'num_gpus'") == 0);
    CHECK(r.rows[3].line == 5);
    // A library kernel row runs the library (cuBLAS here) whatever its framework= key names (sources write
    // cudnn-frontend, sglang, ...), so a misspelt framework there does not stop it being predicted.
    CHECK(r.rows[4].predicted.has_value());
}

TEST_CASE("validate reads every key of a workload row, or skips the row naming the key it does not read (issue 32)") {
    const std::string csv =
        "id,gpu,num_gpus,workload,mode,phase,batch,seq_len,precision,params,metric,value\n"
        "b1,A100-SXM4-80GB,8,llama2-7b,train,step,2,4096,amp-bf16,framework=pytorch;zero=3;dp=8;task=x,tokens_per_s,1\n"
        "b2,A100-SXM4-80GB,8,llama2-7b,train,step,2,4096,amp-bf16,framework=pytorch;zero=3;activation_offload=1,"
        "tokens_per_s,1\n"
        "b3,A100-SXM4-80GB,8,llama2-7b,train,step,2,4096,amp-bf16,framework=pytorch;zero=3;cp=2,tokens_per_s,1\n"
        "b4,A100-SXM4-80GB,8,llama2-7b,train,step,2,4096,amp-bf16,framework=pytorch;zero=3;dp=4,tokens_per_s,1\n"
        "b5,A100-SXM4-80GB,8,llama2-7b,train,step,2,4096,amp-bf16,framework=pytorch;zero=3;interconnect=400gb,"
        "tokens_per_s,1\n";
    const rc::validation_report r =
        rc::validate(rc::parse_measurements(csv, "t.csv"), rc::catalog(), rc::default_params());
    REQUIRE(r.rows.size() == 5);
    CHECK(r.rows[0].predicted.has_value());  // dp 8 x tp 1 x pp 1 = 8 GPUs; task is descriptive
    CHECK(r.rows[1].skip_reason.find("params key 'activation_offload=1' is not read by the model") == 0);
    CHECK(r.rows[2].skip_reason.find("context parallelism is not in the time model") != std::string::npos);
    CHECK(r.rows[3].skip_reason.find("dp=4 x tp x pp = 4 is not num_gpus 8") != std::string::npos);
    CHECK(r.rows[4].skip_reason.find("unknown interconnect '400gb'") == 0);
}

TEST_CASE("rows of frameworks without a profile are costed as the software they run, and shape keys are checked") {
    const std::string head = "id,gpu,num_gpus,workload,mode,phase,batch,seq_len,precision,params,metric,value\n";
    const std::string row = "H100-SXM5-80GB,16,llama2-7b,train,step,2,4096,amp-bf16,";
    const std::string csv =
        head + "n1," + row + "framework=nanotron;tp=2;dp=8;interconnect=efa-p5,tokens_per_s,1\n" + "n2," + row +
        "framework=megatron;tp=2;dp=8;interconnect=efa-p5,tokens_per_s,1\n" + "n3," + row +
        "framework=jax;maxtext=1;zero=3;remat=minimal_flash;layers=32,tokens_per_s,1\n" + "n4," + row +
        "framework=tensorflow-xla;zero=3;recompute=selective,tokens_per_s,1\n" + "n5," + row +
        "framework=colossalai;zero=2,tokens_per_s,1\n" + "n6," + row + "framework=hf-pytorch;zero=2,tokens_per_s,1\n" +
        "n7," + row + "framework=pytorch;layers=40,tokens_per_s,1\n" + "n8," + row +
        "framework=pytorch;vocab=32256;kv_heads=32;activation=swiglu,tokens_per_s,1\n" + "n9," + row +
        "framework=nanotron;tp=2;dp=8;interconnect=efa-p5;attention_impl=flash-attn-2," + "tokens_per_s,1\n";
    const rc::validation_report r =
        rc::validate(rc::parse_measurements(csv, "t.csv"), rc::catalog(), rc::default_params());
    REQUIRE(r.rows.size() == 9);
    for (const std::size_t i : {0U, 1U, 2U, 3U, 4U, 5U, 7U}) {
        REQUIRE(r.rows[i].predicted.has_value());
    }
    // nanotron runs as megatron, JAX (MaxText's minimal_flash policy) as XLA with selective recompute, Colossal-AI as
    // Hugging Face's models: each predicts exactly what the named profile does.
    CHECK(*r.rows[0].predicted == *r.rows[1].predicted);
    CHECK(*r.rows[2].predicted == *r.rows[3].predicted);
    CHECK(*r.rows[4].predicted == *r.rows[5].predicted);
    // Llama-2-7B has 32 layers, not 40: a wrong shape is an input error; its vocabulary of 32000 within 2% is not.
    CHECK(r.rows[6].skip_reason.find("layers=40 but llama2-7b has 32") != std::string::npos);
    // FlashAttention-2, named by the row, runs the Ampere MMA path on the H100: the same run, slower.
    REQUIRE(r.rows[8].predicted.has_value());
    CHECK(*r.rows[8].predicted < *r.rows[0].predicted);
}

TEST_CASE("validate runs what a row states: torch.compile, TF32 off, XLA and channels_last=amp-only as documented") {
    const std::string csv =
        "id,gpu,num_gpus,workload,mode,phase,batch,image_size,precision,params,metric,value\n"
        "c1,A100-SXM4-80GB,1,resnet50,train,step,256,224,tf32,framework=tensorflow;xla=1,samples_per_s,1\n"
        "c2,A100-SXM4-80GB,1,resnet50,train,step,256,224,tf32,framework=pytorch;compile=1,samples_per_s,1\n"
        "c3,A100-SXM4-80GB,1,resnet50,train,step,256,224,tf32,framework=pytorch;channels_last=amp-only,samples_per_s,"
        "1\n"
        "c4,A100-SXM4-80GB,1,resnet50,train,step,256,224,amp-fp16,framework=pytorch;channels_last=amp-only,"
        "samples_per_s,1\n"
        "c5,A100-SXM4-80GB,1,resnet50,train,step,256,224,fp32,framework=pytorch;tf32=off,samples_per_s,1\n";
    const rc::measurement_set d = rc::parse_measurements(csv, "t.csv");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    CHECK(rc::run_for(d.rows[0], g).framework == "tensorflow");  // XLA's fusion is not modelled (docs/accuracy.md)
    CHECK(rc::run_for(d.rows[1], g).framework == "pytorch-compiled");
    CHECK(rc::run_for(d.rows[2], g).channels_last);  // costed channels-last (approximated_keys, docs/accuracy.md)
    CHECK(rc::run_for(d.rows[3], g).channels_last);
    CHECK_FALSE(rc::run_for(d.rows[4], g).allow_tf32);
}

TEST_CASE("a row marked SUSPECT is neither scored nor fitted") {
    rc::cost_params truth = rc::prior_params();
    truth.family[static_cast<std::size_t>(rc::architecture::hopper)]
        .gemm_efficiency[static_cast<std::size_t>(rc::dtype::fp16)] = 0.65;
    rc::measurement_set data = rc::parse_measurements(synthetic_gemm_csv(truth), "synthetic.csv");
    // A wild value (100x the truth), marked by the curator: the fit must not move towards it.
    data.rows[0].value *= 100.0;
    data.rows[0].notes = "SUSPECT: 100x its neighbours";
    const rc::calibration_result res = rc::calibrate(data, rc::catalog());
    CHECK(res.rows_used == 19);
    CHECK(res.params.family[static_cast<std::size_t>(rc::architecture::hopper)]
              .gemm_efficiency[static_cast<std::size_t>(rc::dtype::fp16)] == doctest::Approx(0.65).epsilon(0.02));
    const rc::validation_report r = rc::validate(data, rc::catalog(), res.params);
    CHECK(r.overall.rows == 20);
    CHECK(r.overall.predicted == 19);
    CHECK(r.rows[0].suspect);
    CHECK_FALSE(r.rows[0].predicted.has_value());
    CHECK(r.rows[0].skip_reason.find("SUSPECT") != std::string::npos);
    CHECK_FALSE(r.rows[1].suspect);
}

TEST_CASE("parameters round-trip through TOML") {
    rc::cost_params p = rc::prior_params();
    p.family[static_cast<std::size_t>(rc::architecture::ada)].memory_efficiency = 0.8125;
    p.profile[static_cast<std::size_t>(rc::profile_index("llama.cpp"))].host_overhead_us = 7.5;
    p.origin = "test";
    std::vector<std::string> warnings;
    const rc::cost_params q = rc::parse_params_toml(rc::to_toml(p), "p.toml", rc::collect_into(warnings));
    CHECK(warnings.empty());
    CHECK(q.family[static_cast<std::size_t>(rc::architecture::ada)].memory_efficiency == 0.8125);
    CHECK(q.profile[static_cast<std::size_t>(rc::profile_index("llama.cpp"))].host_overhead_us == 7.5);
    CHECK(q.origin == "test");
    CHECK_THROWS_WITH_AS(
        rc::parse_params_toml("[architecture.ada]\nmemory_efficiency = 1.5\n", "p.toml"),
        doctest::Contains("p.toml:2: key 'architecture.ada.memory_efficiency' must be between 0.6 and 1, got 1.5"),
        rc::input_error);
    warnings.clear();
    (void)rc::parse_params_toml("[architecture.ada]\nmemory_efficency = 0.5\n", "p.toml", rc::collect_into(warnings));
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == "p.toml:2: unknown key 'architecture.ada.memory_efficency' (ignored)");
}

namespace {

/// Synthetic fp16 GEMM rows on `gpu` from `source`, produced by the model with `truth`.
void add_gemm_rows(rc::measurement_set& data, const std::string& gpu, const std::string& source,
                   const rc::cost_params& truth) {
    for (long long m : {1024LL, 2048LL, 4096LL, 8192LL}) {
        for (long long n : {4096LL, 12288LL}) {
            rc::measurement row;
            row.id = gpu + "-" + std::to_string(m) + "-" + std::to_string(n);
            row.file = "synthetic.csv";
            row.line = static_cast<int>(data.rows.size()) + 2;  // after the header line
            row.source = source;
            row.gpu = gpu;
            row.workload = "gemm";
            row.mode = "micro";
            row.phase = "op";
            row.precision = "fp16";
            row.params = {{"framework", "cublas"}, {"m", std::to_string(m)}, {"n", std::to_string(n)}, {"k", "4096"}};
            row.metric = "latency_s";
            row.value = rc::predict_measurement(row, rc::catalog(), truth);
            data.rows.push_back(row);
        }
    }
}

}  // namespace

TEST_CASE("cross-validation predicts each group with the calibration that never saw it") {
    rc::cost_params truth = rc::prior_params();
    const auto fp16 = static_cast<std::size_t>(rc::dtype::fp16);
    truth.family[static_cast<std::size_t>(rc::architecture::hopper)].gemm_efficiency[fp16] = 0.6;
    truth.family[static_cast<std::size_t>(rc::architecture::ampere_ga100)].gemm_efficiency[fp16] = 0.6;
    rc::measurement_set data;
    data.file = "synthetic.csv";
    add_gemm_rows(data, "H100-SXM5-80GB", "suite-a@v1: table 1", truth);
    add_gemm_rows(data, "A100-SXM4-80GB", "suite-b: figure 2", truth);

    rc::cv_options one;
    const rc::cross_validation by_gpu = rc::cross_validate(data, rc::catalog(), rc::cv_split::gpu, one);
    REQUIRE(by_gpu.folds.size() == 2);
    CHECK(by_gpu.folds[0].group == "A100-SXM4-80GB");
    CHECK(by_gpu.folds[1].group == "H100-SXM5-80GB");
    REQUIRE(by_gpu.held_out.rows.size() == data.rows.size());
    // Left out, the H100's family has no rows: its parameters stay at the priors, so each held-out prediction is
    // exactly the prior's, not the truth the in-sample fit recovers.
    for (const rc::row_prediction& r : by_gpu.held_out.rows) {
        const rc::measurement& m =
            *std::find_if(data.rows.begin(), data.rows.end(), [&](const rc::measurement& x) { return x.id == r.id; });
        REQUIRE(r.predicted);
        CHECK(*r.predicted == doctest::Approx(rc::predict_measurement(m, rc::catalog(), rc::prior_params())));
    }
    // Sources are grouped by project (before '@' or ':'), and the result does not depend on the threads.
    rc::cv_options two;
    two.threads = 2;
    const rc::cross_validation by_source = rc::cross_validate(data, rc::catalog(), rc::cv_split::source, two);
    REQUIRE(by_source.folds.size() == 2);
    CHECK(by_source.folds[0].group == "suite-a");
    CHECK(by_source.folds[1].group == "suite-b");
    const rc::cross_validation again = rc::cross_validate(data, rc::catalog(), rc::cv_split::source, one);
    REQUIRE(again.held_out.rows.size() == by_source.held_out.rows.size());
    for (std::size_t i = 0; i < again.held_out.rows.size(); ++i) {
        CHECK(again.held_out.rows[i].predicted == by_source.held_out.rows[i].predicted);
    }
    // The held-out table (calibrate --held-out): one line per row and split, naming the group left out; the first
    // A100 row, in the gpu split, was predicted at the priors, its APE |p − m| / m.
    const rc::text_table held = rc::held_out_table({by_gpu, by_source}, data);
    REQUIRE(held.rows().size() == 2 * data.rows.size());
    const rc::measurement& a100 = data.rows[8];  // A100 rows follow the 8 H100 rows
    const auto line = std::find_if(held.rows().begin(), held.rows().end(),
                                   [&](const std::vector<std::string>& r) { return r[0] == "gpu" && r[4] == a100.id; });
    REQUIRE(line != held.rows().end());
    const std::vector<std::string>& first = *line;
    CHECK(first[1] == "A100-SXM4-80GB");
    CHECK(first[2] == "synthetic.csv");
    CHECK(first[3] == "10");
    CHECK(first[8] == "kernel");
    const double prior = rc::predict_measurement(a100, rc::catalog(), rc::prior_params());
    CHECK(std::stod(first[9]) == doctest::Approx(a100.value).epsilon(1e-5));
    CHECK(std::stod(first[10]) == doctest::Approx(prior).epsilon(1e-5));
    CHECK(std::stod(first[11]) == doctest::Approx(std::abs(prior - a100.value) / a100.value).epsilon(1e-4));
    CHECK(std::count_if(held.rows().begin(), held.rows().end(), [](const std::vector<std::string>& r) {
              return r[0] == "source" && r[1] == "suite-a" && r[5] == "H100-SXM5-80GB";
          }) == 8);
    CHECK(held.to_csv().rfind("split,group,file,line,id,gpu,workload,metric,kind,measured,predicted,ape,skipped\n",
                              0) == 0);
    one.threads = 0;
    CHECK_THROWS_AS((void)rc::cross_validate(data, rc::catalog(), rc::cv_split::gpu, one), rc::input_error);
}

TEST_CASE("kernel rows: frameworks' pointwise kernels carry the framework, convolutions are reported, not fitted") {
    rc::measurement add;
    add.id = "p1";
    add.gpu = "A100-SXM4-80GB";
    add.workload = "pointwise";
    add.mode = "micro";
    add.phase = "op";
    add.precision = "fp32";
    add.params = {{"framework", "pytorch"}, {"op", "add"}, {"rows", "65536"}, {"cols", "4096"}, {"pass", "fwd"}};
    add.metric = "latency_s";
    // An fp32 add of 2^28 elements moves 3 · 4 · 2^28 bytes (two reads, one write): bandwidth-bound, so halving
    // PyTorch's bandwidth multiplier nearly doubles the time.
    rc::cost_params p = rc::prior_params();
    const auto pytorch = static_cast<std::size_t>(rc::profile_index("pytorch"));
    p.profile[pytorch].memory_multiplier = 0.9;
    const double base = rc::predict_measurement(add, rc::catalog(), p);
    p.profile[pytorch].memory_multiplier = 0.45;
    CHECK(rc::predict_measurement(add, rc::catalog(), p) / base == doctest::Approx(2.0).epsilon(0.02));
    const double bytes = 3.0 * 4.0 * 65536.0 * 4096.0;
    CHECK(base > bytes / rc::memory_bandwidth(rc::catalog().gpu("A100-SXM4-80GB")).value());

    rc::measurement conv = add;
    conv.id = "c1";
    conv.workload = "conv2d";
    conv.params = {{"framework", "pytorch"},
                   {"n", "32"},
                   {"c", "64"},
                   {"h", "56"},
                   {"w", "56"},
                   {"k", "64"},
                   {"r", "3"},
                   {"s", "3"},
                   {"stride", "1"},
                   {"pad", "1"}};
    CHECK(rc::predict_measurement(conv, rc::catalog(), p) > 0.0);
    rc::measurement_set data;
    data.rows = {conv, conv};
    data.rows[1].id = "c2";
    for (rc::measurement& m : data.rows) {
        m.value = 1e-3;
    }
    CHECK(rc::calibrate(data, rc::catalog()).rows_used == 0);
}

TEST_CASE("error bands round-trip through the parameter TOML") {
    rc::cost_params p = rc::prior_params();
    p.error_bands["decoder-train"] = {0.75, 1.25};
    p.error_bands["cnn-infer"] = {0.5, 1.0};
    const rc::cost_params q = rc::parse_params_toml(rc::to_toml(p), "p.toml");
    CHECK(q.error_bands == p.error_bands);
}

TEST_CASE("the achieved DRAM bandwidth is fitted on the STREAM rows alone") {
    // STREAM rows measured at 0.8 of the peak bandwidth, and memory-bound GEMMs measured as if the bandwidth were
    // 0.65 of it (they run slower than the tile model says, for a reason that is not DRAM): memory_efficiency must
    // take the STREAM figure, and neither the GEMMs' shortfall nor a STREAM row that does not saturate the DRAM may
    // drag it down.
    const auto hopper = static_cast<std::size_t>(rc::architecture::hopper);
    rc::cost_params stream_truth = rc::prior_params(), gemm_truth = rc::prior_params();
    stream_truth.family[hopper].memory_efficiency = 0.8;
    gemm_truth.family[hopper].memory_efficiency = 0.65;
    rc::measurement_set data;
    int id = 0;
    for (const char* kernel : {"init", "read", "scale", "triad"}) {
        rc::measurement row;
        row.id = "b" + std::to_string(++id);
        row.gpu = "H100-SXM5-80GB";
        row.workload = "stream";
        row.mode = "micro";
        row.phase = "op";
        row.params = {{"framework", "cuda"}, {"kernel", kernel}, {"dtype", "fp64"}};
        row.metric = "bandwidth_gbs";
        row.value = rc::predict_measurement(row, rc::catalog(), stream_truth);
        data.rows.push_back(row);
    }
    {
        // A read still rising with occupancy at 100 % (saturated=no), at 0.5 of the peak: scored, never fitted.
        rc::cost_params starved = rc::prior_params();
        starved.family[hopper].memory_efficiency = 0.5;
        rc::measurement row = data.rows[1];
        row.id = "b" + std::to_string(++id);
        row.params.emplace_back("saturated", "no");
        row.value = rc::predict_measurement(row, rc::catalog(), starved);
        data.rows.push_back(row);
    }
    for (long long m : {1LL << 20, 1LL << 21, 1LL << 22}) {
        for (long long n : {32LL, 64LL}) {
            rc::measurement row = h100_gemm_row(m, n, 64);
            row.id = "g" + std::to_string(++id);
            row.value = rc::predict_measurement(row, rc::catalog(), gemm_truth);
            // Memory-bound: the time scales with 1 / memory_efficiency.
            REQUIRE(row.value / rc::predict_measurement(row, rc::catalog(), stream_truth) ==
                    doctest::Approx(0.8 / 0.65).epsilon(0.03));
            data.rows.push_back(row);
        }
    }
    const rc::calibration_result res = rc::calibrate(data, rc::catalog());
    CHECK(res.bandwidth.rows == 4);
    CHECK(res.hardware.rows == 10);
    CHECK(res.params.family[hopper].memory_efficiency == doctest::Approx(0.8).epsilon(0.01));
}

TEST_CASE("BF16 and FP8 runs of the same setup pair up, and their speedups are compared by hand") {
    const std::string csv =
        "id,source,gpu,num_gpus,workload,mode,phase,batch,seq_len,precision,params,metric,value\n"
        "p1,s@1,H100-SXM5-80GB,8,llama2-7b,train,step,2,4096,amp-bf16,framework=megatron;tp=1,tokens_per_s,100000\n"
        "p2,s@1,H100-SXM5-80GB,8,llama2-7b,train,step,2,4096,fp8,framework=megatron;tp=1,tokens_per_s,140000\n"
        "p3,s@1,H100-SXM5-80GB,8,llama2-7b,train,step,4,4096,fp8,framework=megatron;tp=1,tokens_per_s,150000\n"
        "p4,s@1,H100-SXM5-80GB,8,llama2-7b,train,step,2,4096,amp-bf16,framework=megatron;tp=1,step_time_s,2.0\n"
        "p5,s@1,H100-SXM5-80GB,8,llama2-7b,train,step,2,4096,fp8,framework=megatron;tp=1,step_time_s,1.6\n";
    const rc::measurement_set d = rc::parse_measurements(csv, "t.csv");
    const rc::validation_report r = rc::validate(d, rc::catalog(), rc::default_params());
    const std::vector<rc::precision_pair> pairs = rc::fp8_pairs(r, d);
    // p3 has another batch: no partner. The throughput pair and the step-time pair (speed = 1 / time).
    REQUIRE(pairs.size() == 2);
    std::map<std::string, rc::precision_pair> by_bf16;
    for (const rc::precision_pair& p : pairs) {
        by_bf16[p.bf16] = p;
    }
    CHECK(by_bf16.at("p1").fp8 == "p2");
    CHECK(by_bf16.at("p1").measured == doctest::Approx(1.4));
    CHECK(by_bf16.at("p4").measured == doctest::Approx(2.0 / 1.6));
    // The predicted speedup is the same run's either way the metric is stated.
    CHECK(by_bf16.at("p4").predicted == doctest::Approx(by_bf16.at("p1").predicted));
    CHECK(by_bf16.at("p1").predicted > 1.0);
}

TEST_CASE("the allocator cache is the median over sources of each source's median reserved over allocated") {
    // Megatron: source A's runs at 1.10 and 1.20 (median 0.15 over), source B's at 1.05 (0.05): its own two
    // sources give 0.10. Hugging Face code: one source at 1.30, too few of its own, so the median over every
    // PyTorch-allocator source's median, {0.15, 0.05, 0.30}: 0.15. TensorRT-LLM is not on PyTorch's allocator.
    const std::string csv =
        "id,source,gpu,num_gpus,workload,mode,phase,precision,params,metric,value,notes\n"
        "h1,a/a#1: log,A100-SXM4-80GB,8,llama2-7b,train,step,bf16,framework=megatron,reserved_to_allocated,1.10,\n"
        "h2,a/a#1: log,A100-SXM4-80GB,8,llama2-7b,train,step,bf16,framework=megatron,reserved_to_allocated,1.20,\n"
        "h3,b/b#2: log,H100-SXM5-80GB,8,llama2-7b,train,step,bf16,framework=megatron,reserved_to_allocated,1.05,\n"
        "h4,c/c#3: log,H100-SXM5-80GB,1,llama2-7b,train,step,bf16,framework=hf-pytorch,reserved_to_allocated,1.30,\n"
        "h5,d/d#4: log,H100-SXM5-80GB,1,llama2-7b,train,step,bf16,framework=pytorch,reserved_to_allocated,9.0,"
        "SUSPECT\n";
    const rc::measurement_set data = rc::parse_measurements(csv, "h.csv");
    rc::cost_params p = rc::prior_params();
    const std::vector<rc::allocator_fit> fits = rc::fit_allocator_cache(data, p);
    auto headroom = [&p](const char* profile) {
        return p.profile[static_cast<std::size_t>(rc::profile_index(profile))].allocator_cache;
    };
    CHECK(headroom("megatron") == doctest::Approx(0.10));
    CHECK(headroom("hf-pytorch") == doctest::Approx(0.15));
    CHECK(headroom("pytorch") == doctest::Approx(0.15));  // the suspect row is not a measurement
    CHECK(headroom("tensorrt-llm") == doctest::Approx(0.02));
    REQUIRE(fits.size() == 6);
    const auto megatron = std::find_if(fits.begin(), fits.end(), [](const auto& f) { return f.profile == "megatron"; });
    REQUIRE(megatron != fits.end());
    CHECK(megatron->own);
    CHECK(megatron->sources == 2);
    CHECK(megatron->rows == 3);
    // Leaving source a out, Megatron has one source: it takes the median of {0.05, 0.30}, 0.175.
    rc::cost_params q = rc::prior_params();
    rc::fit_allocator_cache(data, q, "a/a#1");
    CHECK(q.profile[static_cast<std::size_t>(rc::profile_index("megatron"))].allocator_cache == doctest::Approx(0.175));
    // Held out, row h1 is predicted with that: 1.175, and h4 with the median of {0.15, 0.05}: 1.10.
    const rc::validation_report held = rc::allocator_held_out(data, rc::catalog(), p);
    REQUIRE(held.rows.size() == 5);
    REQUIRE(held.rows[0].predicted.has_value());
    CHECK(*held.rows[0].predicted == doctest::Approx(1.175));
    REQUIRE(held.rows[3].predicted.has_value());
    CHECK(*held.rows[3].predicted == doctest::Approx(1.10));
    // What a run reserves is what it allocates times 1 + its framework's cache (1.10 for Megatron here), while that is
    // below the GPU's memory less the context; beyond, the allocator releases its cache: the GPU's memory less it.
    const std::string runs =
        "id,gpu,num_gpus,workload,mode,phase,batch,seq_len,precision,params,metric,value\n"
        "r1,A100-SXM4-80GB,1,gpt2-xl,train,step,4,1024,amp-bf16,framework=megatron,peak_memory_gib,1\n"
        "r2,A100-SXM4-80GB,1,gpt2-xl,train,step,4,1024,amp-bf16,framework=megatron,reserved_memory_gib,1\n"
        "r3,T4,1,gpt2-xl,train,step,4,1024,amp-fp16,framework=megatron,peak_memory_gib,1\n"
        "r4,T4,1,gpt2-xl,train,step,4,1024,amp-fp16,framework=megatron,reserved_memory_gib,1\n";
    const rc::measurement_set run = rc::parse_measurements(runs, "r.csv");
    const double allocated = rc::predict_measurement(run.rows[0], rc::catalog(), p);
    CHECK(rc::predict_measurement(run.rows[1], rc::catalog(), p) == doctest::Approx(1.10 * allocated));
    const double t4_allocated = rc::predict_measurement(run.rows[2], rc::catalog(), p);
    const double t4_room = rc::catalog().gpu("T4").usable_memory.value() / 1073741824.0 - 1.0;  // less 1 GiB of context
    REQUIRE(1.10 * t4_allocated > t4_room);
    CHECK(rc::predict_measurement(run.rows[3], rc::catalog(), p) == doctest::Approx(t4_room));
}

TEST_CASE("the shipped calibration's likely ranges come from held-out rows, in the library as in the CLI") {
    // ResNet-50 training on one GPU from the shipped measurements: whole-network rows of several sources.
    const rc::measurement_set all =
        rc::load_measurements(std::string(ROOFCAST_SOURCE_DIR) + "/models/measurements/measured-dev.csv");
    rc::measurement_set data;
    data.file = all.file;
    for (const rc::measurement& m : all.rows) {
        if (m.workload == "resnet50" && m.mode == "train" && m.num_gpus == 1 && !m.suspect()) {
            data.rows.push_back(m);
        }
    }
    REQUIRE(data.rows.size() >= 20);
    const rc::model_catalog& cat = rc::catalog();
    // Without cross-validations or scored rows the ranges are the in-sample ones, as calibrate() sets them.
    const rc::ranged_calibration in_sample = rc::calibrate_with_ranges(data, cat);
    const rc::calibration_result plain = rc::calibrate(data, cat);
    REQUIRE(in_sample.result.params.error_bands.count("cnn-train") == 1);
    CHECK(in_sample.result.params.error_bands == plain.params.error_bands);
    CHECK(in_sample.cvs.empty());
    // Leaving sources out, they are the held-out residuals' 10th and 90th percentiles, not the in-sample ones.
    rc::ranged_calibration_options o;
    o.splits = {rc::cv_split::source};
    const rc::ranged_calibration held = rc::calibrate_with_ranges(data, cat, o);
    REQUIRE(held.cvs.size() == 1);
    CHECK(held.cvs[0].split == rc::cv_split::source);
    const auto from_held_out = rc::bands_of(rc::time_residuals(held.cvs[0].held_out, data, cat));
    CHECK(held.result.params.error_bands == from_held_out);
    CHECK(held.result.params.error_bands != in_sample.result.params.error_bands);
    // The fit itself does not depend on how its ranges were made.
    CHECK(held.result.rms_log_after == in_sample.result.rms_log_after);
}
