// Hardware model: architecture tables, derived peaks (hand-computed), bandwidth, unsupported types,
// and every catalog GPU against the reference datasheet table.
#include <roofcast/detail/toml_reader.hpp>
#include <roofcast/io/csv.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <string>

namespace rc = roofcast;

namespace {

double peak_value(const rc::gpu_spec& g, rc::dtype d) {
    const auto p = rc::peak(g, d);
    REQUIRE(p.has_value());
    return p->value();
}

}  // namespace

TEST_CASE("architecture tensor rates are the ones NVIDIA states") {
    // S1: "Volta and Turing ... 64 FP16/FP32 FMA per clock per tensor core"; "A100 ... 256 FP16/FP32 FMA per clock".
    CHECK(rc::tensor_fma_per_clock(rc::architecture::volta, rc::dtype::fp16) == 64);
    CHECK(rc::tensor_fma_per_clock(rc::architecture::turing, rc::dtype::fp16) == 64);
    CHECK(rc::tensor_fma_per_clock(rc::architecture::ampere_ga100, rc::dtype::fp16) == 256);
    // S3: Hopper doubles the A100 SM's MMA rate clock for clock (4 TCs/SM on both) and doubles again with FP8.
    CHECK(rc::tensor_fma_per_clock(rc::architecture::hopper, rc::dtype::fp16) ==
          2 * rc::tensor_fma_per_clock(rc::architecture::ampere_ga100, rc::dtype::fp16));
    CHECK(rc::tensor_fma_per_clock(rc::architecture::hopper, rc::dtype::fp8) ==
          4 * rc::tensor_fma_per_clock(rc::architecture::ampere_ga100, rc::dtype::fp16));
    // TF32 runs at half the FP16 rate on every architecture that has it (A100 156/312, H100 494.7/989.4).
    for (rc::architecture a : rc::all_architectures) {
        const double tf32 = rc::tensor_fma_per_clock(a, rc::dtype::tf32);
        if (tf32 > 0) {
            CHECK(tf32 * 2 == rc::tensor_fma_per_clock(a, rc::dtype::fp16));
        }
    }
    // Missing paths are zero in the table: Volta has no BF16/INT8 tensor path, Hopper no INT4.
    CHECK(rc::tensor_fma_per_clock(rc::architecture::volta, rc::dtype::bf16) == 0);
    CHECK(rc::tensor_fma_per_clock(rc::architecture::volta, rc::dtype::int8) == 0);
    CHECK(rc::tensor_fma_per_clock(rc::architecture::hopper, rc::dtype::int4) == 0);
}

TEST_CASE("architecture names round-trip") {
    for (rc::architecture a : rc::all_architectures) {
        CHECK(rc::parse_architecture(rc::to_string_view(a)) == a);
    }
    CHECK_FALSE(rc::parse_architecture("pascal").has_value());
    for (rc::dtype d : rc::all_dtypes) {
        CHECK(rc::parse_dtype(rc::to_string_view(d)) == d);
    }
}

TEST_CASE("A100-SXM4-40GB peaks, hand-computed") {
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-40GB");
    CHECK(rc::fp32_lanes(g) == 6912);   // 108 SMs x 64
    CHECK(rc::tensor_cores(g) == 432);  // 108 SMs x 4
    // FP32: 6912 x 2 x 1.41 GHz = 19.49 TFLOP/s
    CHECK(peak_value(g, rc::dtype::fp32) == doctest::Approx(6912 * 2 * 1.41e9));
    // FP16 tensor: 432 x 256 x 2 x 1.41 GHz = 311.87 TFLOP/s
    CHECK(peak_value(g, rc::dtype::fp16) == doctest::Approx(432 * 256 * 2 * 1.41e9));
    // FP64: the tensor path (432 x 16 x 2 x 1.41 = 19.5) beats the vector path (108 x 32 x 2 x 1.41 = 9.75).
    CHECK(peak_value(g, rc::dtype::fp64) == doctest::Approx(432 * 16 * 2 * 1.41e9));
    CHECK(rc::peak(g, rc::dtype::fp64, rc::exec_unit::cuda_core)->value() == doctest::Approx(108 * 32 * 2 * 1.41e9));
    // INT4: 432 x 1024 x 2 x 1.41 GHz = 1247.5 TOP/s
    CHECK(peak_value(g, rc::dtype::int4) == doctest::Approx(432 * 1024 * 2 * 1.41e9));
    // No FP8 on Ampere: explicitly unsupported, not zero.
    CHECK_FALSE(rc::peak(g, rc::dtype::fp8).has_value());
    CHECK_THROWS_AS(rc::required_peak(g, rc::dtype::fp8), rc::unsupported_error);
    // Bandwidth: 5120 bits / 8 x 2.43 Gbit/s = 1555.2 GB/s
    CHECK(rc::memory_bandwidth(g).value() == doctest::Approx(5120 / 8.0 * 2.43e9));
}

TEST_CASE("Hopper tensor peaks use the tensor clock, FP32 and FP64 use boost") {
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    // 528 x 512 x 2 x 1.83 GHz = 989.4 TFLOP/s (whitepaper dense figure)
    CHECK(peak_value(g, rc::dtype::fp16) == doctest::Approx(528 * 512 * 2 * 1.83e9));
    // FP8: 528 x 1024 x 2 x 1.83 GHz = 1978.9
    CHECK(peak_value(g, rc::dtype::fp8) == doctest::Approx(528 * 1024 * 2 * 1.83e9));
    // FP32: 16896 x 2 x 1.98 GHz = 66.9; FP64 tensor: 528 x 32 x 2 x 1.98 GHz = 66.9
    CHECK(peak_value(g, rc::dtype::fp32) == doctest::Approx(16896 * 2 * 1.98e9));
    CHECK(rc::peak(g, rc::dtype::fp64, rc::exec_unit::tensor_core)->value() == doctest::Approx(528 * 32 * 2 * 1.98e9));
    CHECK_FALSE(rc::peak(g, rc::dtype::int4).has_value());
}

TEST_CASE("GeForce parts halve FP32-accumulate tensor math but not INT8") {
    const rc::gpu_spec& g = rc::catalog().gpu("RTX-3090");
    CHECK(g.fp32_accumulate_rate == 0.5);
    // FP16 with FP32 accumulate: 328 x 128 x 2 x 1.695 GHz x 0.5 = 71.2 (datasheet 71; FP16-accumulate 142)
    CHECK(peak_value(g, rc::dtype::fp16) == doctest::Approx(328 * 128 * 2 * 1.695e9 * 0.5));
    CHECK(peak_value(g, rc::dtype::tf32) == doctest::Approx(328 * 64 * 2 * 1.695e9 * 0.5));
    // INT8: 328 x 256 x 2 x 1.695 GHz = 284.6 (datasheet 284), full rate
    CHECK(peak_value(g, rc::dtype::int8) == doctest::Approx(328 * 256 * 2 * 1.695e9));
}

TEST_CASE("the L40's datasheet rating halves every tensor type, the same-die L40S is full rate") {
    const rc::gpu_spec& l40 = rc::catalog().gpu("L40");
    const rc::gpu_spec& l40s = rc::catalog().gpu("L40S");
    CHECK(rc::fp32_lanes(l40) == 18176);
    CHECK(rc::tensor_cores(l40) == 568);
    // 568 x 128 x 2 x 2.49 GHz x 0.5 = 181.0 TFLOP/s (NVIDIA L40 datasheet: 181.05)
    CHECK(peak_value(l40, rc::dtype::fp16) == doctest::Approx(568 * 128 * 2 * 2.49e9 * 0.5));
    CHECK(peak_value(l40, rc::dtype::int8) == doctest::Approx(568 * 256 * 2 * 2.49e9 * 0.5));
    CHECK(l40s.tensor_rating == 1.0);
    CHECK(peak_value(l40s, rc::dtype::fp16) > 1.9 * peak_value(l40, rc::dtype::fp16));
}

TEST_CASE("A40: the seed article's 19.2 TFLOPS FP32 is not what the chip does") {
    const rc::gpu_spec& g = rc::catalog().gpu("A40");
    // 10752 lanes x 1740 MHz x 2 = 37.42 TFLOP/s
    CHECK(peak_value(g, rc::dtype::fp32) == doctest::Approx(10752 * 1.74e9 * 2));
    CHECK(peak_value(g, rc::dtype::fp32) / 19.2e12 > 1.9);
    // 384 bits / 8 x 14.5 Gbit/s = 696 GB/s
    CHECK(rc::memory_bandwidth(g).value() == doctest::Approx(696e9));
}

TEST_CASE("Volta has no BF16, TF32 or INT8 tensor path") {
    const rc::gpu_spec& g = rc::catalog().gpu("V100-SXM2-16GB");
    for (rc::dtype d : {rc::dtype::tf32, rc::dtype::bf16, rc::dtype::fp8, rc::dtype::int8, rc::dtype::int4}) {
        CHECK_FALSE(rc::peak(g, d).has_value());
    }
    // 640 x 64 x 2 x 1.53 GHz = 125.3 TFLOP/s
    CHECK(peak_value(g, rc::dtype::fp16) == doctest::Approx(640 * 64 * 2 * 1.53e9));
}

namespace {

// Leading number of a reference-table cell such as "34 (datasheet) / 33.5 (WP)"; nullopt if none.
std::optional<double> leading_number(const std::string& cell) {
    if (cell.empty() || !(std::isdigit(static_cast<unsigned char>(cell[0])) || cell[0] == '.')) {
        return std::nullopt;
    }
    return std::strtod(cell.c_str(), nullptr);
}

}  // namespace

TEST_CASE("every catalog GPU's derived FP32 and FP16-tensor peaks are within 2% of the reference datasheet table") {
    // models/reference/gpu-specs.csv: public datasheet figures collected independently of the TOML files.
    // Its FP16 column is the dense FP32-accumulate figure, which GeForce parts rate at half speed
    // (fp32_accumulate_rate) and the L40 datasheet at half (tensor_rating); Hopper and B200 figures hold at
    // their tensor clock. Those are parameters of the GPU files, not fudge factors here.
    const std::string path = std::string(ROOFCAST_SOURCE_DIR) + "/models/reference/gpu-specs.csv";
    const auto records = rc::parse_csv(rc::detail::read_text_file(path, "reference table"), path);
    REQUIRE(records.size() > 1);
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < records[0].fields.size(); ++i) {
        col[records[0].fields[i]] = i;
    }
    int compared = 0;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& f = records[r].fields;
        if (f[col.at("vendor")] != "NVIDIA") {
            continue;
        }
        std::string name = f[col.at("gpu")];
        if (name == "H100-PCIe") {
            name = "H100-PCIe-80GB";  // the table's label for the 80 GB PCIe card
        }
        CAPTURE(name);
        const rc::gpu_spec& g = rc::catalog().gpu(name);
        if (auto fp32 = leading_number(f[col.at("fp32_tflops")])) {
            CHECK(peak_value(g, rc::dtype::fp32) / (*fp32 * 1e12) == doctest::Approx(1.0).epsilon(0.02));
            ++compared;
        }
        if (auto fp16 = leading_number(f[col.at("fp16_tensor_dense_tflops")])) {
            CHECK(peak_value(g, rc::dtype::fp16) / (*fp16 * 1e12) == doctest::Approx(1.0).epsilon(0.02));
            ++compared;
        }
    }
    // 25 NVIDIA GPUs; only the V100-SXM3-32GB lacks a per-GPU FP32 figure.
    CHECK(compared == 49);
}

TEST_CASE("every catalog GPU agrees with its own datasheet claims within 2%") {
    for (const rc::gpu_spec& g : rc::catalog().gpus()) {
        for (const rc::datasheet_check& c : rc::check_datasheet(g)) {
            CAPTURE(g.name);
            CAPTURE(c);
            CHECK(c.ok);
        }
    }
}

TEST_CASE("a datasheet claim that disagrees is flagged") {
    rc::gpu_spec g = rc::catalog().gpu("A40");
    g.datasheet.fp32 = 19.2e12 * rc::units::flop_per_second;  // the seed articles' claim
    const auto checks = rc::check_datasheet(g);
    bool flagged = false;
    for (const auto& c : checks) {
        if (c.field == "fp32") {
            flagged = !c.ok;
            CHECK(c.ratio == doctest::Approx(37.4112 / 19.2).epsilon(1e-3));
        }
    }
    CHECK(flagged);
    CHECK_FALSE(rc::datasheet_consistent(g));
    // A claim for a path the GPU lacks is a mismatch too (derived 0).
    rc::gpu_spec v = rc::catalog().gpu("V100-SXM2-16GB");
    v.datasheet.bf16 = 125e12 * rc::units::flop_per_second;
    CHECK_FALSE(rc::datasheet_consistent(v));
}

TEST_CASE("usable memory is below the marketed capacity and plausible") {
    for (const rc::gpu_spec& g : rc::catalog().gpus()) {
        CAPTURE(g.name);
        // nvidia-smi reports MiB; ECC and the driver's reservation take a few percent at most.
        CHECK(g.usable_memory.value() <= 1.1 * g.marketed_memory.value());
        CHECK(g.usable_memory.value() >= 0.85 * g.marketed_memory.value());
    }
    CHECK(rc::catalog().gpu("A40").usable_memory.value() >= 0.95 * 48e9);
}
