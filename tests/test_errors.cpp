// Every class of bad input to the library is refused with roofcast::error (input_error and its kin) whose
// message names the file, line and key, or the field: GPU and transformer TOML (missing key, wrong type,
// negative, zero, NaN, infinity, absurd magnitude; unknown keys warned about), cost-model parameter TOML,
// run configurations, workloads and GPU descriptions built in C++, kernels too large to model, and
// measurement rows naming an unknown GPU or workload. Nothing is clamped. Each input tried is counted for
// docs/reliability.md (tests/reliability_log.hpp).
#include "reliability_log.hpp"

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/io/params_toml.hpp>
#include <roofcast/io/workload_toml.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace rc = roofcast;
using roofcast_tests::count_input;

namespace {

std::string read(const std::string& path) {
    return rc::detail::read_text_file(path, "test file");
}

const std::string gpu_base = read(std::string(ROOFCAST_SOURCE_DIR) + "/models/gpus/a40.toml");
const std::string workload_base = read(std::string(ROOFCAST_TEST_DATA_DIR) + "/tiny-llama.toml");

// A TOML text with the line that sets `key` (a dotted path) replaced: `value` empty removes the line; a key
// that is absent is added at the start of its table. Returns the text and the 1-based line of the key
// (of the table header when the line was removed; 1 at the top level).
struct edited {
    std::string text;
    int line = 0;
};

edited with_value(const std::string& text, const std::string& path, const std::string& value) {
    const auto dot = path.rfind('.');
    const std::string table = dot == std::string::npos ? "" : path.substr(0, dot);
    const std::string key = dot == std::string::npos ? path : path.substr(dot + 1);
    std::vector<std::string> lines;
    std::string cur;
    for (char ch : text) {
        if (ch == '\n') {
            lines.push_back(cur);
            cur.clear();
        } else {
            cur += ch;
        }
    }
    std::string current;
    int header_line = table.empty() ? 0 : -1, found = -1;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        if (!l.empty() && l[0] == '[') {
            current = l.substr(1, l.find(']') - 1);
            if (current == table) {
                header_line = static_cast<int>(i);
            }
        } else if (current == table && (l.rfind(key + " ", 0) == 0 || l.rfind(key + "=", 0) == 0)) {
            found = static_cast<int>(i);
        }
    }
    edited e;
    if (header_line < 0) {  // a table the file does not have: added at the end
        REQUIRE(!value.empty());
        lines.push_back("[" + table + "]");
        lines.push_back(key + " = " + value);
        e.line = static_cast<int>(lines.size());
    } else if (found < 0) {
        REQUIRE(!value.empty());
        found = table.empty() ? 0 : header_line + 1;
        lines.insert(lines.begin() + found, key + " = " + value);
        e.line = found + 1;
    } else if (value.empty()) {
        lines.erase(lines.begin() + found);
        e.line = table.empty() ? 1 : header_line + 1;
    } else {
        lines[static_cast<std::size_t>(found)] = key + " = " + value;
        e.line = found + 1;
    }
    for (const std::string& l : lines) {
        e.text += l + "\n";
    }
    return e;
}

std::string gpu_error(const std::string& text) {
    try {
        (void)rc::parse_gpu_toml(text, "bad.toml");
    } catch (const rc::input_error& e) {
        return e.what();
    }
    return "(accepted)";
}

std::string workload_error(const std::string& text) {
    try {
        (void)rc::parse_transformer_toml(text, "bad.toml");
    } catch (const rc::input_error& e) {
        return e.what();
    }
    return "(accepted)";
}

// A numeric key of a TOML format: an integer in [lo, hi], or a finite number > 0.
struct numeric_key {
    std::string path;
    bool integer;
    long long lo, hi;
    bool required;
};

// Tries every class of bad value on every key of `keys` in `base`, checking the message `error_of` gives:
// "bad.toml:LINE: key 'PATH' ...". Returns the number of inputs tried.
template <class ErrorOf>
int bad_value_matrix(const std::string& format, const std::string& base, const std::vector<numeric_key>& keys,
                     ErrorOf error_of) {
    int tried = 0;
    for (const numeric_key& k : keys) {
        auto expect = [&](const std::string& cls, const std::string& value, const std::string& message) {
            CAPTURE(k.path);
            CAPTURE(value);
            const edited e = with_value(base, k.path, value);
            const std::string m = error_of(e.text);
            CHECK(m.rfind("bad.toml:" + std::to_string(e.line) + ": key '" + k.path + "' " + message, 0) == 0);
            count_input(format + ": " + cls);
            ++tried;
        };
        const std::string range = "must be between " + std::to_string(k.lo) + " and " + std::to_string(k.hi) + ", got ";
        if (k.required) {
            expect("missing key", "",
                   k.integer ? "is missing (an integer is required)" : "is missing (a positive number is required)");
        }
        expect("wrong type", "\"twelve\"",
               k.integer ? "must be an integer, got a string" : "must be a number, got a string");
        expect("wrong type", "[1, 2]",
               k.integer ? "must be an integer, got an array" : "must be a number, got an array");
        expect("negative", "-5", k.integer ? range + "-5" : "must be a finite number greater than 0, got -5");
        if (k.lo > 0 || !k.integer) {
            expect("zero", "0", k.integer ? range + "0" : "must be a finite number greater than 0, got 0");
        }
        expect("NaN", "nan",
               k.integer ? "must be an integer, got a float" : "must be a finite number greater than 0, got nan");
        expect("infinity", "inf",
               k.integer ? "must be an integer, got a float" : "must be a finite number greater than 0, got inf");
        expect("infinity", "-inf",
               k.integer ? "must be an integer, got a float" : "must be a finite number greater than 0, got -inf");
        if (k.integer) {
            expect("absurd magnitude", "1000000000000", range + "1000000000000");
        }
    }
    return tried;
}

}  // namespace

TEST_CASE("bad GPU TOML: every numeric key refuses missing, mistyped, negative, zero, NaN and infinite values") {
    const std::vector<numeric_key> keys = {
        {"compute.sm_count", true, 1, 1000, true},
        {"compute.fp32_lanes_per_sm", true, 1, 1024, true},
        {"compute.tensor_cores_per_sm", true, 0, 64, true},
        {"compute.base_clock_mhz", false, 0, 0, false},
        {"compute.boost_clock_mhz", false, 0, 0, true},
        {"compute.sustained_clock_mhz", false, 0, 0, false},
        {"compute.fp32_accumulate_rate", false, 0, 0, false},
        {"memory.capacity_gb", false, 0, 0, true},
        {"memory.usable_mib", false, 0, 0, true},
        {"memory.bus_width_bits", true, 16, 65536, true},
        {"memory.data_rate_gbps", false, 0, 0, true},
        {"memory.l2_cache_mib", false, 0, 0, true},
        {"power.tdp_w", false, 0, 0, true},
        {"interconnect.pcie_gen", true, 1, 7, true},
        {"interconnect.nvlink_generation", true, 1, 9, false},
        {"interconnect.nvlink_bandwidth_gbs", false, 0, 0, false},
        {"price.launch_usd", false, 0, 0, false},
        {"datasheet.fp32_tflops", false, 0, 0, false},
        {"datasheet.memory_bandwidth_gbs", false, 0, 0, false},
    };
    CHECK(bad_value_matrix("gpu toml", gpu_base, keys, gpu_error) == 149);
}

TEST_CASE("bad GPU TOML: absurd magnitudes of real-valued keys fail with the accepted range") {
    struct absurd {
        std::string path, message;
    };
    // Each bound is the plausibility limit of hardware/validate.hpp (or of a datasheet claim), in the key's unit.
    const std::vector<absurd> cases = {
        {"compute.boost_clock_mhz", "must be between 100 and 10000 MHz, got 1e+30"},
        {"compute.base_clock_mhz", "must be between 100 and 1740 MHz (at most the boost clock), got 1e+30"},
        {"memory.capacity_gb", "must be between 0.1 and 100000 GB, got 1e+30"},
        {"memory.data_rate_gbps", "must be between 0.1 and 100 Gbit/s, got 1e+30"},
        {"memory.l2_cache_mib", "must be between 0 and 4096 MiB, got 1e+30"},
        {"power.tdp_w", "must be between 1 and 10000 W, got 1e+30"},
        {"interconnect.nvlink_bandwidth_gbs", "must be between 1 and 100000 GB/s, got 1e+30"},
        {"price.launch_usd", "must be between 1 and 1e+07 USD, got 1e+30"},
        {"datasheet.fp32_tflops", "must be at most 1e6 (the unit is TFLOP/s, TOP/s or GB/s), got 1e+30"},
        {"datasheet.memory_bandwidth_gbs", "must be at most 1e6 (the unit is TFLOP/s, TOP/s or GB/s), got 1e+30"},
        {"datasheet.int8_tops", "must be at most 1e6 (the unit is TFLOP/s, TOP/s or GB/s), got 1e+300"},
    };
    for (const absurd& a : cases) {
        CAPTURE(a.path);
        const std::string value = a.path == "datasheet.int8_tops" ? "1e300" : "1e30";
        const edited e = with_value(gpu_base, a.path, value);
        CHECK(gpu_error(e.text) == "bad.toml:" + std::to_string(e.line) + ": key '" + a.path + "' " + a.message);
        count_input("gpu toml: absurd magnitude");
    }
}

TEST_CASE("bad GPU TOML: names, enumerations and strings") {
    struct named {
        std::string path, value, message;
    };
    const std::vector<named> cases = {
        {"name", "12", "must be a string, got an integer"},
        {"name", "\"\"", "must not be empty"},
        {"name", "\"A40:3g.20gb\"",
         "must not contain ':' or control characters (':' separates a MIG profile), got 'A40:3g.20gb'"},
        {"aliases", "[\"ok\", 3]", "must be an array of strings, found an element of type an integer"},
        {"aliases", "[\"\"]", "must not be empty"},
        {"vendor", "\"AMD\"", "is 'AMD'; roofcast models NVIDIA GPUs only"},
        {"architecture", "\"ampere\"",
         "has unknown value 'ampere' (did you mean 'ampere-ga100'?); accepted: volta, turing, ampere-ga100, "
         "ampere-ga10x, ada, hopper, blackwell"},
        {"memory.type", "5", "must be a string, got an integer"},
    };
    for (const named& n : cases) {
        CAPTURE(n.path);
        const edited e = with_value(gpu_base, n.path, n.value);
        const std::string m = gpu_error(e.text);
        CHECK(m.rfind("bad.toml:" + std::to_string(e.line) + ": key '" + n.path + "' " + n.message, 0) == 0);
        count_input("gpu toml: wrong type or value");
    }
}

TEST_CASE("bad GPU TOML: unknown keys are warned about with file, line and key, and the nearest known key") {
    const edited e = with_value(gpu_base, "compute.sm_cuont", "84");
    std::vector<std::string> warnings;
    const rc::gpu_spec g = rc::parse_gpu_toml(e.text, "bad.toml", rc::collect_into(warnings));
    CHECK(g.sm_count == 84);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == "bad.toml:" + std::to_string(e.line) +
                             ": unknown key 'compute.sm_cuont' (ignored); did you mean 'compute.sm_count'?");
    count_input("gpu toml: unknown key");
    const edited top = with_value(gpu_base, "colour", "\"green\"");
    warnings.clear();
    (void)rc::parse_gpu_toml(top.text, "bad.toml", rc::collect_into(warnings));
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == "bad.toml:1: unknown key 'colour' (ignored)");
    count_input("gpu toml: unknown key");
}

TEST_CASE("bad transformer TOML: every numeric key refuses missing, mistyped, negative, zero, NaN and infinity") {
    const std::vector<numeric_key> keys = {
        {"layers", true, 1, 10000, true},
        {"hidden", true, 1, 1 << 20, true},
        {"heads", true, 1, 1 << 16, true},
        {"kv_heads", true, 1, 4, false},
        {"head_dim", true, 1, 1 << 16, false},
        {"ffn_hidden", true, 1, 1 << 24, true},
        {"vocab", true, 1, 100000000, true},
        {"max_seq", true, 1, 1000000000, true},
        {"type_vocab", true, 0, 1 << 16, false},
        {"experts", true, 1, 1 << 20, false},
        {"published_parameters", false, 0, 0, false},
    };
    CHECK(bad_value_matrix("workload toml", workload_base, keys, workload_error) == 92);
}

TEST_CASE("bad transformer TOML: booleans, enumerations, inconsistent shapes and absurd counts") {
    struct named {
        std::string path, value, message;
    };
    const std::vector<named> cases = {
        {"tied_embeddings", "1", "must be a boolean (true or false), got an integer"},
        {"tied_embeddings", "", "is missing (true or false is required)"},
        {"linear_bias", "\"no\"", "must be a boolean (true or false), got a string"},
        {"kind", "\"decoderr\"", "has unknown value 'decoderr' (did you mean 'decoder'?)"},
        {"ffn", "", "is missing (a string is required)"},
        {"norm", "\"batchnorm\"", "has unknown value 'batchnorm'"},
        {"name", "\"two words\"", "must be a non-empty name without spaces, got 'two words'"},
        {"kv_heads", "3", "must divide heads (4) for grouped-query attention, got 3"},
        {"decoder_layers", "2",
         "applies only to kind = \"encoder-decoder\" (this file has kind = \"decoder\"); `layers` counts every block"},
        {"published_parameters", "1e30",
         "must be between 1e3 and 1e15 (a plain count, not millions or billions), got 1e+30"},
        {"published_parameters", "7", "must be between 1e3 and 1e15 (a plain count, not millions or billions), got 7"},
        {"moe_every", "1", "applies only to mixture-of-experts models (experts > 1)"},
    };
    for (const named& n : cases) {
        CAPTURE(n.path);
        CAPTURE(n.value);
        const edited e = with_value(workload_base, n.path, n.value);
        const std::string m = workload_error(e.text);
        CHECK(m.rfind("bad.toml:" + std::to_string(e.line) + ": key '" + n.path + "' " + n.message, 0) == 0);
        count_input("workload toml: wrong type or value");
    }
    // A published count far from the shape: the parameters the shape gives are named.
    const edited far = with_value(workload_base, "published_parameters", "1e9");
    CHECK(workload_error(far.text).find("key 'published_parameters' is 1e+09 but the configuration gives") !=
          std::string::npos);
    count_input("workload toml: wrong type or value");
}

TEST_CASE("bad transformer TOML: unknown keys are warned about with their line") {
    const edited e = with_value(workload_base, "hiden", "256");
    std::vector<std::string> warnings;
    (void)rc::parse_transformer_toml(e.text, "bad.toml", rc::collect_into(warnings));
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == "bad.toml:1: unknown key 'hiden' (ignored); did you mean 'hidden'?");
    count_input("workload toml: unknown key");
}

TEST_CASE("bad TOML syntax, and text toml++ 3.3 cannot read safely, name line and column") {
    struct syntax {
        std::string text, message;
    };
    const std::vector<syntax> cases = {
        {"name = \"x\"\nvendor = \n", "bad.toml:2:"},
        {"name = \"x\"\n[compute\n", "bad.toml:2:"},
        {"name = \"x\"\nname = \"y\"\n", "bad.toml:2:"},
        {"name = 12345678901234567890\n", "bad.toml:1:"},
        {"\xEF\xBB\xBFname = 1\xC3\xA9\n", "bad.toml:1:9: TOML syntax error: non-ASCII character outside a string"},
        {"[\"caf\xC3\xA9\"]\n", "bad.toml:1:6: TOML syntax error: non-ASCII character in a quoted key"},
        {"x = [ { 'k\xC3\xA9' = 1 } ]\n", "bad.toml:1:11: TOML syntax error: non-ASCII character in a quoted key"},
        {"n = \"\"\"\\\xC3\xA9\"\"\"\n", "bad.toml:1:9: TOML syntax error: non-ASCII character after a backslash"},
        {"n = \"\"\"\\\n\xC3\xA9\"\"\"\n", "bad.toml:2:1: TOML syntax error: non-ASCII character first after a line"},
        {"n = 'x\n\xC3\xA9 = 1\n", "bad.toml:1:"},  // the unclosed string is the first error, and is reported
    };
    for (const syntax& s : cases) {
        CAPTURE(s.text);
        const std::string m = gpu_error(s.text);
        CAPTURE(m);
        CHECK(m.rfind(s.message, 0) == 0);
        CHECK(m.find("TOML syntax error") != std::string::npos);
        count_input("toml syntax");
    }
    // Non-ASCII text in string values and comments is fine.
    std::vector<std::string> warnings;
    const std::string accented = with_value(gpu_base, "chip", "\"caf\xC3\xA9 \xE2\x80\x94 na\xC3\xAFve\"").text;
    CHECK(rc::parse_gpu_toml(accented + "# caf\xC3\xA9\n", "bad.toml", rc::collect_into(warnings)).chip ==
          "caf\xC3\xA9 \xE2\x80\x94 na\xC3\xAFve");
}

TEST_CASE("valid TOML with non-ASCII text in every place TOML allows it is read whole") {
    // Strings of every kind, in arrays and inline tables, comments, a quoted ASCII key, dotted keys, tables,
    // arrays of tables, a line-ending backslash followed by ASCII: nothing for the toml++ hazard check to refuse.
    const toml::table t = rc::detail::parse_toml(read(std::string(ROOFCAST_TEST_DATA_DIR) + "/non-ascii-values.toml"),
                                                 "non-ascii-values.toml");
    CHECK(t.size() == 13);
    CHECK(t["a"].value<std::string>() == "\xC3\xA9");
    CHECK(t["e"][3]["k"].value<std::string>() == "\xC3\xA9");
    CHECK(t["f"]["z"]["w"].value<std::string>() == "\xC3\x9F");
    CHECK(t["x"]["y"]["z"]["m"].value<std::string>() == "a b \xC3\xA9");
    CHECK(t["c"].value<std::string>() == "\xC3\xA4\n \xC3\xB6 \xC3\xA9");
}

TEST_CASE("bad parameter TOML: efficiencies, multipliers and overheads out of range name file, line and key") {
    struct param {
        std::string text, message;
    };
    const std::vector<param> cases = {
        {"[architecture.hopper]\nmemory_efficiency = 0\n",
         "bad.toml:2: key 'architecture.hopper.memory_efficiency' must be between 0.6 and 1, got 0"},
        {"[architecture.hopper]\nmemory_efficiency = 1.5\n",
         "bad.toml:2: key 'architecture.hopper.memory_efficiency' must be between 0.6 and 1, got 1.5"},
        {"[architecture.ampere-ga100.gemm_efficiency]\nfp16 = 0.0\n",
         "bad.toml:2: key 'architecture.ampere-ga100.gemm_efficiency.fp16' must be between 0.2 and 1, got 0"},
        {"[architecture.ada]\nkernel_overhead_us = -1\n",
         "bad.toml:2: key 'architecture.ada.kernel_overhead_us' must be between 0 and 10, got -1"},
        {"[architecture.ada]\nkernel_overhead_us = nan\n",
         "bad.toml:2: key 'architecture.ada.kernel_overhead_us' must be between 0 and 10, got nan"},
        {"[profile.pytorch]\ngemm_multiplier = 0\n",
         "bad.toml:2: key 'profile.pytorch.gemm_multiplier' must be between 0.3 and 1, got 0"},
        {"[profile.pytorch]\nhost_overhead_us = \"5\"\n",
         "bad.toml:2: key 'profile.pytorch.host_overhead_us' must be a number"},
    };
    for (const param& p : cases) {
        CAPTURE(p.text);
        CHECK_THROWS_WITH_AS(rc::parse_params_toml(p.text, "bad.toml"), p.message.c_str(), rc::input_error);
        count_input("params toml: out of range");
    }
    // Zero overheads and fusion are meaningful and accepted.
    CHECK(rc::parse_params_toml("[profile.pytorch]\nhost_overhead_us = 0\nfusion = 0\n", "ok.toml")
              .profile[static_cast<std::size_t>(rc::profile_index("pytorch"))]
              .host_overhead_us == 0.0);
}

namespace {

// The message of the roofcast::error that predicting run `c` of `workload` on `gpu` throws ("" if none).
std::string predict_error(const rc::run_config& c, const std::string& workload = "llama2-7b",
                          const std::string& gpu = "A100-SXM4-80GB") {
    try {
        (void)rc::predict(rc::catalog().workload_named(workload), rc::catalog().gpu(gpu), c);
    } catch (const rc::error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("bad run configurations are refused naming the field, not clamped") {
    struct bad_run {
        std::string what;
        rc::run_config c;
        std::string message;
    };
    const auto with = [](auto edit) {
        rc::run_config c;
        edit(c);
        return c;
    };
    using C = rc::run_config;
    const std::string p = "invalid run configuration: ";
    const std::vector<bad_run> cases = {
        {"batch 0", with([](C& c) { c.batch = 0; }), p + "batch must be at least 1, got 0"},
        {"batch -3", with([](C& c) { c.batch = -3; }), p + "batch must be at least 1, got -3"},
        {"batch 1e9", with([](C& c) { c.batch = 1000000000; }), p + "batch must be at most 100000000, got 1000000000"},
        {"seq -1", with([](C& c) { c.seq_len = -1; }), p + "seq-len must be at least 0, got -1"},
        {"seq 2e7", with([](C& c) { c.seq_len = 20000000; }), p + "seq-len must be at most 10000000, got 20000000"},
        {"image -1", with([](C& c) { c.image_size = -1; }), p + "image-size must be at least 0, got -1"},
        {"prompt -1", with([](C& c) { c.prompt_len = -1; }), p + "prompt-len must be at least 0, got -1"},
        {"gen huge", with([](C& c) { c.gen_len = 1LL << 40; }),
         p + "gen-len must be at most 10000000, got 1099511627776"},
        {"gpus 0", with([](C& c) { c.num_gpus = 0; }), p + "num-gpus must be at least 1, got 0"},
        {"gpus 2e6", with([](C& c) { c.num_gpus = 2000000; }), p + "num-gpus must be at most 1000000, got 2000000"},
        {"tp 0", with([](C& c) { c.tp = 0; }), p + "tp must be at least 1, got 0"},
        {"pp -2", with([](C& c) { c.pp = -2; }), p + "pp must be at least 1, got -2"},
        {"tp x pp overflows int", with([](C& c) {
             c.tp = 1000000;
             c.pp = 1000000;
             c.num_gpus = 1000000;
         }),
         p + "tp x pp = 1000000000000 does not divide num-gpus = 1000000"},
        {"tp not dividing", with([](C& c) {
             c.num_gpus = 6;
             c.tp = 4;
         }),
         p + "tp x pp = 4 does not divide num-gpus = 6"},
        {"zero 4", with([](C& c) { c.zero = 4; }), p + "zero must be at most 3, got 4"},
        {"microbatches -1", with([](C& c) { c.microbatches = -1; }), p + "microbatches must be at least 0, got -1"},
        {"microbatches without pp", with([](C& c) { c.microbatches = 4; }),
         p + "microbatches applies only to pipeline-parallel training (pp > 1)"},
        {"microbatches above batch", with([](C& c) {
             c.pp = 2;
             c.num_gpus = 2;
             c.batch = 4;
             c.microbatches = 8;
         }),
         p + "microbatches (8) exceeds the batch (4): every micro-batch needs a sample"},
        {"accumulation 0", with([](C& c) { c.accumulation = 0; }), p + "accumulation must be at least 1, got 0"},
        {"serve batch 0", with([](C& c) { c.max_serve_batch = 0; }), p + "max-serve-batch must be at least 1, got 0"},
        {"gpus per node", with([](C& c) { c.gpus_per_node = 2048; }),
         p + "gpus-per-node must be at most 1024, got 2048"},
        {"price nan", with([](C& c) { c.price_per_hour = std::nan(""); }),
         p + "price per hour must be a positive number of dollars below 1e6"},
        {"price negative", with([](C& c) { c.price_per_hour = -1.0; }),
         p + "price per hour must be a positive number of dollars below 1e6"},
        {"dataset inf", with([](C& c) { c.dataset_size = std::numeric_limits<double>::infinity(); }),
         p + "dataset size must be between 1 and 1e15 samples"},
        {"train decode", with([](C& c) { c.phase = rc::phase::decode; }), p + "training runs time a step, not decode"},
        {"infer step", with([](C& c) {
             c.mode = rc::mode::infer;
             c.phase = rc::phase::step;
         }),
         p + "inference phases are e2e, prefill, decode or serve"},
        {"zero in inference", with([](C& c) {
             c.mode = rc::mode::infer;
             c.zero = 1;
         }),
         p + "zero (ZeRO stage) applies only to training"},
        {"recompute in inference", with([](C& c) {
             c.mode = rc::mode::infer;
             c.recompute = rc::recompute::full;
         }),
         p + "recompute applies only to training"},
        {"accumulation in inference", with([](C& c) {
             c.mode = rc::mode::infer;
             c.accumulation = 4;
         }),
         p + "gradient accumulation applies only to training"},
        {"sequence parallel without tp", with([](C& c) { c.sequence_parallel = true; }),
         p + "sequence parallelism needs tensor parallelism (tp > 1)"},
        {"prefill without prompt", with([](C& c) {
             c.mode = rc::mode::infer;
             c.phase = rc::phase::prefill;
             c.prompt_len = 0;
         }),
         p + "a prefill needs prompt-len of at least 1"},
        {"decode without tokens", with([](C& c) {
             c.mode = rc::mode::infer;
             c.phase = rc::phase::decode;
             c.gen_len = 0;
         }),
         p + "a decode step needs gen-len of at least 1"},
        {"serve without tokens", with([](C& c) {
             c.mode = rc::mode::infer;
             c.phase = rc::phase::serve;
             c.gen_len = 0;
         }),
         p + "serving llama2-7b needs gen-len of at least 1"},
        {"tp not dividing heads", with([](C& c) {
             c.tp = 3;
             c.num_gpus = 3;
         }),
         p + "tp = 3 does not divide the 32 attention heads of llama2-7b"},
        {"too large", with([](C& c) {
             c.batch = 100000000;
             c.seq_len = 10000000;
         }),
         p + "too large to model: llama2-7b has tokens x the widest layer (batch x sequence x width) = 3.2e+19 "
             "(limit 1e+17)"},
        {"too many tokens over all GPUs", with([](C& c) {
             c.batch = 100000000;
             c.seq_len = 2000;
             c.num_gpus = 1000000;
         }),
         p + "too large to model: llama2-7b has tokens over all GPUs (batch x sequence x num-gpus) = 2e+17"},
    };
    for (const bad_run& b : cases) {
        CAPTURE(b.what);
        const std::string m = predict_error(b.c);
        CHECK(m.rfind(b.message, 0) == 0);
        CHECK_THROWS_AS(rc::validate(b.c, rc::catalog().workload_named("llama2-7b")), rc::input_error);
        count_input("library: run configuration");
    }
}

TEST_CASE("bad runs of CNNs and encoders: phases and parallelism that do not exist for them") {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = rc::phase::decode;
    CHECK(predict_error(c, "bert-large") ==
          "invalid run configuration: bert-large is an encoder: it has no prefill or decode phase (use e2e or serve)");
    c.phase = rc::phase::serve;
    CHECK(predict_error(c, "resnet50") ==
          "invalid run configuration: CNN workloads have phases step (train) and e2e (infer), not serve");
    rc::run_config t;
    t.tp = 2;
    t.num_gpus = 2;
    CHECK(predict_error(t, "resnet50") ==
          "invalid run configuration: resnet50 is a CNN: tensor and pipeline parallelism (tp, pp) are modelled for "
          "transformers only");
    rc::run_config big;
    big.batch = 100000000;
    big.image_size = 100000;
    CHECK(predict_error(big, "resnet50")
              .rfind(
                  "invalid run configuration: too large to model: resnet50 has batch x the largest layer's elements = ",
                  0) == 0);
    for (int i = 0; i < 4; ++i) {
        count_input("library: run configuration");
    }
}

TEST_CASE("workloads and GPUs built in C++ are validated before they are used") {
    rc::transformer_config t = as_transformer(rc::catalog().workload_named("llama2-7b"));
    const rc::gpu_spec& a100 = rc::catalog().gpu("A100-SXM4-80GB");
    auto error_with = [&](auto edit) {
        rc::transformer_config bad = t;
        edit(bad);
        try {
            (void)rc::predict(rc::make_workload(bad), a100, rc::run_config{});
        } catch (const rc::input_error& e) {
            count_input("library: workload");
            return std::string(e.what());
        }
        return std::string();
    };
    using T = rc::transformer_config;
    CHECK(error_with([](T& x) { x.kv_heads = 0; }) ==
          "invalid workload 'llama2-7b': kv_heads must be between 1 and 32, got 0");
    CHECK(error_with([](T& x) { x.heads = 0; }) ==
          "invalid workload 'llama2-7b': heads must be between 1 and 65536, got 0");
    CHECK(error_with([](T& x) { x.kv_heads = 5; }) ==
          "invalid workload 'llama2-7b': kv_heads (5) must divide heads (32)");
    CHECK(error_with([](T& x) {
              x.experts = 8;
              x.moe_every = 0;
          }) == "invalid workload 'llama2-7b': moe_every must be between 1 and 10000, got 0");
    CHECK(error_with([](T& x) { x.top_k = 2; }) ==
          "invalid workload 'llama2-7b': top_k must be between 1 and 1, got 2");
    CHECK(error_with([](T& x) { x.decoder_layers = 4; }) ==
          "invalid workload 'llama2-7b': decoder_layers must be between 0 and 0, got 4");
    CHECK(error_with([](T& x) { x.vocab = -1; }) ==
          "invalid workload 'llama2-7b': vocab must be between 1 and 100000000, got -1");

    rc::cnn_graph g = as_cnn(rc::catalog().workload_named("resnet50"));
    g.layers[3].stride = 0;
    CHECK_THROWS_WITH_AS(rc::predict(rc::make_workload(g), a100, rc::run_config{}),
                         ("invalid workload 'resnet50': layer '" + g.layers[3].name +
                          "' needs positive shapes, window, stride and groups (dividing its input channels) and "
                          "non-negative padding")
                             .c_str(),
                         rc::input_error);
    count_input("library: workload");
    // A workload holds a network or a configuration by its type; the default one, an empty network, is refused by name.
    rc::workload empty;
    empty.name = "nothing";
    CHECK_THROWS_WITH_AS(rc::predict(empty, a100, rc::run_config{}),
                         "invalid workload 'nothing': the network has no layers", rc::input_error);
    count_input("library: workload");

    rc::gpu_spec broken = a100;
    broken.sm_count = 0;
    CHECK_THROWS_WITH_AS(rc::predict(rc::catalog().workload_named("llama2-7b"), broken, rc::run_config{}),
                         doctest::Contains("compute.sm_count must be between 1 and 1000 SMs, got 0"), rc::input_error);
    broken = a100;
    broken.boost_clock = std::nan("") * rc::units::hertz;
    CHECK_THROWS_WITH_AS(rc::predict(rc::catalog().workload_named("llama2-7b"), broken, rc::run_config{}),
                         doctest::Contains("compute.boost_clock_mhz must be between 100 and 10000 MHz, got nan"),
                         rc::input_error);
    count_input("library: gpu description");
    count_input("library: gpu description");
}

TEST_CASE("kernels too large to model fail instead of overflowing tile counts") {
    CHECK_THROWS_WITH_AS(rc::kernels::gemm("g", 1000000000000LL, 1000000000000LL, 1, rc::dtype::fp16, rc::dtype::fp16,
                                           rc::exec_unit::tensor_core),
                         "gemm g: 1e+12 x 1e+12 x 1 (batch 1) is too large to model (an operand above 1e18 elements)",
                         rc::input_error);
    rc::kernels::attention_desc a;
    a.batch = 1000000;
    a.heads = 1000;
    a.kv_heads = 1000;
    a.seq_q = a.seq_kv = 1000000;
    CHECK_THROWS_WITH_AS(rc::kernels::fused_attention("attn", a, rc::dtype::fp16, rc::kernels::direction::forward),
                         doctest::Contains("is too large to model"), rc::input_error);
    // The largest GEMM allowed still costs to a finite time: 1e18 elements is the bound, not a clamp.
    const rc::kernel k = rc::kernels::gemm("edge", 1000000000LL, 1000000000LL, 1, rc::dtype::fp16, rc::dtype::fp16,
                                           rc::exec_unit::tensor_core);
    const rc::cost_context ctx =
        rc::make_cost_context(rc::catalog().gpu("H100-SXM5-80GB"), rc::find_profile("cublas"), rc::default_params());
    CHECK(std::isfinite(rc::cost(k, ctx).time.value()));
    CHECK(rc::cost(k, ctx).time.value() > 0.0);
    count_input("library: kernel size");
    count_input("library: kernel size");
}

TEST_CASE("measurement rows naming an unknown GPU, workload or framework are skipped with line and reason") {
    const std::string csv =
        "id,gpu,num_gpus,workload,mode,phase,batch,precision,params,metric,value\n"
        "ok,A100-SXM4-40GB,1,resnet50,train,step,64,amp-fp16,framework=pytorch,samples_per_s,1000\n"
        "g,A100-SXM4-40G,1,resnet50,train,step,64,amp-fp16,framework=pytorch,samples_per_s,1000\n"
        "w,A100-SXM4-40GB,1,resnet5000,train,step,64,amp-fp16,framework=pytorch,samples_per_s,1000\n"
        "f,A100-SXM4-40GB,1,resnet50,train,step,64,amp-fp16,framework=pytorh,samples_per_s,1000\n"
        "r,A100-SXM4-40GB,1,resnet50,train,step,64\n"
        "m,H100-SXM5-80GB,1,gemm,micro,op,,fp16,m=1000000000000;n=1000000000000;k=8,latency_s,1\n";
    const rc::validation_report r =
        rc::validate(rc::parse_measurements(csv, "rows.csv"), rc::catalog(), rc::default_params());
    REQUIRE(r.rows.size() == 6);
    CHECK(r.rows[0].predicted);
    const std::vector<std::pair<int, std::string>> skipped = {
        {3, "unknown GPU 'A100-SXM4-40G'; closest: A100-SXM4-40GB"},
        {4, "unknown workload 'resnet5000'; closest: resnet50"},
        {5, "unknown framework 'pytorh'; closest: pytorch"},
        {6, "malformed row: row has 7 fields, the header has 11"},
        {7, "gemm gemm: 1e+12 x 1e+12 x 8 (batch 1) is too large to model"},
    };
    for (std::size_t i = 0; i < skipped.size(); ++i) {
        const rc::row_prediction& row = r.rows[i + 1];
        CAPTURE(row.skip_reason);
        CHECK(row.line == skipped[i].first);
        CHECK_FALSE(row.predicted);
        CHECK(row.skip_reason.rfind(skipped[i].second, 0) == 0);
        count_input(i == 3 ? "csv: ragged row" : "csv: unknown name or unpredictable row");
    }
    CHECK(r.overall.rows == 6);
    CHECK(r.overall.predicted == 1);
}
