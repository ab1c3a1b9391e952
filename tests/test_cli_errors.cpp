// Bad input to the `roofcast` command, class by class: every bad GPU or transformer file, argument or
// parameter file ends the command with exit status 2 and one line "roofcast: error: ..." naming the file,
// line and key or the option; unknown keys are warned about and the command goes on (exit 0); bad rows of a
// measurement file are skipped, each warned about with its line and reason, the others predicted, and the
// command exits 2 after the full report. Nothing crashes (no status of 128 or more). Each input tried is
// counted for docs/reliability.md.
#include "cli_runner.hpp"
#include "reliability_log.hpp"

#include <nlohmann/json.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

using roofcast_tests::count_input;
using roofcast_tests::run_roofcast;

namespace {

const std::string bad_dir = std::string(ROOFCAST_TEST_DATA_DIR) + "/bad";

// The 1-based line of the first line of `path` that starts with `prefix` (0 when none does).
int line_of(const std::string& path, const std::string& prefix) {
    std::ifstream in(path);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.rfind(prefix, 0) == 0) {
            return n;
        }
    }
    return 0;
}

// Runs `args`, checks exit status 2 and exactly one line on stderr, "roofcast: error: " + `message`
// (`message` may be the start of the line only when `whole` is false). Counts the input as `cls`.
void expect_error(const std::string& cls, const std::string& args, const std::string& message, bool whole = true) {
    CAPTURE(args);
    const roofcast_tests::cli_result r = run_roofcast(args);
    CAPTURE(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    const std::string expected = "roofcast: error: " + message;
    if (whole) {
        CHECK(r.err == expected + "\n");
    } else {
        CHECK(r.err.rfind(expected, 0) == 0);
    }
    count_input(cls);
}

}  // namespace

TEST_CASE("a bad GPU file: exit 2, one line naming file, line and key") {
    struct bad_file {
        std::string cls, file, line_prefix, message;
    };
    const std::vector<bad_file> cases = {
        {"missing key", "gpu-missing-field.toml", "[compute]",
         "key 'compute.boost_clock_mhz' is missing (a positive number is required)"},
        {"wrong type", "gpu-wrong-type.toml", "sm_count", "key 'compute.sm_count' must be an integer, got a string"},
        {"negative", "gpu-negative.toml", "tdp_w",
         "key 'power.tdp_w' must be a finite number greater than 0, got -300"},
        {"zero", "gpu-zero.toml", "data_rate_gbps",
         "key 'memory.data_rate_gbps' must be a finite number greater than 0, got 0"},
        {"NaN", "gpu-nan.toml", "boost_clock_mhz",
         "key 'compute.boost_clock_mhz' must be a finite number greater than 0, got nan"},
        {"infinity", "gpu-inf.toml", "capacity_gb",
         "key 'memory.capacity_gb' must be a finite number greater than 0, got inf"},
        {"absurd magnitude", "gpu-absurd.toml", "sm_count",
         "key 'compute.sm_count' must be between 1 and 1000, got 100000"},
        {"absurd magnitude", "gpu-absurd-claim.toml", "fp32_tflops",
         "key 'datasheet.fp32_tflops' must be at most 1e6 (the unit is TFLOP/s, TOP/s or GB/s), got 3.74e+13"},
    };
    for (const bad_file& b : cases) {
        const std::string path = bad_dir + "/" + b.file;
        const int line = line_of(path, b.line_prefix);
        REQUIRE(line > 0);
        expect_error("gpu toml (cli): " + b.cls, "check-spec '" + path + "'",
                     path + ":" + std::to_string(line) + ": " + b.message);
        expect_error("gpu toml (cli): " + b.cls, "gpu bad-a40 --gpu-file '" + path + "'",
                     path + ":" + std::to_string(line) + ": " + b.message);
    }
    // Text toml++ 3.3 would read with undefined behaviour is refused before it gets there.
    const std::string path = bad_dir + "/gpu-non-ascii.toml";
    expect_error("gpu toml (cli): syntax", "check-spec '" + path + "'",
                 path + ":" + std::to_string(line_of(path, "tdp_w")) +
                     ":13: TOML syntax error: non-ASCII character outside a string or comment");
    expect_error("gpu toml (cli): missing file", "check-spec /nonexistent/gpu.toml",
                 "cannot open GPU file '/nonexistent/gpu.toml': No such file or directory");
}

TEST_CASE("a GPU file with a misspelt key: warned with file, line and key, the command goes on") {
    const std::string path = bad_dir + "/gpu-unknown-key.toml";
    const auto r = run_roofcast("gpu bad-a40 --gpu-file '" + path + "' --format json");
    CHECK(r.status == 0);
    CHECK(r.err == "roofcast: warning: " + path + ":" + std::to_string(line_of(path, "sm_cuont")) +
                       ": unknown key 'compute.sm_cuont' (ignored); did you mean 'compute.sm_count'?\n");
    CHECK(nlohmann::json::parse(r.out)["sm_count"] == 84);
    count_input("gpu toml (cli): unknown key");
}

TEST_CASE("a bad transformer file: exit 2, one line naming file, line and key") {
    struct bad_file {
        std::string cls, file, line_prefix, message;
    };
    const std::vector<bad_file> cases = {
        {"missing key", "workload-missing-field.toml", "", "key 'hidden' is missing (an integer is required)"},
        {"wrong type", "workload-wrong-type.toml", "layers", "key 'layers' must be an integer, got a string"},
        {"negative", "workload-negative.toml", "vocab", "key 'vocab' must be between 1 and 100000000, got -1000"},
        {"zero", "workload-zero.toml", "heads", "key 'heads' must be between 1 and 65536, got 0"},
        {"NaN", "workload-nan.toml", "published_parameters",
         "key 'published_parameters' must be a finite number greater than 0, got nan"},
        {"infinity", "workload-inf.toml", "published_parameters",
         "key 'published_parameters' must be a finite number greater than 0, got inf"},
        {"absurd magnitude", "workload-absurd.toml", "layers", "key 'layers' must be between 1 and 10000, got 1000000"},
    };
    for (const bad_file& b : cases) {
        const std::string path = bad_dir + "/" + b.file;
        const int line = b.line_prefix.empty() ? 1 : line_of(path, b.line_prefix);
        REQUIRE(line > 0);
        const std::string message = path + ":" + std::to_string(line) + ": " + b.message;
        expect_error("workload toml (cli): " + b.cls, "workload bad-llama --workload-file '" + path + "'", message);
        expect_error("workload toml (cli): " + b.cls,
                     "predict --gpu L4 --workload bad-llama --mode infer --workload-file '" + path + "'", message);
    }
}

TEST_CASE("a transformer file with a misspelt key: warned with file, line and key, the command goes on") {
    const std::string path = bad_dir + "/workload-unknown-key.toml";
    const auto r = run_roofcast("workload bad-llama --workload-file '" + path + "' --format json");
    CHECK(r.status == 0);
    CHECK(r.err == "roofcast: warning: " + path + ":" + std::to_string(line_of(path, "hiden")) +
                       ": unknown key 'hiden' (ignored); did you mean 'hidden'?\n");
    CHECK(nlohmann::json::parse(r.out)["hidden"] == 256);
    count_input("workload toml (cli): unknown key");
}

TEST_CASE("a bad parameter file: exit 2 naming file, line and key") {
    const std::string path = bad_dir + "/params-zero-efficiency.toml";
    expect_error("params toml (cli): out of range",
                 "predict --gpu A100-SXM4-40GB --workload resnet50 --params '" + path + "'",
                 path + ":" + std::to_string(line_of(path, "memory_efficiency")) +
                     ": key 'architecture.ampere-ga100.memory_efficiency' must be between 0.6 and 1, got 0");
}

TEST_CASE("unknown names: exit 2 with the closest known names") {
    const std::string run = "predict --gpu A100-SXM4-40GB --workload llama2-7b --mode infer";
    struct unknown {
        std::string args, message;
    };
    const std::vector<unknown> cases = {
        {"predict --gpu A100-SXM4-40G --workload llama2-7b",
         "unknown GPU 'A100-SXM4-40G'; closest: A100-SXM4-40GB, A100-SXM4-80GB, H100-SXM5-80GB"},
        {"predict --gpu A100-SXM4-40GB --workload lama2-7b", "unknown workload 'lama2-7b'; closest: "},
        {run + " --framework megatronn", "unknown framework 'megatronn'; closest: megatron"},
        {run + " --num-gpus 16 --nodes 2 --interconnect ib-ndx", "unknown interconnect 'ib-ndx'; closest: ib-ndr"},
        {"predict --gpu A100-SXM4-40GB:3g.21gb --workload llama2-7b", "unknown MIG profile '3g.21gb'"},
        {run + " --precision fp17",
         "--precision: 'fp17' is not one of fp32, tf32, amp-fp16, amp-bf16, fp16, bf16, fp8, int8, int4 (did you "
         "mean 'fp16'?) (see roofcast --help)"},
        {run + " --phase decod",
         "--phase: 'decod' is not one of step, e2e, prefill, decode, serve (did you mean 'decode'?) (see roofcast "
         "--help)"},
        {"predict --gpu A100-SXM4-40GB --workload resnet50 --mode training",
         "--mode: 'training' is not one of train, infer (did you mean 'train'?) (see roofcast --help)"},
        {"gpus --format jsn",
         "--format: 'jsn' is not one of text, json, csv (did you mean 'json'?) (see roofcast --help)"},
        {"predictt --gpu A100", "A subcommand is required (did you mean 'predict'?) (see roofcast --help)"},
        {run + " --btach 8",
         "The following arguments were not expected: 8 --btach (did you mean '--batch'?) (see "
         "roofcast --help)"},
    };
    for (const unknown& u : cases) {
        expect_error("cli: unknown name", u.args, u.message, false);
    }
}

TEST_CASE("out-of-range and malformed numbers: exit 2 naming the option and the accepted range") {
    const std::string run = "predict --gpu A100-SXM4-40GB --workload bert-large";
    struct number {
        std::string option, message;
    };
    const std::vector<number> cases = {
        {"--batch 0", "--batch: 0 is out of range: must be between 1 and 100000000"},
        {"--batch 100000001", "--batch: 100000001 is out of range: must be between 1 and 100000000"},
        {"--batch 99999999999999999999999",
         "--batch: 99999999999999999999999 is out of range: must be between 1 and "
         "100000000"},
        {"--batch -4", "--batch: -4 is out of range: must be between 1 and 100000000"},
        {"--batch 1e3", "--batch: '1e3' is not a whole number"},
        {"--batch 0x10", "--batch: '0x10' is not a whole number"},
        {"--batch abc", "--batch: 'abc' is not a whole number"},
        {"--tp 2.5", "--tp: '2.5' is not a whole number"},
        {"--tp 2000000", "--tp: 2000000 is out of range: must be between 1 and 1000000"},
        {"--num-gpus 0", "--num-gpus: 0 is out of range: must be between 1 and 1000000"},
        {"--seq-len -1", "--seq-len: -1 is out of range: must be between 1 and 10000000"},
        {"--zero 4", "--zero: 4 is out of range: must be between 0 and 3"},
        {"--gpus-per-node 2000", "--gpus-per-node: 2000 is out of range: must be between 1 and 1024"},
        {"--dataset-size nan", "--dataset-size: 'nan' is not a finite decimal number"},
        {"--dataset-size inf", "--dataset-size: 'inf' is not a finite decimal number"},
        {"--dataset-size 0.5", "--dataset-size: 0.5 is out of range: must be between 1 and 1e+15"},
    };
    for (const number& n : cases) {
        expect_error("cli: out-of-range number", run + " " + n.option, n.message + " (see roofcast --help)");
    }
    expect_error("cli: out-of-range number", run + " --price-per-hour -1",
                 "--price-per-hour: -1 is out of range: must be between 0 and 1000000 (see roofcast --help)");
    expect_error("cli: out-of-range number", run + " --price-per-hour 0",
                 "invalid run configuration: price per hour must be a positive number of dollars below 1e6");
    expect_error("cli: out-of-range number", run + " --price-per-hour nan",
                 "--price-per-hour: 'nan' is not a finite decimal number (see roofcast --help)");
    expect_error("cli: out-of-range number", "compare --gpus L4,T4 --workload resnet50 --price-per-hour 1,x",
                 "--price-per-hour: 'x' is not a positive price in USD per GPU-hour");
    expect_error("cli: out-of-range number",
                 "sweep --gpus L4 --workloads llama2-7b --mode infer --phase decode --gen-len -3",
                 "--gen-len: -3 is out of range: must be between 0 and 10000000 (see roofcast --help)");
    // An empty GPU list is refused as plan's is, not swept over nothing.
    expect_error("cli: empty list", "sweep --gpus , --workloads resnet50",
                 "--gpus needs at least one GPU name, or all");
    // 2 GPUs x 600000 batches: refused before any result is kept.
    expect_error("cli: out-of-range number", "sweep --gpus L4,T4 --workloads resnet50 --batch 1:600000",
                 "sweep: 1.2e+06 combinations, more than 1e6; use fewer GPUs, workloads, precisions, batches or "
                 "sequence lengths, or several sweeps");
}

TEST_CASE("conflicting options: exit 2 saying what conflicts") {
    const std::string llama = "predict --gpu H100-SXM5-80GB --workload llama2-7b";
    struct conflict {
        std::string args, message;
    };
    const std::vector<conflict> cases = {
        {llama + " --mode infer --num-gpus 6 --tp 4",
         "invalid run configuration: tp x pp = 4 does not divide num-gpus = 6"},
        {llama + " --num-gpus 4 --nodes 2 --gpus-per-node 8",
         "invalid run configuration: num-gpus 4 conflicts with nodes 2 x 8 GPUs per node"},
        {llama + " --microbatches 8",
         "invalid run configuration: microbatches applies only to pipeline-parallel training (pp > 1)"},
        {llama + " --pp 2 --batch 4 --microbatches 8",
         "invalid run configuration: microbatches (8) exceeds the batch (4): every micro-batch needs a sample"},
        {llama + " --mode infer --zero 1", "invalid run configuration: zero (ZeRO stage) applies only to training"},
        {llama + " --mode infer --recompute full", "invalid run configuration: recompute applies only to training"},
        {llama + " --mode train --phase decode", "invalid run configuration: training runs time a step, not decode"},
        {llama + " --mode infer --phase prefill --prompt-len 0",
         "invalid run configuration: a prefill needs prompt-len of at least 1"},
        {llama + " --mode infer --tp 3",
         "invalid run configuration: tp = 3 does not divide the 32 attention heads of "
         "llama2-7b"},
        {"predict --gpu L4 --workload bert-large --mode infer --phase decode",
         "invalid run configuration: bert-large is an encoder: it has no prefill or decode phase (use e2e or serve)"},
        {"predict --gpu L4 --workload resnet50 --tp 2",
         "invalid run configuration: resnet50 is a CNN: tensor and pipeline parallelism (tp, pp) are modelled for "
         "transformers only"},
        {"compare --gpus L4,T4 --workload resnet50 --objective cost",
         "ranking by cost needs a price per GPU-hour (--price-per-hour)"},
        {"compare --gpus L4,T4 --workload resnet50 --price-per-hour 1,2,3",
         "give one price per GPU (2) or a single price, not 3"},
        {"predict --gpu A100-SXM4-40GB --workload resnet50 --precision fp8",
         "A100-SXM4-40GB (Ampere (GA100)) cannot run fp8: it has no fp8 tensor-core math"},
        {"calibrate --data " + std::string(ROOFCAST_TEST_DATA_DIR) +
             "/bad-measurements.csv --out held.toml --held-out held.csv",
         "--held-out requires --cross-validate (see roofcast --help)"},
    };
    for (const conflict& c : cases) {
        expect_error("cli: conflicting options", c.args, c.message);
    }
}

TEST_CASE("a run too large to model: exit 2 with the size, a huge but representable one: finite figures") {
    expect_error("cli: too large",
                 "predict --gpu H100-SXM5-80GB --workload llama2-7b --batch 100000000 --seq-len 10000000",
                 "invalid run configuration: too large to model: llama2-7b has tokens x the widest layer (batch x "
                 "sequence x width) = 3.2e+19 (limit 1e+17)");
    // GPT-3 175B, 10^6 tokens per step (512 x 2048 per replica... and 10^4 GPUs): every figure finite.
    const auto r = run_roofcast(
        "predict --gpu H100-SXM5-80GB --workload gpt3-175b --batch 512 --seq-len 2048 --num-gpus 10000 --tp 8 "
        "--pp 25 --format json");
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    for (const char* key : {"time_s", "samples_per_s", "tokens_per_s", "energy_j", "avg_power_w"}) {
        CAPTURE(key);
        CHECK(std::isfinite(j[key].get<double>()));
        CHECK(j[key].get<double>() > 0.0);
    }
    // 512 sequences x 2048 tokens x 50 replicas (10000 / (8 x 25)) per step.
    CHECK(j["tokens_per_s"].get<double>() * j["time_s"].get<double>() == doctest::Approx(512.0 * 2048 * 50));
    count_input("cli: too large");
}

TEST_CASE("special files are refused without being read: /dev/zero and a FIFO (issue 34)") {
    // /dev/zero once ended in "internal error: std::bad_alloc" (exit 3) and a FIFO named .json blocked forever.
    expect_error("special file", "predict --workload-file /dev/zero --gpu L4 --mode infer",
                 "cannot open workload file '/dev/zero': not a regular file (a device)");
    const std::string fifo = "/tmp/roofcast-fifo-test.json";
    std::remove(fifo.c_str());
    REQUIRE(roofcast_tests::run_command("mkfifo '" + fifo + "'").status == 0);
    // Under `timeout`, so that a regression that opens the FIFO fails (status 124) instead of blocking the suite.
    const roofcast_tests::cli_result r = roofcast_tests::run_command(
        std::string("timeout 20 '") + ROOFCAST_CLI + "' predict --workload-file " + fifo + " --gpu L4 --mode infer");
    CHECK(r.status == 2);
    CHECK(r.err == "roofcast: error: cannot open Hugging Face config '" + fifo + "': not a regular file (a FIFO)\n");
    count_input("special file");
    std::remove(fifo.c_str());
}

TEST_CASE("a measurement file with bad rows: each skipped with line and reason, the others predicted, exit 2") {
    const std::string path = bad_dir + "/measurements.csv";
    const auto r = run_roofcast("validate --data '" + path + "' --format json");
    CHECK(r.status == 2);
    const auto j = nlohmann::json::parse(r.out);  // the full report is written
    CHECK(j["rows"] == 6);
    CHECK(j["predicted"] == 1);
    const std::vector<std::string> lines = {
        "roofcast: warning: " + path + ":3: r9002: skipped: malformed row: row has 7 fields, the header has 17",
        "roofcast: warning: " + path +
            ":4: r9003: skipped: malformed row: column 'value' must be a finite number > "
            "0, got 'nan'",
        "roofcast: warning: " + path +
            ":5: r9004: skipped: malformed row: column 'batch' must be an integer >= 1, "
            "got 'abc'",
        "roofcast: warning: " + path + ":6: r9005: skipped: unknown GPU 'A100-SXM4-8GB'; closest: ",
        "roofcast: warning: " + path + ":7: r9006: skipped: unknown workload 'resnet5O'; closest: resnet50",
        "roofcast: error: 5 of 6 rows of " + path + " were skipped (each is listed above)",
    };
    std::size_t at = 0;
    for (const std::string& l : lines) {
        CAPTURE(l);
        const std::size_t found = r.err.find(l, at);
        CHECK(found != std::string::npos);
        at = found == std::string::npos ? at : found;
    }
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 6);
    // calibrate fits on the rows it can read, writes its file, warns about the same rows and exits 2.
    char dir[] = "/tmp/roofcast-cli-errors-calibrate-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string out = std::string(dir) + "/p.toml";
    const auto c = run_roofcast("calibrate --data '" + path + "' --out '" + out + "'");
    CHECK(c.status == 2);
    CHECK(c.out.find("wrote " + out) != std::string::npos);
    CHECK(std::ifstream(out).good());
    CHECK(c.err.find("roofcast: warning: " + path + ":6: r9005: skipped: unknown GPU 'A100-SXM4-8GB'") !=
          std::string::npos);
    CHECK(c.err.find("roofcast: error: 5 of 6 rows of " + path + " were skipped") != std::string::npos);
    std::remove(out.c_str());
    rmdir(dir);
    count_input("csv (cli): ragged row");
    count_input("csv (cli): bad number");
    count_input("csv (cli): bad number");
    count_input("csv (cli): unknown GPU");
    count_input("csv (cli): unknown workload");
}
