// Several GPUs, power, energy and cost: collectives by hand, the pipeline bubble, links, and the
// consistency of energy and cost with time.
#include <roofcast/model/predict.hpp>
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

namespace rc = roofcast;

TEST_CASE("a ring all-reduce of 1 GB over 8 GPUs at 300 GB/s costs 2·(7/8)·1e9/300e9 s plus 2·7 latencies") {
    const rc::link_spec link{"test", "300 GB/s per GPU, fully achieved", 300e9, 1.0, 5e-6, "hand-made"};
    const rc::node_layout node{8, &link, &link};
    const rc::collective ar{"ar", rc::collective::kind::all_reduce, 1e9, 8, 1.0, false};
    CHECK(rc::collective_time(ar, node).value() == doctest::Approx(2.0 * 7.0 / 8.0 * 1e9 / 300e9 + 14 * 5e-6));
    // All-gather and reduce-scatter move half as much: (n−1)/n · B / bw + (n−1)·α.
    const rc::collective ag{"ag", rc::collective::kind::all_gather, 1e9, 8, 1.0, false};
    CHECK(rc::collective_time(ag, node).value() == doctest::Approx(7.0 / 8.0 * 1e9 / 300e9 + 7 * 5e-6));
    // One GPU: nothing to exchange.
    const rc::collective one{"one", rc::collective::kind::all_reduce, 1e9, 1, 1.0, false};
    CHECK(rc::collective_time(one, node).value() == 0.0);
}

TEST_CASE("a collective spanning nodes runs at the network's speed") {
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    const rc::collective ar{"ar", rc::collective::kind::all_reduce, 1e9, 16, 1.0, false};
    const rc::node_layout n = rc::default_layout(g, 16);
    CHECK(std::string(n.intra->name) == "nvlink4");
    CHECK(std::string(n.inter->name) == "ib-ndr");
    // 16 GPUs over 2 nodes: InfiniBand NDR, 50 GB/s per GPU at 85%, 15 us per step.
    CHECK(rc::collective_time(ar, n).value() ==
          doctest::Approx(2.0 * 15.0 / 16.0 * 1e9 / (0.85 * 50e9) + 2 * 15 * 15e-6));
    // PCIe cards: PCIe of their generation; a bridged pair uses the NVLink bridge.
    CHECK(std::string(rc::default_layout(rc::catalog().gpu("L40"), 4).intra->name) == "pcie4");
    CHECK(std::string(rc::default_layout(rc::catalog().gpu("A40"), 2).intra->name) == "nvlink3-bridge");
    CHECK(std::string(rc::default_layout(rc::catalog().gpu("A40"), 4).intra->name) == "pcie4");
    CHECK_THROWS_AS(rc::find_link("infiniband-hdr"), rc::unknown_name_error);
}

TEST_CASE("the pipeline bubble is (p−1)/(m+p−1)") {
    CHECK(rc::pipeline_bubble_fraction(1, 8) == 0.0);
    CHECK(rc::pipeline_bubble_fraction(4, 16) == doctest::Approx(3.0 / 19.0));
    CHECK(rc::pipeline_bubble_fraction(8, 8) == doctest::Approx(7.0 / 15.0));
}

TEST_CASE("power stays between idle and TDP; energy and cost follow from time") {
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::amp_fp16;
    c.batch = 32;
    c.seq_len = 384;
    c.price_per_hour = 1.10;
    c.dataset_size = 88000;  // SQuAD v1.1 training set, about 88k examples
    for (const char* gpu : {"A100-SXM4-40GB", "L40", "T4", "H100-SXM5-80GB"}) {
        CAPTURE(gpu);
        const rc::gpu_spec& g = rc::catalog().gpu(gpu);
        const rc::prediction p = rc::predict(rc::catalog().workload_named("bert-large"), g, c);
        CHECK(p.avg_power.value() <= g.tdp.value());
        CHECK(p.avg_power.value() >= rc::idle_power_fraction * g.tdp.value());
        CHECK(p.energy.value() == doctest::Approx(p.avg_power.value() * p.time.value()));
        CHECK(*p.cost_usd == doctest::Approx(1.10 * p.time.value() / 3600.0));
        const double steps = 88000.0 / 32.0;
        CHECK(p.epoch_time->value() == doctest::Approx(steps * p.time.value()));
        CHECK(*p.epoch_cost_usd == doctest::Approx(steps * *p.cost_usd));
        CHECK(p.energy_per_million_tokens->value() == doctest::Approx(p.energy.value() * 1e6 / (32.0 * 384)));
    }
    // A compute-bound run draws more than a host-bound one on the same GPU.
    rc::run_config tiny = c;
    tiny.mode = rc::mode::infer;
    tiny.batch = 1;
    tiny.seq_len = 16;
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-40GB");
    CHECK(rc::predict(rc::catalog().workload_named("bert-large"), a100, tiny).avg_power <
          rc::predict(rc::catalog().workload_named("bert-large"), a100, c).avg_power);
}

TEST_CASE("compare ranks by time, energy or cost per unit of work") {
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::amp_fp16;
    c.batch = 32;
    c.seq_len = 384;
    const rc::model_catalog& cat = rc::catalog();
    const rc::comparison cmp =
        rc::compare(cat.workload_named("bert-large"), {std::cref(cat.gpu("A100-SXM4-40GB")), std::cref(cat.gpu("L40"))},
                    c, rc::default_params(), {1.10, 0.90});
    REQUIRE(cmp.results[0]);
    REQUIRE(cmp.results[1]);
    const auto by_time = rc::ranks(cmp, rc::objective::time);
    const bool a100_faster = cmp.results[0]->time < cmp.results[1]->time;
    CHECK(by_time[0] == (a100_faster ? 1 : 2));
    const auto by_cost = rc::ranks(cmp, rc::objective::cost);
    const bool a100_cheaper = *cmp.results[0]->cost_usd < *cmp.results[1]->cost_usd;
    CHECK(by_cost[0] == (a100_cheaper ? 1 : 2));
    CHECK(*cmp.results[0]->cost_usd == doctest::Approx(1.10 * cmp.results[0]->time.value() / 3600));
    CHECK_THROWS_AS(
        rc::compare(cat.workload_named("bert-large"), {std::cref(cat.gpu("L40"))}, c, rc::default_params(), {1.0, 2.0}),
        rc::input_error);
}
