// Notebook display: the MIME bundles of report/mime.hpp (well-formed markup checked with expat, text escaped,
// the figures the library computes) and the operator<< of report/stream.hpp.
#include <roofcast/roofcast.hpp>

// The umbrella keeps the notebook header and its optional dependency out.
#if defined(ROOFCAST_REPORT_MIME_HPP) || defined(INCLUDE_NLOHMANN_JSON_HPP_)
#error "roofcast.hpp must include neither report/mime.hpp nor nlohmann-json"
#endif

#include <roofcast/report/mime.hpp>

#include <doctest/doctest.h>
#include <expat.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace rc = roofcast;

namespace {

// What expat saw in a piece of markup: whether it is well-formed, element counts and all character data.
struct markup {
    bool ok = false;
    std::string error;
    std::map<std::string, int> elements;
    std::string text;                // character data, entities decoded
    std::vector<std::string> cells;  // the text of every <td>
    std::string current;
    int in_td = 0;
};

void on_start(void* data, const XML_Char* name, const XML_Char**) {
    auto* m = static_cast<markup*>(data);
    ++m->elements[name];
    if (std::string(name) == "td") {
        ++m->in_td;
        m->current.clear();
    }
}

void on_end(void* data, const XML_Char* name) {
    auto* m = static_cast<markup*>(data);
    if (std::string(name) == "td") {
        --m->in_td;
        m->cells.push_back(m->current);
    }
}

void on_text(void* data, const XML_Char* s, int len) {
    auto* m = static_cast<markup*>(data);
    m->text.append(s, static_cast<std::size_t>(len));
    if (m->in_td > 0) {
        m->current.append(s, static_cast<std::size_t>(len));
    }
}

// Parses `html` (inside a root element, so that several top-level elements are allowed) as XML.
markup parse(const std::string& html) {
    markup m;
    XML_Parser p = XML_ParserCreate("UTF-8");
    XML_SetUserData(p, &m);
    XML_SetElementHandler(p, on_start, on_end);
    XML_SetCharacterDataHandler(p, on_text);
    const std::string doc = "<root>" + html + "</root>";
    m.ok = XML_Parse(p, doc.data(), static_cast<int>(doc.size()), 1) == XML_STATUS_OK;
    if (!m.ok) {
        m.error = XML_ErrorString(XML_GetErrorCode(p));
    }
    XML_ParserFree(p);
    return m;
}

// The bundle's keys.
std::set<std::string> keys(const nlohmann::json& b) {
    std::set<std::string> k;
    for (const auto& item : b.items()) {
        k.insert(item.key());
    }
    return k;
}

const std::set<std::string> html_and_text = {"text/html", "text/plain"};

// The bundle's text/html, checked to be well-formed and wrapped in <div class="roofcast">.
markup html_of(const nlohmann::json& b) {
    REQUIRE(b.contains("text/html"));
    const std::string html = b["text/html"].get<std::string>();
    CHECK(html.rfind("<div class=\"roofcast\">", 0) == 0);
    markup m = parse(html);
    CAPTURE(m.error);
    CHECK(m.ok);
    return m;
}

// Whether the <td> cells include `cell` exactly.
bool has_cell(const markup& m, const std::string& cell) {
    for (const std::string& c : m.cells) {
        if (c == cell) {
            return true;
        }
    }
    return false;
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

template <class T>
std::string streamed(const T& x) {
    std::ostringstream o;
    o << x;
    return o.str();
}

template <class T, class = void>
struct streamable : std::false_type {};
template <class T>
struct streamable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};

template <class... T>
constexpr bool all_streamable() {
    return (streamable<T>::value && ...);
}

// Every public value type prints (the CLI's and xeus-cpp's fallback display).
static_assert(all_streamable<
              rc::gpu_spec, rc::architecture, rc::dtype, rc::exec_unit, rc::memory_type, rc::market_segment,
              rc::datasheet_check, rc::source_ref, rc::spec_problem, rc::link_spec, rc::node_layout, rc::mig_profile,
              rc::model_catalog, rc::workload, rc::transformer_config, rc::transformer_kind, rc::ffn_kind,
              rc::norm_type, rc::position_kind, rc::cnn_graph, rc::cnn_layer, rc::cnn_layer_kind, rc::precision,
              rc::mode, rc::phase, rc::recompute, rc::run_config, rc::kernels::optimizer_kind, rc::kernel,
              rc::kernel_cost, rc::op_class, rc::bound, rc::prediction, rc::breakdown_entry, rc::comparison,
              rc::objective, rc::memory_footprint, rc::fit_suggestion, rc::batch_limit, rc::max_batch_result,
              rc::measurement, rc::measurement_set, rc::row_prediction, rc::error_summary, rc::validation_report,
              rc::roofline_chart, rc::roofline_ceiling, rc::roofline_point, rc::text_table>());

rc::run_config bert_finetuning() {
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::amp_fp16;
    c.batch = 32;
    c.seq_len = 384;
    return c;
}

rc::run_config llama_inference(long long batch) {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    c.batch = batch;
    return c;
}

}  // namespace

TEST_CASE("a GPU displays its parameters, derived peaks and datasheet check") {
    const rc::gpu_spec& a40 = rc::catalog().gpu("A40");
    const nlohmann::json b = rc::mime_bundle_repr(a40);
    CHECK(keys(b) == html_and_text);
    CHECK(b["text/plain"] == rc::describe(a40));
    const markup m = html_of(b);
    CHECK(contains(m.text, "A40 — NVIDIA Ampere (GA10x), GA102, PCIe, datacenter"));
    CHECK(contains(m.text, "84 SMs x 128 FP32 lanes = 10752 lanes"));
    CHECK(has_cell(m, "384-bit x 14.5 Gbit/s = 696 GB/s"));  // 384 / 8 x 14.5e9 B/s
    CHECK(has_cell(m, "37.42"));                             // 10752 x 2 x 1.74e9 = 37.42e12 FLOP/s
    CHECK(has_cell(m, "149.7"));                             // 336 x 128 x 2 x 1.74e9 = 149.7e12
    CHECK(has_cell(m, "ok (7)"));                            // 7 claims in models/gpus/a40.toml, all within 2%
    CHECK(m.elements.at("table") == 2);
}

TEST_CASE("HTML escapes every text it shows") {
    rc::gpu_spec g = rc::catalog().gpu("A40");
    g.name = "A<40> & \"x\"";
    g.notes = "<script>alert('x')</script>";
    const std::string html = rc::mime_bundle_repr(g)["text/html"];
    CHECK(contains(html, "A&lt;40&gt; &amp; &quot;x&quot;"));
    CHECK(contains(html, "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;"));
    CHECK_FALSE(contains(html, "<script>"));
    CHECK_FALSE(contains(html, "A<40>"));
    const markup m = html_of(rc::mime_bundle_repr(g));
    CHECK(contains(m.text, "A<40> & \"x\" — NVIDIA"));
    CHECK(m.elements.count("script") == 0);
}

namespace fleet {

// A result type of a user's own: a view beside it (to_table, describe) and nothing else.
struct fleet_report {
    int gpus = 0;
};

rc::text_table to_table(const fleet_report& r) {
    rc::text_table t({"item", "value"});
    t.add_row({"GPUs", std::to_string(r.gpus)});
    return t;
}

std::string describe(const fleet_report& r) {
    return "a fleet of " + std::to_string(r.gpus) + " GPUs\n";
}

}  // namespace fleet

TEST_CASE("a result with a view displays without an overload of its own: its table, and describe() as text") {
    const nlohmann::json b = rc::mime_bundle_repr(fleet::fleet_report{512});
    CHECK(keys(b) == html_and_text);
    CHECK(b["text/plain"] == "a fleet of 512 GPUs\n");
    const markup m = html_of(b);
    CHECK(m.cells == std::vector<std::string>{"GPUs", "512"});
    // A type without the view has no such display: the fallback is for views only.
    CHECK(!rc::detail::has_view<int>::value);
    CHECK(rc::detail::has_view<fleet::fleet_report>::value);
}

TEST_CASE("a table displays as an HTML table with the same cells, numbers right-aligned") {
    rc::text_table t({"gpu", "TFLOP/s"});
    t.add_row({"A40", "37.4"});
    t.add_row({"<b>x, \"y\"</b>", "989"});
    const nlohmann::json b = rc::mime_bundle_repr(t);
    CHECK(keys(b) == html_and_text);
    CHECK(b["text/plain"] == t.to_text());
    const std::string html = b["text/html"];
    CHECK(contains(html, "<td>A40</td><td style=\"text-align:right\">37.4</td>"));
    CHECK(contains(html, "<td>&lt;b&gt;x, &quot;y&quot;&lt;/b&gt;</td>"));
    const markup m = html_of(b);
    CHECK(m.elements.at("tr") == 3);
    CHECK(m.elements.at("th") == 2);
    CHECK(m.cells == std::vector<std::string>{"A40", "37.4", "<b>x, \"y\"</b>", "989"});
}

TEST_CASE("a prediction displays the time predict() gives, and its breakdown") {
    const rc::model_catalog& cat = rc::catalog();
    rc::run_config c;
    c.mode = rc::mode::train;
    c.precision = rc::precision::amp_fp16;
    c.batch = 256;
    const rc::prediction p = rc::predict(cat.workload_named("resnet50"), cat.gpu("A100-SXM4-40GB"), c);
    const nlohmann::json b = rc::mime_bundle_repr(p);
    CHECK(keys(b) == html_and_text);
    CHECK(b["text/plain"] == rc::describe(p));
    const markup m = html_of(b);
    CHECK(contains(m.text, "resnet50 on A100-SXM4-40GB: train step, amp-fp16, batch 256, pytorch"));
    CHECK(has_cell(m, rc::to_string(p.time)));
    CHECK(has_cell(m, rc::si_prefixed(256.0 / p.time.value()) + "samples/s"));  // one GPU: batch / step time
    CHECK(has_cell(m, rc::to_string(p.likely_low) + " – " + rc::to_string(p.likely_high)));
    std::size_t classes = 0;
    for (const rc::breakdown_entry& e : p.breakdown) {
        classes += e.time.value() > 0.0 ? 1U : 0U;
        if (e.time.value() > 0.0) {
            CHECK(has_cell(m, rc::to_string(e.time)));
        }
    }
    CHECK(rc::breakdown_table(p).size() == classes + 1);  // and the total row, the phase's time
}

TEST_CASE("a comparison displays one row per GPU with each GPU's predicted time") {
    const rc::model_catalog& cat = rc::catalog();
    const rc::workload& bert = cat.workload_named("bert-large");
    const rc::comparison c =
        rc::compare(bert, {std::cref(cat.gpu("A100-SXM4-40GB")), std::cref(cat.gpu("L40"))}, bert_finetuning());
    const nlohmann::json b = rc::mime_bundle_repr(c);
    CHECK(keys(b) == html_and_text);
    CHECK(b["text/plain"] == rc::comparison_table(c).to_text());
    const markup m = html_of(b);
    CHECK(m.elements.at("tr") == 3);
    CHECK(contains(m.text, "bert-large: train step, amp-fp16, batch 32, pytorch"));
    for (const std::string gpu : {"A100-SXM4-40GB", "L40"}) {
        CAPTURE(gpu);
        const rc::prediction p = rc::predict(bert, cat.gpu(gpu), bert_finetuning());
        CHECK(has_cell(m, gpu));
        CHECK(has_cell(m, rc::to_string(p.time)));
    }
}

TEST_CASE("a GPU that cannot run a comparison shows why, escaped") {
    const rc::model_catalog& cat = rc::catalog();
    rc::run_config c = llama_inference(1);
    c.precision = rc::precision::fp8;
    const rc::comparison cmp =
        rc::compare(cat.workload_named("llama2-7b"),
                    {std::cref(cat.gpu("H100-SXM5-80GB")), std::cref(cat.gpu("A100-SXM4-40GB"))}, c);
    REQUIRE(cmp.reasons[1].find("cannot run fp8") != std::string::npos);
    const markup m = html_of(rc::mime_bundle_repr(cmp));
    CHECK(has_cell(m, cmp.reasons[1]));
    CHECK(has_cell(m, "unsupported"));
}

TEST_CASE("a memory footprint displays its items, total and verdict") {
    const rc::model_catalog& cat = rc::catalog();
    const rc::memory_footprint f =
        rc::footprint(cat.workload_named("llama2-7b"), cat.gpu("A100-SXM4-40GB"), llama_inference(1));
    const nlohmann::json b = rc::mime_bundle_repr(f);
    CHECK(keys(b) == html_and_text);
    CHECK(b["text/plain"] == rc::footprint_table(f).to_text() + rc::fit_verdict(f) + "\n");
    CHECK(b["text/plain"] == streamed(f));
    const markup m = html_of(b);
    // Llama 2 7B: 6,738,415,616 parameters x 2 bytes (fp16) = 12.55 GiB; 40960 MiB usable = 40 GiB.
    CHECK(has_cell(m, "weights"));
    CHECK(has_cell(m, "12.6 GiB"));
    CHECK(has_cell(m, "40 GiB"));
    CHECK(contains(m.text, "fits: " + rc::to_string_binary(f.total()) + " of 40 GiB"));
    CHECK(m.elements.at("tr") == static_cast<int>(f.items.size()) + 3);  // header, items, total, capacity
}

TEST_CASE("a max-batch answer displays the batch, or why nothing fits and what would") {
    const rc::model_catalog& cat = rc::catalog();
    SUBCASE("nothing fits: LLaMA-2-70B weights alone (2 x 69.0e9 B) exceed an H100's 79.6 GiB") {
        const rc::max_batch_result r =
            rc::find_max_batch(cat.workload_named("llama2-70b"), cat.gpu("H100-SXM5-80GB"), llama_inference(1));
        CHECK(r.workload == "llama2-70b");
        CHECK(r.gpu == "H100-SXM5-80GB");
        CHECK(r.limit.max_batch == 0);
        const nlohmann::json b = rc::mime_bundle_repr(r);
        CHECK(keys(b) == html_and_text);
        CHECK(b["text/plain"] == rc::describe(r.limit, "llama2-70b", "H100-SXM5-80GB"));
        CHECK(b["text/plain"] == streamed(r));
        const markup m = html_of(b);
        CHECK(contains(m.text, "llama2-70b does not fit H100-SXM5-80GB even at batch 1"));
        REQUIRE_FALSE(r.limit.suggestions.empty());
        CHECK(has_cell(m, "--tp 2 --num-gpus 2"));  // 69 GB of weights per GPU
        for (const rc::fit_suggestion& s : r.limit.suggestions) {
            CHECK(has_cell(m, s.change));
        }
    }
    SUBCASE("a batch fits: the one shown is the largest whose footprint fits") {
        const rc::workload& w = cat.workload_named("llama2-7b");
        const rc::gpu_spec& g = cat.gpu("A100-SXM4-40GB");
        const rc::max_batch_result r = rc::find_max_batch(w, g, llama_inference(1));
        REQUIRE(r.limit.max_batch > 0);
        CHECK(rc::footprint(w, g, llama_inference(r.limit.max_batch)).fits());
        CHECK_FALSE(rc::footprint(w, g, llama_inference(r.limit.max_batch + 1)).fits());
        const markup m = html_of(rc::mime_bundle_repr(r));
        CHECK(contains(m.text, "llama2-7b on A100-SXM4-40GB: max batch " + std::to_string(r.limit.max_batch) +
                                   " (likely " + std::to_string(r.limit.likely_low) + " – " +
                                   std::to_string(r.limit.likely_high) + "; limited by " + r.limit.limiting_item +
                                   "; a larger batch grows the " + r.limit.growing_item + ")"));
        const markup unnamed = html_of(rc::mime_bundle_repr(r.limit));
        CHECK(contains(unnamed.text, "max batch " + std::to_string(r.limit.max_batch)));
    }
}

TEST_CASE("a validation report displays its summary, groups and skip reasons") {
    const std::string csv =
        "id,gpu,num_gpus,workload,mode,phase,precision,params,metric,value\n"
        "v1,H100-SXM5-80GB,1,gemm,micro,op,fp16,framework=cublas;m=4096;n=4096;k=4096,latency_s,0.0002\n"
        "v2,H100-SXM5-80GB,one,gemm,micro,op,fp16,framework=cublas,latency_s,0.0002\n"
        "v3,H100-SXM5-80GB,1,resnet<5000>,train,step,amp-fp16,framework=pytorch,samples_per_s,3000\n";
    const rc::validation_report r =
        rc::validate(rc::parse_measurements(csv, "tiny.csv"), rc::catalog(), rc::default_params());
    REQUIRE(r.overall.rows == 3);
    REQUIRE(r.overall.predicted == 1);
    const nlohmann::json b = rc::mime_bundle_repr(r);
    CHECK(keys(b) == html_and_text);
    CHECK(b["text/plain"] == streamed(r));
    const markup m = html_of(b);
    CHECK(contains(m.text, "tiny.csv: 3 rows, 1 predicted; median APE "));
    CHECK(has_cell(m, "H100-SXM5-80GB"));
    CHECK(has_cell(m, "gemm"));
    const rc::row_prediction* gemm = nullptr;
    for (const rc::row_prediction& row : r.rows) {
        gemm = row.id == "v1" ? &row : gemm;
        if (!row.predicted) {
            CHECK(has_cell(m, row.skip_reason));  // includes "resnet<5000>", escaped in the HTML
        }
    }
    REQUIRE(gemm != nullptr);
    char ape[32];
    std::snprintf(ape, sizeof ape, "%.1f%%", 100.0 * std::fabs(*gemm->predicted - 0.0002) / 0.0002);
    CHECK(has_cell(m, ape));
    CHECK(contains(b["text/html"].get<std::string>(), "resnet&lt;5000&gt;"));
    CHECK(html_of(rc::mime_bundle_repr(r.overall)).cells.at(0) == "all");
}

TEST_CASE("a roofline displays as SVG, with its text summary") {
    const rc::model_catalog& cat = rc::catalog();
    const rc::gpu_spec& a100 = cat.gpu("A100-SXM4-40GB");
    const rc::prediction p = rc::predict(cat.workload_named("bert-large"), a100, bert_finetuning());
    const rc::roofline_chart chart = rc::make_roofline(a100, rc::roofline_points(p));
    const nlohmann::json b = rc::mime_bundle_repr(chart);
    CHECK(keys(b) == std::set<std::string>{"image/svg+xml", "text/plain"});
    CHECK(b["image/svg+xml"] == rc::to_svg(chart));
    CHECK(b["text/plain"] == streamed(chart));
    const std::string svg = b["image/svg+xml"];
    const markup m = parse(svg.substr(svg.find("<svg")));
    CHECK(m.ok);
}

TEST_CASE("roofline points are the op classes of a prediction at their intensity and achieved rate") {
    const rc::model_catalog& cat = rc::catalog();
    const rc::prediction p =
        rc::predict(cat.workload_named("bert-large"), cat.gpu("A100-SXM4-40GB"), bert_finetuning());
    const std::vector<rc::roofline_point> points = rc::roofline_points(p);
    std::size_t expected = 0;
    for (const rc::breakdown_entry& e : p.breakdown) {
        if (e.work.value() > 0.0 && e.traffic.value() > 0.0 && e.time.value() > 0.0) {
            REQUIRE(expected < points.size());
            const rc::roofline_point& pt = points[expected++];
            CHECK(pt.group == e.name);
            CHECK(pt.label == e.name + " (" + std::string(rc::to_string_view(e.limiter)) + ")");
            CHECK(pt.intensity.value() == doctest::Approx(e.work.value() / e.traffic.value()));
            CHECK(pt.achieved.value() == doctest::Approx(e.work.value() / e.time.value()));
        }
    }
    CHECK(points.size() == expected);
    CHECK(expected >= 2);  // at least GEMMs and one memory-bound class
}

TEST_CASE("a workload displays its size and shape, the catalog its GPUs") {
    const rc::model_catalog& cat = rc::catalog();
    const markup llama = html_of(rc::mime_bundle_repr(cat.workload_named("llama2-7b")));
    CHECK(has_cell(llama, "6.74 B"));  // 6,738,415,616 parameters
    CHECK(has_cell(llama, "4096"));
    CHECK(has_cell(llama, "11008 swiglu"));
    const markup resnet = html_of(rc::mime_bundle_repr(cat.workload_named("resnet50")));
    CHECK(has_cell(resnet, "25.6 M"));  // ResNet-50: 25,557,032 parameters
    CHECK(has_cell(resnet, "3x224x224"));
    const nlohmann::json b = rc::mime_bundle_repr(cat);
    const markup m = html_of(b);
    CHECK(m.elements.at("tr") == static_cast<int>(cat.gpus().size()) + 1);
    CHECK(contains(b["text/plain"].get<std::string>(), "25 GPUs, "));
}

TEST_CASE("mime.hpp defines no macro but its include guard") {
    std::ifstream in(ROOFCAST_SOURCE_DIR "/include/roofcast/report/mime.hpp");
    REQUIRE(in);
    std::string line;
    std::vector<std::string> defines;
    while (std::getline(in, line)) {
        if (line.rfind("#define", 0) == 0) {
            defines.push_back(line);
        }
    }
    CHECK(defines == std::vector<std::string>{"#define ROOFCAST_REPORT_MIME_HPP"});
}

TEST_CASE("value types print on one line or as their text report") {
    CHECK(streamed(rc::recompute::selective) == "selective");
    CHECK(streamed(rc::transformer_kind::encoder_decoder) == "encoder-decoder");
    CHECK(streamed(rc::objective::cost) == "cost");
    CHECK(streamed(rc::kernels::optimizer_kind::adamw) == "adamw");
    CHECK(streamed(rc::cnn_layer_kind::batch_norm) == "batch_norm");
    CHECK(streamed(rc::run_config{}) == "train step, amp-fp16, batch 1, pytorch");
    CHECK(streamed(bert_finetuning()) == "train step, amp-fp16, batch 32, seq 384, pytorch");
    rc::run_config decode = llama_inference(4);
    decode.phase = rc::phase::decode;
    decode.tp = 2;
    decode.num_gpus = 2;
    CHECK(streamed(decode) == "infer decode, fp16, batch 4, prompt 512, gen 128, 2 GPUs, tp 2, pytorch");
    const rc::model_catalog& cat = rc::catalog();
    CHECK(streamed(as_transformer(cat.workload_named("llama2-7b"))) ==
          "llama2-7b: decoder, 32 layers, hidden 4096, 32 heads (32 kv, 128 wide), ffn 11008 swiglu, vocab 32000, "
          "rmsnorm, rope, 6.74 B parameters");
    CHECK(streamed(as_cnn(cat.workload_named("resnet50"))).rfind("resnet50: 3x224x224 input, ", 0) == 0);
    CHECK(contains(streamed(as_cnn(cat.workload_named("resnet50"))), ", 25.6 M parameters, "));
    CHECK(streamed(rc::find_link("nvlink3")) ==
          "nvlink3: NVLink 3 (A100 SXM4: 12 links), 300 GB/s per direction, 80% achieved, 5 us per step");
    CHECK(streamed(rc::find_mig_profile(cat.gpu("A100-SXM4-40GB"), "1g.5gb")) ==
          "A100-40GB 1g.5gb: 1/7 compute, 1/8 memory, 14 SMs, 4.75 GiB, up to 7 instances");
    CHECK(streamed(cat).rfind("25 GPUs, ", 0) == 0);
    const rc::max_batch_result r =
        rc::find_max_batch(cat.workload_named("llama2-7b"), cat.gpu("A40"), llama_inference(1));
    CHECK(streamed(r) == rc::describe(r.limit, "llama2-7b", "A40"));
    CHECK(streamed(rc::spec_problem{"compute.sm_count", "must be between 1 and 1000"}) ==
          "compute.sm_count: must be between 1 and 1000");
}

TEST_CASE("capacity plans display their tables, every text escaped, and print as their reports") {
    static_assert(all_streamable<rc::training_plan, rc::training_option, rc::training_rejection, rc::serving_plan,
                                 rc::serving_option, rc::request_length>());
    const rc::model_catalog& cat = rc::catalog();
    rc::training_request t;
    t.source = &cat.workload_named("llama2-7b");
    t.global_batch = 64;
    t.tokens = 1e10;
    t.max_gpus = 16;
    t.gpus = {cat.gpu("A100-SXM4-80GB"), cat.gpu("H100-SXM5-80GB")};
    t.top = 3;
    const rc::training_plan tp = rc::plan_training(t);
    const nlohmann::json tb = rc::mime_bundle_repr(tp);
    CHECK(keys(tb) == html_and_text);
    CHECK(tb["text/plain"] == rc::describe(tp));
    CHECK(tb["text/plain"] == streamed(tp));
    const markup tm = html_of(tb);
    CHECK(tm.elements.at("tr") == 4);  // header and 3 layouts
    CHECK(has_cell(tm, tp.options[0].gpu));
    CHECK(contains(tm.text, "best of its GPU type"));
    rc::serving_request s;
    s.source = &cat.workload_named("llama3-8b");
    s.base.precision = rc::precision::fp8;
    s.rate = 4.0;
    s.lengths = {{512, 128}};
    s.gpus = {cat.gpu("H100-SXM5-80GB"), cat.gpu("A100-SXM4-80GB")};
    s.tps = {1};
    const rc::serving_plan sp = rc::plan_serving(s);
    const nlohmann::json sb = rc::mime_bundle_repr(sp);
    CHECK(sb["text/plain"] == rc::describe(sp));
    const markup sm = html_of(sb);
    CHECK(sm.elements.at("tr") == 2);  // header and the H100; the A100 cannot run fp8
    CHECK(has_cell(sm, "H100-SXM5-80GB"));
    CHECK(contains(sm.text, "A100-SXM4-80GB, tp 1: cannot run fp8: Ampere (GA100) has no fp8 tensor-core math"));
}

TEST_CASE("a comparison ranks only the GPUs the run fits, relative to the row ranked first") {
    const rc::model_catalog& cat = rc::catalog();
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    c.precision = rc::precision::fp16;
    // Llama-2-70B in FP16 (138 GB of weights) fits neither card alone: no rank, no time, the footprint instead.
    const rc::comparison none = rc::compare(cat.workload_named("llama2-70b"),
                                            {std::cref(cat.gpu("A100-SXM4-80GB")), std::cref(cat.gpu("L4"))}, c);
    CHECK(none.rank == std::vector<int>{0, 0});
    const std::string text = rc::comparison_table(none).to_text();
    CHECK(text.find("does not fit") != std::string::npos);
    CHECK(text.find(rc::memory_of_capacity(rc::footprint(cat.workload_named("llama2-70b"), cat.gpu("L4"), c))) !=
          std::string::npos);
    // Llama-2-7B fits both: the L4 asked first, the A100 ranked first; "vs rank 1" is 1.00 on the A100's row.
    const rc::comparison both = rc::compare(cat.workload_named("llama2-7b"),
                                            {std::cref(cat.gpu("L4")), std::cref(cat.gpu("A100-SXM4-80GB"))}, c);
    CHECK(both.rank == std::vector<int>{2, 1});
    const std::string table = rc::comparison_table(both).to_text();
    auto line_of = [&table](const std::string& gpu) {
        const std::size_t at = table.find(gpu), begin = table.rfind('\n', at) + 1;
        return table.substr(begin, table.find('\n', at) - begin);
    };
    const std::string a100 = line_of("A100-SXM4-80GB"), l4 = line_of("L4 ");
    CHECK(a100.find_first_not_of(' ') == a100.find('1'));  // ranked first
    CHECK(a100.find("1.00") != std::string::npos);
    CHECK(table.find("A100-SXM4-80GB") < table.find("L4 "));  // shown first
    CHECK(l4.find("0.") != std::string::npos);                // a fraction of the first
}

TEST_CASE("a comparison's text says what its columns mean, and that cost needs a price") {
    const rc::model_catalog& cat = rc::catalog();
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    c.precision = rc::precision::fp16;
    const std::vector<std::reference_wrapper<const rc::gpu_spec>> gpus{std::cref(cat.gpu("L4")),
                                                                       std::cref(cat.gpu("A100-SXM4-80GB"))};
    const std::string plain = rc::describe(rc::compare(cat.workload_named("llama2-7b"), gpus, c));
    CHECK(plain.find("ranked by time per unit of work; vs rank 1: throughput over the first row's; bound:") !=
          std::string::npos);
    CHECK(plain.find("likely range: the time's 10th to 90th percentile") != std::string::npos);
    CHECK(plain.find("cost: give --price-per-hour") != std::string::npos);
    const std::string priced =
        rc::describe(rc::compare(cat.workload_named("llama2-7b"), gpus, c, rc::default_params(), {0.8, 1.8}));
    CHECK(priced.find("cost: give --price-per-hour") == std::string::npos);
}
