// Accuracy against the published measurements (models/measurements/measured-dev.csv) with the shipped
// parameters: the targets the kernel model, the workloads and the multi-GPU model must meet.
#include <roofcast/calibrate/validation.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <string>

namespace rc = roofcast;

namespace {

const rc::measurement_set& data() {
    static const rc::measurement_set d =
        rc::load_measurements(std::string(ROOFCAST_SOURCE_DIR) + "/models/measurements/measured-dev.csv");
    return d;
}

const rc::validation_report& report() {
    static const rc::validation_report r = rc::validate(data(), rc::catalog(), rc::default_params());
    return r;
}

rc::error_summary subset(const std::function<bool(const rc::measurement&)>& keep) {
    std::map<std::string, bool> wanted;
    for (const rc::measurement& m : data().rows) {
        wanted[m.id] = keep(m);
    }
    std::vector<const rc::row_prediction*> rows;
    for (const rc::row_prediction& p : report().rows) {
        if (wanted[p.id]) {
            rows.push_back(&p);
        }
    }
    return rc::summarize(rows);
}

}  // namespace

TEST_CASE("GEMM and bandwidth microbenchmarks: every row, median APE <= 10%, p90 <= 35%") {
    // p90 was 25% while each family's GEMM efficiency could rise above anything measured on it. Bounded by the
    // family's best kernel row (issue 14), the GEMMs measured faster than that on a better-cooled or newer part
    // (GH200 BF16 at 0.84 of its peak against the H100s' 0.79, B200 FP8) are now predicted slow, by 21-30%.
    const rc::error_summary s = subset([](const rc::measurement& m) { return m.mode == "micro"; });
    CHECK(s.rows == 19);
    CHECK(s.predicted == s.rows);
    CHECK(s.median_ape <= 0.10);
    CHECK(s.p90_ape <= 0.35);
}

TEST_CASE("workloads: >= 90% of the non-micro rows predicted, median APE <= 15%, p90 <= 45%") {
    // p90 was 40% with multipliers that let frameworks run GEMMs at twice cuBLAS's rate; with the hardware fitted
    // on kernel rows and the software bounded (issue 14) the in-sample tail is 43% (docs/accuracy.md).
    const rc::error_summary s = subset([](const rc::measurement& m) { return m.mode != "micro"; });
    CHECK(s.rows == 509);
    CHECK(static_cast<double>(s.predicted) >= 0.9 * static_cast<double>(s.rows));
    CHECK(s.median_ape <= 0.15);
    CHECK(s.p90_ape <= 0.45);
}

TEST_CASE("several GPUs: >= 90% of the multi-GPU rows predicted, median APE <= 20%") {
    const rc::error_summary s = subset([](const rc::measurement& m) { return m.num_gpus > 1; });
    CHECK(s.rows == 161);
    CHECK(static_cast<double>(s.predicted) >= 0.9 * static_cast<double>(s.rows));
    CHECK(s.median_ape <= 0.20);
}

TEST_CASE("every multi-GPU training row the fit never sees is predicted, from at least 9 sources") {
    const rc::measurement_set d =
        rc::load_measurements(std::string(ROOFCAST_SOURCE_DIR) + "/models/measurements/train-multigpu.csv");
    const rc::validation_report r = rc::validate(d, rc::catalog(), rc::default_params());
    std::map<std::string, int> sources;
    std::size_t suspect = 0;
    for (const rc::measurement& m : d.rows) {
        CHECK(m.num_gpus >= 8);
        CHECK(m.mode == "train");
        ++sources[m.source.substr(0, m.source.find('@'))];
        suspect += m.suspect() ? 1U : 0U;
    }
    CHECK(sources.size() >= 9);
    CHECK(d.rows.size() >= 100);
    // Each row is predicted (a SUSPECT row is kept for the record and not scored): none is skipped for a key, a
    // workload or a link the model does not know.
    CHECK(r.overall.predicted + suspect == d.rows.size());
}
