/// @file
/// A small scatter-and-line chart rendered as SVG: a logarithmic x axis, a linear y axis, point series (one
/// marker shape and colour each) and line series. The calibration report draws each architecture family's GEMM
/// efficiency curve against its kernel measurements with it.
#ifndef ROOFCAST_REPORT_CHART_HPP
#define ROOFCAST_REPORT_CHART_HPP

#include <roofcast/report/roofline.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// One series of a chart: points drawn as markers, or a polyline through them.
struct chart_series {
    /// Legend label.
    std::string label;
    /// (x, y) points; x > 0 (the x axis is logarithmic).
    std::vector<std::pair<double, double>> points;
    /// Whether the points are joined by a line instead of drawn as markers.
    bool line = false;
};

/// A chart: title, axis labels, the y range and the series.
struct chart {
    /// Title drawn above the plot.
    std::string title;
    /// Axis labels.
    std::string x_label, y_label;
    /// The y axis range.
    double y_min = 0.0, y_max = 1.0;
    /// The series, drawn in order.
    std::vector<chart_series> series;
};

namespace detail {

/// The decades [lo, hi] of log10 spanning every x of `c` (at least one decade).
inline std::pair<int, int> chart_decades(const chart& c) {
    double lo = 1e300, hi = 0.0;
    for (const chart_series& s : c.series) {
        for (const auto& [x, y] : s.points) {
            if (x > 0.0 && std::isfinite(x)) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
        }
    }
    if (hi <= 0.0) {
        return {0, 1};
    }
    const int a = static_cast<int>(std::floor(std::log10(lo))), b = static_cast<int>(std::ceil(std::log10(hi)));
    return {a, std::max(b, a + 1)};
}

/// The axes, grid and labels of chart `c` in a `w`×`h` picture with plot box `box`.
inline std::string chart_axes(const chart& c, const svg_box& box, std::pair<int, int> dec, int w) {
    const auto n = [](double v) { return svg_number(v); };
    std::string s = "<rect x=\"" + n(box.x0) + "\" y=\"" + n(box.y0) + "\" width=\"" + n(box.x1 - box.x0) +
                    "\" height=\"" + n(box.y1 - box.y0) + "\" fill=\"none\" stroke=\"#444444\"/>\n";
    for (int k = dec.first; k <= dec.second; ++k) {
        const double x = box.x0 + (box.x1 - box.x0) * (k - dec.first) / (dec.second - dec.first);
        s += "<line x1=\"" + n(x) + "\" y1=\"" + n(box.y0) + "\" x2=\"" + n(x) + "\" y2=\"" + n(box.y1) +
             "\" stroke=\"#dddddd\"/>\n<text x=\"" + n(x) + "\" y=\"" + n(box.y1 + 16) +
             "\" font-size=\"11\" text-anchor=\"middle\">" + decade_label(k) + "</text>\n";
    }
    for (int i = 0; i <= 5; ++i) {
        const double v = c.y_min + (c.y_max - c.y_min) * i / 5.0, y = box.y1 - (box.y1 - box.y0) * i / 5.0;
        s += "<line x1=\"" + n(box.x0) + "\" y1=\"" + n(y) + "\" x2=\"" + n(box.x1) + "\" y2=\"" + n(y) +
             "\" stroke=\"#dddddd\"/>\n<text x=\"" + n(box.x0 - 6) + "\" y=\"" + n(y + 4) +
             "\" font-size=\"11\" text-anchor=\"end\">" + format_number(v, 3) + "</text>\n";
    }
    s += "<text x=\"" + n(w / 2.0) + "\" y=\"22\" font-size=\"15\" text-anchor=\"middle\">" + xml_escape(c.title) +
         "</text>\n<text x=\"" + n((box.x0 + box.x1) / 2.0) + "\" y=\"" + n(box.y1 + 36) +
         "\" font-size=\"12\" text-anchor=\"middle\">" + xml_escape(c.x_label) + "</text>\n<text x=\"16\" y=\"" +
         n((box.y0 + box.y1) / 2.0) + "\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 16 " +
         n((box.y0 + box.y1) / 2.0) + ")\">" + xml_escape(c.y_label) + "</text>\n";
    return s;
}

}  // namespace detail

/// The chart as a standalone SVG document (`width`×`height` pixels): axes with decade ticks on x, six ticks
/// on y, markers for point series, polylines for line series, and a legend at the right.
inline std::string to_svg(const chart& c, int width = 760, int height = 420) {
    const auto n = [](double v) { return detail::svg_number(v); };
    const detail::svg_box box{64.0, 36.0, width - 200.0, height - 52.0};
    const auto dec = detail::chart_decades(c);
    auto px = [&](double x) {
        return box.x0 + (box.x1 - box.x0) * (std::log10(x) - dec.first) / (dec.second - dec.first);
    };
    auto py = [&](double y) {
        const double t = (std::clamp(y, c.y_min, c.y_max) - c.y_min) / (c.y_max - c.y_min);
        return box.y1 - (box.y1 - box.y0) * t;
    };
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
                    std::to_string(height) + "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" " +
                    "fill=\"white\"/>\n" + detail::chart_axes(c, box, dec, width);
    for (std::size_t i = 0; i < c.series.size(); ++i) {
        const chart_series& ser = c.series[i];
        const char* colour = detail::group_colours[i % detail::group_colours.size()];
        if (ser.line) {
            std::string pts;
            for (const auto& [x, y] : ser.points) {
                pts += (pts.empty() ? "" : " ") + n(px(x)) + "," + n(py(y));
            }
            s += "<polyline points=\"" + pts + "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2\"/>\n";
        } else {
            for (const auto& [x, y] : ser.points) {
                s += detail::svg_marker(static_cast<int>(i), colour, px(x), py(y), "point", "");
            }
        }
        const double ly = box.y0 + 8 + 18.0 * static_cast<double>(i);
        s += detail::svg_marker(static_cast<int>(i), colour, box.x1 + 16, ly, "legend", "") + "<text x=\"" +
             n(box.x1 + 28) + "\" y=\"" + n(ly + 4) + "\" font-size=\"11\">" + detail::xml_escape(ser.label) +
             "</text>\n";
    }
    return s + "</svg>\n";
}

}  // namespace roofcast

#endif
