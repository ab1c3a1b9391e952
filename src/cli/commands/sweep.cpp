// `roofcast sweep`: every combination of GPUs × workloads × precisions × sequence lengths × batches, one row
// each; each configuration is lowered once and costed on every GPU, on --threads threads, with a progress bar
// on a terminal for large sweeps.
#include "../cli.hpp"

#include "../validators.hpp"

#include <unistd.h>
#include <atomic>
#include <chrono>
#include <thread>

namespace roofcast {
namespace cli {

namespace {

struct sweep_cli_options {
    common_options common;
    std::string gpus;
    std::string workloads;
    std::string precisions = "amp-fp16";
    std::string batches = "1";
    std::string seq_lens;
    int threads = 1;
    run_config run;
};

/// Sweeps with `how`, drawing a progress bar on stderr while it runs when `draw` is set.
std::vector<sweep_result> run_with_progress(const std::vector<sweep_point>& points,
                                            const std::vector<const gpu_spec*>& gpus, const cost_params& params,
                                            sweep_options how, bool draw) {
    std::atomic<std::size_t> done{0};
    how.progress = &done;
    if (!draw) {
        return sweep(points, gpus, params, how);
    }
    const std::size_t total = points.size() * gpus.size();
    std::atomic<bool> finished{false};
    auto bar = [total](std::size_t n) {
        const std::size_t width = 30, filled = width * n / total;
        std::cerr << "\rroofcast: sweep [" << std::string(filled, '#') << std::string(width - filled, '.') << "] "
                  << 100 * n / total << "% " << n << " / " << total << std::flush;
    };
    std::thread drawer([&] {
        while (!finished) {
            bar(done);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        bar(total);
        std::cerr << '\n';
    });
    struct join_on_exit {
        std::atomic<bool>& finished;
        std::thread& t;
        ~join_on_exit() {
            finished = true;
            t.join();
        }
    } joiner{finished, drawer};
    return sweep(points, gpus, params, how);
}

int run(const sweep_cli_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    const std::vector<gpu_spec> gpus = gpus_of(c, opt.gpus);
    sweep_grid grid;
    grid.base = opt.run;
    for (const std::string& n : split_list(opt.workloads)) {
        grid.workloads.push_back(&c.workload_named(n));
    }
    grid.precisions.clear();
    for (const std::string& n : split_list(opt.precisions)) {
        find_run_option("precision").set(grid.base, n);
        grid.precisions.push_back(grid.base.precision);
    }
    grid.batches = parse_counts("--batch", opt.batches, 1, run_limits::max_batch);
    if (!opt.seq_lens.empty()) {
        grid.seq_lens = parse_counts("--seq-len", opt.seq_lens, 1, run_limits::max_tokens);
    }
    sweep_report r;
    r.points = sweep_points(grid, gpus.size());
    std::vector<const gpu_spec*> gpu_list;
    for (const gpu_spec& g : gpus) {
        gpu_list.push_back(&g);
        r.gpus.push_back(g.name);
    }
    sweep_options how;
    how.threads = opt.threads;
    const bool draw = isatty(STDERR_FILENO) != 0 && r.points.size() * gpus.size() >= 20000;
    r.results = run_with_progress(r.points, gpu_list, load_params(opt.common), how, draw);
    print(r, opt.common.format, -1);
    const std::size_t failed = sweep_failures(r);
    if (failed > 0) {
        std::cerr << "roofcast: " << failed << " of " << r.results.size()
                  << " configurations could not be predicted (e.g. " << first_sweep_error(r) << ")\n";
    }
    return 0;
}

}  // namespace

command add_sweep(CLI::App& app) {
    auto opt = std::make_shared<sweep_cli_options>();
    CLI::App* cmd = app.add_subcommand(
        "sweep",
        "Predict every combination of GPUs x workloads x precisions x batches (x sequence lengths): one row each");
    cmd->add_option("--gpus", opt->gpus, "Comma-separated GPU names, or all")->required();
    cmd->add_option("--workloads", opt->workloads, "Comma-separated workload names")->required();
    cmd->add_option("--precision", opt->precisions, "Comma-separated precisions")->capture_default_str();
    cmd->add_option("--batch", opt->batches, "Batches: A:B[:STEP] or a,b,c")->capture_default_str();
    cmd->add_option("--seq-len", opt->seq_lens, "Sequence lengths: A:B[:STEP] or a,b,c");
    cmd->add_option("--threads", opt->threads, "Worker threads")->check(in_range(1, 256))->capture_default_str();
    bind_run_options(cmd, opt->run, option_effect::both, {"precision", "batch", "seq-len"});
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::bound);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
