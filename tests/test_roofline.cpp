// Roofline chart: ceilings from the hardware model (hand-computed), axis ranges, the SVG checked with an
// XML parser (expat): well-formed, one element per ceiling and per drawable point, user text escaped.
#include <roofcast/report/roofline.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>
#include <expat.h>

#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

// What the parser saw: the root element, element and class counts, and the text of each element.
struct xml_summary {
    bool ok = false;
    std::string error;
    std::string root;
    std::map<std::string, std::string> root_attributes;
    std::map<std::string, int> elements;
    std::map<std::string, int> classes;
    std::vector<std::string> texts;   // every <text> element's content
    std::vector<std::string> titles;  // every <title> element's content
    std::vector<std::string> open;    // text being collected, one per open element
    int depth = 0;

    // Number of elements with class="cls".
    int count(const std::string& cls) const {
        const auto it = classes.find(cls);
        return it == classes.end() ? 0 : it->second;
    }
};

void on_start(void* data, const XML_Char* name, const XML_Char** attributes) {
    auto* x = static_cast<xml_summary*>(data);
    std::map<std::string, std::string> attrs;
    for (int i = 0; attributes[i] != nullptr; i += 2) {
        attrs[attributes[i]] = attributes[i + 1];
    }
    if (x->depth == 0) {
        x->root = name;
        x->root_attributes = attrs;
    }
    ++x->depth;
    ++x->elements[name];
    if (attrs.count("class")) {
        ++x->classes[attrs["class"]];
    }
    x->open.emplace_back();
}

void on_end(void* data, const XML_Char* name) {
    auto* x = static_cast<xml_summary*>(data);
    --x->depth;
    const std::string body = x->open.back();
    x->open.pop_back();
    if (std::string(name) == "text") {
        x->texts.push_back(body);
    } else if (std::string(name) == "title") {
        x->titles.push_back(body);
    }
}

void on_text(void* data, const XML_Char* s, int len) {
    auto* x = static_cast<xml_summary*>(data);
    if (!x->open.empty()) {
        x->open.back().append(s, static_cast<std::size_t>(len));
    }
}

xml_summary parse_xml(const std::string& doc) {
    xml_summary x;
    XML_Parser p = XML_ParserCreate(nullptr);
    REQUIRE(p != nullptr);
    XML_SetUserData(p, &x);
    XML_SetElementHandler(p, on_start, on_end);
    XML_SetCharacterDataHandler(p, on_text);
    x.ok = XML_Parse(p, doc.data(), static_cast<int>(doc.size()), 1) == XML_STATUS_OK;
    if (!x.ok) {
        x.error = std::string(XML_ErrorString(XML_GetErrorCode(p))) + " at line " +
                  std::to_string(XML_GetCurrentLineNumber(p));
    }
    XML_ParserFree(p);
    return x;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    for (const auto& e : v) {
        if (e.find(s) != std::string::npos) {
            return true;
        }
    }
    return false;
}

std::vector<std::string> labels(const rc::roofline_chart& c) {
    std::vector<std::string> out;
    for (const auto& k : c.ceilings) {
        out.push_back(k.label);
    }
    return out;
}

rc::roofline_point point(std::string label, std::string group, double intensity, double achieved) {
    return {std::move(label), std::move(group), intensity * rc::units::flop_per_byte,
            achieved * rc::units::flop_per_second};
}

// A typical training step on an H100: GEMMs near the compute roof, attention, memory-bound elementwise.
std::vector<rc::roofline_point> h100_points() {
    return {point("gemm fwd", "gemm", 320, 720e12),
            point("gemm bwd", "gemm", 250, 610e12),
            point("attention", "attention", 90, 240e12),
            point("layernorm", "elementwise", 0.6, 1.7e12),
            point("softmax", "elementwise", 1.5, 3.9e12),
            point("gelu", "elementwise", 2.2, 5.5e12),
            point("optimizer step", "optimizer", 0.25, 0.7e12)};
}

}  // namespace

TEST_CASE("H100-SXM5-80GB: one ceiling per distinct peak, hand-computed, highest first") {
    const rc::gpu_spec& g = rc::catalog().gpu("H100-SXM5-80GB");
    const rc::roofline_chart c = rc::make_roofline(g);
    CHECK(c.gpu_name == "H100-SXM5-80GB");
    // 5120 bits / 8 x 5.234 Gbit/s = 3.35 TB/s
    CHECK(c.bandwidth.value() == doctest::Approx(5120 / 8.0 * 5.234e9));
    // FP8 = INT8: 528 x 1024 x 2 x 1.83 GHz = 1978.9; FP16 = BF16: 528 x 512 x 2 x 1.83 = 989.4;
    // TF32 494.7; FP64 tensor 528 x 32 x 2 x 1.98 = FP32 16896 x 2 x 1.98 = 66.9 TFLOP/s.
    REQUIRE(labels(c) == std::vector<std::string>{"fp8/int8", "fp16/bf16", "tf32", "fp64/fp32"});
    CHECK(c.ceilings[0].peak.value() == doctest::Approx(528 * 1024 * 2 * 1.83e9));
    CHECK(c.ceilings[1].peak.value() == doctest::Approx(528 * 512 * 2 * 1.83e9));
    CHECK(c.ceilings[2].peak.value() == doctest::Approx(528 * 256 * 2 * 1.83e9));
    CHECK(c.ceilings[3].peak.value() == doctest::Approx(16896 * 2 * 1.98e9));
    CHECK(c.ceilings[1].dtypes == std::vector<rc::dtype>{rc::dtype::fp16, rc::dtype::bf16});
    // Every supported dtype has exactly one ceiling; Hopper has no INT4 path, so none.
    std::multiset<rc::dtype> covered;
    for (const auto& k : c.ceilings) {
        covered.insert(k.dtypes.begin(), k.dtypes.end());
    }
    CHECK(covered == std::multiset<rc::dtype>{rc::dtype::fp64, rc::dtype::fp32, rc::dtype::tf32, rc::dtype::fp16,
                                              rc::dtype::bf16, rc::dtype::fp8, rc::dtype::int8});
    CHECK(covered.count(rc::dtype::int4) == 0);
    for (std::size_t i = 1; i < c.ceilings.size(); ++i) {
        CHECK(c.ceilings[i - 1].peak > c.ceilings[i].peak);
    }
    // Ridge point of FP16: 989.4 TFLOP/s / 3.35 TB/s = 295 FLOP/B.
    const double ridge = c.ceilings[1].peak.value() / c.bandwidth.value();
    CHECK(ridge == doctest::Approx(989.4e12 / 3.35e12).epsilon(0.002));
    CHECK(ridge == doctest::Approx(295.36).epsilon(0.001));
}

TEST_CASE("V100-SXM2-16GB: fp16, fp32 and fp64 ceilings only") {
    const rc::roofline_chart c = rc::make_roofline(rc::catalog().gpu("V100-SXM2-16GB"));
    REQUIRE(labels(c) == std::vector<std::string>{"fp16", "fp32", "fp64"});
    // 640 x 64 x 2 x 1.53 GHz = 125.3; 5120 x 2 x 1.53 = 15.67; 80 x 32 x 2 x 1.53 = 7.83 TFLOP/s
    CHECK(c.ceilings[0].peak.value() == doctest::Approx(640 * 64 * 2 * 1.53e9));
    CHECK(c.ceilings[1].peak.value() == doctest::Approx(5120 * 2 * 1.53e9));
    CHECK(c.ceilings[2].peak.value() == doctest::Approx(80 * 32 * 2 * 1.53e9));
}

TEST_CASE("points are kept as given") {
    const auto pts = h100_points();
    const rc::roofline_chart c = rc::make_roofline(rc::catalog().gpu("H100-SXM5-80GB"), pts);
    REQUIRE(c.points.size() == pts.size());
    CHECK(c.points[0].label == "gemm fwd");
    CHECK(c.points[6].group == "optimizer");
}

TEST_CASE("axis ranges follow the ridge points and the points, in decades") {
    rc::roofline_chart c = rc::make_roofline(rc::catalog().gpu("H100-SXM5-80GB"));
    // x: lowest ridge 66.9 / 3.35 = 20 FLOP/B, / 100 = 0.2 -> 0.1; highest 1979 / 3.35 = 591, x 10 -> 10^4.
    // y: lowest of (66.9 T, 3.35 TB/s x 0.1 = 335 G) = 335 G, half a decade below = 106 G -> 100 G;
    //    highest ceiling 1.98 P, a quarter decade above -> 10^16.
    auto d = rc::detail::axis_decades(c);
    CHECK(d.x_lo == -1);
    CHECK(d.x_hi == 4);
    CHECK(d.y_lo == 11);
    CHECK(d.y_hi == 16);
    // A point at 0.01 FLOP/B and 10 GFLOP/s widens both: x from 0.005 -> 10^-3; y from the slope at the new left
    // edge, 3.35 TB/s x 0.001 = 3.35 G, half a decade below = 1.06 G -> 10^9.
    c.points.push_back(point("tiny", "", 0.01, 10e9));
    d = rc::detail::axis_decades(c);
    CHECK(d.x_lo == -3);
    CHECK(d.x_hi == 4);
    CHECK(d.y_lo == 9);
    // The lowest value just above a decade: half a decade below it is under the decade, so one more decade.
    c.points.back() = point("low", "", 1, 1.2e11);
    CHECK(rc::detail::axis_decades(c).y_lo == 10);
    // Skipped points do not move the axes.
    c.points.back() = point("bad", "", std::numeric_limits<double>::quiet_NaN(), 1e3);
    CHECK(rc::detail::axis_decades(c).x_lo == -1);
}

TEST_CASE("the SVG is well-formed XML with one ceiling line per ceiling and one marker per point") {
    const rc::roofline_chart c = rc::make_roofline(rc::catalog().gpu("H100-SXM5-80GB"), h100_points());
    const std::string svg = rc::to_svg(c);
    const xml_summary x = parse_xml(svg);
    REQUIRE_MESSAGE(x.ok, x.error);
    CHECK(x.root == "svg");
    CHECK(x.root_attributes.at("xmlns") == "http://www.w3.org/2000/svg");
    CHECK(x.root_attributes.at("width") == "820");
    CHECK(x.root_attributes.at("height") == "560");
    CHECK(x.count("ceiling") == 4);
    CHECK(x.count("ceiling-label") == 4);
    CHECK(x.count("bandwidth") == 1);
    CHECK(x.count("point") == 7);
    CHECK(x.count("legend-marker") == 4);  // gemm, attention, elementwise, optimizer
    CHECK(x.titles.size() == 7);
    CHECK(contains(x.titles, "gemm fwd [gemm]: 320 FLOP/B, 720 TFLOP/s"));
    // Title, ceiling labels with values, the slope, decade tick labels with SI prefixes, axis titles.
    CHECK(contains(x.texts, "H100-SXM5-80GB roofline (memory bandwidth 3.35 TB/s)"));
    CHECK(contains(x.texts, "fp8/int8 1.98 PFLOP/s"));
    CHECK(contains(x.texts, "fp16/bf16 989 TFLOP/s"));
    CHECK(contains(x.texts, "tf32 495 TFLOP/s"));
    CHECK(contains(x.texts, "fp64/fp32 66.9 TFLOP/s"));
    CHECK(contains(x.texts, "memory 3.35 TB/s"));
    for (const char* tick : {"0.1", "1", "10", "100", "1 k", "10 k", "100 G", "1 T", "100 T", "1 P", "10 P"}) {
        CAPTURE(tick);
        CHECK(std::count(x.texts.begin(), x.texts.end(), std::string(tick)) >= 1);
    }
    CHECK(contains(x.texts, "arithmetic intensity (FLOP/byte)"));
    CHECK(contains(x.texts, "performance (FLOP/s)"));
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
}

TEST_CASE("V100 SVG: three ceilings") {
    const xml_summary x = parse_xml(rc::to_svg(rc::make_roofline(rc::catalog().gpu("V100-SXM2-16GB"))));
    REQUIRE_MESSAGE(x.ok, x.error);
    CHECK(x.count("ceiling") == 3);
    CHECK(x.count("point") == 0);
    CHECK(contains(x.texts, "fp16 125 TFLOP/s"));
}

TEST_CASE("user text is escaped for XML") {
    const std::string nasty = "a<b & \"c\" 'd' >";
    rc::roofline_chart c =
        rc::make_roofline(rc::catalog().gpu("A100-SXM4-40GB"),
                          {point(nasty, "g<&>", 100, 100e12), point("bad\x01utf8\xff\xc3", "", 1, 1e12)});
    c.gpu_name = "my <GPU> & co";
    const std::string svg = rc::to_svg(c);
    CHECK(svg.find(nasty) == std::string::npos);
    CHECK(svg.find("a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt;") != std::string::npos);
    const xml_summary x = parse_xml(svg);
    REQUIRE_MESSAGE(x.ok, x.error);
    CHECK(x.count("point") == 2);
    // The parser gives the original text back.
    CHECK(contains(x.titles, nasty + " [g<&>]: 100 FLOP/B, 100 TFLOP/s"));
    CHECK(contains(x.texts, "my <GPU> & co roofline"));
    CHECK(contains(x.texts, "g<&>"));
    // A control character becomes a space, bytes that are not UTF-8 become U+FFFD.
    CHECK(contains(x.titles, "bad utf8\xEF\xBF\xBD\xEF\xBF\xBD"));
}

TEST_CASE("points with non-finite or non-positive coordinates are skipped") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const rc::roofline_chart c = rc::make_roofline(
        rc::catalog().gpu("H100-SXM5-80GB"),
        {point("ok", "k", 10, 30e12), point("nan intensity", "k", nan, 1e12), point("zero intensity", "k", 0, 1e12),
         point("negative rate", "k", 10, -1e12), point("infinite rate", "k", 10, inf), point("zero rate", "k", 10, 0)});
    const std::string svg = rc::to_svg(c);
    const xml_summary x = parse_xml(svg);
    REQUIRE_MESSAGE(x.ok, x.error);
    CHECK(x.count("point") == 1);
    CHECK(x.titles == std::vector<std::string>{"ok [k]: 10 FLOP/B, 30 TFLOP/s"});
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
    // The text summary lists them, marked.
    std::ostringstream os;
    os << c;
    CHECK(os.str().find("zero intensity [k]: 0 FLOP/B, 1 TFLOP/s (not drawn: non-finite or non-positive)") !=
          std::string::npos);
}

TEST_CASE("extreme but finite coordinates stay finite in the SVG, beyond 1e300 they are skipped") {
    const rc::roofline_chart c = rc::make_roofline(
        rc::catalog().gpu("A100-SXM4-40GB"),
        {point("tiny", "", 1e-290, 1e-290), point("huge", "", 1e290, 1e290), point("too huge", "", 1e305, 1e12)});
    const std::string svg = rc::to_svg(c);
    const xml_summary x = parse_xml(svg);
    REQUIRE_MESSAGE(x.ok, x.error);
    CHECK(x.count("point") == 2);
    CHECK(x.count("ceiling") == 5);  // int4, int8, fp16/bf16, tf32, fp64/fp32
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
    const auto d = rc::detail::axis_decades(c);
    CHECK(d.x_lo == -291);  // 1e-290 / 2
    CHECK(d.x_hi == 291);   // 1e290 x 2
}

TEST_CASE("a chart without ceilings, bandwidth or points is still a valid SVG") {
    rc::roofline_chart c;
    c.gpu_name = "empty";
    c.ceilings.push_back(
        {"broken", {rc::dtype::fp32}, std::numeric_limits<double>::quiet_NaN() * rc::units::flop_per_second});
    const std::string svg = rc::to_svg(c, 400, 300);
    const xml_summary x = parse_xml(svg);
    REQUIRE_MESSAGE(x.ok, x.error);
    CHECK(x.count("ceiling") == 0);
    CHECK(x.count("bandwidth") == 0);
    CHECK(svg.find("nan") == std::string::npos);
    CHECK_THROWS_AS(rc::to_svg(c, 399, 300), rc::input_error);
}

TEST_CASE("the SVG is deterministic and sized as asked") {
    const rc::roofline_chart c = rc::make_roofline(rc::catalog().gpu("L40S"), h100_points());
    CHECK(rc::to_svg(c) == rc::to_svg(c));
    const xml_summary x = parse_xml(rc::to_svg(c, 1200, 700));
    REQUIRE_MESSAGE(x.ok, x.error);
    CHECK(x.root_attributes.at("width") == "1200");
    CHECK(x.root_attributes.at("viewBox") == "0 0 1200 700");
}

TEST_CASE("text summary: GPU, bandwidth, ceilings with ridge points, points") {
    const rc::roofline_chart c = rc::make_roofline(rc::catalog().gpu("H100-SXM5-80GB"), h100_points());
    std::ostringstream os;
    os << c;
    const std::string s = os.str();
    CHECK(s.find("roofline of H100-SXM5-80GB: memory bandwidth 3.35 TB/s\n") == 0);
    CHECK(s.find("  ceiling fp8/int8   1.98 PFLOP/s, ridge point 591 FLOP/B\n") != std::string::npos);
    CHECK(s.find("  ceiling fp16/bf16  989 TFLOP/s, ridge point 295 FLOP/B\n") != std::string::npos);
    CHECK(s.find("  ceiling fp64/fp32  66.9 TFLOP/s, ridge point 20 FLOP/B\n") != std::string::npos);
    CHECK(s.find("  point gemm fwd [gemm]: 320 FLOP/B, 720 TFLOP/s\n") != std::string::npos);
    // Ridge points from 1000 FLOP/B up are whole numbers: RTX-4090 INT4 512 x 512 x 2 x 2.52 GHz = 1321 TOP/s
    // over 384 / 8 x 21 Gbit/s = 1008 GB/s is 1311 FLOP/B.
    std::ostringstream os4090;
    os4090 << rc::make_roofline(rc::catalog().gpu("RTX-4090"));
    CHECK(os4090.str().find("  ceiling int4       1.32 PFLOP/s, ridge point 1311 FLOP/B\n") != std::string::npos);
}
