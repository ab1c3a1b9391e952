/// @file
/// The roofline chart of a GPU: its memory-bandwidth slope and one compute ceiling per distinct peak,
/// with kernels as points at their arithmetic intensity and achieved rate; rendered as a standalone SVG
/// document (standard library only) or as a text summary.
#ifndef ROOFCAST_REPORT_ROOFLINE_HPP
#define ROOFCAST_REPORT_ROOFLINE_HPP

#include <roofcast/error.hpp>
#include <roofcast/format.hpp>
#include <roofcast/hardware/dtype.hpp>
#include <roofcast/hardware/gpu_spec.hpp>
#include <roofcast/report/table.hpp>
#include <roofcast/units.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// One point on a roofline: a kernel or kernel class at its arithmetic intensity and achieved rate.
struct roofline_point {
    /// What the point is, e.g. "gemm fwd" (shown as the marker's tooltip and, where room allows, beside it).
    std::string label;
    /// Kind of kernel, e.g. "gemm" or "elementwise": points of one group share a colour and marker.
    std::string group;
    /// FLOP per DRAM byte.
    flops_per_byte intensity = 0.0 * units::flop_per_byte;
    /// Achieved rate.
    flops_per_second achieved = 0.0 * units::flop_per_second;
};

/// A horizontal compute ceiling: one or more dtypes that share a peak (e.g. "fp16/bf16").
struct roofline_ceiling {
    /// The dtypes' names joined by '/', in all_dtypes order, e.g. "fp16/bf16".
    std::string label;
    /// The dtypes that share this peak, in all_dtypes order.
    std::vector<dtype> dtypes;
    /// The shared dense peak rate.
    flops_per_second peak = 0.0 * units::flop_per_second;
};

/// A roofline chart of one GPU: its bandwidth slope, one ceiling per distinct supported peak, and points.
struct roofline_chart {
    /// GPU name, shown in the title.
    std::string gpu_name;
    /// Peak DRAM bandwidth: the slope of the memory roof (attainable rate = bandwidth × intensity).
    bytes_per_second bandwidth = 0.0 * units::byte_per_second;
    /// Compute ceilings, sorted by peak, descending.
    std::vector<roofline_ceiling> ceilings;
    /// Kernels drawn as markers.
    std::vector<roofline_point> points;
};

namespace detail {

/// Peaks whose relative difference is at most this share one ceiling.
inline constexpr double roofline_same_peak = 1e-3;

/// Whether `v` can be placed on a logarithmic axis: between 1e-300 and 1e300 (so finite and positive, and
/// the axis ends stay finite).
inline bool log_drawable(double v) {
    return v >= 1e-300 && v <= 1e300;
}

/// Whether both coordinates of the point are log_drawable(): finite, positive and within 1e±300 (other
/// points are skipped by to_svg).
inline bool drawable(const roofline_point& p) {
    return log_drawable(p.intensity.value()) && log_drawable(p.achieved.value());
}

/// Length in bytes of the well-formed UTF-8 sequence at `s[i]` encoding a character XML allows outside
/// the C0 controls, or 0 if the bytes there are not one (stray, overlong, surrogate, U+FFFE/U+FFFF).
inline std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) {
        return 1;
    }
    std::size_t n = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        lo = c == 0xE0 ? 0xA0 : lo;
        hi = c == 0xED ? 0x9F : hi;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        lo = c == 0xF0 ? 0x90 : lo;
        hi = c == 0xF4 ? 0x8F : hi;
    } else {
        return 0;
    }
    if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi) {
        return 0;
    }
    for (std::size_t k = 2; k < n; ++k) {
        if (b(i + k) < 0x80 || b(i + k) > 0xBF) {
            return 0;
        }
    }
    if (n == 3 && c == 0xEF && b(i + 1) == 0xBF && b(i + 2) >= 0xBE) {
        return 0;  // U+FFFE, U+FFFF are not XML characters
    }
    return n;
}

/// `s` as XML character data or attribute value: & < > " ' escaped, C0 controls other than tab, line feed
/// and carriage return replaced by a space, bytes that are not well-formed UTF-8 replaced by U+FFFD.
inline std::string xml_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8_sequence_length(s, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        if (n > 1) {
            out.append(s.substr(i, n));
            i += n;
            continue;
        }
        const char ch = s[i++];
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: {
                const bool control = static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n' && ch != '\r';
                out += control ? ' ' : ch;
            }
        }
    }
    return out;
}

/// Number of characters in `s` (a byte that is not well-formed UTF-8 counts as one).
inline std::size_t utf8_length(std::string_view s) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < s.size(); ++count) {
        i += std::max<std::size_t>(1, utf8_sequence_length(s, i));
    }
    return count;
}

/// `s` cut to at most `max_chars` characters at a character boundary, ending in "…" where cut.
inline std::string utf8_truncate(std::string_view s, std::size_t max_chars) {
    if (utf8_length(s) <= max_chars || max_chars == 0) {
        return std::string(max_chars == 0 ? std::string_view() : s);
    }
    std::size_t i = 0;
    for (std::size_t count = 0; count + 1 < max_chars && i < s.size(); ++count) {
        i += std::max<std::size_t>(1, utf8_sequence_length(s, i));
    }
    return std::string(s.substr(0, i)) + "\xE2\x80\xA6";
}

/// A pixel coordinate with at most one decimal, independent of the C locale ("12.5", "300", never "-0").
inline std::string svg_number(double v) {
    v = std::isfinite(v) ? std::round(v * 10.0) / 10.0 : 0.0;
    if (v == 0.0) {
        v = 0.0;  // no "-0"
    }
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 1);
    std::string s(buf, r.ptr);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) {
        s.resize(s.size() - 2);
    }
    return s;
}

/// An arithmetic intensity with three significant digits, whole numbers from 1000 up: "0.25 FLOP/B",
/// "295 FLOP/B", "1310 FLOP/B" (not "1.31e+03").
inline std::string intensity_text(flops_per_byte i) {
    const double v = i.value();
    if (!(std::fabs(v) >= 1000.0) || !std::isfinite(v)) {
        return to_string(i);
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f FLOP/B", v);
    return buf;
}

/// The label of the decade 10^k with an SI prefix: "0.1", "1", "10 k", "1 T".
inline std::string decade_label(int k) {
    std::string s = si_prefixed(std::pow(10.0, k), 3);
    while (!s.empty() && s.back() == ' ') {
        s.pop_back();
    }
    return s;
}

/// The axis ranges of a roofline chart, in decades: x from 10^x_lo to 10^x_hi FLOP/byte, y from 10^y_lo
/// to 10^y_hi FLOP/s.
struct roofline_decades {
    /// Lowest x decade.
    int x_lo = -1;
    /// Highest x decade.
    int x_hi = 4;
    /// Lowest y decade.
    int y_lo = 9;
    /// Highest y decade.
    int y_hi = 15;
};

/// Chooses the axis ranges from the data: x from 1/100 of the lowest ridge point (or half the smallest
/// point intensity) to 10× the largest ridge point (or twice the largest intensity); y from half a decade
/// below the lowest of the lowest ceiling, the lowest point and the bandwidth roof at the left edge, to a
/// quarter decade above the highest ceiling or point; each rounded outwards to decades (so the bottom is
/// half a decade to a decade and a half below the lowest value), at least two decades wide. Ceilings with a non-finite
/// or non-positive peak, and points as in drawable(), are ignored.
inline roofline_decades axis_decades(const roofline_chart& c) {
    // In log10 space throughout, so that no product or quotient of extreme values overflows.
    const double bw = c.bandwidth.value();
    const bool has_bw = log_drawable(bw);
    const double log_bw = has_bw ? std::log10(bw) : 0.0;
    bool any_ceiling = false;
    double x_lo = HUGE_VAL;
    double x_hi = -HUGE_VAL;
    double y_lo = HUGE_VAL;
    double y_hi = -HUGE_VAL;
    for (const roofline_ceiling& k : c.ceilings) {
        if (!log_drawable(k.peak.value())) {
            continue;
        }
        any_ceiling = true;
        const double p = std::log10(k.peak.value());
        y_lo = std::min(y_lo, p);
        y_hi = std::max(y_hi, p);
        if (has_bw) {
            x_lo = std::min(x_lo, p - log_bw - 2.0);  // ridge / 100
            x_hi = std::max(x_hi, p - log_bw + 1.0);  // ridge x 10
        }
    }
    const double log_two = std::log10(2.0);
    for (const roofline_point& p : c.points) {
        if (!drawable(p)) {
            continue;
        }
        x_lo = std::min(x_lo, std::log10(p.intensity.value()) - log_two);
        x_hi = std::max(x_hi, std::log10(p.intensity.value()) + log_two);
        y_lo = std::min(y_lo, std::log10(p.achieved.value()));
        y_hi = std::max(y_hi, std::log10(p.achieved.value()));
    }
    const double eps = 1e-9;  // exact decades stay put despite rounding in log10
    roofline_decades d;
    if (x_lo <= x_hi) {
        d.x_lo = static_cast<int>(std::floor(x_lo + eps));
        d.x_hi = static_cast<int>(std::ceil(x_hi - eps));
    }
    d.x_hi = std::max(d.x_hi, d.x_lo + 2);
    if (has_bw) {
        y_lo = std::min(y_lo, log_bw + d.x_lo);  // the slope at the left edge
        if (!any_ceiling) {
            y_hi = std::max(y_hi, log_bw + d.x_hi);  // no ceiling: the slope spans the chart
        }
    }
    if (y_lo <= y_hi) {
        d.y_lo = static_cast<int>(std::floor(y_lo - 0.5 + eps));
        d.y_hi = static_cast<int>(std::ceil(y_hi + 0.25 - eps));
    }
    d.y_hi = std::max(d.y_hi, d.y_lo + 2);
    return d;
}

/// An axis-aligned rectangle in pixels, for label placement.
struct svg_box {
    /// Left edge.
    double x0;
    /// Top edge.
    double y0;
    /// Right edge.
    double x1;
    /// Bottom edge.
    double y1;
    /// Whether the two rectangles overlap.
    bool overlaps(const svg_box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
    /// Whether `o` lies inside this rectangle.
    bool contains(const svg_box& o) const { return o.x0 >= x0 && o.x1 <= x1 && o.y0 >= y0 && o.y1 <= y1; }
};

/// Approximate width in pixels of `s` at `font_size` in a sans-serif font.
inline double text_width(std::string_view s, double font_size) {
    return static_cast<double>(utf8_length(s)) * font_size * 0.6;
}

/// Stroke colours of the ceilings, highest first.
inline constexpr std::array<const char*, 8> ceiling_colours = {"#c0392b", "#2e86c1", "#27ae60", "#8e44ad",
                                                               "#d68910", "#16a085", "#7f8c8d", "#a04000"};
/// Fill colours of the point groups, in order of first appearance.
inline constexpr std::array<const char*, 8> group_colours = {"#ff7f0e", "#1f77b4", "#2ca02c", "#d62728",
                                                             "#9467bd", "#8c564b", "#e377c2", "#17becf"};
/// Number of marker shapes (circle, square, triangle, diamond, inverted triangle).
inline constexpr int marker_shapes = 5;

/// One marker element centred at (x, y): shape `shape`, filled with `fill`, with a <title> child when
/// `title` is not empty. `title` must already be escaped.
inline std::string svg_marker(int shape, const char* fill, double x, double y, const std::string& css_class,
                              const std::string& title) {
    const auto n = [](double v) { return svg_number(v); };
    const std::string paint =
        " class=\"" + css_class + "\" fill=\"" + fill + "\" stroke=\"#222222\" stroke-width=\"0.8\"";
    std::string open;
    std::string tag;
    switch (shape % marker_shapes) {
        case 0:
            tag = "circle";
            open = "<circle cx=\"" + n(x) + "\" cy=\"" + n(y) + "\" r=\"5\"" + paint;
            break;
        case 1:
            tag = "rect";
            open = "<rect x=\"" + n(x - 4.5) + "\" y=\"" + n(y - 4.5) + "\" width=\"9\" height=\"9\"" + paint;
            break;
        case 2:
            tag = "path";
            open = "<path d=\"M" + n(x) + "," + n(y - 6) + "L" + n(x + 5.5) + "," + n(y + 4) + "L" + n(x - 5.5) + "," +
                   n(y + 4) + "Z\"" + paint;
            break;
        case 3:
            tag = "path";
            open = "<path d=\"M" + n(x) + "," + n(y - 6) + "L" + n(x + 6) + "," + n(y) + "L" + n(x) + "," + n(y + 6) +
                   "L" + n(x - 6) + "," + n(y) + "Z\"" + paint;
            break;
        default:
            tag = "path";
            open = "<path d=\"M" + n(x) + "," + n(y + 6) + "L" + n(x + 5.5) + "," + n(y - 4) + "L" + n(x - 5.5) + "," +
                   n(y - 4) + "Z\"" + paint;
            break;
    }
    if (title.empty()) {
        return open + "/>\n";
    }
    return open + "><title>" + title + "</title></" + tag + ">\n";
}

}  // namespace detail

/// Builds the chart of `g`: one ceiling per supported dtype (best unit, roofcast::peak(g, d)); dtypes with
/// equal peaks (within 0.1%) share one ceiling labelled "a/b" in all_dtypes order; unsupported dtypes have
/// none. Ceilings are sorted by peak, descending; `points` are kept as given.
/// Example: H100-SXM5-80GB gives fp8/int8 1.98 PFLOP/s, fp16/bf16 989 TFLOP/s, tf32 495 TFLOP/s and
/// fp64/fp32 66.9 TFLOP/s under a 3.35 TB/s slope.
inline roofline_chart make_roofline(const gpu_spec& g, std::vector<roofline_point> points = {}) {
    roofline_chart c;
    c.gpu_name = g.name;
    c.bandwidth = memory_bandwidth(g);
    for (dtype d : all_dtypes) {
        const auto p = peak(g, d);
        if (!p || !(p->value() > 0.0)) {
            continue;
        }
        const auto same = std::find_if(c.ceilings.begin(), c.ceilings.end(), [&](const roofline_ceiling& k) {
            return std::fabs(k.peak.value() - p->value()) <=
                   detail::roofline_same_peak * std::max(k.peak.value(), p->value());
        });
        if (same != c.ceilings.end()) {
            same->label += "/" + to_string(d);
            same->dtypes.push_back(d);
        } else {
            c.ceilings.push_back({to_string(d), {d}, *p});
        }
    }
    std::stable_sort(c.ceilings.begin(), c.ceilings.end(),
                     [](const roofline_ceiling& a, const roofline_ceiling& b) { return a.peak > b.peak; });
    c.points = std::move(points);
    return c;
}

/// The chart as a standalone SVG document (well-formed XML, xmlns set, width x height pixels): log-log
/// axes with decade ticks labelled with SI prefixes, the bandwidth slope up to the highest ceiling, each
/// ceiling from its ridge point rightwards with its label and peak, a legend (ceilings, the slope, then
/// point groups) and one marker per point, coloured and shaped by group, with the point's label as its
/// tooltip (<title>) and, where there is room, beside it. Axis ranges follow the data (see
/// detail::axis_decades). Points whose intensity or rate is non-finite or non-positive (NaN, infinite, zero,
/// negative; also beyond 1e±300), and ceilings with such a peak, are skipped; without such a bandwidth
/// there is no slope.
/// Labels are escaped for XML. The output depends only on the arguments (same input, same bytes).
/// Element classes: "ceiling" (one <line> per drawn ceiling), "bandwidth" (the slope), "point" (one marker
/// per drawn point), "ceiling-label", "bandwidth-label", "point-label", "title", "axis-title", "tick",
/// "minor-tick", "tick-label", "grid", "frame", "background", and inside <g class="legend">
/// "legend-line", "legend-marker", "legend-label".
/// Throws input_error if the size is below 400 x 300 pixels.
inline std::string to_svg(const roofline_chart& c, int width = 820, int height = 560) {
    if (width < 400 || height < 300) {
        throw input_error("roofline SVG of " + std::to_string(width) + " x " + std::to_string(height) +
                          " pixels is too small (at least 400 x 300)");
    }
    using detail::svg_box;
    using detail::svg_number;
    using detail::xml_escape;
    const double bw = c.bandwidth.value();
    const bool has_bw = detail::log_drawable(bw);
    const detail::roofline_decades ax = detail::axis_decades(c);

    // Ceilings drawn, highest first; point groups in order of first appearance.
    std::vector<const roofline_ceiling*> ceilings;
    for (const roofline_ceiling& k : c.ceilings) {
        if (detail::log_drawable(k.peak.value())) {
            ceilings.push_back(&k);
        }
    }
    std::stable_sort(ceilings.begin(), ceilings.end(),
                     [](const roofline_ceiling* a, const roofline_ceiling* b) { return a->peak > b->peak; });
    std::vector<const roofline_point*> points;
    std::vector<std::string> groups;
    std::vector<int> group_of;
    for (const roofline_point& p : c.points) {
        if (!detail::drawable(p)) {
            continue;
        }
        auto it = std::find(groups.begin(), groups.end(), p.group);
        if (it == groups.end()) {
            it = groups.insert(groups.end(), p.group);
        }
        points.push_back(&p);
        group_of.push_back(static_cast<int>(it - groups.begin()));
    }

    // Legend entries decide the width of the legend column right of the plot.
    struct legend_entry {
        enum kind_t { ceiling, slope, group } kind;
        std::string text;
        int index;
    };
    std::vector<legend_entry> legend;
    for (std::size_t i = 0; i < ceilings.size(); ++i) {
        legend.push_back({legend_entry::ceiling, ceilings[i]->label, static_cast<int>(i)});
    }
    if (has_bw) {
        legend.push_back({legend_entry::slope, "memory " + to_string(c.bandwidth), 0});
    }
    for (std::size_t i = 0; i < groups.size(); ++i) {
        legend.push_back({legend_entry::group, groups[i].empty() ? "points" : groups[i], static_cast<int>(i)});
    }
    const double legend_max = std::min(240.0, 0.3 * width);
    const auto legend_chars = static_cast<std::size_t>((legend_max - 30.0) / 7.2);
    double legend_width = 0.0;
    for (legend_entry& e : legend) {
        e.text = detail::utf8_truncate(e.text, legend_chars);
        legend_width = std::max(legend_width, detail::text_width(e.text, 12.0) + 30.0);
    }
    legend_width = std::clamp(legend_width, std::min(100.0, legend_max), legend_max);

    // Plot area and coordinate maps.
    const double left = 78.0;
    const double top = 46.0;
    const double right = width - legend_width - 24.0;
    const double bottom = height - 54.0;
    const svg_box plot{left, top, right, bottom};
    const auto px = [&](double x) { return left + (std::log10(x) - ax.x_lo) / (ax.x_hi - ax.x_lo) * (right - left); };
    const auto py = [&](double y) { return bottom - (std::log10(y) - ax.y_lo) / (ax.y_hi - ax.y_lo) * (bottom - top); };
    const double x_min = std::pow(10.0, ax.x_lo);
    const double x_max = std::pow(10.0, ax.x_hi);
    const double y_min = std::pow(10.0, ax.y_lo);
    const double y_max = std::pow(10.0, ax.y_hi);
    const auto n = [](double v) { return svg_number(v); };
    const auto text_el = [&](const std::string& cls, double x, double y, const char* anchor, const std::string& body,
                             const std::string& extra = "") {
        return "<text class=\"" + cls + "\" x=\"" + n(x) + "\" y=\"" + n(y) + "\" text-anchor=\"" + anchor + "\"" +
               extra + ">" + xml_escape(body) + "</text>\n";
    };
    const auto line_el = [&](const std::string& cls, double x0, double y0, double x1, double y1, const char* stroke,
                             double stroke_width) {
        return "<line class=\"" + cls + "\" x1=\"" + n(x0) + "\" y1=\"" + n(y0) + "\" x2=\"" + n(x1) + "\" y2=\"" +
               n(y1) + "\" stroke=\"" + stroke + "\" stroke-width=\"" + n(stroke_width) + "\"/>\n";
    };

    std::string s;
    s += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(height) +
         "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n";
    s += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(height) + "\" fill=\"#ffffff\"/>\n";
    std::string title = c.gpu_name.empty() ? "roofline" : c.gpu_name + " roofline";
    if (has_bw) {
        title += " (memory bandwidth " + to_string(c.bandwidth) + ")";
    }
    const double title_size = std::clamp((width - left - 10.0) / (0.62 * detail::utf8_length(title)), 10.0, 16.0);
    s += text_el("title", left, 28.0, "start", title, " font-size=\"" + n(title_size) + "\" font-weight=\"bold\"");

    // Grid, frame, ticks and tick labels.
    const double x_decade_px = (right - left) / (ax.x_hi - ax.x_lo);
    const double y_decade_px = (bottom - top) / (ax.y_hi - ax.y_lo);
    const int x_step = x_decade_px >= 44.0 ? 1 : static_cast<int>(std::ceil(44.0 / x_decade_px));
    const int y_step = y_decade_px >= 16.0 ? 1 : static_cast<int>(std::ceil(16.0 / y_decade_px));
    for (int k = ax.x_lo; k <= ax.x_hi; ++k) {
        const double x = px(std::pow(10.0, k));
        if (k > ax.x_lo && k < ax.x_hi) {
            s += line_el("grid", x, top, x, bottom, "#e3e3e3", 1.0);
        }
        s += line_el("tick", x, bottom, x, bottom + 5.0, "#444444", 1.0);
        if ((k - ax.x_lo) % x_step == 0) {
            s += text_el("tick-label", x, bottom + 19.0, "middle", detail::decade_label(k));
        }
    }
    for (int k = ax.y_lo; k <= ax.y_hi; ++k) {
        const double y = py(std::pow(10.0, k));
        if (k > ax.y_lo && k < ax.y_hi) {
            s += line_el("grid", left, y, right, y, "#e3e3e3", 1.0);
        }
        s += line_el("tick", left - 5.0, y, left, y, "#444444", 1.0);
        if ((k - ax.y_lo) % y_step == 0) {
            s += text_el("tick-label", left - 8.0, y + 4.0, "end", detail::decade_label(k));
        }
    }
    for (int m = 2; m <= 9; ++m) {
        if (x_decade_px >= 30.0) {
            for (int k = ax.x_lo; k < ax.x_hi; ++k) {
                const double x = px(m * std::pow(10.0, k));
                s += line_el("minor-tick", x, bottom, x, bottom + 3.0, "#444444", 0.8);
            }
        }
        if (y_decade_px >= 30.0) {
            for (int k = ax.y_lo; k < ax.y_hi; ++k) {
                const double y = py(m * std::pow(10.0, k));
                s += line_el("minor-tick", left - 3.0, y, left, y, "#444444", 0.8);
            }
        }
    }
    s += "<rect class=\"frame\" x=\"" + n(left) + "\" y=\"" + n(top) + "\" width=\"" + n(right - left) +
         "\" height=\"" + n(bottom - top) + "\" fill=\"none\" stroke=\"#444444\" stroke-width=\"1\"/>\n";
    s += text_el("axis-title", (left + right) / 2.0, bottom + 42.0, "middle", "arithmetic intensity (FLOP/byte)",
                 " font-size=\"13\"");
    s += text_el("axis-title", 22.0, (top + bottom) / 2.0, "middle", "performance (FLOP/s)",
                 " font-size=\"13\" transform=\"rotate(-90 22 " + n((top + bottom) / 2.0) + ")\"");

    // Obstacles for labels: markers, the slope, its label, ceiling lines and labels.
    std::vector<svg_box> taken;
    std::vector<std::pair<double, double>> marks;  // marker centres, in the order of `points`
    for (const roofline_point* p : points) {
        marks.emplace_back(px(p->intensity.value()), py(p->achieved.value()));
        taken.push_back(
            {marks.back().first - 6.0, marks.back().second - 6.0, marks.back().first + 6.0, marks.back().second + 6.0});
    }
    const auto is_free = [&](const svg_box& b) {
        return plot.contains(b) &&
               std::none_of(taken.begin(), taken.end(), [&](const svg_box& o) { return o.overlaps(b); });
    };

    // The memory roof: y = bandwidth × x, from the left edge up to the highest ceiling, clipped to the plot.
    bool has_slope = false;
    double sx0 = 0.0;
    double sy0 = 0.0;
    double sx1 = 0.0;
    double sy1 = 0.0;
    if (has_bw) {
        const double xa = std::max(x_min, y_min / bw);
        double xb = std::min(x_max, y_max / bw);
        if (!ceilings.empty()) {
            xb = std::min(xb, ceilings.front()->peak.value() / bw);
        }
        if (xa < xb) {
            has_slope = true;
            sx0 = px(xa);
            sy0 = py(bw * xa);
            sx1 = px(xb);
            sy1 = py(bw * xb);
            s += line_el("bandwidth", sx0, sy0, sx1, sy1, "#333333", 2.0);
        }
    }
    // Whether the slope passes through `b` (its corners lie on both sides of the line, within its extent).
    const auto crosses_slope = [&](const svg_box& b) {
        if (!has_slope || b.x1 < std::min(sx0, sx1) || b.x0 > std::max(sx0, sx1) || b.y1 < std::min(sy0, sy1) ||
            b.y0 > std::max(sy0, sy1)) {
            return false;
        }
        const auto side = [&](double x, double y) { return (sx1 - sx0) * (y - sy0) - (sy1 - sy0) * (x - sx0); };
        const double a = side(b.x0, b.y0);
        const double corners[] = {side(b.x1, b.y0), side(b.x0, b.y1), side(b.x1, b.y1)};
        return std::any_of(std::begin(corners), std::end(corners), [&](double v) { return (v > 0) != (a > 0); });
    };
    // Ceilings: from the ridge point rightwards. Labels ("fp16/bf16 989 TFLOP/s") are right-aligned, above
    // their line or else below it, clear of the slope, the markers, the other ceilings and each other's
    // labels; where neither place is clear, the dtypes alone are tried; else the label goes above the line
    // or just below the previous label (the dtypes alone where the full label would cross the slope).
    std::vector<svg_box> ceiling_lines;
    for (const roofline_ceiling* k : ceilings) {
        const double p = k->peak.value();
        const double x0 = px(has_bw ? std::clamp(p / bw, x_min, x_max) : x_min);
        ceiling_lines.push_back({x0, py(p) - 1.5, right, py(p) + 1.5});
    }
    std::vector<svg_box> ceiling_labels;
    double last_baseline = -HUGE_VAL;
    for (std::size_t i = 0; i < ceilings.size(); ++i) {
        const roofline_ceiling& k = *ceilings[i];
        const char* colour = detail::ceiling_colours[i % detail::ceiling_colours.size()];
        const double y = py(k.peak.value());
        s += line_el("ceiling", ceiling_lines[i].x0, y, right, y, colour, 2.0);
        const std::string full = k.label + " " + to_string(k.peak);
        const auto box_at = [&](const std::string& text, double baseline) {
            return svg_box{right - 5.0 - detail::text_width(text, 11.0), baseline - 10.0, right - 5.0, baseline + 2.0};
        };
        const auto clear = [&](const std::string& text, double baseline) {
            const svg_box b = box_at(text, baseline);
            for (std::size_t j = 0; j < ceiling_lines.size(); ++j) {
                if (j != i && ceiling_lines[j].overlaps(b)) {
                    return false;
                }
            }
            const auto hit = [&](const svg_box& o) { return o.overlaps(b); };
            return plot.contains(b) && !crosses_slope(b) &&
                   std::none_of(ceiling_labels.begin(), ceiling_labels.end(), hit) &&
                   std::none_of(taken.begin(), taken.end(), hit);
        };
        double baseline = std::min(std::max(y - 5.0, last_baseline + 13.0), bottom - 4.0);
        std::string label = crosses_slope(box_at(full, baseline)) ? k.label : full;
        for (const std::string* text : {&full, &k.label}) {
            if (clear(*text, y - 5.0) || clear(*text, y + 13.0)) {
                label = *text;
                baseline = clear(*text, y - 5.0) ? y - 5.0 : y + 13.0;
                break;
            }
        }
        last_baseline = baseline;
        s += text_el("ceiling-label", right - 5.0, baseline, "end", label,
                     std::string(" font-size=\"11\" fill=\"") + colour + "\"");
        ceiling_labels.push_back(box_at(label, baseline));
    }
    taken.insert(taken.end(), ceiling_lines.begin(), ceiling_lines.end());
    taken.insert(taken.end(), ceiling_labels.begin(), ceiling_labels.end());

    // The slope's label along it, above it, at the first of several places clear of the markers and
    // the ceilings (if any).
    if (has_slope) {
        const double len = std::hypot(sx1 - sx0, sy1 - sy0);
        const std::string label = to_string(c.bandwidth);
        const double w = detail::text_width(label, 11.0);
        if (len > w + 20.0) {
            const double ux = (sx1 - sx0) / len;
            const double uy = (sy1 - sy0) / len;
            double best_t = -1.0;
            for (double f : {0.35, 0.5, 0.2, 0.65, 0.8}) {
                const double t = std::clamp(f * len, w / 2.0 + 8.0, len - w / 2.0 - 8.0);
                // The rotated text approximated by five boxes along it, centred 9.5 px above the line.
                std::vector<svg_box> boxes;
                for (int j = 0; j < 5; ++j) {
                    const double along = t - w / 2.0 + w * (j + 0.5) / 5.0;
                    const double cx = sx0 + ux * along + uy * 9.5;
                    const double cy = sy0 + uy * along - ux * 9.5;
                    const double r = std::max(w / 10.0, 5.5);
                    boxes.push_back({cx - r, cy - r, cx + r, cy + r});
                }
                if (std::all_of(boxes.begin(), boxes.end(), is_free)) {
                    best_t = t;
                    taken.insert(taken.end(), boxes.begin(), boxes.end());
                    break;
                }
            }
            if (best_t >= 0.0) {  // else only the legend names the bandwidth
                const double lx = sx0 + ux * best_t + uy * 5.0;
                const double ly = sy0 + uy * best_t - ux * 5.0;
                const double angle = std::atan2(sy1 - sy0, sx1 - sx0) * 180.0 / 3.14159265358979323846;
                s += text_el("bandwidth-label", lx, ly, "middle", label,
                             " font-size=\"11\" fill=\"#333333\" transform=\"rotate(" + n(angle) + " " + n(lx) + " " +
                                 n(ly) + ")\"");
            }
        }
    }

    // Points: markers with tooltips, then their labels where they fit (right, left, above, below, diagonals).
    for (std::size_t i = 0; i < points.size(); ++i) {
        const roofline_point& p = *points[i];
        const int g = group_of[i];
        const std::string tip = p.label + (p.group.empty() ? "" : " [" + p.group + "]") + ": " +
                                detail::intensity_text(p.intensity) + ", " + to_string(p.achieved);
        s += detail::svg_marker(g, detail::group_colours[static_cast<std::size_t>(g) % detail::group_colours.size()],
                                marks[i].first, marks[i].second, "point", xml_escape(tip));
    }
    const std::size_t max_point_labels = 24;
    for (std::size_t i = 0; i < points.size() && points.size() <= max_point_labels; ++i) {
        const std::string label = detail::utf8_truncate(points[i]->label, 24);
        const double x = marks[i].first;
        const double y = marks[i].second;
        const double w = detail::text_width(label, 10.0);
        struct candidate {
            double tx, ty;
            const char* anchor;
            svg_box box;
        };
        const candidate candidates[] = {
            {x + 8.0, y + 3.5, "start", {x + 8.0, y - 6.5, x + 8.0 + w, y + 3.5}},
            {x - 8.0, y + 3.5, "end", {x - 8.0 - w, y - 6.5, x - 8.0, y + 3.5}},
            {x, y - 9.0, "middle", {x - w / 2.0, y - 19.0, x + w / 2.0, y - 9.0}},
            {x, y + 17.0, "middle", {x - w / 2.0, y + 7.0, x + w / 2.0, y + 17.0}},
            {x + 6.0, y - 8.0, "start", {x + 6.0, y - 18.0, x + 6.0 + w, y - 8.0}},
            {x + 6.0, y + 16.0, "start", {x + 6.0, y + 6.0, x + 6.0 + w, y + 16.0}},
            {x - 6.0, y - 8.0, "end", {x - 6.0 - w, y - 18.0, x - 6.0, y - 8.0}},
            {x - 6.0, y + 16.0, "end", {x - 6.0 - w, y + 6.0, x - 6.0, y + 16.0}},
        };
        for (const candidate& k : candidates) {
            if (!label.empty() && is_free(k.box) && !crosses_slope(k.box)) {
                s += text_el("point-label", k.tx, k.ty, k.anchor, label,
                             " font-size=\"10\" fill=\"#222222\" stroke=\"#ffffff\" stroke-width=\"3\" "
                             "stroke-linejoin=\"round\" paint-order=\"stroke\"");
                taken.push_back(k.box);
                break;
            }
        }
    }

    // Legend: ceilings, the slope, then point groups; "+N more" where the column is full.
    s += "<g class=\"legend\">\n";
    const double lx = right + 18.0;
    double ly = top + 8.0;
    for (std::size_t i = 0; i < legend.size(); ++i) {
        const legend_entry& e = legend[i];
        if (e.kind == legend_entry::group && i > 0 && legend[i - 1].kind != legend_entry::group) {
            ly += 8.0;  // gap between the roof and the points
        }
        if (ly + 18.0 > height - 8.0 && i + 1 < legend.size()) {
            s += text_el("legend-label", lx, ly + 4.0, "start", "+" + std::to_string(legend.size() - i) + " more");
            break;
        }
        switch (e.kind) {
            case legend_entry::ceiling:
                s += line_el(
                    "legend-line", lx, ly, lx + 20.0, ly,
                    detail::ceiling_colours[static_cast<std::size_t>(e.index) % detail::ceiling_colours.size()], 2.0);
                break;
            case legend_entry::slope:
                s += line_el("legend-line", lx, ly + 5.0, lx + 20.0, ly - 5.0, "#333333", 2.0);
                break;
            case legend_entry::group:
                s += detail::svg_marker(
                    e.index, detail::group_colours[static_cast<std::size_t>(e.index) % detail::group_colours.size()],
                    lx + 10.0, ly, "legend-marker", "");
                break;
        }
        s += text_el("legend-label", lx + 28.0, ly + 4.0, "start", e.text);
        ly += 18.0;
    }
    s += "</g>\n";
    s += "</svg>\n";
    return s;
}

/// A short text summary: GPU, bandwidth, each ceiling with its ridge point, and the points (those to_svg
/// skips are marked "not drawn").
inline std::ostream& operator<<(std::ostream& os, const roofline_chart& c) {
    const bool has_bw = detail::log_drawable(c.bandwidth.value());
    os << "roofline of " << c.gpu_name << ": memory bandwidth " << to_string(c.bandwidth) << '\n';
    std::size_t w = 0;
    for (const roofline_ceiling& k : c.ceilings) {
        w = std::max(w, detail::utf8_length(k.label));
    }
    for (const roofline_ceiling& k : c.ceilings) {
        os << "  ceiling " << k.label << std::string(w - detail::utf8_length(k.label), ' ') << "  " << to_string(k.peak)
           << ", ridge point " << (has_bw ? detail::intensity_text(k.peak / c.bandwidth) : std::string("-")) << '\n';
    }
    for (const roofline_point& p : c.points) {
        os << "  point " << p.label;
        if (!p.group.empty()) {
            os << " [" << p.group << "]";
        }
        os << ": " << detail::intensity_text(p.intensity) << ", " << to_string(p.achieved);
        if (!detail::drawable(p)) {
            os << " (not drawn: non-finite or non-positive)";
        }
        os << '\n';
    }
    return os;
}

/// A roofline as the `roofline` command answers it: the chart and the SVG file it was written to, if any.
struct roofline_report {
    /// The chart.
    roofline_chart chart;
    /// The SVG file written ("" when none).
    std::string svg_file;
};

/// Prints the chart and, when one was written, "wrote FILE".
inline std::ostream& operator<<(std::ostream& os, const roofline_report& r) {
    os << r.chart;
    if (!r.svg_file.empty()) {
        os << "wrote " << r.svg_file << '\n';
    }
    return os;
}

/// The roofline as a table: one row per ceiling (its peak and ridge point) and per point (its intensity and
/// achieved rate), SI values.
inline text_table to_table(const roofline_report& r) {
    text_table t({"kind", "label", "class", "flops_per_s", "flops_per_byte"});
    for (const roofline_ceiling& k : r.chart.ceilings) {
        t.add_row({"ceiling", k.label, "", format_number(k.peak.value(), 6),
                   format_number((k.peak / r.chart.bandwidth).value(), 6)});
    }
    for (const roofline_point& p : r.chart.points) {
        t.add_row(
            {"point", p.label, p.group, format_number(p.achieved.value(), 6), format_number(p.intensity.value(), 6)});
    }
    return t;
}

/// The roofline as text: the chart's summary and "wrote FILE" when one was written.
inline std::string describe(const roofline_report& r) {
    std::ostringstream o;
    o << r;
    return o.str();
}

}  // namespace roofcast

#endif
