// Catalog: every GPU the validation schema names, lookup by name and alias, suggestions, user overrides.
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace rc = roofcast;

TEST_CASE("the catalog has every GPU named by the validation schema") {
    // models/measurements/README.md, column `gpu`.
    const std::vector<std::string> names = {"V100-SXM2-16GB",
                                            "V100-SXM2-32GB",
                                            "V100-PCIe-16GB",
                                            "V100-PCIe-32GB",
                                            "V100-SXM3-32GB",
                                            "T4",
                                            "A10",
                                            "A30",
                                            "A40",
                                            "A100-PCIe-40GB",
                                            "A100-SXM4-40GB",
                                            "A100-PCIe-80GB",
                                            "A100-SXM4-80GB",
                                            "RTX-A6000",
                                            "RTX-3090",
                                            "RTX-4090",
                                            "RTX-6000-Ada",
                                            "L4",
                                            "L40",
                                            "L40S",
                                            "H100-PCIe-80GB",
                                            "H100-SXM5-80GB",
                                            "H200-SXM-141GB",
                                            "GH200",
                                            "B200"};
    for (const std::string& n : names) {
        CAPTURE(n);
        const rc::gpu_spec* g = rc::catalog().find_gpu(n);
        REQUIRE(g != nullptr);
        CHECK(g->name == n);  // canonical spelling preserved
        CHECK_FALSE(g->sources.empty());
    }
    CHECK(rc::catalog().gpus().size() >= names.size());
}

TEST_CASE("lookup ignores case and reads spaces and underscores as dashes") {
    CHECK(rc::catalog().gpu("a100-sxm4-40gb").name == "A100-SXM4-40GB");
    CHECK(rc::catalog().gpu("A100_SXM4_40GB").name == "A100-SXM4-40GB");
    CHECK(rc::catalog().gpu("nvidia a40").name == "A40");  // nvidia-smi device name, an alias
}

TEST_CASE("aliases are unambiguous") {
    std::vector<std::string> spellings;
    for (const rc::gpu_spec& g : rc::catalog().gpus()) {
        spellings.push_back(rc::detail::normalize_name(g.name));
        for (const auto& a : g.aliases) {
            spellings.push_back(rc::detail::normalize_name(a));
        }
    }
    std::sort(spellings.begin(), spellings.end());
    CHECK(std::adjacent_find(spellings.begin(), spellings.end()) == spellings.end());
}

TEST_CASE("an unknown name lists the closest names") {
    try {
        (void)rc::catalog().gpu("A100-SXM4-40G");
        FAIL("expected unknown_name_error");
    } catch (const rc::unknown_name_error& e) {
        REQUIRE_FALSE(e.suggestions().empty());
        CHECK(e.suggestions().front() == "A100-SXM4-40GB");
        CHECK(std::string(e.what()).find("unknown GPU 'A100-SXM4-40G'") != std::string::npos);
    }
    try {
        (void)rc::catalog().gpu("h100");
        FAIL("expected unknown_name_error");
    } catch (const rc::unknown_name_error& e) {
        // "h100" is a prefix of the H100 names: they come first.
        REQUIRE(e.suggestions().size() >= 2);
        CHECK(e.suggestions()[0].rfind("H100", 0) == 0);
        CHECK(e.suggestions()[1].rfind("H100", 0) == 0);
    }
}

TEST_CASE("edit distance") {
    CHECK(rc::detail::edit_distance("kitten", "sitting") == 3);
    CHECK(rc::detail::edit_distance("", "abc") == 3);
    CHECK(rc::detail::edit_distance("a40", "a40") == 0);
}

TEST_CASE("a user GPU is added, and one with a catalog name replaces the entry") {
    rc::model_catalog c = rc::catalog();
    const std::size_t n = c.gpus().size();

    rc::gpu_spec mine = c.gpu("A40");
    mine.name = "A40-overclocked";
    mine.aliases = {};
    mine.boost_clock = 1.9e9 * rc::units::hertz;
    c.add_gpu(mine);
    CHECK(c.gpus().size() == n + 1);
    CHECK(rc::peak(c.gpu("a40-overclocked"), rc::dtype::fp32)->value() == doctest::Approx(10752 * 2 * 1.9e9));

    rc::gpu_spec replaced = c.gpu("A40");
    replaced.tdp = 250.0 * rc::units::watt;
    c.add_gpu(replaced);
    CHECK(c.gpus().size() == n + 1);
    CHECK(c.gpu("A40").tdp.value() == 250.0);
    // The built-in catalog itself is constant: the copy changed, the original did not.
    CHECK(rc::catalog().gpu("A40").tdp.value() == 300.0);
}

TEST_CASE("an alias that names another GPU is rejected") {
    rc::model_catalog c = rc::catalog();
    rc::gpu_spec g = c.gpu("A40");
    g.name = "my-gpu";
    g.aliases = {"L40"};
    CHECK_THROWS_AS(c.add_gpu(g), rc::input_error);
}

TEST_CASE("an invalid GPU is rejected with the field named") {
    rc::model_catalog c;
    rc::gpu_spec g = rc::catalog().gpu("A40");
    g.sm_count = 0;
    CHECK_THROWS_WITH_AS(c.add_gpu(g), doctest::Contains("compute.sm_count"), rc::input_error);
    g = rc::catalog().gpu("A40");
    g.boost_clock = std::nan("") * rc::units::hertz;
    CHECK_THROWS_WITH_AS(c.add_gpu(g), doctest::Contains("compute.boost_clock_mhz"), rc::input_error);
    g = rc::catalog().gpu("A40");
    g.usable_memory = -1.0 * rc::units::byte;
    CHECK_THROWS_WITH_AS(c.add_gpu(g), doctest::Contains("memory.usable_mib"), rc::input_error);
    CHECK(c.gpus().empty());
}

TEST_CASE("a workload added later owns the spellings it uses: a file is never shadowed by a built-in alias") {
    rc::model_catalog c = rc::catalog();
    rc::transformer_config t = as_transformer(c.workload_named("llama2-7b"));
    t.name = "llama-2-7b-hf";  // a config.json in a directory called Llama-2-7b-hf/
    t.aliases.clear();
    t.layers = 8;
    t.origin = "Llama-2-7b-hf/config.json";
    const std::vector<std::string> notes = c.add_workload(rc::make_workload(t));
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("'Llama-2-7b-hf' now names workload 'llama-2-7b-hf'") == 0);
    CHECK(as_transformer(c.workload_named("Llama-2-7b-hf")).layers == 8);
    CHECK(c.workload_named("llama_2_7b_hf").origin == "Llama-2-7b-hf/config.json");
    CHECK(as_transformer(c.workload_named("llama2-7b")).layers == 32);                 // the built-in, by its own name
    CHECK(as_transformer(c.workload_named("meta-llama/Llama-2-7b-hf")).layers == 32);  // its other aliases stay
    // A file whose name is a built-in's replaces it, and says so.
    t.name = "llama2-7b";
    const std::vector<std::string> replaced = c.add_workload(rc::make_workload(t));
    REQUIRE(replaced.size() == 1);
    CHECK(replaced[0].find("replaces the built-in (models/workloads/llama2-7b.toml) workload") != std::string::npos);
    CHECK(as_transformer(c.workload_named("llama2-7b")).layers == 8);
    CHECK(as_transformer(rc::catalog().workload_named("Llama-2-7b-hf")).layers ==
          32);  // the built-in catalog is intact
}
