// The `roofcast` command: parses arguments, calls the library, prints text, JSON or CSV.
// Exit status: 0 success; 1 a check failed (check-spec found a mismatch); 2 bad input or usage (validate and
// calibrate: after the full report, when a row was skipped); 3 an internal error.
#include <roofcast/calibrate/fit.hpp>
#include <roofcast/hardware/mig.hpp>
#include <roofcast/io/gpu_toml.hpp>
#include <roofcast/io/json.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/io/params_toml.hpp>
#include <roofcast/io/workload_toml.hpp>
#include <roofcast/model/defaults.hpp>
#include <roofcast/model/sweep.hpp>
#include <roofcast/report/prediction_report.hpp>
#include <roofcast/report/validation_report.hpp>
#include <roofcast/roofcast.hpp>

#include <CLI/CLI.hpp>

#include "validators.hpp"

#include <unistd.h>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace rc = roofcast;

namespace {

/// Options every command shares.
struct common_options {
    std::string format = "text";
    std::vector<std::string> gpu_files;
    std::vector<std::string> workload_files;
    std::string params_file;
};

/// The cost-model parameters: the shipped calibration, or the user's --params file.
rc::cost_params load_params(const common_options& opt) {
    if (opt.params_file.empty()) {
        return rc::default_params();
    }
    std::vector<std::string> warnings;
    rc::cost_params p = rc::load_params_file(opt.params_file, &warnings);
    for (const auto& w : warnings) {
        std::cerr << "roofcast: warning: " << w << '\n';
    }
    return p;
}

/// Writes `text` to `path`, or throws input_error naming the file.
void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text) || !out.flush()) {
        throw rc::input_error("cannot write '" + path + "'");
    }
}

/// The built-in catalog plus the user's --gpu-file descriptions (which replace same-named GPUs).
rc::model_catalog load_catalog(const common_options& opt) {
    rc::model_catalog c = rc::catalog();
    for (const std::string& f : opt.gpu_files) {
        std::vector<std::string> warnings;
        c.add_gpu(rc::load_gpu_file(f, &warnings));
        for (const auto& w : warnings) {
            std::cerr << "roofcast: warning: " << w << '\n';
        }
    }
    for (const std::string& f : opt.workload_files) {
        std::vector<std::string> warnings;
        c.add_workload(rc::make_workload(rc::load_transformer_file(f, &warnings)));
        for (const auto& w : warnings) {
            std::cerr << "roofcast: warning: " << w << '\n';
        }
    }
    return c;
}

void add_common(CLI::App* cmd, common_options& opt, const std::vector<std::string>& formats) {
    cmd->add_option("--format", opt.format, "Output format")->check(rc::cli::one_of(formats))->capture_default_str();
    cmd->add_option("--gpu-file", opt.gpu_files,
                    "GPU description TOML to add to the catalog or to replace a catalog GPU of the same name "
                    "(repeatable)")
        ->check(CLI::ExistingFile);
    cmd->add_option("--workload-file", opt.workload_files,
                    "Transformer description TOML to add to the catalog or to replace a workload of the same name "
                    "(repeatable; docs/workload-format.md)")
        ->check(CLI::ExistingFile);
}

int cmd_gpus(const common_options& opt) {
    const rc::model_catalog c = load_catalog(opt);
    if (opt.format == "json") {
        std::cout << nlohmann::json{{"gpus", c.gpus()}}.dump(2) << '\n';
    } else if (opt.format == "csv") {
        std::cout << rc::gpu_overview_table(c.gpus()).to_csv();
    } else {
        std::cout << rc::gpu_overview_table(c.gpus()).to_text();
        std::cout << "\n"
                  << c.gpus().size()
                  << " GPUs. Peaks are dense, derived from architecture parameters; 'datasheet' compares them "
                     "with the vendor's claims (2% tolerance). Details: roofcast gpu NAME\n";
    }
    return 0;
}

int print_gpu(const rc::gpu_spec& g, const std::string& format) {
    if (format == "json") {
        std::cout << nlohmann::json(g).dump(2) << '\n';
    } else if (format == "csv") {
        std::cout << rc::peak_table(g).to_csv();
    } else {
        std::cout << rc::describe(g);
    }
    return 0;
}

int cmd_gpu(const common_options& opt, const std::string& name) {
    const rc::model_catalog c = load_catalog(opt);
    return print_gpu(c.gpu(name), opt.format);
}

/// A catalog GPU, or a MIG slice of one ("A100-SXM4-40GB:3g.20gb").
rc::gpu_spec resolve_gpu(const rc::model_catalog& c, const std::string& name) {
    if (const auto parts = rc::split_mig_name(name)) {
        return rc::mig_slice(c.gpu(parts->first), parts->second);
    }
    return c.gpu(name);
}

/// Options of validate and calibrate.
struct data_options {
    std::string data;
    std::string mode;
    std::string out;
    std::string report;
};

rc::measurement_set load_data(const data_options& d) {
    rc::measurement_set set = rc::load_measurements(d.data);
    if (!d.mode.empty()) {
        std::vector<rc::measurement> kept;
        for (rc::measurement& m : set.rows) {
            if (m.mode == d.mode) {
                kept.push_back(std::move(m));
            }
        }
        set.rows = std::move(kept);
    }
    return set;
}

/// Warns on stderr about every row of `r` that was not predicted ("FILE:LINE: ID: skipped: REASON") and
/// returns 2 (bad input) when there is one, else 0: the whole report is written either way.
int warn_skipped_rows(const rc::validation_report& r) {
    std::size_t skipped = 0;
    for (const rc::row_prediction& row : r.rows) {
        if (!row.predicted) {
            std::cerr << "roofcast: warning: " << r.file << ':' << row.line << ": "
                      << (row.id.empty() ? "" : row.id + ": ") << "skipped: " << row.skip_reason << '\n';
            ++skipped;
        }
    }
    if (skipped > 0) {
        std::cerr << "roofcast: error: " << skipped << " of " << r.rows.size() << " rows of " << r.file
                  << " were skipped (each is listed above)\n";
        return 2;
    }
    return 0;
}

int cmd_validate(const common_options& opt, const data_options& d) {
    const rc::model_catalog c = load_catalog(opt);
    const rc::validation_report r = rc::validate(load_data(d), c, load_params(opt));
    if (!d.report.empty()) {
        write_file(d.report,
                   rc::accuracy_markdown(r, "roofcast validate --data " + d.data +
                                                (d.mode.empty() ? "" : " --mode " + d.mode) + " --report " + d.report));
    }
    if (opt.format == "json") {
        std::cout << nlohmann::json(r).dump(2) << '\n';
    } else if (opt.format == "csv") {
        std::cout << rc::validation_rows_table(r).to_csv();
    } else {
        std::cout << rc::validation_text(r);
    }
    return warn_skipped_rows(r);
}

int cmd_calibrate(const common_options& opt, const data_options& d) {
    const rc::model_catalog c = load_catalog(opt);
    const rc::measurement_set data = load_data(d);
    rc::calibration_options o;
    if (isatty(STDERR_FILENO) != 0) {
        o.progress = [](int it, double cost) {
            std::cerr << "\rroofcast: calibrating, iteration " << it << ", cost " << cost << "   " << std::flush;
        };
    }
    rc::calibration_result res = rc::calibrate(data, c, rc::prior_params(), o);
    if (o.progress) {
        std::cerr << '\n';
    }
    res.params.origin = "calibrated on " + d.data + (d.mode.empty() ? "" : " (mode " + d.mode + ")");
    // The command as documented, without output paths, so re-running it reproduces the files byte for byte.
    const std::string command = "roofcast calibrate --data " + d.data + (d.mode.empty() ? "" : " --mode " + d.mode);
    write_file(d.out, rc::to_toml(res.params, {"roofcast cost-model parameters, generated by:", command,
                                               "Priors and fitting method: docs/calibration.md"}));
    const rc::validation_report after = rc::validate(data, c, res.params);
    if (!d.report.empty()) {
        write_file(d.report, rc::calibration_markdown(res, after, command));
    }
    std::cout << "fitted " << res.fitted.size() << " parameters on " << res.rows_used << " rows in " << res.iterations
              << " iterations; RMS ln(predicted/measured) " << res.rms_log_before << " -> " << res.rms_log_after << "\n"
              << rc::summary_text(after) << "wrote " << d.out << (d.report.empty() ? "" : " and " + d.report) << '\n';
    return warn_skipped_rows(after);
}

/// Options describing a run (predict, compare).
struct run_options {
    std::string workload;
    std::string mode = "train";
    std::string phase;
    std::string precision = "amp-fp16";
    long long batch = 0;
    long long seq_len = 0;
    long long image_size = 0;
    long long prompt_len = 512;
    long long gen_len = 128;
    int num_gpus = 1;
    int tp = 1;
    int pp = 1;
    int microbatches = 0;
    int zero = 0;
    std::string recompute = "none";
    std::string framework = "pytorch";
    std::string attention = "auto";
    int nodes = 0;
    int gpus_per_node = 0;
    std::string interconnect;
    std::string prices;
    double dataset_size = 0.0;
    std::string objective = "time";
};

void add_run_options(CLI::App* cmd, run_options& r, bool with_batch, bool workload_required = true) {
    cmd->add_option("--workload", r.workload, "Workload name (roofcast workloads)")->required(workload_required);
    cmd->add_option("--mode", r.mode, "train or infer")
        ->check(rc::cli::one_of({"train", "infer"}))
        ->capture_default_str();
    cmd->add_option("--phase", r.phase, "step (train); e2e, prefill, decode or serve (infer); default step / e2e")
        ->check(rc::cli::one_of({"step", "e2e", "prefill", "decode", "serve"}));
    cmd->add_option("--precision", r.precision, "fp32, tf32, amp-fp16, amp-bf16, fp16, bf16, fp8, int8, int4")
        ->check(rc::cli::one_of({"fp32", "tf32", "amp-fp16", "amp-bf16", "fp16", "bf16", "fp8", "int8", "int4"}))
        ->capture_default_str();
    if (with_batch) {
        cmd->add_option("--batch", r.batch, "Samples per GPU (or per tensor/pipeline group); default 1")
            ->check(rc::cli::in_range(1LL, 100000000LL));
    }
    cmd->add_option("--seq-len", r.seq_len, "Tokens per sequence (training, encoders)")
        ->check(rc::cli::in_range(1LL, 10000000LL));
    cmd->add_option("--image-size", r.image_size, "CNN input resolution")->check(rc::cli::in_range(1LL, 100000LL));
    cmd->add_option("--prompt-len", r.prompt_len, "LLM prompt tokens")
        ->check(rc::cli::in_range(0LL, 10000000LL))
        ->capture_default_str();
    cmd->add_option("--gen-len", r.gen_len, "LLM generated tokens")
        ->check(rc::cli::in_range(1LL, 10000000LL))
        ->capture_default_str();
    cmd->add_option("--num-gpus", r.num_gpus, "GPUs in total")
        ->check(rc::cli::in_range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--tp", r.tp, "Tensor-parallel degree")->check(rc::cli::in_range(1, 4096))->capture_default_str();
    cmd->add_option("--pp", r.pp, "Pipeline-parallel degree")->check(rc::cli::in_range(1, 4096))->capture_default_str();
    cmd->add_option("--microbatches", r.microbatches, "Micro-batches per step with --pp (default 4 x pp)")
        ->check(rc::cli::in_range(0, 100000));
    cmd->add_option("--zero", r.zero, "ZeRO stage 0..3 (3 = FSDP full sharding)")
        ->check(rc::cli::in_range(0, 3))
        ->capture_default_str();
    cmd->add_option("--recompute", r.recompute, "Activation recomputation")
        ->check(rc::cli::one_of({"none", "selective", "full"}))
        ->capture_default_str();
    cmd->add_option("--framework", r.framework, "Software profile (pytorch, tensorrt-llm, ...)")->capture_default_str();
    cmd->add_option("--nodes", r.nodes, "Nodes; num-gpus = nodes x gpus-per-node")->check(rc::cli::in_range(1, 100000));
    cmd->add_option("--gpus-per-node", r.gpus_per_node, "GPUs per node (default 8)")->check(rc::cli::in_range(1, 1024));
    cmd->add_option("--interconnect", r.interconnect,
                    "Network between nodes: ib-hdr, ib-ndr, ib-xdr, roce-100g, roce-400g, ethernet-25g (default: "
                    "by GPU generation)");
    cmd->add_option("--price-per-hour", r.prices,
                    "Price of one GPU-hour in USD (compare: one per GPU, comma-separated, or one for all)");
    cmd->add_option("--dataset-size", r.dataset_size, "Samples per epoch, for epoch time, energy and cost")
        ->check(rc::cli::in_range(1.0, 1e15));
    cmd->add_option("--attention", r.attention,
                    "Attention kernels: fused (FlashAttention), unfused, or auto (by framework)")
        ->check(rc::cli::one_of({"auto", "fused", "unfused"}))
        ->capture_default_str();
}

rc::run_config to_run_config(const run_options& r) {
    rc::run_config c;
    c.mode = r.mode == "train" ? rc::mode::train : rc::mode::infer;
    if (!r.phase.empty()) {
        c.phase = r.phase == "step"      ? rc::phase::step
                  : r.phase == "e2e"     ? rc::phase::e2e
                  : r.phase == "prefill" ? rc::phase::prefill
                  : r.phase == "decode"  ? rc::phase::decode
                                         : rc::phase::serve;
    }
    c.precision = *rc::parse_precision(r.precision);
    c.batch = r.batch > 0 ? r.batch : 1;
    c.seq_len = r.seq_len;
    c.image_size = r.image_size;
    c.prompt_len = r.prompt_len;
    c.gen_len = r.gen_len;
    c.num_gpus = r.num_gpus;
    c.tp = r.tp;
    c.pp = r.pp;
    c.microbatches = r.microbatches;
    c.zero = r.zero;
    c.recompute = r.recompute == "full"        ? rc::recompute::full
                  : r.recompute == "selective" ? rc::recompute::selective
                                               : rc::recompute::none;
    c.framework = std::string(rc::software_profiles[rc::find_profile(r.framework)].name);
    c.fused_attention = r.attention == "auto" ? rc::fuses_attention(c.framework) : r.attention == "fused";
    if (c.num_gpus == 1 && c.tp * c.pp > 1) {
        c.num_gpus = c.tp * c.pp;  // --tp 2 alone means two GPUs
    }
    c.gpus_per_node = r.gpus_per_node;
    if (r.nodes > 0) {
        const int per_node = r.gpus_per_node > 0 ? r.gpus_per_node : 8;
        if (r.num_gpus > 1 && r.num_gpus != r.nodes * per_node) {
            throw rc::input_error("--num-gpus " + std::to_string(r.num_gpus) + " conflicts with --nodes " +
                                  std::to_string(r.nodes) + " x " + std::to_string(per_node) + " GPUs per node");
        }
        c.num_gpus = r.nodes * per_node;
    }
    if (!r.interconnect.empty()) {
        c.interconnect = std::string(rc::find_link(r.interconnect).name);
    }
    if (r.dataset_size > 0.0) {
        c.dataset_size = r.dataset_size;
    }
    rc::validate(c);
    return c;
}

std::vector<std::string> split_list(const std::string& s);

/// The comma-separated prices of --price-per-hour, each a positive number.
std::vector<double> parse_prices(const std::string& s) {
    std::vector<double> out;
    for (const std::string& item : split_list(s)) {
        std::size_t used = 0;
        double v = 0.0;
        try {
            v = std::stod(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != item.size() || !(v > 0.0) || !(v < 1e6)) {
            throw rc::input_error("--price-per-hour: '" + item + "' is not a positive price in USD per GPU-hour");
        }
        out.push_back(v);
    }
    return out;
}

int cmd_predict(const common_options& opt, const run_options& r, const std::string& gpu) {
    const rc::model_catalog c = load_catalog(opt);
    rc::run_config cfg = to_run_config(r);
    const std::vector<double> prices = parse_prices(r.prices);
    if (prices.size() > 1) {
        throw rc::input_error("predict takes one --price-per-hour, got " + std::to_string(prices.size()));
    }
    if (!prices.empty()) {
        cfg.price_per_hour = prices[0];
    }
    const rc::gpu_spec g = resolve_gpu(c, gpu);
    const rc::prediction p = rc::predict(c.workload_named(r.workload), g, cfg, load_params(opt));
    if (opt.format == "json") {
        std::cout << nlohmann::json(p).dump(2) << '\n';
    } else if (opt.format == "csv") {
        std::cout << rc::prediction_row_table({p}).to_csv();
    } else {
        std::cout << rc::describe(p);
    }
    return 0;
}

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char ch : s + ",") {
        if (ch == ',') {
            if (!cur.empty()) {
                out.push_back(cur);
            }
            cur.clear();
        } else {
            cur += ch;
        }
    }
    return out;
}

int cmd_compare(const common_options& opt, const run_options& r, const std::string& gpus) {
    const rc::model_catalog c = load_catalog(opt);
    std::vector<rc::gpu_spec> specs;
    for (const std::string& name : split_list(gpus)) {
        specs.push_back(resolve_gpu(c, name));
    }
    if (specs.empty()) {
        throw rc::input_error("--gpus needs at least one GPU name");
    }
    std::vector<std::reference_wrapper<const rc::gpu_spec>> list(specs.begin(), specs.end());
    const rc::objective obj = r.objective == "cost"     ? rc::objective::cost
                              : r.objective == "energy" ? rc::objective::energy
                                                        : rc::objective::time;
    const std::vector<double> prices = parse_prices(r.prices);
    if (obj == rc::objective::cost && prices.empty()) {
        throw rc::input_error("--objective cost needs --price-per-hour");
    }
    const rc::comparison cmp =
        rc::compare(c.workload_named(r.workload), list, to_run_config(r), load_params(opt), prices);
    const std::vector<int> rank = rc::ranks(cmp, obj);
    if (opt.format == "json") {
        nlohmann::json results = nlohmann::json::array();
        for (std::size_t i = 0; i < cmp.results.size(); ++i) {
            nlohmann::json one = cmp.results[i] ? nlohmann::json(*cmp.results[i])
                                                : nlohmann::json{{"gpu", cmp.gpus[i]}, {"error", cmp.reasons[i]}};
            one["max_batch"] = cmp.max_batches[i];
            one["rank"] = rank[i] > 0 ? nlohmann::json(rank[i]) : nlohmann::json(nullptr);
            results.push_back(one);
        }
        std::cout << nlohmann::json{{"results", results}, {"objective", r.objective}}.dump(2) << '\n';
    } else if (opt.format == "csv") {
        std::cout << rc::comparison_table(cmp, obj).to_csv();
    } else {
        std::cout << rc::comparison_table(cmp, obj).to_text();
    }
    return 0;
}

int cmd_scale(const common_options& opt, const run_options& r, const std::string& gpu, int max_gpus) {
    const rc::model_catalog c = load_catalog(opt);
    const rc::workload& w = c.workload_named(r.workload);
    const rc::gpu_spec g = resolve_gpu(c, gpu);
    const rc::cost_params params = load_params(opt);
    rc::run_config base = to_run_config(r);
    const int group = base.tp * base.pp;
    rc::text_table t({"gpus", "nodes", "time", "throughput", "speedup", "efficiency", "communication", "bound"});
    nlohmann::json rows = nlohmann::json::array();
    std::optional<double> first;
    int first_n = 0;
    for (int n = group; n <= max_gpus; n *= 2) {
        rc::run_config cfg = base;
        cfg.num_gpus = n;
        const rc::prediction p = rc::predict(w, g, cfg, params);
        const double tp = rc::main_throughput(p).first;
        if (!first) {
            first = tp;
            first_n = n;
        }
        const double speedup = tp / *first;
        const double efficiency = speedup * first_n / n;
        const int per_node = cfg.gpus_per_node > 0 ? cfg.gpus_per_node : rc::default_layout(g, n).gpus_per_node;
        char s[32], e[32];
        std::snprintf(s, sizeof s, "%.2fx", speedup);
        std::snprintf(e, sizeof e, "%.1f%%", 100.0 * efficiency);
        t.add_row({std::to_string(n), std::to_string((n + per_node - 1) / per_node), rc::to_string(p.time),
                   rc::si_prefixed(tp) + rc::main_throughput(p).second, s, e, rc::to_string(p.comm_time),
                   std::string(rc::to_string_view(p.limiter))});
        rows.push_back({{"num_gpus", n},
                        {"time_s", p.time.value()},
                        {"throughput", tp},
                        {"unit", rc::main_throughput(p).second},
                        {"speedup", speedup},
                        {"efficiency", efficiency},
                        {"comm_time_s", p.comm_time.value()},
                        {"bound", std::string(rc::to_string_view(p.limiter))}});
    }
    if (opt.format == "json") {
        std::cout << nlohmann::json{{"gpu", g.name}, {"workload", w.name}, {"scaling", rows}}.dump(2) << '\n';
    } else if (opt.format == "csv") {
        std::cout << t.to_csv();
    } else {
        std::cout << w.name << " on " << g.name << ": data-parallel scaling (tp " << base.tp << ", pp " << base.pp
                  << ", batch " << base.batch << " per replica)\n\n"
                  << t.to_text();
    }
    return 0;
}

int cmd_max_batch(const common_options& opt, const run_options& r, const std::string& gpu) {
    const rc::model_catalog c = load_catalog(opt);
    const rc::workload& w = c.workload_named(r.workload);
    const rc::gpu_spec g = resolve_gpu(c, gpu);
    const rc::run_config cfg = to_run_config(r);
    const rc::batch_limit b = rc::max_batch(w, g, cfg);
    if (opt.format == "json") {
        nlohmann::json j = b;
        j["gpu"] = g.name;
        j["workload"] = w.name;
        j["mode"] = std::string(rc::to_string_view(cfg.mode));
        j["precision"] = std::string(rc::to_string_view(cfg.precision));
        j["num_gpus"] = cfg.num_gpus;
        j["tp"] = cfg.tp;
        std::cout << j.dump(2) << '\n';
    } else {
        std::cout << rc::describe(b, w.name, g.name);
    }
    return 0;
}

/// Options of sweep: lists of values; every combination is one configuration.
struct sweep_options {
    std::string gpus;
    std::string workloads;
    std::string precisions = "amp-fp16";
    std::string batches = "1";
    std::string seq_lens;
    int threads = 1;
};

/// A batch list: "A:B[:step]" (inclusive range) or "a,b,c".
std::vector<long long> parse_batches(const std::string& s) {
    std::vector<long long> out;
    auto number = [&](const std::string& item) {
        std::size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != item.size() || v < 1 || v > 100000000) {
            throw rc::input_error("--batch: '" + item + "' is not a batch between 1 and 1e8");
        }
        return v;
    };
    if (s.find(':') != std::string::npos) {
        std::vector<std::string> parts;
        std::string cur;
        for (char ch : s + ":") {
            if (ch == ':') {
                parts.push_back(cur);
                cur.clear();
            } else {
                cur += ch;
            }
        }
        if (parts.size() < 2 || parts.size() > 3) {
            throw rc::input_error("--batch: a range is A:B or A:B:STEP, got '" + s + "'");
        }
        const long long a = number(parts[0]), b = number(parts[1]), step = parts.size() == 3 ? number(parts[2]) : 1;
        if (b < a) {
            throw rc::input_error("--batch: empty range '" + s + "'");
        }
        if ((b - a) / step > 10000000) {
            throw rc::input_error("--batch: range '" + s + "' has more than 1e7 values");
        }
        for (long long v = a; v <= b; v += step) {
            out.push_back(v);
        }
        return out;
    }
    for (const std::string& item : split_list(s)) {
        out.push_back(number(item));
    }
    return out;
}

int cmd_sweep(const common_options& opt, const run_options& r, const sweep_options& sw) {
    const rc::model_catalog c = load_catalog(opt);
    std::vector<rc::gpu_spec> gpus;
    if (sw.gpus == "all") {
        gpus = c.gpus();
    } else {
        for (const std::string& n : split_list(sw.gpus)) {
            gpus.push_back(resolve_gpu(c, n));
        }
    }
    std::vector<const rc::workload*> workloads;
    for (const std::string& n : split_list(sw.workloads)) {
        workloads.push_back(&c.workload_named(n));
    }
    std::vector<rc::precision> precisions;
    for (const std::string& n : split_list(sw.precisions)) {
        const auto p = rc::parse_precision(n);
        if (!p) {
            throw rc::input_error("--precision: unknown precision '" + n + "'");
        }
        precisions.push_back(*p);
    }
    const std::vector<long long> batches = parse_batches(sw.batches);
    std::vector<long long> seqs{0};
    if (!sw.seq_lens.empty()) {
        seqs.clear();
        for (long long v : parse_batches(sw.seq_lens)) {
            seqs.push_back(v);
        }
    }
    if (gpus.empty() || workloads.empty() || precisions.empty()) {
        throw rc::input_error("sweep needs at least one GPU, workload and precision");
    }
    // Every result is kept until the end: a grid beyond a few GB of results is refused, not run out of memory.
    const double combinations = static_cast<double>(workloads.size()) * static_cast<double>(precisions.size()) *
                                static_cast<double>(seqs.size()) * static_cast<double>(batches.size()) *
                                static_cast<double>(gpus.size());
    if (combinations > 1e6) {
        char n[32];
        std::snprintf(n, sizeof n, "%.4g", combinations);
        throw rc::input_error(std::string("sweep: ") + n +
                              " combinations, more than 1e6; use fewer GPUs, workloads, precisions, batches or "
                              "sequence lengths, or several sweeps");
    }
    // Point-major, GPU-minor: each configuration is lowered once and costed on every GPU.
    std::vector<rc::sweep_point> points;
    const rc::run_config base = to_run_config(r);
    for (const rc::workload* w : workloads) {
        for (rc::precision p : precisions) {
            for (long long s : seqs) {
                for (long long b : batches) {
                    rc::run_config cfg = base;
                    cfg.precision = p;
                    cfg.batch = b;
                    if (s > 0) {
                        cfg.seq_len = s;
                    }
                    points.push_back({w, cfg});
                }
            }
        }
    }
    std::vector<const rc::gpu_spec*> gpu_list;
    for (const rc::gpu_spec& g : gpus) {
        gpu_list.push_back(&g);
    }
    const rc::cost_params params = load_params(opt);
    const std::size_t total = points.size() * gpu_list.size();
    std::atomic<std::size_t> done{0};
    rc::sweep_options how;
    how.threads = sw.threads;
    how.progress = &done;
    std::vector<rc::sweep_result> results;
    if (isatty(STDERR_FILENO) != 0 && total >= 20000) {  // a progress line when it takes noticeable time
        std::atomic<bool> finished{false};
        auto draw = [total](std::size_t n) {
            const std::size_t width = 30, filled = width * n / total;
            std::cerr << "\rroofcast: sweep [" << std::string(filled, '#') << std::string(width - filled, '.') << "] "
                      << 100 * n / total << "% " << n << " / " << total << std::flush;
        };
        std::thread bar([&] {
            while (!finished) {
                draw(done);
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
            draw(total);
            std::cerr << '\n';
        });
        try {
            results = rc::sweep(points, gpu_list, params, how);
        } catch (...) {
            finished = true;
            bar.join();
            throw;
        }
        finished = true;
        bar.join();
    } else {
        results = rc::sweep(points, gpu_list, params, how);
    }
    std::vector<rc::prediction> ok;
    ok.reserve(results.size());
    std::size_t failed = 0;
    const std::string* first_error = nullptr;
    for (rc::sweep_result& one : results) {
        if (one.result) {
            ok.push_back(std::move(*one.result));
        } else {
            ++failed;
            first_error = first_error ? first_error : &one.error;
        }
    }
    if (opt.format == "json") {
        nlohmann::json rows = nlohmann::json::array();
        std::size_t next_ok = 0;
        for (std::size_t i = 0; i < results.size(); ++i) {
            const rc::sweep_point& pt = points[i / gpu_list.size()];
            rows.push_back(results[i].result.has_value() ? nlohmann::json(ok[next_ok++])
                                                         : nlohmann::json{{"gpu", gpu_list[i % gpu_list.size()]->name},
                                                                          {"workload", pt.source->name},
                                                                          {"batch", pt.config.batch},
                                                                          {"error", results[i].error}});
        }
        std::cout << nlohmann::json{{"results", rows}}.dump() << '\n';
    } else {
        const rc::text_table t = rc::prediction_row_table(ok);
        std::cout << (opt.format == "csv" ? t.to_csv() : t.to_text());
    }
    if (failed > 0) {
        std::cerr << "roofcast: " << failed << " of " << total << " configurations could not be predicted (e.g. "
                  << *first_error << ")\n";
    }
    return 0;
}

int cmd_workloads(const common_options& opt) {
    const rc::model_catalog c = load_catalog(opt);
    rc::text_table t({"workload", "kind", "parameters", "layers", "hidden", "heads", "origin"});
    nlohmann::json all = nlohmann::json::array();
    for (const rc::workload& w : c.workloads()) {
        char params[32];
        std::snprintf(params, sizeof params, "%.4g M", rc::parameters(w) / 1e6);
        if (w.transformer) {
            const auto& tc = *w.transformer;
            t.add_row({w.name, std::string(rc::to_string_view(tc.kind)), params,
                       std::to_string(tc.layers + tc.decoder_layers), std::to_string(tc.hidden),
                       std::to_string(tc.heads), tc.origin});
        } else {
            t.add_row({w.name, "cnn", params, std::to_string(w.cnn->layers.size()), "-", "-", "built-in (C++)"});
        }
        all.push_back({{"name", w.name},
                       {"kind", w.cnn ? "cnn" : std::string(rc::to_string_view(w.transformer->kind))},
                       {"parameters", rc::parameters(w)}});
    }
    if (opt.format == "json") {
        std::cout << nlohmann::json{{"workloads", all}}.dump(2) << '\n';
    } else if (opt.format == "csv") {
        std::cout << t.to_csv();
    } else {
        std::cout << t.to_text();
    }
    return 0;
}

int cmd_workload(const common_options& opt, const std::string& name) {
    const rc::model_catalog c = load_catalog(opt);
    const rc::workload& w = c.workload_named(name);
    // FLOPs per sample (CNN, 224x224 or the network's size) or per token (transformer forward at seq 2048/512).
    rc::run_config cfg;
    cfg.mode = rc::mode::infer;
    cfg.precision = rc::precision::fp16;
    double forward = 0.0;
    std::string per;
    rc::text_table layers({"layer", "kind", "output", "parameters", "MACs/sample"});
    if (w.cnn) {
        for (const rc::kernel& k : rc::lower_cnn(*w.cnn, cfg, 1).kernels) {
            forward += k.work.value() * k.count;
        }
        per = "sample";
        for (const rc::cnn_layer& l : w.cnn->layers) {
            if (l.kind == rc::cnn_layer_kind::conv || l.kind == rc::cnn_layer_kind::linear) {
                char p[32], m[32];
                std::snprintf(p, sizeof p, "%.4g", rc::parameters(l));
                std::snprintf(m, sizeof m, "%.4g", rc::macs(l));
                layers.add_row({l.name, l.kind == rc::cnn_layer_kind::conv ? "conv" : "linear",
                                std::to_string(l.c_out) + "x" + std::to_string(l.h_out) + "x" + std::to_string(l.w_out),
                                p, m});
            }
        }
    } else {
        const rc::transformer_config& t = *w.transformer;
        rc::transformer_pass pass;
        pass.seq_q = pass.seq_kv = rc::default_seq_len(t);
        pass.logits_rows = t.kind == rc::transformer_kind::encoder ? 0 : pass.seq_q;
        for (const rc::kernel& k : rc::lower_transformer(t, cfg, pass).kernels) {
            forward += k.work.value() * k.count / static_cast<double>(pass.seq_q);
        }
        per = "token (forward, seq " + std::to_string(pass.seq_q) + ")";
    }
    if (opt.format == "json") {
        nlohmann::json j{{"name", w.name},
                         {"kind", w.cnn ? "cnn" : std::string(rc::to_string_view(w.transformer->kind))},
                         {"parameters", rc::parameters(w)},
                         {"forward_flops", forward},
                         {"flops_per", per}};
        if (w.transformer) {
            const auto& t = *w.transformer;
            j["layers"] = t.layers;
            j["decoder_layers"] = t.decoder_layers;
            j["hidden"] = t.hidden;
            j["heads"] = t.heads;
            j["kv_heads"] = t.kv_heads;
            j["head_dim"] = t.head_dim;
            j["ffn_hidden"] = t.ffn_hidden;
            j["ffn"] = std::string(rc::to_string_view(t.ffn));
            j["vocab"] = t.vocab;
            j["experts"] = t.experts;
            j["training_flops_per_token"] = 3.0 * forward;
        }
        std::cout << j.dump(2) << '\n';
        return 0;
    }
    std::cout << w << "\n  forward " << rc::to_string(forward * rc::units::flop) << " per " << per;
    if (w.transformer) {
        const auto& t = *w.transformer;
        std::cout << "; training about 3x that\n  " << rc::to_string_view(t.kind) << ", " << t.layers
                  << (t.decoder_layers ? "+" + std::to_string(t.decoder_layers) : "") << " layers, hidden " << t.hidden
                  << ", " << t.heads << " heads (" << t.kv_heads << " kv, " << t.head_dim << " wide), ffn "
                  << t.ffn_hidden << " " << rc::to_string_view(t.ffn) << ", vocab " << t.vocab << ", "
                  << rc::to_string_view(t.norm) << ", " << rc::to_string_view(t.position)
                  << (t.experts > 1 ? ", " + std::to_string(t.experts) + " experts top-" + std::to_string(t.top_k) : "")
                  << "\n  " << t.description << "\n  source: " << t.origin << '\n';
    } else {
        std::cout << "\n\n" << layers.to_text();
    }
    return 0;
}

int cmd_roofline(const common_options& opt, const std::string& name, const std::string& svg, const run_options& run) {
    const rc::model_catalog c = load_catalog(opt);
    const rc::gpu_spec g = resolve_gpu(c, name);
    // With a workload, each kernel class of the predicted run is a point: its work over its DRAM traffic,
    // at its achieved rate.
    std::vector<rc::roofline_point> points;
    if (!run.workload.empty()) {
        const rc::prediction p = rc::predict(c.workload_named(run.workload), g, to_run_config(run), load_params(opt));
        for (const rc::breakdown_entry& b : p.breakdown) {
            if (b.work.value() > 0.0 && b.traffic.value() > 0.0 && b.time.value() > 0.0) {
                points.push_back({b.name + " (" + std::string(rc::to_string_view(b.limiter)) + ")", b.name,
                                  b.work / b.traffic, b.work / b.time});
            }
        }
    }
    const rc::roofline_chart chart = rc::make_roofline(g, points);
    if (!svg.empty()) {
        write_file(svg, rc::to_svg(chart));
    }
    if (opt.format == "json") {
        nlohmann::json ceilings = nlohmann::json::array();
        for (const rc::roofline_ceiling& x : chart.ceilings) {
            std::vector<std::string> types;
            for (rc::dtype d : x.dtypes) {
                types.push_back(rc::to_string(d));
            }
            ceilings.push_back({{"label", x.label},
                                {"dtypes", types},
                                {"peak_flops_per_s", x.peak.value()},
                                {"ridge_point_flops_per_byte", (x.peak / chart.bandwidth).value()}});
        }
        nlohmann::json pts = nlohmann::json::array();
        for (const rc::roofline_point& pt : chart.points) {
            pts.push_back({{"label", pt.label},
                           {"class", pt.group},
                           {"intensity_flops_per_byte", pt.intensity.value()},
                           {"achieved_flops_per_s", pt.achieved.value()}});
        }
        std::cout << nlohmann::json{{"gpu", chart.gpu_name},
                                    {"bandwidth_bytes_per_s", chart.bandwidth.value()},
                                    {"ceilings", ceilings},
                                    {"points", pts},
                                    {"svg", svg.empty() ? nlohmann::json(nullptr) : nlohmann::json(svg)}}
                         .dump(2)
                  << '\n';
    } else {
        std::cout << chart << (svg.empty() ? "" : "wrote " + svg + "\n");
    }
    return 0;
}

int cmd_check_spec(const common_options& opt, const std::string& file) {
    std::vector<std::string> warnings;
    const rc::gpu_spec g = rc::load_gpu_file(file, &warnings);
    for (const auto& w : warnings) {
        std::cerr << "roofcast: warning: " << w << '\n';
    }
    print_gpu(g, opt.format);
    if (!rc::datasheet_consistent(g)) {
        std::cerr << "roofcast: " << file << ": derived values disagree with the datasheet claims by more than "
                  << rc::datasheet_tolerance * 100 << "%\n";
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"roofcast " ROOFCAST_VERSION_STRING
                 " — predicts deep-learning time and memory on NVIDIA GPUs from their architecture parameters"};
    app.set_version_flag("--version", ROOFCAST_VERSION_STRING);
    app.require_subcommand(1);
    app.fallthrough(false);

    common_options opt;
    std::string name;
    std::string file;

    CLI::App* gpus = app.add_subcommand("gpus", "List the GPU catalog with derived peaks and datasheet checks");
    add_common(gpus, opt, {"text", "json", "csv"});

    CLI::App* gpu = app.add_subcommand("gpu", "Show one GPU: parameters, derived peaks, datasheet check");
    gpu->add_option("name", name, "GPU name or alias (case-insensitive)")->required();
    add_common(gpu, opt, {"text", "json", "csv"});

    CLI::App* check = app.add_subcommand(
        "check-spec", "Check a GPU description file: derived peaks vs its datasheet claims (exit 1 on mismatch)");
    check->add_option("file", file, "GPU description TOML (docs/gpu-format.md)")->required();
    check->add_option("--format", opt.format, "Output format")
        ->check(rc::cli::one_of({"text", "json", "csv"}))
        ->capture_default_str();

    run_options run;
    std::string gpus_list;
    CLI::App* predict =
        app.add_subcommand("predict", "Predict time, throughput, bound and memory of one run on one GPU type");
    predict->add_option("--gpu", name, "GPU name or alias")->required();
    add_run_options(predict, run, true);
    predict->add_option("--params", opt.params_file, "Cost-model parameters TOML")->check(CLI::ExistingFile);
    add_common(predict, opt, {"text", "json", "csv"});

    CLI::App* compare =
        app.add_subcommand("compare", "Predict one run on several GPU types, side by side, with ratios");
    compare->add_option("--gpus", gpus_list, "Comma-separated GPU names (a MIG slice: NAME:PROFILE)")->required();
    compare->add_option("--objective", run.objective, "Rank by time, cost (needs --price-per-hour) or energy")
        ->check(rc::cli::one_of({"time", "cost", "energy"}))
        ->capture_default_str();
    add_run_options(compare, run, true);
    compare->add_option("--params", opt.params_file, "Cost-model parameters TOML")->check(CLI::ExistingFile);
    add_common(compare, opt, {"text", "json", "csv"});

    CLI::App* max_batch = app.add_subcommand("max-batch",
                                             "The largest batch that fits one GPU, the footprint item by "
                                             "item, and what would make it fit when nothing does");
    max_batch->add_option("--gpu", name, "GPU name or alias")->required();
    add_run_options(max_batch, run, false);
    add_common(max_batch, opt, {"text", "json"});

    int max_gpus = 64;
    CLI::App* scale = app.add_subcommand("scale", "Speedup and efficiency of data-parallel scaling from 1 to N GPUs");
    scale->add_option("--gpu", name, "GPU name or alias")->required();
    scale->add_option("--max-gpus", max_gpus, "Largest GPU count (powers of two up to it)")
        ->check(rc::cli::in_range(1, 1 << 20))
        ->capture_default_str();
    add_run_options(scale, run, true);
    add_common(scale, opt, {"text", "json", "csv"});

    sweep_options sw;
    CLI::App* sweep = app.add_subcommand("sweep",
                                         "Predict every combination of GPUs x workloads x precisions x "
                                         "batches (x sequence lengths): one row each");
    sweep->add_option("--gpus", sw.gpus, "Comma-separated GPU names, or all")->required();
    sweep->add_option("--workloads", sw.workloads, "Comma-separated workload names")->required();
    sweep->add_option("--mode", run.mode, "train or infer")
        ->check(rc::cli::one_of({"train", "infer"}))
        ->capture_default_str();
    sweep->add_option("--phase", run.phase, "Phase (default step / e2e)")
        ->check(rc::cli::one_of({"step", "e2e", "prefill", "decode", "serve"}));
    sweep->add_option("--precision", sw.precisions, "Comma-separated precisions")->capture_default_str();
    sweep->add_option("--batch", sw.batches, "Batches: A:B[:STEP] or a,b,c")->capture_default_str();
    sweep->add_option("--seq-len", sw.seq_lens, "Sequence lengths: A:B[:STEP] or a,b,c");
    sweep->add_option("--prompt-len", run.prompt_len, "LLM prompt tokens")->capture_default_str();
    sweep->add_option("--gen-len", run.gen_len, "LLM generated tokens")->capture_default_str();
    sweep->add_option("--num-gpus", run.num_gpus, "GPUs per configuration")->check(rc::cli::in_range(1, 1000000));
    sweep->add_option("--tp", run.tp, "Tensor-parallel degree")->check(rc::cli::in_range(1, 4096));
    sweep->add_option("--framework", run.framework, "Software profile")->capture_default_str();
    sweep->add_option("--threads", sw.threads, "Worker threads")
        ->check(rc::cli::in_range(1, 256))
        ->capture_default_str();
    sweep->add_option("--params", opt.params_file, "Cost-model parameters TOML")->check(CLI::ExistingFile);
    add_common(sweep, opt, {"text", "json", "csv"});

    CLI::App* workloads = app.add_subcommand("workloads", "List the workload catalog");
    add_common(workloads, opt, {"text", "json", "csv"});

    CLI::App* workload_cmd = app.add_subcommand("workload", "Show one workload: parameters, FLOPs, layers");
    workload_cmd->add_option("name", name, "Workload name or alias")->required();
    add_common(workload_cmd, opt, {"text", "json"});

    std::string svg;
    CLI::App* roofline = app.add_subcommand("roofline",
                                            "The roofline of a GPU: one ceiling per precision, the "
                                            "bandwidth slope; --svg writes the picture");
    roofline->add_option("--gpu", name, "GPU name or alias")->required();
    roofline->add_option("--svg", svg, "SVG file to write");
    add_run_options(roofline, run, true, false);
    roofline->add_option("--params", opt.params_file, "Cost-model parameters TOML")->check(CLI::ExistingFile);
    add_common(roofline, opt, {"text", "json"});

    data_options data;
    CLI::App* validate = app.add_subcommand(
        "validate", "Predict every row of a measurement CSV and report the errors (docs/accuracy.md)");
    validate->add_option("--data", data.data, "Measurement CSV (schema: models/measurements/README.md)")
        ->required()
        ->check(CLI::ExistingFile);
    validate->add_option("--report", data.report, "Markdown accuracy report to write (docs/accuracy.md)");
    validate->add_option("--mode", data.mode, "Only rows of this mode")
        ->check(rc::cli::one_of({"train", "infer", "micro"}));
    validate->add_option("--params", opt.params_file, "Cost-model parameters TOML (default: the shipped calibration)")
        ->check(CLI::ExistingFile);
    add_common(validate, opt, {"text", "json", "csv"});

    CLI::App* calibrate =
        app.add_subcommand("calibrate", "Fit the cost-model parameters to a measurement CSV (docs/calibration.md)");
    calibrate->add_option("--data", data.data, "Measurement CSV")->required()->check(CLI::ExistingFile);
    calibrate->add_option("--out", data.out, "Parameter TOML to write")->required();
    calibrate->add_option("--report", data.report, "Markdown report to write (docs/calibration.md)");
    calibrate->add_option("--mode", data.mode, "Only rows of this mode")
        ->check(rc::cli::one_of({"train", "infer", "micro"}));
    calibrate->add_option("--gpu-file", opt.gpu_files, "GPU description TOML to add (repeatable)")
        ->check(CLI::ExistingFile);
    calibrate->add_option("--workload-file", opt.workload_files, "Transformer description TOML to add (repeatable)")
        ->check(CLI::ExistingFile);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "roofcast: error: " << e.what() << rc::cli::suggestion(app, argc, argv)
                  << " (see roofcast --help)\n";
        return 2;
    }

    try {
        if (*gpus) {
            return cmd_gpus(opt);
        }
        if (*gpu) {
            return cmd_gpu(opt, name);
        }
        if (*check) {
            return cmd_check_spec(opt, file);
        }
        if (*predict) {
            return cmd_predict(opt, run, name);
        }
        if (*compare) {
            return cmd_compare(opt, run, gpus_list);
        }
        if (*workloads) {
            return cmd_workloads(opt);
        }
        if (*max_batch) {
            return cmd_max_batch(opt, run, name);
        }
        if (*scale) {
            return cmd_scale(opt, run, name, max_gpus);
        }
        if (*sweep) {
            return cmd_sweep(opt, run, sw);
        }
        if (*workload_cmd) {
            return cmd_workload(opt, name);
        }
        if (*roofline) {
            return cmd_roofline(opt, name, svg, run);
        }
        if (*validate) {
            return cmd_validate(opt, data);
        }
        if (*calibrate) {
            return cmd_calibrate(opt, data);
        }
    } catch (const rc::error& e) {
        std::cerr << "roofcast: error: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "roofcast: internal error: " << e.what() << '\n';
        return 3;
    }
    return 2;
}
