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

namespace detail {

/// What to_svg draws of a chart: its drawable ceilings, highest first, and its drawable points with their groups in
/// order of first appearance.
struct svg_contents {
    /// Ceilings with a drawable peak, highest first.
    std::vector<const roofline_ceiling*> ceilings;
    /// Drawable points, in the chart's order.
    std::vector<const roofline_point*> points;
    /// Point groups in order of first appearance.
    std::vector<std::string> groups;
    /// Each point's index in `groups`.
    std::vector<int> group_of;
};

/// The ceilings and points of `c` that to_svg draws (log_drawable peaks, drawable points).
inline svg_contents svg_contents_of(const roofline_chart& c) {
    svg_contents d;
    for (const roofline_ceiling& k : c.ceilings) {
        if (log_drawable(k.peak.value())) {
            d.ceilings.push_back(&k);
        }
    }
    std::stable_sort(d.ceilings.begin(), d.ceilings.end(),
                     [](const roofline_ceiling* a, const roofline_ceiling* b) { return a->peak > b->peak; });
    for (const roofline_point& p : c.points) {
        if (!drawable(p)) {
            continue;
        }
        auto it = std::find(d.groups.begin(), d.groups.end(), p.group);
        if (it == d.groups.end()) {
            it = d.groups.insert(d.groups.end(), p.group);
        }
        d.points.push_back(&p);
        d.group_of.push_back(static_cast<int>(it - d.groups.begin()));
    }
    return d;
}

/// One entry of the chart's legend: a ceiling, the bandwidth slope or a point group (`index` into its list).
struct svg_legend_entry {
    /// What the entry stands for.
    enum kind_t { ceiling, slope, group } kind;
    /// Its text, cut to the legend column.
    std::string text;
    /// The ceiling's or group's index.
    int index;
};

/// The legend of a chart and the width of its column right of the plot.
struct svg_legend {
    /// Ceilings, the slope, then point groups.
    std::vector<svg_legend_entry> entries;
    /// Pixels.
    double width = 0.0;
};

/// The legend of `d` (with the slope when `has_bw`) in a chart `width` pixels wide: its texts cut to a column of at
/// most 240 pixels and 30% of the width, the column as wide as its longest text.
inline svg_legend svg_legend_of(const roofline_chart& c, const svg_contents& d, bool has_bw, int width) {
    svg_legend l;
    for (std::size_t i = 0; i < d.ceilings.size(); ++i) {
        l.entries.push_back({svg_legend_entry::ceiling, d.ceilings[i]->label, static_cast<int>(i)});
    }
    if (has_bw) {
        l.entries.push_back({svg_legend_entry::slope, "memory " + to_string(c.bandwidth), 0});
    }
    for (std::size_t i = 0; i < d.groups.size(); ++i) {
        l.entries.push_back(
            {svg_legend_entry::group, d.groups[i].empty() ? "points" : d.groups[i], static_cast<int>(i)});
    }
    const double legend_max = std::min(240.0, 0.3 * width);
    const auto legend_chars = static_cast<std::size_t>((legend_max - 30.0) / 7.2);
    for (svg_legend_entry& e : l.entries) {
        e.text = utf8_truncate(e.text, legend_chars);
        l.width = std::max(l.width, text_width(e.text, 12.0) + 30.0);
    }
    l.width = std::clamp(l.width, std::min(100.0, legend_max), legend_max);
    return l;
}

/// A <text> element of class `cls` at (x, y) with `anchor`, its body escaped, `extra` attributes appended.
inline std::string svg_text(const std::string& cls, double x, double y, const char* anchor, const std::string& body,
                            const std::string& extra = "") {
    return "<text class=\"" + cls + "\" x=\"" + svg_number(x) + "\" y=\"" + svg_number(y) + "\" text-anchor=\"" +
           anchor + "\"" + extra + ">" + xml_escape(body) + "</text>\n";
}

/// A <line> element of class `cls` from (x0, y0) to (x1, y1).
inline std::string svg_line(const std::string& cls, double x0, double y0, double x1, double y1, const char* stroke,
                            double stroke_width) {
    return "<line class=\"" + cls + "\" x1=\"" + svg_number(x0) + "\" y1=\"" + svg_number(y0) + "\" x2=\"" +
           svg_number(x1) + "\" y2=\"" + svg_number(y1) + "\" stroke=\"" + stroke + "\" stroke-width=\"" +
           svg_number(stroke_width) + "\"/>\n";
}

/// The plot area in pixels and its log-log maps from FLOP/byte and FLOP/s.
struct svg_plot {
    /// The axis ranges.
    roofline_decades ax;
    /// Edges in pixels.
    double left, top, right, bottom;
    /// The pixel column of intensity `x`.
    double px(double x) const { return left + (std::log10(x) - ax.x_lo) / (ax.x_hi - ax.x_lo) * (right - left); }
    /// The pixel row of rate `y`.
    double py(double y) const { return bottom - (std::log10(y) - ax.y_lo) / (ax.y_hi - ax.y_lo) * (bottom - top); }
    /// The plot as a box.
    svg_box box() const { return {left, top, right, bottom}; }
    /// The axes' ends: FLOP/byte along x, FLOP/s along y.
    double x_min() const { return std::pow(10.0, ax.x_lo); }
    double x_max() const { return std::pow(10.0, ax.x_hi); }
    double y_min() const { return std::pow(10.0, ax.y_lo); }
    double y_max() const { return std::pow(10.0, ax.y_hi); }
    /// Pixels per decade along x and along y.
    double x_decade_px() const { return (right - left) / (ax.x_hi - ax.x_lo); }
    double y_decade_px() const { return (bottom - top) / (ax.y_hi - ax.y_lo); }
};

/// The document's head: the XML declaration, the <svg> element, the background and the title (the GPU and its
/// bandwidth) sized to fit.
inline std::string svg_head(const roofline_chart& c, int width, int height, double left, bool has_bw) {
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
    const double title_size =
        std::clamp((width - left - 10.0) / (0.62 * static_cast<double>(utf8_length(title))), 10.0, 16.0);
    s += svg_text("title", left, 28.0, "start", title,
                  " font-size=\"" + svg_number(title_size) + "\" font-weight=\"bold\"");
    return s;
}

/// An axis of the roofline chart: x (arithmetic intensity, ticks along the bottom) or y (performance, on the left).
enum class svg_axis_kind { x, y };

/// Grid lines and ticks of one axis at each decade; a tick is labelled every decade where a decade has room for its
/// label (44 pixels across, 16 up), else every few.
inline std::string svg_axis(const svg_plot& p, svg_axis_kind kind) {
    std::string s;
    const bool vertical = kind == svg_axis_kind::x;  // its grid lines and ticks are vertical
    const int lo = vertical ? p.ax.x_lo : p.ax.y_lo, hi = vertical ? p.ax.x_hi : p.ax.y_hi;
    const double decade_px = vertical ? p.x_decade_px() : p.y_decade_px();
    const double room = vertical ? 44.0 : 16.0;
    const int step = decade_px >= room ? 1 : static_cast<int>(std::ceil(room / decade_px));
    for (int k = lo; k <= hi; ++k) {
        const double v = vertical ? p.px(std::pow(10.0, k)) : p.py(std::pow(10.0, k));
        if (k > lo && k < hi) {
            s += vertical ? svg_line("grid", v, p.top, v, p.bottom, "#e3e3e3", 1.0)
                          : svg_line("grid", p.left, v, p.right, v, "#e3e3e3", 1.0);
        }
        s += vertical ? svg_line("tick", v, p.bottom, v, p.bottom + 5.0, "#444444", 1.0)
                      : svg_line("tick", p.left - 5.0, v, p.left, v, "#444444", 1.0);
        if ((k - lo) % step == 0) {
            s += vertical ? svg_text("tick-label", v, p.bottom + 19.0, "middle", decade_label(k))
                          : svg_text("tick-label", p.left - 8.0, v + 4.0, "end", decade_label(k));
        }
    }
    return s;
}

/// The axes of the plot: grid lines, ticks and their labels, minor ticks where a decade has room, the frame and the
/// axis titles.
inline std::string svg_axes(const svg_plot& p) {
    const double x_decade_px = p.x_decade_px(), y_decade_px = p.y_decade_px();
    std::string s = svg_axis(p, svg_axis_kind::x) + svg_axis(p, svg_axis_kind::y);
    for (int m = 2; m <= 9; ++m) {
        if (x_decade_px >= 30.0) {
            for (int k = p.ax.x_lo; k < p.ax.x_hi; ++k) {
                const double x = p.px(m * std::pow(10.0, k));
                s += svg_line("minor-tick", x, p.bottom, x, p.bottom + 3.0, "#444444", 0.8);
            }
        }
        if (y_decade_px >= 30.0) {
            for (int k = p.ax.y_lo; k < p.ax.y_hi; ++k) {
                const double y = p.py(m * std::pow(10.0, k));
                s += svg_line("minor-tick", p.left - 3.0, y, p.left, y, "#444444", 0.8);
            }
        }
    }
    s += "<rect class=\"frame\" x=\"" + svg_number(p.left) + "\" y=\"" + svg_number(p.top) + "\" width=\"" +
         svg_number(p.right - p.left) + "\" height=\"" + svg_number(p.bottom - p.top) +
         "\" fill=\"none\" stroke=\"#444444\" stroke-width=\"1\"/>\n";
    s += svg_text("axis-title", (p.left + p.right) / 2.0, p.bottom + 42.0, "middle", "arithmetic intensity (FLOP/byte)",
                  " font-size=\"13\"");
    s += svg_text("axis-title", 22.0, (p.top + p.bottom) / 2.0, "middle", "performance (FLOP/s)",
                  " font-size=\"13\" transform=\"rotate(-90 22 " + svg_number((p.top + p.bottom) / 2.0) + ")\"");
    return s;
}

/// The memory roof as drawn: y = bandwidth × x from the left edge up to the highest ceiling, clipped to the plot;
/// `drawn` false where none of it is inside.
struct svg_slope {
    /// Whether the slope is drawn.
    bool drawn = false;
    /// Its ends in pixels.
    double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
    /// Whether the slope passes through `b` (its corners lie on both sides of the line, within its extent).
    bool crosses(const svg_box& b) const {
        if (!drawn || b.x1 < std::min(x0, x1) || b.x0 > std::max(x0, x1) || b.y1 < std::min(y0, y1) ||
            b.y0 > std::max(y0, y1)) {
            return false;
        }
        const auto side = [&](double x, double y) { return (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0); };
        const double a = side(b.x0, b.y0);
        const double corners[] = {side(b.x1, b.y0), side(b.x0, b.y1), side(b.x1, b.y1)};
        return std::any_of(std::begin(corners), std::end(corners), [&](double v) { return (v > 0) != (a > 0); });
    }
};

/// The slope of bandwidth `bw` (drawn when `has_bw`) under the highest of `ceilings`, in plot `p`.
inline svg_slope svg_slope_of(const svg_plot& p, double bw, bool has_bw,
                              const std::vector<const roofline_ceiling*>& ceilings) {
    svg_slope sl;
    if (!has_bw) {
        return sl;
    }
    const double xa = std::max(p.x_min(), p.y_min() / bw);
    double xb = std::min(p.x_max(), p.y_max() / bw);
    if (!ceilings.empty()) {
        xb = std::min(xb, ceilings.front()->peak.value() / bw);
    }
    if (xa < xb) {
        sl = {true, p.px(xa), p.py(bw * xa), p.px(xb), p.py(bw * xb)};
    }
    return sl;
}

/// Whether box `b` is inside the plot and clear of every box `taken`.
inline bool svg_free(const svg_plot& p, const std::vector<svg_box>& taken, const svg_box& b) {
    return p.box().contains(b) &&
           std::none_of(taken.begin(), taken.end(), [&](const svg_box& o) { return o.overlaps(b); });
}

/// The ceilings from their ridge points rightwards (bandwidth `bw`, drawn when `has_bw`), with their labels
/// ("fp16/bf16 989 TFLOP/s") right-aligned, above their line or else below it, clear of the slope, the obstacles
/// `taken`, the other ceilings and each other's labels; where neither place is clear, the dtypes alone are tried; else
/// the label goes above the line or just below the previous label (the dtypes alone where the full label would cross
/// the slope). Adds the lines and labels to `taken`.
inline std::string svg_ceilings(const svg_plot& p, double bw, bool has_bw,
                                const std::vector<const roofline_ceiling*>& ceilings, const svg_slope& slope,
                                std::vector<svg_box>& taken) {
    std::string s;
    std::vector<svg_box> lines;
    for (const roofline_ceiling* k : ceilings) {
        const double peak = k->peak.value();
        const double x0 = p.px(has_bw ? std::clamp(peak / bw, p.x_min(), p.x_max()) : p.x_min());
        lines.push_back({x0, p.py(peak) - 1.5, p.right, p.py(peak) + 1.5});
    }
    std::vector<svg_box> labels;
    double last_baseline = -HUGE_VAL;
    for (std::size_t i = 0; i < ceilings.size(); ++i) {
        const roofline_ceiling& k = *ceilings[i];
        const char* colour = ceiling_colours[i % ceiling_colours.size()];
        const double y = p.py(k.peak.value());
        s += svg_line("ceiling", lines[i].x0, y, p.right, y, colour, 2.0);
        const std::string full = k.label + " " + to_string(k.peak);
        const auto box_at = [&](const std::string& text, double baseline) {
            return svg_box{p.right - 5.0 - text_width(text, 11.0), baseline - 10.0, p.right - 5.0, baseline + 2.0};
        };
        const auto clear = [&](const std::string& text, double baseline) {
            const svg_box b = box_at(text, baseline);
            for (std::size_t j = 0; j < lines.size(); ++j) {
                if (j != i && lines[j].overlaps(b)) {
                    return false;
                }
            }
            const auto hit = [&](const svg_box& o) { return o.overlaps(b); };
            return p.box().contains(b) && !slope.crosses(b) && std::none_of(labels.begin(), labels.end(), hit) &&
                   std::none_of(taken.begin(), taken.end(), hit);
        };
        double baseline = std::min(std::max(y - 5.0, last_baseline + 13.0), p.bottom - 4.0);
        std::string label = slope.crosses(box_at(full, baseline)) ? k.label : full;
        for (const std::string* text : {&full, &k.label}) {
            if (clear(*text, y - 5.0) || clear(*text, y + 13.0)) {
                label = *text;
                baseline = clear(*text, y - 5.0) ? y - 5.0 : y + 13.0;
                break;
            }
        }
        last_baseline = baseline;
        s += svg_text("ceiling-label", p.right - 5.0, baseline, "end", label,
                      std::string(" font-size=\"11\" fill=\"") + colour + "\"");
        labels.push_back(box_at(label, baseline));
    }
    taken.insert(taken.end(), lines.begin(), lines.end());
    taken.insert(taken.end(), labels.begin(), labels.end());
    return s;
}

/// The slope's label (`label`) along it, above it, at the first of several places clear of the obstacles `taken`,
/// which it then joins; none where no place is clear (the legend names the bandwidth).
inline std::string svg_slope_label(const svg_plot& p, const svg_slope& sl, const std::string& label,
                                   std::vector<svg_box>& taken) {
    const double len = std::hypot(sl.x1 - sl.x0, sl.y1 - sl.y0);
    const double w = text_width(label, 11.0);
    if (!sl.drawn || len <= w + 20.0) {
        return "";
    }
    const double ux = (sl.x1 - sl.x0) / len;
    const double uy = (sl.y1 - sl.y0) / len;
    for (double f : {0.35, 0.5, 0.2, 0.65, 0.8}) {
        const double t = std::clamp(f * len, w / 2.0 + 8.0, len - w / 2.0 - 8.0);
        // The rotated text approximated by five boxes along it, centred 9.5 px above the line.
        std::vector<svg_box> boxes;
        for (int j = 0; j < 5; ++j) {
            const double along = t - w / 2.0 + w * (j + 0.5) / 5.0;
            const double cx = sl.x0 + ux * along + uy * 9.5;
            const double cy = sl.y0 + uy * along - ux * 9.5;
            const double r = std::max(w / 10.0, 5.5);
            boxes.push_back({cx - r, cy - r, cx + r, cy + r});
        }
        if (std::all_of(boxes.begin(), boxes.end(), [&](const svg_box& b) { return svg_free(p, taken, b); })) {
            taken.insert(taken.end(), boxes.begin(), boxes.end());
            const double lx = sl.x0 + ux * t + uy * 5.0;
            const double ly = sl.y0 + uy * t - ux * 5.0;
            const double angle = std::atan2(sl.y1 - sl.y0, sl.x1 - sl.x0) * 180.0 / 3.14159265358979323846;
            return svg_text("bandwidth-label", lx, ly, "middle", label,
                            " font-size=\"11\" fill=\"#333333\" transform=\"rotate(" + svg_number(angle) + " " +
                                svg_number(lx) + " " + svg_number(ly) + ")\"");
        }
    }
    return "";
}

/// The label of the point at (x, y), at the first of eight places around its marker (right, left, above, below,
/// diagonals) clear of the obstacles `taken` and the slope, which it then joins; none where no place is.
inline std::string svg_point_label(const svg_plot& p, const std::string& label, double x, double y,
                                   const svg_slope& slope, std::vector<svg_box>& taken) {
    const double w = text_width(label, 10.0);
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
        if (!label.empty() && svg_free(p, taken, k.box) && !slope.crosses(k.box)) {
            taken.push_back(k.box);
            return svg_text("point-label", k.tx, k.ty, k.anchor, label,
                            " font-size=\"10\" fill=\"#222222\" stroke=\"#ffffff\" stroke-width=\"3\" "
                            "stroke-linejoin=\"round\" paint-order=\"stroke\"");
        }
    }
    return "";
}

/// The legend column at x = `lx` from the top of the plot: ceilings, the slope, then point groups; "+N more" where
/// the column is full.
inline std::string svg_legend_group(const svg_legend& legend, double lx, double top, int height) {
    std::string s = "<g class=\"legend\">\n";
    double ly = top + 8.0;
    const std::vector<svg_legend_entry>& entries = legend.entries;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const svg_legend_entry& e = entries[i];
        if (e.kind == svg_legend_entry::group && i > 0 && entries[i - 1].kind != svg_legend_entry::group) {
            ly += 8.0;  // gap between the roof and the points
        }
        if (ly + 18.0 > height - 8.0 && i + 1 < entries.size()) {
            s += svg_text("legend-label", lx, ly + 4.0, "start", "+" + std::to_string(entries.size() - i) + " more");
            break;
        }
        const auto index = static_cast<std::size_t>(e.index);
        switch (e.kind) {
            case svg_legend_entry::ceiling:
                s += svg_line("legend-line", lx, ly, lx + 20.0, ly, ceiling_colours[index % ceiling_colours.size()],
                              2.0);
                break;
            case svg_legend_entry::slope:
                s += svg_line("legend-line", lx, ly + 5.0, lx + 20.0, ly - 5.0, "#333333", 2.0);
                break;
            case svg_legend_entry::group:
                s += svg_marker(e.index, group_colours[index % group_colours.size()], lx + 10.0, ly, "legend-marker",
                                "");
                break;
        }
        s += svg_text("legend-label", lx + 28.0, ly + 4.0, "start", e.text);
        ly += 18.0;
    }
    return s + "</g>\n";
}

}  // namespace detail

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
    const double bw = c.bandwidth.value();
    const bool has_bw = detail::log_drawable(bw);
    const detail::svg_contents d = detail::svg_contents_of(c);
    const detail::svg_legend legend = detail::svg_legend_of(c, d, has_bw, width);
    const detail::svg_plot p{detail::axis_decades(c), 78.0, 46.0, width - legend.width - 24.0, height - 54.0};
    std::string s = detail::svg_head(c, width, height, p.left, has_bw) + detail::svg_axes(p);
    // Obstacles for labels: markers, the slope, its label, ceiling lines and labels.
    std::vector<detail::svg_box> taken;
    std::vector<std::pair<double, double>> marks;  // marker centres, in the order of the points
    for (const roofline_point* pt : d.points) {
        marks.emplace_back(p.px(pt->intensity.value()), p.py(pt->achieved.value()));
        taken.push_back(
            {marks.back().first - 6.0, marks.back().second - 6.0, marks.back().first + 6.0, marks.back().second + 6.0});
    }
    const detail::svg_slope slope = detail::svg_slope_of(p, bw, has_bw, d.ceilings);
    if (slope.drawn) {
        s += detail::svg_line("bandwidth", slope.x0, slope.y0, slope.x1, slope.y1, "#333333", 2.0);
    }
    s += detail::svg_ceilings(p, bw, has_bw, d.ceilings, slope, taken);
    s += detail::svg_slope_label(p, slope, to_string(c.bandwidth), taken);
    // Points: markers with tooltips, then their labels where they fit.
    for (std::size_t i = 0; i < d.points.size(); ++i) {
        const roofline_point& pt = *d.points[i];
        const auto g = static_cast<std::size_t>(d.group_of[i]);
        const std::string tip = pt.label + (pt.group.empty() ? "" : " [" + pt.group + "]") + ": " +
                                detail::intensity_text(pt.intensity) + ", " + to_string(pt.achieved);
        s += detail::svg_marker(d.group_of[i], detail::group_colours[g % detail::group_colours.size()], marks[i].first,
                                marks[i].second, "point", detail::xml_escape(tip));
    }
    const std::size_t max_point_labels = 24;
    for (std::size_t i = 0; i < d.points.size() && d.points.size() <= max_point_labels; ++i) {
        s += detail::svg_point_label(p, detail::utf8_truncate(d.points[i]->label, 24), marks[i].first, marks[i].second,
                                     slope, taken);
    }
    return s + detail::svg_legend_group(legend, p.right + 18.0, p.top, height) + "</svg>\n";
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
