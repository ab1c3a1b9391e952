// Calibration and validation statistics: recovering known parameters from synthetic measurements,
// the ridge prior, quantiles, and skip reasons.
#include <roofcast/calibrate/fit.hpp>
#include <roofcast/io/params_toml.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <sstream>

namespace rc = roofcast;

namespace {

// A measurement CSV of fp16 GEMM latencies on H100-SXM5-80GB, produced by the model itself with `truth`.
std::string synthetic_gemm_csv(const rc::cost_params& truth) {
    std::ostringstream csv;
    csv << "id,gpu,num_gpus,workload,mode,phase,precision,params,metric,value\n";
    int id = 0;
    for (long long m : {512LL, 1024LL, 2048LL, 4096LL, 8192LL}) {
        for (long long n : {4096LL, 11008LL, 12288LL, 22016LL}) {
            rc::measurement row;
            row.gpu = "H100-SXM5-80GB";
            row.workload = "gemm";
            row.mode = "micro";
            row.phase = "op";
            row.precision = "fp16";
            row.params = {{"framework", "cublas"}, {"m", std::to_string(m)}, {"n", std::to_string(n)}, {"k", "4096"}};
            row.metric = "latency_s";
            const double v = rc::predict_measurement(row, rc::catalog(), truth);
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
    CHECK(r.overall.predicted == 1);
    CHECK(r.rows[0].predicted.has_value());
    CHECK(r.rows[1].skip_reason.find("unknown GPU 'H100-SXM5-80GBB'; closest: H100-SXM5-80GB") == 0);
    CHECK(r.rows[2].skip_reason.find("has no tensor_core fp8 math") != std::string::npos);
    CHECK(r.rows[3].skip_reason.find("malformed row: column 'num_gpus'") == 0);
    CHECK(r.rows[3].line == 5);
    CHECK(r.rows[4].skip_reason.find("unknown framework 'pytorh'") == 0);
}

TEST_CASE("parameters round-trip through TOML") {
    rc::cost_params p = rc::prior_params();
    p.family[static_cast<std::size_t>(rc::architecture::ada)].memory_efficiency = 0.8125;
    p.profile[static_cast<std::size_t>(rc::profile_index("llama.cpp"))].host_overhead_us = 7.5;
    p.origin = "test";
    std::vector<std::string> warnings;
    const rc::cost_params q = rc::parse_params_toml(rc::to_toml(p), "p.toml", &warnings);
    CHECK(warnings.empty());
    CHECK(q.family[static_cast<std::size_t>(rc::architecture::ada)].memory_efficiency == 0.8125);
    CHECK(q.profile[static_cast<std::size_t>(rc::profile_index("llama.cpp"))].host_overhead_us == 7.5);
    CHECK(q.origin == "test");
    CHECK_THROWS_WITH_AS(
        rc::parse_params_toml("[architecture.ada]\nmemory_efficiency = 1.5\n", "p.toml"),
        doctest::Contains("p.toml:2: key 'architecture.ada.memory_efficiency' must be between 0 and 1"),
        rc::input_error);
    warnings.clear();
    (void)rc::parse_params_toml("[architecture.ada]\nmemory_efficency = 0.5\n", "p.toml", &warnings);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == "p.toml:2: unknown key 'architecture.ada.memory_efficency' (ignored)");
}
