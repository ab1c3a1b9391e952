/// @file
/// Rich display in Jupyter C++ kernels (xeus-cling, xeus-cpp): `mime_bundle_repr` for the types a notebook
/// shows, found by argument-dependent lookup. Each returns a MIME bundle: `text/html` tables (every text
/// escaped) or, for a roofline, `image/svg+xml`, and always `text/plain` from the text reports.
/// Not part of roofcast.hpp: it needs nlohmann-json, and uses the kernel's own copy (defines no JSON macro).
#ifndef ROOFCAST_REPORT_MIME_HPP
#define ROOFCAST_REPORT_MIME_HPP

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/catalog.hpp>
#include <roofcast/format.hpp>
#include <roofcast/hardware/datasheet.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/report/gpu_report.hpp>
#include <roofcast/report/planning_report.hpp>
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/report/roofline.hpp>
#include <roofcast/report/stream.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/report/validation_report.hpp>
#include <roofcast/report/workload_report.hpp>
#include <roofcast/workload/workload.hpp>

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstddef>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace roofcast {

namespace detail {

/// `s` as HTML text or attribute value: & < > " ' escaped, controls and malformed UTF-8 replaced.
inline std::string html_escape(std::string_view s) {
    return xml_escape(s);
}

/// A <table> from a text_table: every cell escaped, the columns text_table right-aligns right-aligned.
/// Well-formed XML as well as HTML.
inline std::string html_table(const text_table& t) {
    const auto align = [&t](std::size_t c) {
        return t.numeric_column(c) && t.size() > 0 ? std::string(" style=\"text-align:right\"") : std::string();
    };
    std::string s = "<table class=\"roofcast-table\">\n<thead><tr>";
    for (std::size_t c = 0; c < t.header().size(); ++c) {
        s += "<th" + align(c) + ">" + html_escape(t.header()[c]) + "</th>";
    }
    s += "</tr></thead>\n<tbody>\n";
    for (const auto& r : t.rows()) {
        s += "<tr>";
        for (std::size_t c = 0; c < r.size(); ++c) {
            s += "<td" + align(c) + ">" + html_escape(r[c]) + "</td>";
        }
        s += "</tr>\n";
    }
    return s + "</tbody>\n</table>\n";
}

/// A two-column table of (what, value) rows, without a header.
inline std::string html_fields(const std::vector<std::pair<std::string, std::string>>& fields) {
    std::string s = "<table class=\"roofcast-fields\">\n<tbody>\n";
    for (const auto& [k, v] : fields) {
        s += "<tr><th style=\"text-align:left\">" + html_escape(k) + "</th><td style=\"text-align:left\">" +
             html_escape(v) + "</td></tr>\n";
    }
    return s + "</tbody>\n</table>\n";
}

/// A heading line.
inline std::string html_title(const std::string& text) {
    return "<p><strong>" + html_escape(text) + "</strong></p>\n";
}

/// A paragraph of text.
inline std::string html_paragraph(const std::string& text) {
    return "<p>" + html_escape(text) + "</p>\n";
}

/// The bundle {"text/html": <div class="roofcast">html</div>, "text/plain": plain}.
inline nlohmann::json html_bundle(const std::string& html, const std::string& plain) {
    nlohmann::json b = nlohmann::json::object();
    b["text/html"] = "<div class=\"roofcast\">\n" + html + "</div>";
    b["text/plain"] = plain;
    return b;
}

/// What operator<< prints for `x`.
template <class T>
std::string streamed(const T& x) {
    std::ostringstream o;
    o << x;
    return o.str();
}

}  // namespace detail

/// The table as HTML: a <table> with the same header and cells, text escaped, numeric columns
/// right-aligned.
inline std::string to_html(const text_table& t) {
    return detail::html_table(t);
}

/// A table: an HTML table; text/plain is the aligned text.
inline nlohmann::json mime_bundle_repr(const text_table& t) {
    return detail::html_bundle(to_html(t), t.to_text());
}

/// A GPU: its parameters, derived values, the peak table and the datasheet check; text/plain is
/// describe(g).
inline nlohmann::json mime_bundle_repr(const gpu_spec& g) {
    std::string chip = g.chip.empty() ? "" : ", " + g.chip;
    std::vector<std::pair<std::string, std::string>> f;
    f.emplace_back("compute", std::to_string(g.sm_count) + " SMs x " + std::to_string(g.fp32_lanes_per_sm) +
                                  " FP32 lanes = " + std::to_string(fp32_lanes(g)) + " lanes; " +
                                  std::to_string(tensor_cores(g)) + " tensor cores (gen " +
                                  std::to_string(params(g.arch).tensor_core_generation) + ")");
    std::string clocks = "boost " + to_string(g.boost_clock);
    if (g.base_clock) {
        clocks += ", base " + to_string(*g.base_clock);
    }
    if (g.tensor_clock) {
        clocks += ", tensor " + to_string(*g.tensor_clock);
    }
    f.emplace_back("clocks", clocks);
    f.emplace_back("memory", to_string(g.marketed_memory) + " " + std::string(to_string_view(g.mem_type)) + " (" +
                                 to_string_binary(g.usable_memory) + " usable)");
    f.emplace_back("bandwidth", std::to_string(g.bus_width_bits) + "-bit x " +
                                    format_fixed(g.memory_data_rate.value(), 1e9, 4) +
                                    " Gbit/s = " + to_string(memory_bandwidth(g)));
    f.emplace_back("L2 cache", format_fixed(g.l2_cache.value(), 1048576.0) + " MiB");
    f.emplace_back("TDP", to_string(g.tdp));
    std::string link_text = "PCIe gen " + std::to_string(g.pcie_gen);
    if (g.nvlink_generation) {
        link_text += ", NVLink " + std::to_string(*g.nvlink_generation);
        if (g.nvlink_bandwidth) {
            link_text += " (" + to_string(*g.nvlink_bandwidth) + ")";
        }
    }
    f.emplace_back("links", link_text);
    if (const auto r16 = ridge_point(g, dtype::fp16)) {
        f.emplace_back("ridge point", "fp16 " + to_string(*r16) + ", fp32 " + to_string(*ridge_point(g, dtype::fp32)));
    }
    const auto checks = check_datasheet(g);
    f.emplace_back("datasheet check", detail::check_summary(checks));
    f.emplace_back("source", g.origin);
    std::string html = detail::html_title(g.name + " — " + g.vendor + " " + std::string(params(g.arch).display_name) +
                                          chip + ", " + g.form_factor + ", " + std::string(to_string_view(g.segment)));
    html += detail::html_fields(f) + to_html(peak_table(g));
    for (const datasheet_check& c : checks) {
        if (!c.ok) {
            html += detail::html_paragraph(detail::streamed(c));
        }
    }
    if (!g.notes.empty()) {
        html += detail::html_paragraph("notes: " + g.notes);
    }
    return detail::html_bundle(html, describe(g));
}

/// A prediction: the headline figures and the breakdown by op class; text/plain is describe(p).
inline nlohmann::json mime_bundle_repr(const prediction& p) {
    const auto [tp, unit] = main_throughput(p);
    std::vector<std::pair<std::string, std::string>> f;
    f.emplace_back("time", to_string(p.time));
    f.emplace_back("likely range", to_string(p.likely_low) + " – " + to_string(p.likely_high));
    f.emplace_back("throughput", si_prefixed(tp) + unit);
    f.emplace_back("bound", bound_summary(p));
    f.emplace_back("power", power_summary(p));
    if (p.cost_usd) {
        f.emplace_back("cost", format_dollars(*p.cost_usd));
    }
    if (p.epoch_time) {
        f.emplace_back("epoch", to_string(*p.epoch_time) + ", " + to_string(*p.epoch_energy));
    }
    f.emplace_back("memory", fit_verdict(p.memory));
    if (p.extrapolation) {
        f.emplace_back("note", *p.extrapolation);
    }
    const std::string gpus = p.config.num_gpus > 1 ? std::to_string(p.config.num_gpus) + " x " : "";
    const std::string html = detail::html_title(p.workload + " on " + gpus + p.gpu + ": " + run_headline(p)) +
                             detail::html_fields(f) + to_html(breakdown_table(p));
    return detail::html_bundle(html, describe(p));
}

/// A comparison: the side-by-side table, best first; text/plain is comparison_table(c) as text.
inline nlohmann::json mime_bundle_repr(const comparison& c) {
    std::string html;
    for (const auto& r : c.results) {
        if (r) {
            html = detail::html_title(r->workload + ": " + run_headline(*r));
            break;
        }
    }
    const text_table t = comparison_table(c);
    return detail::html_bundle(html + to_html(t), t.to_text());
}

/// A scaling study: what scales, and one row per GPU count; text/plain is describe(r).
inline nlohmann::json mime_bundle_repr(const scaling_report& r) {
    return detail::html_bundle(
        detail::html_title(r.workload + " on " + r.gpu + ": data-parallel scaling") + to_html(scaling_table(r)),
        describe(r));
}

/// A list of GPUs: the overview table; text/plain is describe(l).
inline nlohmann::json mime_bundle_repr(const gpu_list& l) {
    return detail::html_bundle(to_html(to_table(l)), describe(l));
}

/// A list of workloads: one row each.
inline nlohmann::json mime_bundle_repr(const workload_list& l) {
    const text_table t = to_table(l);
    return detail::html_bundle(to_html(t), t.to_text());
}

/// A workload summary: size and forward work and, for a CNN, its weighted layers; text/plain is describe(s).
inline nlohmann::json mime_bundle_repr(const workload_summary& s) {
    std::string html = detail::html_title(s.source->name + ": " + format_count(s.parameters) + " parameters, " +
                                          to_string(s.forward_flops * units::flop) + " forward per " + s.flops_per);
    if (cnn_of(*s.source)) {
        html += to_html(to_table(s));
    }
    return detail::html_bundle(html, describe(s));
}

/// A memory footprint: item by item with shares, the total, the capacity and whether it fits.
inline nlohmann::json mime_bundle_repr(const memory_footprint& f) {
    return detail::html_bundle(to_html(footprint_table(f)) + detail::html_title(fit_verdict(f)), detail::streamed(f));
}

namespace detail {

/// The HTML of a max-batch answer for `workload` on `gpu`.
inline std::string batch_limit_html(const batch_limit& b, const std::string& workload, const std::string& gpu) {
    std::string html;
    if (b.max_batch > 0) {
        html = html_title(workload + " on " + gpu + ": max batch " + std::to_string(b.max_batch) + " (likely " +
                          std::to_string(b.likely_low) + " – " + std::to_string(b.likely_high) + "; limited by " +
                          b.limiting_item + "; a larger batch grows the " + b.growing_item + ")");
        return html + to_html(footprint_table(b.footprint));
    }
    html =
        html_title(workload + " does not fit " + gpu + " even at batch 1: " + to_string_binary(b.footprint.total()) +
                   " needed, " + to_string_binary(b.footprint.capacity) + " usable; largest item: " + b.limiting_item);
    html += to_html(footprint_table(b.footprint));
    if (b.suggestions.empty()) {
        return html + html_paragraph(
                          "no single change among tensor parallelism, ZeRO, recompute or lower precision makes it fit");
    }
    text_table t({"what would make batch 1 fit", "per GPU", "of"});
    for (const fit_suggestion& s : b.suggestions) {
        t.add_row({s.change, to_string_binary(s.footprint.total()), to_string_binary(s.footprint.capacity)});
    }
    return html + to_html(t);
}

}  // namespace detail

/// A max-batch answer without names (prefer max_batch_result, which has them).
inline nlohmann::json mime_bundle_repr(const batch_limit& b) {
    return detail::html_bundle(detail::batch_limit_html(b, "the workload", "the GPU"), detail::streamed(b));
}

/// A max-batch answer: the batch and what limits it, the footprint, and suggestions when nothing fits;
/// text/plain is describe(r).
inline nlohmann::json mime_bundle_repr(const max_batch_result& r) {
    return detail::html_bundle(detail::batch_limit_html(r.limit, r.workload, r.gpu), describe(r));
}

/// Error statistics: one row (rows, predicted, median/mean/p90 APE, within 10% and 25%).
inline nlohmann::json mime_bundle_repr(const error_summary& s) {
    return detail::html_bundle(to_html(error_summary_table("rows", {{"all", s}})), detail::streamed(s));
}

/// A validation report: the summary, the errors by GPU, workload and metric, and the skip reasons.
inline nlohmann::json mime_bundle_repr(const validation_report& r) {
    std::string html = detail::html_title(r.file + ": " + detail::streamed(r.overall));
    html += to_html(error_summary_table("gpu", r.by_gpu)) + to_html(error_summary_table("workload", r.by_workload)) +
            to_html(error_summary_table("metric", r.by_metric));
    if (r.overall.predicted < r.overall.rows) {
        html += to_html(skip_reasons_table(r));
    }
    return detail::html_bundle(html, detail::streamed(r));
}

/// A roofline chart: the SVG of to_svg(c) and, as text/plain, its text summary.
inline nlohmann::json mime_bundle_repr(const roofline_chart& c) {
    nlohmann::json b = nlohmann::json::object();
    b["image/svg+xml"] = to_svg(c);
    b["text/plain"] = detail::streamed(c);
    return b;
}

/// A workload: its kind, size and shape (layers, widths, heads, FFN, vocabulary for a transformer).
inline nlohmann::json mime_bundle_repr(const workload& w) {
    std::vector<std::pair<std::string, std::string>> f;
    std::string plain = detail::streamed(w);
    f.emplace_back("parameters", format_count(parameters(w)));
    if (const transformer_config* tf = transformer_of(w)) {
        const transformer_config& t = *tf;
        f.emplace_back("kind", std::string(to_string_view(t.kind)));
        f.emplace_back("layers",
                       std::to_string(t.layers) +
                           (t.decoder_layers > 0 ? " + " + std::to_string(t.decoder_layers) + " decoder" : ""));
        f.emplace_back("hidden", std::to_string(t.hidden));
        f.emplace_back("heads", std::to_string(t.heads) + " (" + std::to_string(t.kv_heads) + " key/value, " +
                                    std::to_string(t.head_dim) + " wide)");
        f.emplace_back(
            "ffn",
            std::to_string(t.ffn_hidden) + " " + std::string(to_string_view(t.ffn)) +
                (t.experts > 1 ? ", " + std::to_string(t.experts) + " experts, top-" + std::to_string(t.top_k) : ""));
        f.emplace_back("vocabulary", std::to_string(t.vocab));
        f.emplace_back("max sequence", std::to_string(t.max_seq));
        f.emplace_back("norm, position",
                       std::string(to_string_view(t.norm)) + ", " + std::string(to_string_view(t.position)));
        if (!t.description.empty()) {
            f.emplace_back("description", t.description);
        }
        f.emplace_back("source", t.origin);
        plain += '\n' + detail::streamed(t);
    } else if (const cnn_graph* g = cnn_of(w)) {
        f.emplace_back("input", std::to_string(g->channels) + "x" + std::to_string(g->image_size) + "x" +
                                    std::to_string(g->image_size));
        f.emplace_back("layers", std::to_string(g->layers.size()));
        f.emplace_back("work", si_prefixed(macs(*g)) + "MAC per sample");
        plain += '\n' + detail::streamed(*g);
    }
    return detail::html_bundle(detail::html_title(w.name) + detail::html_fields(f), plain);
}

/// A catalog: the GPU overview (one row per GPU) and the workload names.
inline nlohmann::json mime_bundle_repr(const model_catalog& c) {
    const text_table gpus = gpu_overview_table(c.gpus());
    std::string names;
    for (const workload& w : c.workloads()) {
        names += (names.empty() ? "" : ", ") + w.name;
    }
    const std::string head = detail::streamed(c);
    return detail::html_bundle(detail::html_title(head) + to_html(gpus) + detail::html_paragraph("workloads: " + names),
                               head + "\n\n" + gpus.to_text() + "\nworkloads: " + names + '\n');
}

/// A roofline as the roofline command answers it: the chart's bundle.
inline nlohmann::json mime_bundle_repr(const roofline_report& r) {
    return mime_bundle_repr(r.chart);
}

/// A training plan: the job, the best layouts, why the better-ranked GPU types and counts are not plans, and
/// the GPU types skipped; text/plain is describe(p).
inline nlohmann::json mime_bundle_repr(const training_plan& p) {
    std::string html = detail::html_title(p.workload + ": " + format_number(p.amount, 4) +
                                          (p.counts_tokens ? " tokens, " : " samples, ") + detail::limits_text(p));
    html += p.options.empty() ? detail::html_paragraph("no layout fits and meets the limits")
                              : to_html(training_options_table(p));
    for (const training_option& b : p.best_per_gpu) {
        html += p.best_per_gpu.size() > 1 ? detail::html_paragraph("best of its GPU type: " + detail::streamed(b)) : "";
    }
    for (const training_rejection& r : p.rejected) {
        html += detail::html_paragraph(detail::rejection_text(r, p));
    }
    for (const std::string& s : p.skipped) {
        html += detail::html_paragraph("skipped: " + s);
    }
    return detail::html_bundle(html, describe(p));
}

/// A serving plan: the service and its targets, the options that meet them cheapest first, and why the others
/// cannot; text/plain is describe(p).
inline nlohmann::json mime_bundle_repr(const serving_plan& p) {
    std::string html =
        detail::html_title(p.workload + ", " + std::string(to_string_view(p.base.precision)) + ", " +
                           format_number(p.rate, 4) + " requests/s; " + detail::targets_text(p.targets)) +
        to_html(serving_options_table(p));
    for (const serving_option& o : p.options) {
        if (!o.feasible()) {
            html += detail::html_paragraph(detail::streamed(o));
        }
    }
    return detail::html_bundle(html, describe(p));
}

namespace detail {

/// Whether `T` has a view: to_table(x) and describe(x), found by argument-dependent lookup.
template <class T, class = void>
struct has_view : std::false_type {};

/// Whether `T` has a view: to_table(x) and describe(x), found by argument-dependent lookup.
template <class T>
struct has_view<T,
                std::void_t<decltype(to_table(std::declval<const T&>())), decltype(describe(std::declval<const T&>()))>>
    : std::true_type {};

}  // namespace detail

/// Any other result with a view beside its type (to_table and describe): its table as HTML; text/plain is
/// describe(x). A new result displays in a notebook without an overload of its own (docs/units.md).
template <class T, std::enable_if_t<detail::has_view<T>::value, int> = 0>
nlohmann::json mime_bundle_repr(const T& x) {
    return detail::html_bundle(to_html(to_table(x)), describe(x));
}

}  // namespace roofcast

#endif
