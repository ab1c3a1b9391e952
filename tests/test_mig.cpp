// MIG (Multi-Instance GPU) slices as smaller GPUs: the profile table against NVIDIA's MIG User Guide
// ("Supported MIG Profiles" and "Concepts" pages, docs.nvidia.com/datacenter/tesla/mig-user-guide/) and
// `nvidia-smi mig -lgip` device queries, and the derived gpu_spec of a slice.
#include <roofcast/hardware/mig.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

constexpr double gib = 1073741824.0;
constexpr double mib = 1048576.0;

double peak_value(const rc::gpu_spec& g, rc::dtype d) {
    const auto p = rc::peak(g, d);
    REQUIRE(p.has_value());
    return p->value();
}

}  // namespace

TEST_CASE("MIG: A100-SXM4-40GB 1g.5gb is 1/7 of the compute and 1/8 of the memory and L2") {
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-40GB");
    const rc::gpu_spec s = rc::mig_slice(a100, "1g.5gb");
    const rc::mig_profile& p = rc::find_mig_profile(a100, "1g.5gb");
    CHECK(s.name == "A100-SXM4-40GB:1g.5gb");
    // Guide, Supported MIG Profiles, A100 table: fraction of SMs 1/7 of the 98 SMs in MIG mode;
    // nvidia-smi mig -lgip: 14 SMs.
    CHECK(s.sm_count == 14);
    CHECK(p.compute_slices == 1);
    CHECK(p.compute_slices_total == 7);
    // Guide, A100 table: fraction of memory 1/8, L2 cache 1/8, 7 instances available.
    CHECK(p.memory_slices == 1);
    CHECK(p.memory_slices_total == 8);
    CHECK(p.l2_fraction == 1.0 / 8);
    CHECK(p.max_instances == 7);
    CHECK(s.marketed_memory.value() == doctest::Approx(40e9 / 8));
    CHECK(s.l2_cache.value() == doctest::Approx(40 * mib / 8));
    CHECK(s.bus_width_bits == 5120 / 8);
    // nvidia-smi mig -lgip: 4.75 GiB (4864 MiB) usable.
    CHECK(s.usable_memory.value() == doctest::Approx(4864 * mib));
    // Guide, Concepts: a memory slice is 1/8 of the memory controllers, capacity and bandwidth:
    // 1555.2 GB/s / 8 = 194.4 GB/s.
    CHECK(rc::memory_bandwidth(s).value() == doctest::Approx(5120 / 8.0 * 2.43e9 / 8));
    CHECK(rc::memory_bandwidth(s).value() == doctest::Approx(rc::memory_bandwidth(a100).value() / 8));
    // Same clocks and per-SM units: the slice's FP16 tensor peak is 14/108 of the full GPU's.
    CHECK(peak_value(s, rc::dtype::fp16) == doctest::Approx(peak_value(a100, rc::dtype::fp16) * 14 / 108));
    CHECK(peak_value(s, rc::dtype::fp16) == doctest::Approx(14 * 4 * 256 * 2 * 1.41e9));
    // Power model: the slice's share of board power, 400 W x 1/7.
    CHECK(s.tdp.value() == doctest::Approx(400.0 / 7));
    // No NVLink peer-to-peer between MIG instances; whole-GPU datasheet claims and aliases dropped.
    CHECK_FALSE(s.nvlink_generation.has_value());
    CHECK_FALSE(s.nvlink_bandwidth.has_value());
    CHECK_FALSE(s.datasheet.fp16.has_value());
    CHECK_FALSE(s.datasheet.memory_bandwidth.has_value());
    CHECK(s.aliases.empty());
    CHECK(s.origin == "MIG slice of A100-SXM4-40GB (NVIDIA MIG User Guide)");
    CHECK(s.notes.find("1g.5gb") != std::string::npos);
    CHECK(s.sources.back().key == "MIG");
    CHECK_NOTHROW(rc::validate(s));
}

TEST_CASE("MIG: A100-SXM4-40GB 7g.40gb has 98 SMs, not 108, and all the memory") {
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-40GB");
    const rc::gpu_spec s = rc::mig_slice(a100, "7g.40gb");
    // Guide, Concepts: an SM slice is 1/7 of the SMs available in MIG mode; -lgip: 7g.40gb has 98 SMs.
    CHECK(s.sm_count == 98);
    // Guide, A100 table: fraction of memory Full, L2 Full, copy engines 7, 1 instance.
    CHECK(s.bus_width_bits == 5120);
    CHECK(rc::memory_bandwidth(s).value() == doctest::Approx(rc::memory_bandwidth(a100).value()));
    CHECK(s.l2_cache.value() == doctest::Approx(40 * mib));
    CHECK(s.tdp.value() == doctest::Approx(400));
    // -lgip (newer drivers): 39.50 GiB.
    CHECK(s.usable_memory.value() == doctest::Approx(39.5 * gib));
    CHECK(peak_value(s, rc::dtype::fp16) == doctest::Approx(peak_value(a100, rc::dtype::fp16) * 98 / 108));
}

TEST_CASE("MIG: A100 profile lists and the two-memory-slice 1g profiles") {
    const rc::gpu_spec& sxm40 = rc::catalog().gpu("A100-SXM4-40GB");
    const rc::gpu_spec& pcie40 = rc::catalog().gpu("A100-PCIe-40GB");
    const rc::gpu_spec& sxm80 = rc::catalog().gpu("A100-SXM4-80GB");
    // Guide, A100 table (A100-SXM4-40GB) and its note on the A100-SXM4-80GB names.
    const std::vector<std::string> names40{"1g.5gb",  "1g.5gb+me", "1g.10gb", "2g.10gb",
                                           "3g.20gb", "4g.20gb",   "7g.40gb"};
    const std::vector<std::string> names80{"1g.10gb", "1g.10gb+me", "1g.20gb", "2g.20gb",
                                           "3g.40gb", "4g.40gb",    "7g.80gb"};
    CHECK(rc::mig_profile_names(sxm40) == names40);
    CHECK(rc::mig_profile_names(pcie40) == names40);
    CHECK(rc::mig_profile_names(sxm80) == names80);
    CHECK(rc::mig_profile_names(rc::catalog().gpu("A100-PCIe-80GB")) == names80);

    // 1g.10gb on A100 40GB: one compute slice (14 SMs, -lgip) over two memory slices (guide, Getting
    // Started: -lgipp placement size 2; -lgip 9.75 GiB like 2g.10gb); 4 instances (guide table).
    const rc::gpu_spec s = rc::mig_slice(sxm40, "1g.10gb");
    CHECK(s.sm_count == 14);
    CHECK(s.bus_width_bits == 5120 * 2 / 8);
    CHECK(s.usable_memory.value() == doctest::Approx(9.75 * gib));
    CHECK(s.l2_cache.value() == doctest::Approx(40 * mib * 2 / 8));
    CHECK(rc::find_mig_profile(sxm40, "1g.10gb").max_instances == 4);
    // A100 80GB 1g.10gb: 14 SMs, 9.50 GiB (-lgip); 1/8 of 2039 GB/s.
    const rc::gpu_spec s80 = rc::mig_slice(sxm80, "1g.10gb");
    CHECK(s80.sm_count == 14);
    CHECK(s80.usable_memory.value() == doctest::Approx(9.5 * gib));
    CHECK(rc::memory_bandwidth(s80).value() == doctest::Approx(rc::memory_bandwidth(sxm80).value() / 8));
    CHECK(rc::mig_slice(sxm80, "7g.80gb").sm_count == 98);
}

TEST_CASE("MIG: A30 1g.6gb is a quarter of the GPU") {
    const rc::gpu_spec& a30 = rc::catalog().gpu("A30");
    const rc::gpu_spec s = rc::mig_slice(a30, "1g.6gb");
    const rc::mig_profile& p = rc::find_mig_profile(a30, "1g.6gb");
    // Guide, A30 table: fraction of memory 1/4, SMs 1/4, L2 1/4, 4 instances; -lgip: 14 SMs, 5.81 GiB.
    CHECK(s.sm_count == 14);
    CHECK(p.compute_slices_total == 4);
    CHECK(p.memory_slices_total == 4);
    CHECK(p.max_instances == 4);
    CHECK(s.marketed_memory.value() == doctest::Approx(24e9 / 4));
    CHECK(s.bus_width_bits == 3072 / 4);
    CHECK(s.l2_cache.value() == doctest::Approx(24 * mib / 4));
    CHECK(s.usable_memory.value() == doctest::Approx(5.81 * gib));
    CHECK(s.tdp.value() == doctest::Approx(165.0 / 4));
    CHECK(rc::memory_bandwidth(s).value() == doctest::Approx(rc::memory_bandwidth(a30).value() / 4));
    // Guide, A30 table: 1g.6gb, 1g.6gb+me, 2g.12gb, 2g.12gb+me, 4g.24gb; 4g.24gb has 56 SMs (-lgip).
    CHECK(rc::mig_profile_names(a30) ==
          std::vector<std::string>{"1g.6gb", "1g.6gb+me", "2g.12gb", "2g.12gb+me", "4g.24gb"});
    CHECK(rc::mig_slice(a30, "4g.24gb").sm_count == 56);
}

TEST_CASE("MIG: H100, H200 and GH200 profiles") {
    const rc::gpu_spec& h100 = rc::catalog().gpu("H100-SXM5-80GB");
    // Guide, H100 80GB table (PCIe and SXM5): 1g.10gb .. 7g.80gb.
    CHECK(rc::mig_profile_names(h100) ==
          std::vector<std::string>{"1g.10gb", "1g.10gb+me", "1g.20gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"});
    // -lgip on 'NVIDIA H100 80GB HBM3': 16 / 26 / 32 / 60 / 64 / 132 SMs; 9.75 GiB for 1g.10gb.
    const rc::gpu_spec h1 = rc::mig_slice(h100, "1g.10gb");
    CHECK(h1.sm_count == 16);
    CHECK(h1.usable_memory.value() == doctest::Approx(9.75 * gib));
    CHECK(rc::memory_bandwidth(h1).value() == doctest::Approx(rc::memory_bandwidth(h100).value() / 8));
    CHECK(rc::mig_slice(h100, "1g.20gb").sm_count == 26);
    CHECK(rc::mig_slice(h100, "3g.40gb").sm_count == 60);
    CHECK(rc::mig_slice(h100, "7g.80gb").sm_count == 132);
    // Hopper tensor peaks keep the 1.83 GHz tensor clock: 16 x 4 x 512 x 2 x 1.83 GHz.
    CHECK(peak_value(h1, rc::dtype::fp16) == doctest::Approx(16 * 4 * 512 * 2 * 1.83e9));

    // H100 PCIe (114 SMs), -lgip with driver 570.169: 14 / 30 / 46 / 62 / 114 SMs.
    const rc::gpu_spec& pcie = rc::catalog().gpu("H100-PCIe-80GB");
    CHECK(rc::mig_slice(pcie, "1g.10gb").sm_count == 14);
    CHECK(rc::mig_slice(pcie, "2g.20gb").sm_count == 30);
    CHECK(rc::mig_slice(pcie, "7g.80gb").sm_count == 114);

    // Guide, H200 141GB table: 1g.18gb .. 7g.141gb; -lgip: 1g.18gb 16 SMs and 16.00 GiB, 7g.141gb 132 SMs
    // and 140.00 GiB; bandwidth 4800 GB/s / 8.
    const rc::gpu_spec& h200 = rc::catalog().gpu("H200-SXM-141GB");
    CHECK(rc::mig_profile_names(h200) ==
          std::vector<std::string>{"1g.18gb", "1g.18gb+me", "1g.35gb", "2g.35gb", "3g.71gb", "4g.71gb", "7g.141gb"});
    const rc::gpu_spec g1 = rc::mig_slice(h200, "1g.18gb");
    CHECK(g1.sm_count == 16);
    CHECK(g1.usable_memory.value() == doctest::Approx(16.0 * gib));
    CHECK(rc::memory_bandwidth(g1).value() == doctest::Approx(4800e9 / 8));
    CHECK(rc::find_mig_profile(h200, "1g.18gb").max_instances == 7);
    const rc::gpu_spec g7 = rc::mig_slice(h200, "7g.141gb");
    CHECK(g7.sm_count == 132);
    CHECK(g7.usable_memory.value() == doctest::Approx(140.0 * gib));
    // Benchmark logs: 3g.71gb 60 SMs, 4g.71gb 64 SMs.
    CHECK(rc::mig_slice(h200, "3g.71gb").sm_count == 60);
    CHECK(rc::mig_slice(h200, "4g.71gb").sm_count == 64);

    // Guide, H100 96GB (H100 on GH200) table; -lgip on a GH200: 1g.12gb 16 SMs, 11.00 GiB.
    const rc::gpu_spec gh = rc::mig_slice(rc::catalog().gpu("GH200"), "1g.12gb");
    CHECK(gh.sm_count == 16);
    CHECK(gh.usable_memory.value() == doctest::Approx(11.0 * gib));
}

TEST_CASE("MIG: profile names match case-insensitively, with or without nvidia-smi's 'MIG ' prefix") {
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-40GB");
    CHECK(rc::mig_slice(a100, "MIG 1G.5GB").name == "A100-SXM4-40GB:1g.5gb");
    CHECK(rc::mig_slice(a100, "mig-3g.20gb").sm_count == 42);
}

TEST_CASE("MIG: unknown profile and GPU without MIG are errors") {
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-40GB");
    CHECK_THROWS_AS(rc::mig_slice(a100, "1g.7gb"), rc::unknown_name_error);
    try {
        rc::mig_slice(a100, "1g.7gb");
    } catch (const rc::unknown_name_error& e) {
        REQUIRE_FALSE(e.suggestions().empty());
        CHECK(e.suggestions().front() == "1g.5gb");
        CHECK(std::string(e.what()).find("unknown MIG profile '1g.7gb'") != std::string::npos);
    }
    // An H100 profile name is not an A100-40GB profile.
    CHECK_THROWS_AS(rc::mig_slice(a100, "7g.80gb"), rc::unknown_name_error);

    // The L40 has no MIG (guide, Supported GPUs: A100, A30, H100, H200, GH200, B200, RTX PRO only).
    const rc::gpu_spec& l40 = rc::catalog().gpu("L40");
    CHECK(rc::mig_profile_names(l40).empty());
    CHECK_THROWS_AS(rc::mig_slice(l40, "1g.12gb"), rc::unsupported_error);
    try {
        rc::mig_slice(l40, "1g.12gb");
    } catch (const rc::unsupported_error& e) {
        CHECK(std::string(e.what()).rfind("L40 has no MIG", 0) == 0);
    }
    // A slice cannot be sliced again.
    CHECK_THROWS_AS(rc::mig_slice(rc::mig_slice(a100, "7g.40gb"), "1g.5gb"), rc::unsupported_error);
}

TEST_CASE("MIG: split_mig_name splits at the last ':'") {
    const auto p = rc::split_mig_name("A100-SXM4-40GB:1g.5gb");
    REQUIRE(p.has_value());
    CHECK(p->first == "A100-SXM4-40GB");
    CHECK(p->second == "1g.5gb");
    CHECK_FALSE(rc::split_mig_name("A100-SXM4-40GB").has_value());
    const auto q = rc::split_mig_name("a:b:1g.5gb");
    REQUIRE(q.has_value());
    CHECK(q->first == "a:b");
    CHECK(q->second == "1g.5gb");
}

TEST_CASE("MIG: every profile of every catalog GPU is a valid, smaller GPU") {
    int gpus_with_mig = 0;
    for (const rc::gpu_spec& g : rc::catalog().gpus()) {
        const std::vector<std::string> names = rc::mig_profile_names(g);
        if (names.empty()) {
            continue;
        }
        ++gpus_with_mig;
        for (const std::string& n : names) {
            CAPTURE(g.name);
            CAPTURE(n);
            const rc::mig_profile& p = rc::find_mig_profile(g, n);
            const rc::gpu_spec s = rc::mig_slice(g, n);
            CHECK_NOTHROW(rc::validate(s));
            CHECK(p.compute_slices <= p.compute_slices_total);
            CHECK(p.memory_slices <= p.memory_slices_total);
            CHECK(p.l2_fraction == doctest::Approx(static_cast<double>(p.memory_slices) / p.memory_slices_total));
            CHECK(s.sm_count <= g.sm_count);
            CHECK(s.usable_memory.value() <= g.usable_memory.value());
            CHECK(s.usable_memory.value() <= 1.1 * s.marketed_memory.value());
            CHECK(rc::memory_bandwidth(s).value() <= rc::memory_bandwidth(g).value());
            // The bus width divides exactly: bandwidth scales by memory_slices / memory_slices_total.
            CHECK(s.bus_width_bits * p.memory_slices_total == g.bus_width_bits * p.memory_slices);
            // The whole-GPU profile (7g / 4g) spans every slice.
            if (p.compute_slices == p.compute_slices_total) {
                CHECK(p.memory_slices == p.memory_slices_total);
                CHECK(p.max_instances == 1);
            }
        }
    }
    // A100 x4, A30, H100 x2, H200, GH200.
    CHECK(gpus_with_mig == 9);
}
