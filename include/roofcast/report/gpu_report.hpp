/// @file
/// Text reports of GPUs: the catalog overview, one GPU's parameters, derived peaks and datasheet check.
#ifndef ROOFCAST_REPORT_GPU_REPORT_HPP
#define ROOFCAST_REPORT_GPU_REPORT_HPP

#include <roofcast/format.hpp>
#include <roofcast/hardware/datasheet.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/report/table.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace roofcast {

namespace detail {

/// "3 of 7 claims within 2%" style summary of a datasheet check.
inline std::string check_summary(const std::vector<datasheet_check>& checks) {
    std::size_t ok = 0;
    for (const auto& c : checks) {
        ok += c.ok ? 1 : 0;
    }
    if (checks.empty()) {
        return "no claims";
    }
    return ok == checks.size()
               ? "ok (" + std::to_string(ok) + ")"
               : "MISMATCH (" + std::to_string(checks.size() - ok) + " of " + std::to_string(checks.size()) + ")";
}

/// The SI value of an optional quantity.
template <class Q>
std::optional<double> si(const std::optional<Q>& q) {
    return q ? std::optional<double>(q->value()) : std::nullopt;
}

}  // namespace detail

/// One row per GPU: name, architecture, SMs, usable memory, bandwidth, FP32 and FP16-tensor peaks,
/// TDP and the datasheet-check verdict.
inline text_table gpu_overview_table(const std::vector<gpu_spec>& gpus) {
    text_table t({"gpu", "architecture", "SMs", "memory GiB", "bandwidth GB/s", "fp32 TFLOP/s", "fp16 TFLOP/s",
                  "fp8 TFLOP/s", "TDP W", "datasheet"});
    for (const gpu_spec& g : gpus) {
        t.add_row(
            {g.name, to_string(g.arch), std::to_string(g.sm_count), format_fixed(g.usable_memory.value(), 1073741824.0),
             format_fixed(memory_bandwidth(g).value(), 1e9, 4), format_fixed(detail::si(peak(g, dtype::fp32)), 1e12),
             format_fixed(detail::si(peak(g, dtype::fp16)), 1e12), format_fixed(detail::si(peak(g, dtype::fp8)), 1e12),
             format_fixed(g.tdp.value(), 1.0, 4), detail::check_summary(check_datasheet(g))});
    }
    t.optional({"datasheet", "architecture", "TDP W"});
    return t;
}

/// Derived dense peaks, one row per datasheet field (fp64 on both units), with the claim and ratio
/// where the datasheet has one; a dtype the GPU lacks shows "unsupported".
inline text_table peak_table(const gpu_spec& g) {
    struct row {
        const char* field;
        dtype d;
        exec_unit u;
    };
    static constexpr row rows[] = {
        {"fp64", dtype::fp64, exec_unit::cuda_core},   {"fp64_tensor", dtype::fp64, exec_unit::tensor_core},
        {"fp32", dtype::fp32, exec_unit::cuda_core},   {"tf32", dtype::tf32, exec_unit::tensor_core},
        {"fp16", dtype::fp16, exec_unit::tensor_core}, {"bf16", dtype::bf16, exec_unit::tensor_core},
        {"fp8", dtype::fp8, exec_unit::tensor_core},   {"int8", dtype::int8, exec_unit::tensor_core},
        {"int4", dtype::int4, exec_unit::tensor_core}};
    text_table t({"peak", "unit", "derived TFLOP/s", "datasheet TFLOP/s", "derived/datasheet", "check"});
    const auto checks = check_datasheet(g);
    for (const row& r : rows) {
        const auto p = peak(g, r.d, r.u);
        const datasheet_check* c = nullptr;
        for (const auto& k : checks) {
            c = k.field == r.field ? &k : c;
        }
        if (!p && c == nullptr && (r.u == exec_unit::cuda_core || peak(g, r.d))) {
            continue;  // e.g. no FP64 tensor path but FP64 on the vector pipe: nothing to show
        }
        t.add_row({r.field, std::string(to_string_view(r.u)), p ? format_fixed(p->value(), 1e12, 4) : "unsupported",
                   c ? format_fixed(c->datasheet, 1e12, 4) : "", c ? format_fixed(c->ratio, 1.0, 4) : "",
                   c ? (c->ok ? "ok" : "MISMATCH") : ""});
    }
    return t;
}

/// A full description of one GPU: parameters, derived values, peak table, datasheet check and notes.
inline std::string describe(const gpu_spec& g) {
    std::ostringstream o;
    o << g.name << " — " << g.vendor << ' ' << params(g.arch).display_name;
    if (!g.chip.empty()) {
        o << ", " << g.chip;
    }
    o << ", " << g.form_factor << ", " << to_string_view(g.segment) << '\n';
    o << "  compute      " << g.sm_count << " SMs x " << g.fp32_lanes_per_sm << " FP32 lanes = " << fp32_lanes(g)
      << " lanes; " << g.tensor_cores_per_sm << " tensor cores/SM = " << tensor_cores(g) << " (gen "
      << params(g.arch).tensor_core_generation << ")\n";
    o << "  clocks       boost " << to_string(g.boost_clock);
    if (g.base_clock) {
        o << ", base " << to_string(*g.base_clock);
    }
    if (g.tensor_clock) {
        o << ", tensor " << to_string(*g.tensor_clock);
    }
    if (g.fp32_accumulate_rate != 1.0) {
        o << "; FP32-accumulate tensor rate x" << g.fp32_accumulate_rate;
    }
    if (g.tensor_rating != 1.0) {
        o << "; tensor rating x" << g.tensor_rating;
    }
    o << '\n';
    o << "  memory       " << to_string(g.marketed_memory) << ' ' << to_string_view(g.mem_type) << " ("
      << to_string_binary(g.usable_memory) << " usable); " << g.bus_width_bits << "-bit x "
      << format_fixed(g.memory_data_rate.value(), 1e9, 4) << " Gbit/s = " << to_string(memory_bandwidth(g)) << "; L2 "
      << format_fixed(g.l2_cache.value(), 1048576.0) << " MiB\n";
    o << "  power        " << to_string(g.tdp) << " TDP\n";
    o << "  links        PCIe gen " << g.pcie_gen;
    if (g.nvlink_generation) {
        o << ", NVLink " << *g.nvlink_generation;
        if (g.nvlink_bandwidth) {
            o << " (" << to_string(*g.nvlink_bandwidth) << ")";
        }
    }
    o << '\n';
    if (auto r = ridge_point(g, dtype::fp16)) {
        o << "  ridge point  fp16 " << to_string(*r) << ", fp32 " << to_string(*ridge_point(g, dtype::fp32)) << '\n';
    }
    o << "  source file  " << g.origin << "\n\n";
    o << peak_table(g).to_text();
    const auto checks = check_datasheet(g);
    o << "\ndatasheet check (tolerance " << datasheet_tolerance * 100 << "%): " << detail::check_summary(checks)
      << '\n';
    for (const auto& c : checks) {
        if (!c.ok) {
            o << "  " << c << '\n';
        }
    }
    if (!g.notes.empty()) {
        o << "\nnotes: " << g.notes << '\n';
    }
    return o.str();
}

/// A list of GPUs (what `roofcast gpus` shows): the catalog, or any selection of it.
struct gpu_list {
    /// The GPUs, in order.
    std::vector<gpu_spec> gpus;
};

/// The overview table of the list (gpu_overview_table).
inline text_table to_table(const gpu_list& l) {
    return gpu_overview_table(l.gpus);
}

/// The peak table of one GPU (peak_table).
inline text_table to_table(const gpu_spec& g) {
    return peak_table(g);
}

/// The overview table and a line on what the columns mean.
inline std::string describe(const gpu_list& l) {
    return gpu_overview_table(l.gpus).to_text() + "\n" + std::to_string(l.gpus.size()) +
           " GPUs. Peaks are dense, derived from architecture parameters; 'datasheet' compares them with the "
           "vendor's claims (2% tolerance). Details: roofcast gpu NAME\n";
}

/// Prints describe(l).
inline std::ostream& operator<<(std::ostream& os, const gpu_list& l) {
    return os << describe(l);
}

}  // namespace roofcast

#endif
