// Measurement CSV reader: the shipped file reads without problems; every kind of bad row becomes a problem
// naming line, column and value while the other rows still load; columns are found by header name.
#include <roofcast/io/measurements.hpp>

#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace rc = roofcast;

namespace {

const std::string shipped_path = std::string(ROOFCAST_SOURCE_DIR) + "/models/measurements/measured-dev.csv";

const std::vector<std::string> columns = {"id",        "source", "gpu",     "num_gpus",   "workload",   "mode",
                                          "phase",     "batch",  "seq_len", "image_size", "prompt_len", "gen_len",
                                          "precision", "params", "metric",  "value",      "notes"};

std::string join(const std::vector<std::string>& fields) {
    std::string s;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        s += (i ? "," : "") + fields[i];
    }
    return s + "\n";
}

const std::string header = join(columns);

// A valid row with id `id`, with the named columns replaced by raw (already CSV-quoted) text.
std::string row(const std::string& id, const std::map<std::string, std::string>& with = {}) {
    std::map<std::string, std::string> f = {{"id", id},
                                            {"source", "dle"},
                                            {"gpu", "A100-SXM4-80GB"},
                                            {"num_gpus", "8"},
                                            {"workload", "resnet50"},
                                            {"mode", "train"},
                                            {"phase", "step"},
                                            {"batch", "256"},
                                            {"seq_len", ""},
                                            {"image_size", "224"},
                                            {"prompt_len", ""},
                                            {"gen_len", ""},
                                            {"precision", "amp-fp16"},
                                            {"params", "framework=pytorch;dp=8"},
                                            {"metric", "samples_per_s"},
                                            {"value", "16621"},
                                            {"notes", "per-GPU batch"}};
    for (const auto& [k, v] : with) {
        REQUIRE(f.count(k) == 1);
        f[k] = v;
    }
    std::vector<std::string> fields;
    for (const std::string& c : columns) {
        fields.push_back(f[c]);
    }
    return join(fields);
}

// Good row r0001 (line 2), row r0002 with `column` set to `value` (line 3), good row r0003 (line 4): the
// bad row must be the only problem, and both good rows must load. Returns the problem's message.
std::string problem_of(const std::string& column, const std::string& value) {
    CAPTURE(column);
    CAPTURE(value);
    const rc::measurement_set s =
        rc::parse_measurements(header + row("r0001") + row("r0002", {{column, value}}) + row("r0003"), "t.csv");
    REQUIRE(s.problems.size() == 1);
    REQUIRE(s.rows.size() == 2);
    CHECK(s.rows[0].id == "r0001");
    CHECK(s.rows[1].id == "r0003");
    CHECK(s.rows[1].line == 4);
    CHECK(s.problems[0].line == 3);
    if (column != "id") {
        CHECK(s.problems[0].id == "r0002");
    }
    return s.problems[0].message;
}

// The message of the input_error that parsing `text` throws ("" if none).
std::string error_of(const std::string& text) {
    try {
        (void)rc::parse_measurements(text, "t.csv");
    } catch (const rc::input_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("measurements: the shipped measurement file reads with 528 rows and no problems") {
    const rc::measurement_set s = rc::load_measurements(shipped_path);
    CHECK(s.file == shipped_path);
    CHECK(s.rows.size() == 528);
    CHECK(s.problems.empty());
    std::ostringstream problems;
    rc::print_problems(problems, s);
    CHECK(problems.str() == "");
    REQUIRE(!s.rows.empty());
    CHECK(s.rows.front().id == "r0001");
    CHECK(s.rows.front().line == 2);
    CHECK(s.rows.back().id == "r0914");
    CHECK(s.rows.back().line == 529);
}

TEST_CASE("measurements: a shipped measurement row is read exactly") {
    const rc::measurement_set s = rc::load_measurements(shipped_path);
    const rc::measurement* m = nullptr;
    for (const rc::measurement& r : s.rows) {
        if (r.id == "r0663") {
            m = &r;
        }
    }
    REQUIRE(m != nullptr);
    CHECK(m->line == 390);
    CHECK(m->source == "vidur@7d47513: data/profiling/compute/h100/meta-llama/Llama-2-7b-hf/mlp.csv (TP=1)");
    CHECK(m->gpu == "H100-SXM5-80GB");
    CHECK(m->num_gpus == 1);
    CHECK(m->workload == "gemm");
    CHECK(m->mode == "micro");
    CHECK(m->phase == "op");
    CHECK(!m->batch);
    CHECK(!m->seq_len);
    CHECK(!m->image_size);
    CHECK(!m->prompt_len);
    CHECK(!m->gen_len);
    CHECK(m->precision == "fp16");
    const std::vector<std::pair<std::string, std::string>> params = {
        {"framework", "cublas"}, {"op", "qkv_proj"}, {"via", "pytorch-sarathi-serve-profiler"},
        {"m", "4096"},           {"n", "12288"},     {"k", "4096"},
        {"model", "llama2-7b"}};
    CHECK(m->params == params);
    CHECK(m->metric == "latency_s");
    CHECK(m->value == 0.000584);
    CHECK(m->notes.find("GEMM shape M=4096, K=4096, N=12288;") == 0);
    CHECK(m->notes.find("as printed: 0.584 ms median op time") != std::string::npos);

    CHECK(m->param("framework") == std::optional<std::string>("cublas"));
    CHECK(!m->param("tp"));
    CHECK(m->int_param("m") == 4096LL);
    CHECK(m->int_param("n") == 12288LL);
    CHECK(m->int_param("k") == 4096LL);
    CHECK(!m->int_param("tp"));
    try {
        (void)m->int_param("op");
        FAIL("int_param of a non-integer did not throw");
    } catch (const rc::input_error& e) {
        CHECK(std::string(e.what()) == "line 390 (r0663): param 'op' must be a positive integer, got 'qkv_proj'");
    }

    std::ostringstream line;
    line << *m;
    CHECK(line.str() == "r0663 H100-SXM5-80GB gemm micro op latency_s 0.000584");
}

TEST_CASE("measurements: shipped measurement rows keep blanks and a zero prompt length") {
    const rc::measurement_set s = rc::load_measurements(shipped_path);
    std::map<std::string, const rc::measurement*> by_id;
    for (const rc::measurement& r : s.rows) {
        by_id[r.id] = &r;
    }
    // llama-bench decode from an empty context: prompt_len 0 is data, not an error.
    REQUIRE(by_id.count("r0466") == 1);
    const rc::measurement& d = *by_id["r0466"];
    CHECK(d.gpu == "RTX-3090");
    CHECK(d.phase == "decode");
    CHECK(d.batch == 1LL);
    CHECK(d.prompt_len == 0LL);
    CHECK(d.gen_len == 1024LL);
    CHECK(d.precision == "int4");
    CHECK(d.value == 111.74);
    // A bandwidth microbenchmark leaves precision blank.
    REQUIRE(by_id.count("r0445") == 1);
    CHECK(by_id["r0445"]->precision == "");
    CHECK(by_id["r0445"]->metric == "bandwidth_gbs");
    // A multi-GPU row: value is the total.
    REQUIRE(by_id.count("r0003") == 1);
    CHECK(by_id["r0003"]->num_gpus == 8);
    CHECK(by_id["r0003"]->batch == 256LL);
    CHECK(by_id["r0003"]->image_size == 224LL);
    CHECK(by_id["r0003"]->value == 7248.0);
    CHECK(by_id["r0003"]->int_param("dp") == 8LL);
}

TEST_CASE("measurements: a bad num_gpus is a problem naming line, id, column and value") {
    CHECK(problem_of("num_gpus", "two") == "column 'num_gpus' must be an integer >= 1, got 'two'");
    CHECK(problem_of("num_gpus", "0") == "column 'num_gpus' must be an integer >= 1, got '0'");
    CHECK(problem_of("num_gpus", "-2") == "column 'num_gpus' must be an integer >= 1, got '-2'");
    CHECK(problem_of("num_gpus", "1.5") == "column 'num_gpus' must be an integer >= 1, got '1.5'");
    CHECK(problem_of("num_gpus", "8x") == "column 'num_gpus' must be an integer >= 1, got '8x'");
    CHECK(problem_of("num_gpus", "") == "column 'num_gpus' must be an integer >= 1, got ''");
    CHECK(problem_of("num_gpus", "200000") == "column 'num_gpus' must be at most 100000, got '200000'");
    CHECK(problem_of("num_gpus", "99999999999999999999") ==
          "column 'num_gpus' must be at most 100000, got '99999999999999999999'");
}

TEST_CASE("measurements: unknown mode, phase, metric and precision list the accepted values") {
    CHECK(problem_of("mode", "training") == "column 'mode' must be one of train, infer, micro, got 'training'");
    CHECK(problem_of("mode", "") == "column 'mode' must be one of train, infer, micro, got ''");
    CHECK(problem_of("phase", "forward") ==
          "column 'phase' must be one of step, e2e, prefill, decode, serve, op, got 'forward'");
    CHECK(problem_of("metric", "ms") ==
          "column 'metric' must be one of samples_per_s, tokens_per_s, latency_s, "
          "step_time_s, tflops, bandwidth_gbs, requests_per_s, total_tokens_per_s, ttft_mean_s, ttft_p50_s, "
          "ttft_p90_s, ttft_p99_s, tpot_mean_s, tpot_p50_s, tpot_p90_s, tpot_p99_s, "
          "itl_mean_s, itl_p50_s, itl_p90_s, itl_p99_s, e2e_mean_s, e2e_p50_s, "
          "e2e_p90_s, e2e_p99_s, peak_memory_gib, reserved_memory_gib, kv_cache_tokens, "
          "kv_cache_gib, weights_gib, max_batch, oom_batch, reserved_to_allocated, got 'ms'");
    CHECK(problem_of("precision", "fp64") ==
          "column 'precision' must be one of (blank), fp32, tf32, amp-fp16, "
          "amp-bf16, fp16, bf16, fp8, int8, int4, got 'fp64'");
    CHECK(problem_of("precision", "FP16") ==
          "column 'precision' must be one of (blank), fp32, tf32, amp-fp16, "
          "amp-bf16, fp16, bf16, fp8, int8, int4, got 'FP16'");
}

TEST_CASE("measurements: bad sizes are problems, blanks are not given") {
    CHECK(problem_of("batch", "0") == "column 'batch' must be an integer >= 1, got '0'");
    CHECK(problem_of("batch", "abc") == "column 'batch' must be an integer >= 1, got 'abc'");
    CHECK(problem_of("batch", "12abc") == "column 'batch' must be an integer >= 1, got '12abc'");
    CHECK(problem_of("batch", " 8") == "column 'batch' must be an integer >= 1, got ' 8'");
    CHECK(problem_of("batch", "+8") == "column 'batch' must be an integer >= 1, got '+8'");
    CHECK(problem_of("batch", "2000000000") == "column 'batch' must be at most 1000000000, got '2000000000'");
    CHECK(problem_of("seq_len", "-512") == "column 'seq_len' must be an integer >= 1, got '-512'");
    CHECK(problem_of("image_size", "224.0") == "column 'image_size' must be an integer >= 1, got '224.0'");
    CHECK(problem_of("gen_len", "0") == "column 'gen_len' must be an integer >= 1, got '0'");
    CHECK(problem_of("prompt_len", "-1") == "column 'prompt_len' must be an integer >= 0, got '-1'");
    CHECK(problem_of("prompt_len", "1e3") == "column 'prompt_len' must be an integer >= 0, got '1e3'");

    const rc::measurement_set s = rc::parse_measurements(
        header + row("r0001", {{"batch", ""}, {"image_size", ""}, {"prompt_len", "0"}, {"gen_len", "1000000000"}}),
        "t.csv");
    REQUIRE(s.rows.size() == 1);
    CHECK(s.problems.empty());
    CHECK(!s.rows[0].batch);
    CHECK(!s.rows[0].seq_len);
    CHECK(!s.rows[0].image_size);
    CHECK(s.rows[0].prompt_len == 0LL);
    CHECK(s.rows[0].gen_len == 1000000000LL);
}

TEST_CASE("measurements: value must be a whole, finite number greater than zero") {
    for (const char* bad : {"nan", "NaN", "inf", "-inf", "infinity", "-1", "-0.5", "0", "0.0", "0e5", "12abc", "1.2.3",
                            "", " 5", "5 ", "0x10", "1e999", "1e-999", "1,5"}) {
        const std::string v = std::string(bad) == "1,5" ? "\"1,5\"" : bad;
        CHECK(problem_of("value", v) == "column 'value' must be a finite number > 0, got '" + std::string(bad) + "'");
    }
    for (const auto& good : std::vector<std::pair<std::string, double>>{
             {"938", 938.0}, {"0.000584", 0.000584}, {"1.5e3", 1500.0}, {".25", 0.25}, {"7E-2", 0.07}}) {
        const std::string& text = good.first;
        const double expected = good.second;
        CAPTURE(text);
        const rc::measurement_set s = rc::parse_measurements(header + row("r0001", {{"value", text}}), "t.csv");
        REQUIRE(s.rows.size() == 1);
        CHECK(s.rows[0].value == expected);
    }
}

TEST_CASE("measurements: params must be key=value pairs joined by ',' with distinct keys") {
    CHECK(problem_of("params", "framework") ==
          "column 'params' must be key=value pairs joined by ';' (entry 'framework' has no '='), got 'framework'");
    CHECK(problem_of("params", "framework=pytorch;dp8") ==
          "column 'params' must be key=value pairs joined by ';' (entry 'dp8' has no '='), "
          "got 'framework=pytorch;dp8'");
    CHECK(problem_of("params", "=pytorch") ==
          "column 'params' must be key=value pairs joined by ';' (entry '=pytorch' has an empty key), got '=pytorch'");
    CHECK(problem_of("params", "framework=") ==
          "column 'params' must be key=value pairs joined by ';' (key 'framework' has an empty value), "
          "got 'framework='");
    CHECK(
        problem_of("params", "framework=pytorch;;dp=8") ==
        "column 'params' must be key=value pairs joined by ';' (found an empty entry), got 'framework=pytorch;;dp=8'");
    CHECK(problem_of("params", "framework=pytorch;") ==
          "column 'params' must be key=value pairs joined by ';' (found an empty entry), got 'framework=pytorch;'");
    CHECK(problem_of("params", "framework=pytorch;tp=1;tp=2") ==
          "column 'params' repeats key 'tp', got 'framework=pytorch;tp=1;tp=2'");

    const rc::measurement_set s =
        rc::parse_measurements(header + row("r0001", {{"params", "framework=cublas;op=a=b;m=4096"}}), "t.csv");
    REQUIRE(s.rows.size() == 1);
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"framework", "cublas"}, {"op", "a=b"}, {"m", "4096"}};
    CHECK(s.rows[0].params == expected);
    CHECK(s.rows[0].int_param("m") == 4096LL);
}

TEST_CASE("measurements: param saturated is yes when absent, no only when written so, an error otherwise") {
    const rc::measurement_set s =
        rc::parse_measurements(header + row("r0001", {{"params", "framework=cuda;kernel=read"}}) +
                                   row("r0002", {{"params", "framework=cuda;kernel=read;saturated=yes"}}) +
                                   row("r0003", {{"params", "framework=cuda;kernel=read;saturated=no"}}) +
                                   row("r0004", {{"params", "framework=cuda;kernel=read;saturated=No"}}),
                               "t.csv");
    REQUIRE(s.rows.size() == 4);
    CHECK(s.rows[0].saturated());
    CHECK(s.rows[1].saturated());
    CHECK_FALSE(s.rows[2].saturated());
    CHECK_THROWS_WITH_AS(static_cast<void>(s.rows[3].saturated()),
                         "line 5 (r0004): param 'saturated' must be yes or no, got 'No'", rc::input_error);
}

TEST_CASE("measurements: empty ids, blank names, duplicate ids and ragged rows are problems") {
    CHECK(problem_of("id", "") == "column 'id' is empty");
    CHECK(problem_of("gpu", "") == "column 'gpu' is empty");
    CHECK(problem_of("workload", "") == "column 'workload' is empty");

    const std::string text = header + row("r0001") + row("r0001", {{"value", "5"}}) + row("r0002") +
                             row("r0003", {{"notes", "x,extra"}}) + "r0004,dle,A100-SXM4-80GB\n" + row("r0005");
    const rc::measurement_set s = rc::parse_measurements(text, "t.csv");
    REQUIRE(s.rows.size() == 3);
    CHECK(s.rows[0].id == "r0001");
    CHECK(s.rows[0].value == 16621.0);
    CHECK(s.rows[1].id == "r0002");
    CHECK(s.rows[2].id == "r0005");
    CHECK(s.rows[2].line == 7);
    REQUIRE(s.problems.size() == 3);
    CHECK(s.problems[0].line == 3);
    CHECK(s.problems[0].id == "r0001");
    CHECK(s.problems[0].message == "duplicate id 'r0001' (first on line 2)");
    CHECK(s.problems[1].line == 5);
    CHECK(s.problems[1].id == "r0003");
    CHECK(s.problems[1].message == "row has 18 fields, the header has 17");
    CHECK(s.problems[2].line == 6);
    CHECK(s.problems[2].id == "r0004");
    CHECK(s.problems[2].message == "row has 3 fields, the header has 17");

    std::ostringstream out;
    rc::print_problems(out, s);
    CHECK(out.str() ==
          "t.csv:3: r0001: duplicate id 'r0001' (first on line 2)\n"
          "t.csv:5: r0003: row has 18 fields, the header has 17\n"
          "t.csv:6: r0004: row has 3 fields, the header has 17\n");
    CHECK(rc::format_problem("t.csv", rc::measurement_problem{9, "", "column 'id' is empty", ""}) ==
          "t.csv:9: column 'id' is empty");
}

TEST_CASE("measurements: columns are found by header name, in any order, optional ones may be absent") {
    const std::string text =
        "value,metric,params,precision,gen_len,phase,mode,workload,num_gpus,gpu,id,batch\n"
        "0.5,latency_s,framework=cublas;m=64,fp16,,op,micro,gemm,1,H100-SXM5-80GB,r0100,\n"
        "2048,tokens_per_s,framework=tensorrt-llm;tp=4;pp=1;dp=1,fp8,128,serve,infer,llama3-70b,4,H200-SXM-141GB,r0101,"
        "\n"
        "2048,tokens_per_s,framework=x,fp8,,serve,infer,llama3-70b,4,H200-SXM-141GB,r0102,zero\n";
    const rc::measurement_set s = rc::parse_measurements(text, "reordered.csv");
    REQUIRE(s.rows.size() == 2);
    const rc::measurement& a = s.rows[0];
    CHECK(a.id == "r0100");
    CHECK(a.gpu == "H100-SXM5-80GB");
    CHECK(a.workload == "gemm");
    CHECK(a.mode == "micro");
    CHECK(a.phase == "op");
    CHECK(a.precision == "fp16");
    CHECK(a.metric == "latency_s");
    CHECK(a.value == 0.5);
    CHECK(a.source == "");
    CHECK(a.notes == "");
    CHECK(!a.batch);
    CHECK(!a.gen_len);
    CHECK(a.int_param("m") == 64LL);
    const rc::measurement& b = s.rows[1];
    CHECK(b.id == "r0101");
    CHECK(b.num_gpus == 4);
    CHECK(b.gen_len == 128LL);
    CHECK(b.value == 2048.0);
    CHECK(b.param("framework") == std::optional<std::string>("tensorrt-llm"));
    REQUIRE(s.problems.size() == 1);
    CHECK(s.problems[0].line == 4);
    CHECK(s.problems[0].id == "r0102");
    CHECK(s.problems[0].message == "column 'batch' must be an integer >= 1, got 'zero'");
}

TEST_CASE("measurements: a file without a usable header throws, naming the missing columns") {
    std::string no_metric = header;
    no_metric.replace(no_metric.find(",metric"), 7, "");
    CHECK(error_of(no_metric) == "t.csv:1: header lacks required column 'metric'");
    CHECK(error_of("id,gpu,value\nr0001,A40,1\n") ==
          "t.csv:1: header lacks required columns 'num_gpus', 'workload', 'mode', 'phase', 'precision', 'params', "
          "'metric'");
    CHECK(error_of("") == "t.csv: empty measurement file (no header line)");
    CHECK(error_of("\n\n") == "t.csv: empty measurement file (no header line)");
    CHECK(error_of("id,id,gpu\n") == "t.csv:1: header repeats column 'id'");
    CHECK(error_of(header + "r0001,\"open quote\n") == "t.csv:2: quoted field not closed before end of file");
    // A header alone is a usable (empty) file; a byte-order mark and CRLF are accepted.
    CHECK(rc::parse_measurements(header, "t.csv").rows.empty());
    std::string crlf = "\xEF\xBB\xBF" + header + row("r0001");
    for (std::size_t p = crlf.find('\n'); p != std::string::npos; p = crlf.find('\n', p + 2)) {
        crlf.insert(p, "\r");
    }
    const rc::measurement_set s = rc::parse_measurements(crlf, "t.csv");
    REQUIRE(s.rows.size() == 1);
    CHECK(s.rows[0].id == "r0001");
    CHECK(s.rows[0].notes == "per-GPU batch");
}

TEST_CASE("measurements: quoted fields may hold commas, quotes and newlines") {
    const std::string text = header +
                             row("r0001", {{"source", "\"dle: README, table 3\""},
                                           {"notes", "\"as printed: \"\"1,234 img/s\"\",\nper GPU x 8\""}}) +
                             row("r0002", {{"params", "\"framework=pytorch;scripts=a,b\""}, {"value", "\"12.5\""}});
    const rc::measurement_set s = rc::parse_measurements(text, "t.csv");
    REQUIRE(s.problems.empty());
    REQUIRE(s.rows.size() == 2);
    CHECK(s.rows[0].source == "dle: README, table 3");
    CHECK(s.rows[0].notes == "as printed: \"1,234 img/s\",\nper GPU x 8");
    CHECK(s.rows[0].line == 2);
    CHECK(s.rows[1].line == 4);
    CHECK(s.rows[1].param("scripts") == std::optional<std::string>("a,b"));
    CHECK(s.rows[1].value == 12.5);
}

TEST_CASE("measurements: a missing measurement file throws input_error") {
    const std::string path = std::string(ROOFCAST_SOURCE_DIR) + "/models/measurements/no-such-file.csv";
    try {
        (void)rc::load_measurements(path);
        FAIL("no exception");
    } catch (const rc::input_error& e) {
        CHECK(std::string(e.what()).find("cannot open measurement file '" + path + "'") == 0);
    }
}
