// Several GPUs, power, energy and cost: collectives by hand, the pipeline bubble, links, and the
// consistency of energy and cost with time.
#include <roofcast/model/predict.hpp>
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <map>
#include <string>

namespace rc = roofcast;

TEST_CASE("a ring all-reduce of 1 GB over 8 GPUs at 300 GB/s costs 2·(7/8)·1e9/300e9 s plus 2·7 latencies") {
    const rc::link_spec link{"test", "300 GB/s per GPU, fully achieved", 300e9, 1.0, 5e-6, 24, "hand-made"};
    const rc::node_layout node{8, &link, &link};
    const rc::collective ar{"ar", rc::collective::kind::all_reduce, 1e9, 8, 1.0, rc::collective::timing::critical_path};
    CHECK(rc::collective_time(ar, node).value() == doctest::Approx(2.0 * 7.0 / 8.0 * 1e9 / 300e9 + 14 * 5e-6));
    // All-gather and reduce-scatter move half as much: (n−1)/n · B / bw + (n−1)·α.
    const rc::collective ag{"ag", rc::collective::kind::all_gather, 1e9, 8, 1.0, rc::collective::timing::critical_path};
    CHECK(rc::collective_time(ag, node).value() == doctest::Approx(7.0 / 8.0 * 1e9 / 300e9 + 7 * 5e-6));
    // One GPU: nothing to exchange.
    const rc::collective one{"one", rc::collective::kind::all_reduce,     1e9, 1,
                             1.0,   rc::collective::timing::critical_path};
    CHECK(rc::collective_time(one, node).value() == 0.0);
}

TEST_CASE("a collective spanning nodes runs one ring per NIC, at the network's speed") {
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    const rc::collective ar{"ar", rc::collective::kind::all_reduce,     1e9, 16,
                            1.0,  rc::collective::timing::critical_path};
    const rc::node_layout n = rc::default_layout(g, 16);
    CHECK(std::string(n.intra->name) == "nvlink4");
    CHECK(std::string(n.inter->name) == "ib-ndr");
    // 16 GPUs over 2 nodes: 8 rings, each leaving the node over its own NDR NIC (50 GB/s at 85%), 340 GB/s in all,
    // below NVLink 4's 450 GB/s at 80% (360); 15 us per step.
    CHECK(rc::collective_time(ar, n).value() ==
          doctest::Approx(2.0 * 15.0 / 16.0 * 1e9 / (8 * 0.85 * 50e9) + 2 * 15 * 15e-6));
    // A data-parallel group of tensor-parallel 8 has one rank per node: one NIC carries its ring.
    const rc::collective dp{"dp", rc::collective::kind::all_reduce, 1e9, 2, 1.0, rc::collective::timing::overlapped, 8};
    CHECK(rc::collective_time(dp, n).value() == doctest::Approx(2.0 * 0.5 * 1e9 / (0.85 * 50e9) + 2 * 15e-6));
    // With tensor-parallel 2 the group has 4 ranks on each of 4 nodes: 4 NICs.
    const rc::collective dp4{"dp", rc::collective::kind::reduce_scatter, 1e9, 16,
                             1.0,  rc::collective::timing::overlapped,   2};
    CHECK(rc::collective_time(dp4, n).value() == doctest::Approx(15.0 / 16.0 * 1e9 / (4 * 0.85 * 50e9) + 15 * 15e-6));
    // A link the node shares (25 Gb Ethernet) gives each of its 8 GPUs an eighth: the 8 rings share 3.125 GB/s.
    const rc::node_layout eth{8, n.intra, &rc::find_link("ethernet-25g")};
    CHECK(rc::collective_time(ar, eth).value() ==
          doctest::Approx(2.0 * 15.0 / 16.0 * 1e9 / (0.7 * 3.125e9) + 2 * 15 * 50e-6));
    // All-to-all leaves through each rank's own NIC.
    const rc::collective a2a{"a2a", rc::collective::kind::all_to_all,     1e9, 16,
                             1.0,   rc::collective::timing::critical_path};
    CHECK(rc::collective_time(a2a, n).value() == doctest::Approx(15.0 / 16.0 * 1e9 / (0.85 * 50e9) + 15 * 15e-6));
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

TEST_CASE("power stays between idle and TDP, energy and cost follow from time") {
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

TEST_CASE("engines run the routed experts as one grouped GEMM per projection, eager PyTorch one GEMM per expert") {
    // Mixtral 8x7B decoding 32 sequences: 32 x top-2 = 64 routed rows over 8 experts, 8 rows each. TensorRT-LLM's MoE
    // plugin runs each projection of the 8 experts as one GEMM of 8 problems (launched once per block, 32 blocks);
    // eager PyTorch launches one GEMM per expert (8 x 32). The work is the same: 32 x 64 rows x 2 x 3 x 4096 x 14336.
    const rc::workload& w = rc::catalog().workload_named("mixtral-8x7b");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    c.precision = rc::precision::fp16;
    c.batch = 32;
    c.prompt_len = 512;
    c.gen_len = 128;
    const auto up = [&](const std::string& framework, double& flops) {
        rc::run_config k = c;
        k.framework = framework;
        rc::run_plan p = rc::resolve(w, k);
        p.passes[0].named = true;
        flops = 0.0;
        // The kernels are kept alive while the loop points into them.
        const std::vector<rc::kernel> kernels = rc::lower_transformer(p, p.passes[0]).kernels;
        const rc::kernel* found = nullptr;
        for (const rc::kernel& x : kernels) {
            if (x.cls == rc::op_class::gemm && x.name.find("expert") != std::string::npos) {
                flops += x.work.value() * x.count;
                found = x.name.find("up") != std::string::npos ? &x : found;
            }
        }
        REQUIRE(found != nullptr);
        return *found;
    };
    double grouped_flops = 0.0, looped_flops = 0.0;
    const rc::kernel grouped = up("tensorrt-llm", grouped_flops), looped = up("pytorch", looped_flops);
    CHECK(grouped.shape->m == 8);
    CHECK(grouped.shape->batch == 8);
    CHECK(grouped.count == 32.0);
    CHECK(looped.shape->m == 8);
    CHECK(looped.shape->batch == 1);
    CHECK(looped.count == 32.0 * 8);
    CHECK(grouped_flops == doctest::Approx(32.0 * 64 * 2 * 3 * 4096 * 14336));
    CHECK(looped_flops == doctest::Approx(grouped_flops));
}

TEST_CASE("expert parallelism: Mixtral 8x7B at ep 4 holds a quarter of its routed experts and exchanges tokens") {
    const rc::workload& w = rc::catalog().workload_named("mixtral-8x7b");
    // One routed expert: SwiGLU, 3 x 4096 x 14336; 8 of them in each of 32 blocks.
    const double expert = 3.0 * 4096 * 14336;
    CHECK(rc::routed_expert_parameters(as_transformer(w)) == 32 * 8 * expert);
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::prefill;
    c.precision = rc::precision::fp16;
    c.batch = 8;
    c.prompt_len = 512;
    c.ep = 4;
    const rc::run_plan p = rc::resolve(w, c);
    CHECK(p.config.num_gpus == 4);  // without --num-gpus: ep replicas
    CHECK(p.dp == 4);
    // Weights: everything but three quarters of the routed experts, 2 bytes each.
    std::map<std::string, double> items;
    for (const auto& [k, v] : rc::footprint(w, c).items) {
        items[k] = v;
    }
    CHECK(items.at("weights") == doctest::Approx((rc::parameters(w) - 0.75 * 32 * 8 * expert) * 2));
    // 4096 tokens x top-2 = 8192 routed rows per rank, pooled over 4 ranks and spread over 8 experts: each rank runs
    // its 2 experts on 4096 rows (1024 without expert parallelism), the same FLOPs: 32 x 8192 rows x 2 x expert.
    rc::run_plan named = p;
    named.passes[0].named = true;
    const auto expert_gemms = [](const rc::lowered_work& lw, long long& rows) {
        double f = 0.0;
        for (const rc::kernel& k : lw.kernels) {
            if (k.cls == rc::op_class::gemm && k.name.find("expert") != std::string::npos) {
                f += k.work.value() * k.count;
                rows = k.shape->m;
            }
        }
        return f;
    };
    const rc::lowered_work lw = rc::lower_transformer(named, named.passes[0]);
    long long rows = 0;
    CHECK(expert_gemms(lw, rows) == doctest::Approx(32 * 8192 * 2 * expert));
    CHECK(rows == 4096);
    rc::run_config one = c;
    one.ep = 1;
    rc::run_plan single = rc::resolve(w, one);
    single.passes[0].named = true;
    long long rows_single = 0;
    CHECK(expert_gemms(rc::lower_transformer(single, single.passes[0]), rows_single) ==
          doctest::Approx(32 * 8192 * 2 * expert));
    CHECK(rows_single == 1024);
    // Dispatch and combine: each rank sends its 8192 routed rows of 4096 fp16 values all-to-all, twice per block.
    const rc::collective* a2a = nullptr;
    for (const rc::collective& col : lw.collectives) {
        a2a = col.op == rc::collective::kind::all_to_all ? &col : a2a;
    }
    REQUIRE(a2a != nullptr);
    CHECK(a2a->bytes == 8192.0 * 4096 * 2);
    CHECK(a2a->group == 4);
    CHECK(a2a->count == 32 * 2.0);
    // Pairwise exchange: (n−1)/n of the bytes at the link's bandwidth, plus (n−1) latencies.
    const rc::link_spec link{"test", "300 GB/s per GPU, fully achieved", 300e9, 1.0, 5e-6, 24, "hand-made"};
    const rc::node_layout node{8, &link, &link};
    CHECK(rc::collective_time(*a2a, node).value() ==
          doctest::Approx(64 * (0.75 * 8192.0 * 4096 * 2 / 300e9 + 3 * 5e-6)));
    // What expert parallelism cannot do is an error naming why.
    rc::run_config bad = c;
    bad.ep = 3;
    CHECK_THROWS_WITH_AS(rc::resolve(w, bad), doctest::Contains("does not divide the 8 routed experts"),
                         rc::input_error);
    CHECK_THROWS_WITH_AS(rc::resolve(rc::catalog().workload_named("llama2-7b"), c),
                         doctest::Contains("needs a mixture-of-experts model"), rc::input_error);
    bad.ep = 4;
    bad.num_gpus = 6;
    CHECK_THROWS_WITH_AS(rc::resolve(w, bad), doctest::Contains("does not divide the data-parallel degree"),
                         rc::input_error);
}

TEST_CASE("nodes are resolved before the run is checked, with the GPU's own node size (issue 32)") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::amp_bf16;
    c.batch = 8;
    c.recompute = rc::recompute::full;
    // --nodes 4 --pp 4: 4 nodes of 8 H100s are 32 GPUs, 8 pipelines of 4 stages (was refused: "tp x pp = 4 does not
    // divide num-gpus = 1").
    c.nodes = 4;
    c.pp = 4;
    CHECK(rc::predict(w, rc::catalog().gpu("H100-SXM5-80GB"), c).config.num_gpus == 32);
    // GH200 nodes hold 4 superchips: --nodes 2 is 8 GPUs (was 16).
    c.pp = 1;
    c.nodes = 2;
    const rc::prediction gh = rc::predict(w, rc::catalog().gpu("GH200"), c);
    CHECK(gh.config.num_gpus == 8);
    CHECK(gh.config.gpus_per_node == 4);
    c.zero = 3;  // 16 bytes per parameter over the 8 GPUs (over 16 they would hold half as much)
    CHECK(rc::footprint(w, rc::catalog().gpu("GH200"), c).items[0].second ==
          doctest::Approx(rc::parameters(w) * 2.0 / 8));
    // A stated node size wins, and a num-gpus that contradicts the nodes is still an error.
    c.gpus_per_node = 2;
    CHECK(rc::predict(w, rc::catalog().gpu("GH200"), c).config.num_gpus == 4);
    c.num_gpus = 6;
    CHECK_THROWS_AS(rc::predict(w, rc::catalog().gpu("GH200"), c), rc::input_error);
}
