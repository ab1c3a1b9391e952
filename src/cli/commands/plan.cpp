// `roofcast plan`: capacity planning. `plan train`: the cheapest (fastest, least energy) layout that trains a
// number of tokens or samples within a deadline and a budget; `plan serve`: the replicas per GPU type and
// tensor-parallel degree that serve a request rate within latency targets. Both are the library's
// plan_training and plan_serving (docs/planning.md).
#include "../cli.hpp"

#include <roofcast/io/request_lengths.hpp>

#include "../validators.hpp"

namespace roofcast {
namespace cli {

namespace {

struct plan_train_options {
    common_options common;
    std::string workload, gpus = "all", prices, objective;
    long long global_batch = 0;
    std::optional<double> tokens, samples, deadline_hours, deadline_days, budget;
    int max_gpus = 1024, threads = 1;
    std::size_t top = 10, explain = 5;
    run_config run;
};

struct plan_serve_options {
    common_options common;
    std::string workload, gpus = "all", prices, tps, lengths_file;
    double rate = 0.0;
    std::optional<long long> prompt_len, gen_len;
    std::optional<double> ttft_p50, ttft_p99, tpot_p50, tpot_p99;
    run_config run = serving_base();  // TensorRT-LLM unless --framework says otherwise
};

/// A time in seconds given as a number, or nothing.
std::optional<seconds> in_seconds(const std::optional<double>& s, double scale = 1.0) {
    return s ? std::optional<seconds>(*s * scale * units::second) : std::nullopt;
}

int run_train(const plan_train_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    training_request r;
    r.source = &c.workload_named(opt.workload);
    r.base = opt.run;
    r.global_batch = opt.global_batch;
    r.tokens = opt.tokens;
    r.samples = opt.samples;
    r.deadline = opt.deadline_days ? in_seconds(opt.deadline_days, 86400.0) : in_seconds(opt.deadline_hours, 3600.0);
    r.budget_usd = opt.budget;
    r.gpus = gpus_of(c, opt.gpus);
    r.prices = parse_prices(opt.prices);
    r.max_gpus = opt.max_gpus;
    r.objective = opt.objective.empty() ? (r.prices.empty() ? objective::time : objective::cost)
                                        : *parse_named(all_objectives, opt.objective);
    r.top = opt.top;
    r.explain = opt.explain;
    r.threads = opt.threads;
    return print(plan_training(r, load_params(opt.common)), opt.common.format);
}

int run_serve(const plan_serve_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    serving_request r;
    r.source = &c.workload_named(opt.workload);
    r.base = opt.run;
    r.rate = opt.rate;
    if (!opt.lengths_file.empty()) {
        r.lengths = load_request_lengths(opt.lengths_file);
    } else if (opt.prompt_len && opt.gen_len) {
        r.lengths = {{*opt.prompt_len, *opt.gen_len}};
    } else {
        throw input_error("give --prompt-len and --gen-len, or --lengths FILE");
    }
    r.targets = {in_seconds(opt.ttft_p50), in_seconds(opt.ttft_p99), in_seconds(opt.tpot_p50),
                 in_seconds(opt.tpot_p99)};
    r.gpus = gpus_of(c, opt.gpus);
    r.prices = parse_prices(opt.prices);
    for (long long tp : opt.tps.empty() ? std::vector<long long>{} : parse_counts("--tp", opt.tps, 1, 1024)) {
        r.tps.push_back(static_cast<int>(tp));
    }
    return print(plan_serving(r, load_params(opt.common)), opt.common.format);
}

/// Options both subcommands take: the workload, GPUs and prices.
void add_where(CLI::App* cmd, std::string& workload, std::string& gpus, std::string& prices) {
    cmd->add_option("--workload", workload, "Workload name (roofcast workloads)")->required();
    cmd->add_option("--gpus", gpus, "Comma-separated GPU types to consider, or all")->capture_default_str();
    cmd->add_option("--price-per-hour", prices, "USD per GPU-hour: one per GPU type, comma-separated, or one for all");
}

CLI::App* add_train(CLI::App* plan, plan_train_options& o) {
    CLI::App* cmd = plan->add_subcommand("train",
                                         "The best layouts (GPU type and count, tp, pp, dp, ZeRO, recompute, "
                                         "micro-batches) that train within a deadline and a budget");
    add_where(cmd, o.workload, o.gpus, o.prices);
    cmd->add_option("--global-batch", o.global_batch, "Sequences (samples) per optimizer step")
        ->required()
        ->check(in_range(1LL, run_limits::max_batch));
    auto* tokens = cmd->add_option("--tokens", o.tokens, "Tokens to train")->check(in_range(0.0, 1e18));
    cmd->add_option("--samples", o.samples, "Samples (sequences, images) to train")
        ->check(in_range(0.0, 1e18))
        ->excludes(tokens);
    auto* hours = cmd->add_option("--deadline-hours", o.deadline_hours, "Longest time to train, hours")
                      ->check(in_range(0.0, 1e9));
    cmd->add_option("--deadline-days", o.deadline_days, "Longest time to train, days")
        ->check(in_range(0.0, 1e9))
        ->excludes(hours);
    cmd->add_option("--budget", o.budget, "Most it may cost, USD (needs --price-per-hour)")->check(in_range(0.0, 1e15));
    cmd->add_option("--max-gpus", o.max_gpus, "Most GPUs a layout may use")
        ->check(in_range(1, run_limits::max_gpus))
        ->capture_default_str();
    cmd->add_option("--objective", o.objective, "Rank by time, cost or energy (default: cost with prices, else time)")
        ->check(one_of({"time", "cost", "energy"}));
    cmd->add_option("--top", o.top, "Layouts to list")->check(in_range<std::size_t>(1, 1000))->capture_default_str();
    cmd->add_option("--explain", o.explain, "Rejected GPU types and counts to explain, of each kind")
        ->check(in_range<std::size_t>(0, 1000))
        ->capture_default_str();
    cmd->add_option("--threads", o.threads, "Worker threads")->check(in_range(1, 256))->capture_default_str();
    bind_run_options(cmd, o.run, option_effect::both,
                     {"mode",           "phase",       "batch", "prompt-len",   "gen-len",         "num-gpus",
                      "nodes",          "tp",          "pp",    "ep",           "microbatches",    "accumulation",
                      "zero",           "recompute",   "beams", "mean-seq-len", "max-serve-batch", "max-batched-tokens",
                      "price-per-hour", "dataset-size"});
    add_common(cmd, o.common, {"text", "json", "csv"}, params_option::bound);
    return cmd;
}

CLI::App* add_serve(CLI::App* plan, plan_serve_options& o) {
    CLI::App* cmd = plan->add_subcommand("serve",
                                         "Replicas per GPU type and tensor-parallel degree that serve a "
                                         "request rate within TTFT and TPOT targets");
    add_where(cmd, o.workload, o.gpus, o.prices);
    cmd->add_option("--rate", o.rate, "Requests per second (Poisson arrivals)")->required()->check(in_range(0.0, 1e9));
    auto* prompt = cmd->add_option("--prompt-len", o.prompt_len, "Mean prompt tokens per request")
                       ->check(in_range(1LL, run_limits::max_tokens));
    auto* gen = cmd->add_option("--gen-len", o.gen_len, "Mean tokens generated per request")
                    ->check(in_range(1LL, run_limits::max_tokens));
    cmd->add_option("--lengths", o.lengths_file, "CSV of request lengths (columns prompt_len,gen_len), instead")
        ->check(CLI::ExistingFile)
        ->excludes(prompt)
        ->excludes(gen);
    cmd->add_option("--ttft-p50", o.ttft_p50, "Median time to first token, seconds")->check(in_range(0.0, 1e6));
    cmd->add_option("--ttft-p99", o.ttft_p99, "99th-percentile time to first token, seconds")
        ->check(in_range(0.0, 1e6));
    cmd->add_option("--tpot-p50", o.tpot_p50, "Median time per output token, seconds")->check(in_range(0.0, 1e6));
    cmd->add_option("--tpot-p99", o.tpot_p99, "99th-percentile time per output token, seconds")
        ->check(in_range(0.0, 1e6));
    cmd->add_option("--tp", o.tps,
                    "Tensor-parallel degrees to try: a,b,c (default: those up to a node's GPUs that split the "
                    "heads, key/value heads and FFN widths)");
    bind_run_options(cmd, o.run, option_effect::both,
                     {"mode",
                      "phase",
                      "batch",
                      "seq-len",
                      "image-size",
                      "prompt-len",
                      "gen-len",
                      "num-gpus",
                      "nodes",
                      "tp",
                      "pp",
                      "ep",
                      "microbatches",
                      "accumulation",
                      "zero",
                      "recompute",
                      "sequence-parallel",
                      "peft",
                      "lora-rank",
                      "lora-targets",
                      "optimizer",
                      "beams",
                      "mean-seq-len",
                      "price-per-hour",
                      "dataset-size"});
    add_common(cmd, o.common, {"text", "json", "csv"}, params_option::bound);
    return cmd;
}

}  // namespace

command add_plan(CLI::App& app) {
    auto train = std::make_shared<plan_train_options>();
    auto serve = std::make_shared<plan_serve_options>();
    CLI::App* cmd = app.add_subcommand("plan",
                                       "Capacity planning: the cheapest layout that trains before a deadline "
                                       "(plan train), the replicas that meet a serving target (plan serve)");
    cmd->require_subcommand(1);
    CLI::App* train_cmd = add_train(cmd, *train);
    add_serve(cmd, *serve);
    return {cmd, [train, serve, train_cmd] { return *train_cmd ? run_train(*train) : run_serve(*serve); }};
}

}  // namespace cli
}  // namespace roofcast
