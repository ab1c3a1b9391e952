/// @file
/// Loads GPU descriptions from TOML files (format: docs/gpu-format.md).
#ifndef ROOFCAST_IO_GPU_TOML_HPP
#define ROOFCAST_IO_GPU_TOML_HPP

#include <roofcast/detail/names.hpp>
#include <roofcast/detail/toml_reader.hpp>
#include <roofcast/diagnostics.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/architecture.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/hardware/validate.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

namespace detail {

/// Parses an enumerator by its name; an unknown name fails with the accepted names.
template <class Enum, std::size_t N>
Enum parse_enum(toml_reader& r, std::string_view path, const std::array<Enum, N>& all) {
    const std::string s = r.required_string(path);
    std::vector<std::pair<std::string, std::string>> spellings;
    for (Enum e : all) {
        if (normalize_name(to_string_view(e)) == normalize_name(s)) {
            return e;
        }
        spellings.emplace_back(std::string(to_string_view(e)), std::string(to_string_view(e)));
    }
    std::string accepted;
    for (Enum e : all) {
        accepted += (accepted.empty() ? "" : ", ") + std::string(to_string_view(e));
    }
    const auto near = closest_names(s, spellings, 1);
    r.fail(path, "has unknown value '" + s + "'" + (near.empty() ? "" : " (did you mean '" + near[0] + "'?)") +
                     "; accepted: " + accepted);
}

/// Largest datasheet claim accepted, in TFLOP/s, TOP/s or GB/s (a thousand times today's largest).
inline constexpr double max_datasheet_claim = 1e6;

/// An optional datasheet claim: a finite number > 0 and at most max_datasheet_claim.
inline std::optional<double> datasheet_claim(toml_reader& r, std::string_view path) {
    const auto v = r.optional_positive(path);
    if (v && *v > max_datasheet_claim) {
        std::ostringstream m;
        m << "must be at most 1e6 (the unit is TFLOP/s, TOP/s or GB/s), got " << *v;
        r.fail(path, m.str());
    }
    return v;
}

/// An optional claim in units of 10^12 per second (TFLOP/s or TOP/s).
inline std::optional<flops_per_second> tera_rate(toml_reader& r, std::string_view path) {
    if (auto v = datasheet_claim(r, path)) {
        return *v * 1e12 * units::flop_per_second;
    }
    return std::nullopt;
}

/// Fails unless `name` (of key `path`) is non-empty and free of control characters and ':', which
/// separates a GPU from its MIG profile ("A100-SXM4-40GB:3g.20gb").
inline void check_gpu_name(toml_reader& r, std::string_view path, const std::string& name) {
    if (name.empty()) {
        r.fail(path, "must not be empty");
    }
    for (char ch : name) {
        if (ch == ':' || static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) {
            r.fail(path,
                   "must not contain ':' or control characters (':' separates a MIG profile), got '" + name + "'");
        }
    }
}

/// The required `[sources]` table: source key -> description, at least one entry.
inline std::vector<source_ref> read_sources(toml_reader& r) {
    const toml::table* sources = r.open_table("sources");
    if (sources == nullptr) {
        r.fail("sources", "is missing (a table of source keys and descriptions is required)");
    }
    std::vector<source_ref> out;
    for (const auto& [k, v] : *sources) {
        if (!v.is_string()) {
            r.fail("sources." + std::string(k.str()), "must be a string");
        }
        out.push_back({std::string(k.str()), std::string(v.as_string()->get())});
    }
    if (out.empty()) {
        r.fail("sources", "is empty (cite where the values come from)");
    }
    return out;
}

}  // namespace detail

namespace detail {

/// The top-level keys of a GPU file into `g`: name, aliases, vendor, architecture, chip, segment, form factor, notes.
inline void read_gpu_identity(toml_reader& r, gpu_spec& g) {
    g.name = r.required_string("name");
    check_gpu_name(r, "name", g.name);
    g.aliases = r.string_array("aliases");
    for (const std::string& a : g.aliases) {
        check_gpu_name(r, "aliases", a);
    }
    g.vendor = r.required_string("vendor");
    if (g.vendor != "NVIDIA") {
        r.fail("vendor", "is '" + g.vendor + "'; roofcast models NVIDIA GPUs only");
    }
    g.arch = parse_enum(r, "architecture", all_architectures);
    g.chip = r.optional_string("chip").value_or("");
    g.compute_capability = r.optional_string("compute_capability").value_or("");
    g.segment = parse_enum(r, "segment", all_market_segments);
    g.form_factor = r.required_string("form_factor");
    g.launch = r.optional_string("launch").value_or("");
    g.notes = r.optional_string("notes").value_or("");
}

/// The `[compute]` table of a GPU file into `g`: SMs, lanes, tensor cores and clocks.
inline void read_gpu_compute(toml_reader& r, gpu_spec& g) {
    const double mhz = 1e6;
    g.sm_count = static_cast<int>(r.required_integer("compute.sm_count", 1, 1000));
    g.fp32_lanes_per_sm = static_cast<int>(r.required_integer("compute.fp32_lanes_per_sm", 1, 1024));
    g.tensor_cores_per_sm = static_cast<int>(r.required_integer("compute.tensor_cores_per_sm", 0, 64));
    g.boost_clock = r.required_positive("compute.boost_clock_mhz") * mhz * units::hertz;
    if (auto v = r.optional_positive("compute.base_clock_mhz")) {
        g.base_clock = *v * mhz * units::hertz;
    }
    if (auto v = r.optional_positive("compute.tensor_clock_mhz")) {
        g.tensor_clock = *v * mhz * units::hertz;
    }
    if (auto v = r.optional_positive("compute.sustained_clock_mhz")) {
        g.sustained_clock = *v * mhz * units::hertz;
    }
    g.fp32_accumulate_rate = r.optional_positive("compute.fp32_accumulate_rate").value_or(1.0);
    g.tensor_rating = r.optional_positive("compute.tensor_rating").value_or(1.0);
}

/// The `[memory]`, `[power]`, `[interconnect]` and `[price]` tables of a GPU file into `g`.
inline void read_gpu_memory_power(toml_reader& r, gpu_spec& g) {
    g.mem_type = parse_enum(r, "memory.type", all_memory_types);
    g.marketed_memory = r.required_positive("memory.capacity_gb") * 1e9 * units::byte;
    g.usable_memory = r.required_positive("memory.usable_mib") * 1048576.0 * units::byte;
    g.bus_width_bits = static_cast<int>(r.required_integer("memory.bus_width_bits", 16, 65536));
    g.memory_data_rate = r.required_positive("memory.data_rate_gbps") * 1e9 * units::hertz;
    g.l2_cache = r.required_positive("memory.l2_cache_mib") * 1048576.0 * units::byte;

    g.tdp = r.required_positive("power.tdp_w") * units::watt;
    g.pcie_gen = static_cast<int>(r.required_integer("interconnect.pcie_gen", 1, 7));
    if (auto v = r.optional_integer("interconnect.nvlink_generation", 1, 9)) {
        g.nvlink_generation = static_cast<int>(*v);
    }
    if (auto v = r.optional_positive("interconnect.nvlink_bandwidth_gbs")) {
        g.nvlink_bandwidth = *v * 1e9 * units::byte_per_second;
    }
    g.launch_price_usd = r.optional_positive("price.launch_usd");
}

/// The `[datasheet]` table of a GPU file: the vendor's claims, each optional.
inline datasheet_claims read_datasheet(toml_reader& r) {
    datasheet_claims d;
    d.fp64 = tera_rate(r, "datasheet.fp64_tflops");
    d.fp64_tensor = tera_rate(r, "datasheet.fp64_tensor_tflops");
    d.fp32 = tera_rate(r, "datasheet.fp32_tflops");
    d.tf32 = tera_rate(r, "datasheet.tf32_tflops");
    d.fp16 = tera_rate(r, "datasheet.fp16_tflops");
    d.bf16 = tera_rate(r, "datasheet.bf16_tflops");
    d.fp8 = tera_rate(r, "datasheet.fp8_tflops");
    d.int8 = tera_rate(r, "datasheet.int8_tops");
    d.int4 = tera_rate(r, "datasheet.int4_tops");
    if (auto v = datasheet_claim(r, "datasheet.memory_bandwidth_gbs")) {
        d.memory_bandwidth = *v * 1e9 * units::byte_per_second;
    }
    return d;
}

}  // namespace detail

/// Parses a GPU description from TOML `text`; `file` names it in messages. Throws input_error
/// ("FILE:LINE: key 'KEY' ...") on a syntax error, a missing or mistyped key, or an out-of-range
/// value; unknown keys are reported to `warnings`.
inline gpu_spec parse_gpu_toml(std::string_view text, const std::string& file, const diagnostic_sink& warnings = {}) {
    const toml::table root = detail::parse_toml(text, file);
    detail::toml_reader r(root, file, warnings);
    gpu_spec g;
    g.origin = file;
    detail::read_gpu_identity(r, g);
    detail::read_gpu_compute(r, g);
    detail::read_gpu_memory_power(r, g);
    g.datasheet = detail::read_datasheet(r);
    g.sources = detail::read_sources(r);

    const auto problems = find_problems(g);
    if (!problems.empty()) {
        r.fail(problems.front().field, problems.front().message);
    }
    r.warn_unknown_keys();
    return g;
}

/// Loads a GPU description from the TOML file at `path` (see parse_gpu_toml).
inline gpu_spec load_gpu_file(const std::string& path, const diagnostic_sink& warnings = {}) {
    return parse_gpu_toml(detail::read_text_file(path, "GPU file"), path, warnings);
}

}  // namespace roofcast

#endif
