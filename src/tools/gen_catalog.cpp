// Generates include/roofcast/detail/builtin_gpus.hpp from models/gpus/*.toml.
// Usage: roofcast-gen-catalog OUTPUT.hpp FILE.toml...
// The TOML files are the single source of truth; this tool loads each one with the library's own
// loader (so the built-in catalog is exactly what a user's file would give) and writes C++ that
// rebuilds the same gpu_spec values, so the catalog needs no files (and no TOML parser) at run time.
#include "generator.hpp"

#include <roofcast/io/gpu_toml.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using roofcast_gen::literal;
using roofcast_gen::number;

const char* enum_name(roofcast::architecture a) {
    using roofcast::architecture;
    switch (a) {
        case architecture::volta: return "architecture::volta";
        case architecture::turing: return "architecture::turing";
        case architecture::ampere_ga100: return "architecture::ampere_ga100";
        case architecture::ampere_ga10x: return "architecture::ampere_ga10x";
        case architecture::ada: return "architecture::ada";
        case architecture::hopper: return "architecture::hopper";
        case architecture::blackwell: return "architecture::blackwell";
    }
    return "";
}

const char* enum_name(roofcast::memory_type m) {
    using roofcast::memory_type;
    switch (m) {
        case memory_type::hbm2: return "memory_type::hbm2";
        case memory_type::hbm2e: return "memory_type::hbm2e";
        case memory_type::hbm3: return "memory_type::hbm3";
        case memory_type::hbm3e: return "memory_type::hbm3e";
        case memory_type::gddr6: return "memory_type::gddr6";
        case memory_type::gddr6x: return "memory_type::gddr6x";
    }
    return "";
}

const char* enum_name(roofcast::market_segment s) {
    using roofcast::market_segment;
    switch (s) {
        case market_segment::datacenter: return "market_segment::datacenter";
        case market_segment::workstation: return "market_segment::workstation";
        case market_segment::geforce: return "market_segment::geforce";
    }
    return "";
}

template <class Q>
std::string quantity(Q q, const char* unit) {
    return number(q.value()) + " * units::" + unit;
}

void emit(std::ostream& o, const roofcast::gpu_spec& g, const std::string& file) {
    o << "    {  // " << file << "\n        gpu_spec g;\n";
    auto set = [&](const char* field, const std::string& value) {
        o << "        g." << field << " = " << value << ";\n";
    };
    set("name", literal(g.name));
    std::string aliases = "{";
    for (const auto& a : g.aliases) {
        aliases += (aliases.size() > 1 ? ", " : "") + literal(a);
    }
    set("aliases", aliases + "}");
    set("vendor", literal(g.vendor));
    set("arch", enum_name(g.arch));
    set("chip", literal(g.chip));
    set("compute_capability", literal(g.compute_capability));
    set("segment", enum_name(g.segment));
    set("form_factor", literal(g.form_factor));
    set("launch", literal(g.launch));
    set("notes", literal(g.notes));
    set("sm_count", std::to_string(g.sm_count));
    set("fp32_lanes_per_sm", std::to_string(g.fp32_lanes_per_sm));
    set("tensor_cores_per_sm", std::to_string(g.tensor_cores_per_sm));
    set("boost_clock", quantity(g.boost_clock, "hertz"));
    if (g.base_clock) set("base_clock", quantity(*g.base_clock, "hertz"));
    if (g.tensor_clock) set("tensor_clock", quantity(*g.tensor_clock, "hertz"));
    if (g.sustained_clock) set("sustained_clock", quantity(*g.sustained_clock, "hertz"));
    set("fp32_accumulate_rate", number(g.fp32_accumulate_rate));
    set("tensor_rating", number(g.tensor_rating));
    set("mem_type", enum_name(g.mem_type));
    set("marketed_memory", quantity(g.marketed_memory, "byte"));
    set("usable_memory", quantity(g.usable_memory, "byte"));
    set("bus_width_bits", std::to_string(g.bus_width_bits));
    set("memory_data_rate", quantity(g.memory_data_rate, "hertz"));
    set("l2_cache", quantity(g.l2_cache, "byte"));
    set("tdp", quantity(g.tdp, "watt"));
    set("pcie_gen", std::to_string(g.pcie_gen));
    if (g.nvlink_generation) set("nvlink_generation", std::to_string(*g.nvlink_generation));
    if (g.nvlink_bandwidth) set("nvlink_bandwidth", quantity(*g.nvlink_bandwidth, "byte_per_second"));
    if (g.launch_price_usd) set("launch_price_usd", number(*g.launch_price_usd));
    const auto& d = g.datasheet;
    const std::pair<const char*, const std::optional<roofcast::flops_per_second>*> claims[] = {
        {"fp64", &d.fp64}, {"fp64_tensor", &d.fp64_tensor},
        {"fp32", &d.fp32}, {"tf32", &d.tf32},
        {"fp16", &d.fp16}, {"bf16", &d.bf16},
        {"fp8", &d.fp8},   {"int8", &d.int8},
        {"int4", &d.int4}};
    for (const auto& [field, claim] : claims) {
        if (*claim) set((std::string("datasheet.") + field).c_str(), quantity(**claim, "flop_per_second"));
    }
    if (d.memory_bandwidth) set("datasheet.memory_bandwidth", quantity(*d.memory_bandwidth, "byte_per_second"));
    set("sources", roofcast_gen::sources_initializer(g.sources));
    set("origin", literal("built-in (" + file + ")"));
    o << "        v.push_back(std::move(g));\n    }\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: roofcast-gen-catalog OUTPUT.hpp FILE.toml...\n";
        return 2;
    }
    struct entry {
        roofcast::gpu_spec spec;
        std::string file;
    };
    std::vector<std::pair<roofcast::gpu_spec, std::string>> loaded;
    if (!roofcast_gen::load_all<roofcast::gpu_spec>(
            argc, argv,
            [](const std::string& path, const roofcast::diagnostic_sink& w) {
                return roofcast::load_gpu_file(path, w);
            },
            loaded)) {
        return 1;
    }
    std::vector<entry> entries;
    for (auto& [value, file] : loaded) {
        entries.push_back({std::move(value), file});
    }
    std::stable_sort(entries.begin(), entries.end(), [](const entry& a, const entry& b) {
        return a.spec.arch != b.spec.arch ? a.spec.arch < b.spec.arch : a.spec.name < b.spec.name;
    });
    std::ostringstream o;
    o << "// clang-format off\n"
         "/// @file\n"
         "/// The built-in GPU catalog. GENERATED from models/gpus/*.toml by roofcast-gen-catalog\n"
         "/// (`cmake --build build --target regenerate-catalog`); do not edit by hand.\n"
         "#ifndef ROOFCAST_DETAIL_BUILTIN_GPUS_HPP\n#define ROOFCAST_DETAIL_BUILTIN_GPUS_HPP\n\n"
         "#include <roofcast/hardware/gpu_spec.hpp>\n\n#include <utility>\n#include <vector>\n\n"
         "namespace roofcast {\nnamespace detail {\n\n"
         "/// Every GPU of models/gpus/, ordered by architecture, then name.\n"
         "inline std::vector<gpu_spec> builtin_gpus() {\n    std::vector<gpu_spec> v;\n    v.reserve("
      << entries.size() << ");\n";
    for (const auto& e : entries) {
        emit(o, e.spec, e.file);
    }
    o << "    return v;\n}\n\n}  // namespace detail\n}  // namespace roofcast\n\n#endif\n";
    return roofcast_gen::write_output(argv[1], o.str()) ? 0 : 1;
}
