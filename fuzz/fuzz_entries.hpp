// The entry functions of the fuzz targets, shared by the libFuzzer binaries (fuzz/fuzz_*.cpp, built by
// scripts/fuzz.sh) and by the regression test that replays fuzz/regressions/ in the normal test suite
// (tests/test_fuzz_regressions.cpp).
//
// Each entry feeds raw bytes to one input reader. A roofcast::error is the expected answer to bad input; its
// message must name the file. An accepted input must then keep every invariant the rest of roofcast relies
// on (a valid description, finite positive peaks, predictions that are finite and positive or fail with a
// roofcast::error); a broken invariant throws invariant_violation, which is not a roofcast::error and so
// escapes: libFuzzer reports it as a crash, the regression test as a failure. Crashes, sanitizer reports and
// any other exception are failures too.
#ifndef ROOFCAST_FUZZ_ENTRIES_HPP
#define ROOFCAST_FUZZ_ENTRIES_HPP

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/catalog.hpp>
#include <roofcast/error.hpp>
#include <roofcast/hardware/datasheet.hpp>
#include <roofcast/hardware/validate.hpp>
#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/io/hf_config.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/io/workload_toml.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/workload/validate.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {
namespace fuzz {

/// What an input came to: accepted (with a short description) or rejected (with the error's message).
struct outcome {
    /// Whether the reader accepted the input.
    bool accepted = false;
    /// The rejection message, or what was read.
    std::string message;
};

/// An accepted input that breaks an invariant: a bug. Deliberately not a roofcast::error.
class invariant_violation : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

/// Throws invariant_violation("what") unless `ok`.
inline void require(bool ok, const std::string& what) {
    if (!ok) {
        throw invariant_violation(what);
    }
}

/// Whether `v` is finite and greater than 0.
inline bool finite_positive(double v) {
    return std::isfinite(v) && v > 0.0;
}

/// The message of a rejection, checked to start with "FILE:" (every reader names the file it reads).
inline outcome rejected(const error& e, const std::string& file) {
    const std::string m = e.what();
    require(m.rfind(file + ":", 0) == 0, "error message does not start with '" + file + ":': " + m);
    return {false, m};
}

/// Predicts `w` on `g` for each run of `runs`: each prediction is finite and positive (time, throughput,
/// power, energy; memory finite and non-negative) or fails with a roofcast::error.
inline void check_predictions(const workload& w, const gpu_spec& g, const std::vector<run_config>& runs) {
    for (const run_config& c : runs) {
        try {
            const prediction p = predict(w, g, c);
            const std::string what = w.name + " on " + g.name + ": ";
            require(finite_positive(p.time.value()), what + "time is not finite and positive");
            require(finite_positive(p.samples_per_s), what + "samples/s is not finite and positive");
            require(!p.tokens_per_s || std::isfinite(*p.tokens_per_s), what + "tokens/s is not finite");
            require(finite_positive(p.avg_power.value()) && finite_positive(p.energy.value()),
                    what + "power or energy is not finite and positive");
            require(std::isfinite(p.memory.total().value()) && p.memory.total().value() >= 0.0,
                    what + "memory is not finite");
            require(p.likely_low <= p.time && p.time <= p.likely_high, what + "the time is outside its likely range");
        } catch (const error&) {
            // An unsupported precision or a run too large to model: a clear error is the right answer.
        }
    }
}

/// A run: `mode`, `phase`, precision, batch and sequence length.
inline run_config fuzz_run(mode m, phase p, precision pr, long long batch, long long seq) {
    run_config c;
    c.mode = m;
    c.phase = p;
    c.precision = pr;
    c.batch = batch;
    c.seq_len = seq;
    c.prompt_len = seq;
    c.gen_len = 16;
    return c;
}

/// GPU description TOML: parse_gpu_toml. Accepted descriptions are valid, have finite positive peaks and
/// bandwidth, and predict a small transformer (training and decoding) and a CNN.
inline outcome gpu_toml(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.toml";
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> warnings;
    gpu_spec g;
    try {
        g = parse_gpu_toml(text, file, collect_into(warnings));
    } catch (const error& e) {
        return rejected(e, file);
    }
    for (const std::string& w : warnings) {
        require(w.rfind(file + ":", 0) == 0 && w.find("unknown key") != std::string::npos, "odd warning: " + w);
    }
    require(find_problems(g).empty(), "an accepted GPU description has out-of-range parameters");
    for (dtype d : all_dtypes) {
        if (const auto p = peak(g, d)) {
            require(finite_positive(p->value()), "a peak of " + g.name + " is not finite and positive");
        }
    }
    require(finite_positive(memory_bandwidth(g).value()), "the bandwidth of " + g.name + " is not finite and positive");
    (void)datasheet_consistent(g);
    const model_catalog& c = catalog();
    check_predictions(c.workload_named("gpt2"), g,
                      {fuzz_run(mode::train, phase::step, precision::amp_fp16, 4, 256),
                       fuzz_run(mode::infer, phase::decode, precision::fp16, 8, 128),
                       fuzz_run(mode::infer, phase::serve, precision::fp32, 1, 128)});
    check_predictions(c.workload_named("resnet50"), g, {fuzz_run(mode::infer, phase::e2e, precision::fp32, 8, 0)});
    return {true, g.name};
}

/// The runs every accepted transformer is predicted for on an H100: a training step, and a prefill and a decode
/// (decoders) or a forward pass (encoders), at `seq` tokens.
inline std::vector<run_config> transformer_runs(const transformer_config& t) {
    const long long seq = std::min<long long>(t.max_seq, 256);
    std::vector<run_config> runs{fuzz_run(mode::train, phase::step, precision::amp_bf16, 2, seq)};
    if (t.kind != transformer_kind::encoder) {
        runs.push_back(fuzz_run(mode::infer, phase::prefill, precision::fp8, 1, seq));
        runs.push_back(fuzz_run(mode::infer, phase::decode, precision::fp16, 16, seq));
    } else {
        runs.push_back(fuzz_run(mode::infer, phase::e2e, precision::fp16, 16, seq));
    }
    return runs;
}

/// Checks an accepted transformer: valid, a finite positive parameter count, finite footprints, and predictions
/// finite and positive or refused with a roofcast::error.
inline void check_transformer(const transformer_config& t) {
    try {
        validate(t);
    } catch (const error& e) {
        throw invariant_violation(std::string("the loader accepted an invalid configuration: ") + e.what());
    }
    require(finite_positive(parameters(t)), t.name + ": the parameter count is not finite and positive");
    const workload w = make_workload(t);
    const gpu_spec& g = catalog().gpu("H100-SXM5-80GB");
    const std::vector<run_config> runs = transformer_runs(t);
    for (const run_config& c : runs) {
        try {
            const memory_footprint f = footprint(w, g, c);
            require(std::isfinite(f.total().value()) && f.total().value() > 0.0, t.name + ": footprint not finite");
        } catch (const error&) {
        }
    }
    check_predictions(w, g, runs);
}

/// Transformer description TOML: parse_transformer_toml. Accepted configurations are valid, have a finite
/// positive parameter count, a finite footprint, and predict training, prefill and decoding on an H100.
inline outcome workload_toml(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.toml";
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> warnings;
    transformer_config t;
    try {
        t = parse_transformer_toml(text, file, collect_into(warnings));
    } catch (const error& e) {
        return rejected(e, file);
    }
    for (const std::string& w : warnings) {
        require(w.rfind(file + ":", 0) == 0 && w.find("unknown key") != std::string::npos, "odd warning: " + w);
    }
    check_transformer(t);
    return {true, t.name};
}

/// Hugging Face config.json: parse_hf_config. Accepted configs are checked as the TOML ones are
/// (check_transformer); each warning is a sentence of its own, not an empty line.
inline outcome hf_config(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.json";
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> warnings;
    workload w;
    try {
        w = parse_hf_config(text, file, collect_into(warnings));
    } catch (const error& e) {
        return rejected(e, file);
    }
    for (const std::string& m : warnings) {
        require(!m.empty(), "an empty warning");
    }
    const transformer_config* t = transformer_of(w);
    require(t != nullptr, "a config.json read as something other than a transformer");
    check_transformer(*t);
    return {true, w.name};
}

/// Measurement CSV: parse_measurements. Every row read has an id, a line after the header and a finite
/// positive value; every problem names its line; the first rows validate (each predicted finite and
/// positive, or skipped with a reason).
inline outcome measurements_csv(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.csv";
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    measurement_set set;
    try {
        set = parse_measurements(text, file);
    } catch (const error& e) {
        return rejected(e, file);
    }
    for (const measurement& m : set.rows) {
        require(!m.id.empty() && m.line >= 2 && finite_positive(m.value), "row " + m.id + " read with a bad field");
    }
    for (const measurement_problem& p : set.problems) {
        require(p.line >= 2 && !p.message.empty(), "a problem without its line or reason");
    }
    const std::size_t rows = set.rows.size(), problems = set.problems.size();
    set.rows.resize(std::min<std::size_t>(rows, 8));  // prediction is the slow part: a sample of the rows
    const validation_report r = validate(set, catalog(), default_params());
    for (const row_prediction& p : r.rows) {
        require(p.predicted ? finite_positive(*p.predicted) : !p.skip_reason.empty(),
                "row on line " + std::to_string(p.line) + " neither predicted nor skipped with a reason");
    }
    return {true, std::to_string(rows) + " rows, " + std::to_string(problems) + " problems"};
}

}  // namespace fuzz
}  // namespace roofcast

#endif
