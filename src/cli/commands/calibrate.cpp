// `roofcast calibrate`: the cost-model parameters fitted to measurement CSVs (docs/calibration.md), and with
// --cross-validate the accuracy on the sources or GPUs each fit did not see (docs/accuracy.md).
#include "../cli.hpp"

#include <roofcast/calibrate/cross_validate.hpp>
#include <roofcast/calibrate/fit.hpp>
#include <roofcast/io/params_toml.hpp>
#include <roofcast/report/calibration_report.hpp>

#include "../validators.hpp"
#include "data.hpp"

#include <unistd.h>
#include <filesystem>
#include <mutex>

namespace roofcast {
namespace cli {

namespace {

struct calibrate_options : data_options {
    std::vector<std::string> cross_validate;
    std::string accuracy_report;
    std::string held_out;
    std::vector<std::string> score;
    int threads = 2;
};

/// The --score files' rows (merged, --mode applied): predicted with the fitted parameters, never fitted.
measurement_set load_scored(const calibrate_options& opt) {
    data_options scored = opt;
    scored.data = opt.score;
    return load_data(scored);
}

/// Progress on stderr when it is a terminal.
bool interactive() {
    return isatty(STDERR_FILENO) != 0;
}

/// The cross-validations asked for, each with a progress line on a terminal.
std::vector<cross_validation> run_cross_validations(const calibrate_options& opt, const measurement_set& data,
                                                    const model_catalog& c) {
    std::vector<cross_validation> out;
    for (const std::string& s : opt.cross_validate) {
        const cv_split by = s == "gpu" ? cv_split::gpu : cv_split::source;
        cv_options o;
        o.threads = opt.threads;
        std::mutex lock;
        if (interactive()) {
            o.progress = [&lock, s](std::size_t done, std::size_t total) {
                const std::lock_guard<std::mutex> hold(lock);
                std::cerr << "\rroofcast: leave one " << s << " out: " << done << " / " << total << " folds"
                          << std::flush;
            };
        }
        out.push_back(cross_validate(data, c, by, o));
        if (interactive()) {
            std::cerr << '\n';
        }
    }
    return out;
}

/// Writes the calibration report and, next to it, the GEMM efficiency charts (REPORT_DIR/calibration/*.svg).
void write_calibration_report(const calibrate_options& opt, const calibration_result& res,
                              const validation_report& after, const measurement_set& data, const model_catalog& c,
                              const std::string& command) {
    const std::filesystem::path report(opt.report), figures = report.parent_path() / "calibration";
    const std::vector<family_chart> charts = gemm_efficiency_charts(data, c, res.params);
    std::filesystem::create_directories(figures);
    for (const family_chart& f : charts) {
        write_file((figures / (f.family + ".svg")).string(), to_svg(f.chart));
    }
    write_file(opt.report, calibration_markdown(res, after, charts, "calibration", command));
}

/// The memory rows scored: the allocator cache measured on the reserved_to_allocated rows, the rows in sample, and
/// held out (predicted with the cache measured without their source).
struct memory_scores {
    std::vector<allocator_fit> allocator;
    validation_report in_sample, held_out;
};

/// Measures the allocator cache into `params` and scores the memory rows; the footprint's likely range (the "memory"
/// error band) comes from the held-out rows.
memory_scores score_memory(const measurement_set& memory_data, const model_catalog& c, cost_params& params) {
    memory_scores m;
    m.allocator = fit_allocator_cache(memory_data, params);
    m.in_sample = validate(memory_data, c, params);
    m.held_out = allocator_held_out(memory_data, c, params);
    if (const auto band = memory_error_band(m.held_out, memory_data)) {
        params.error_bands["memory"] = *band;
    }
    return m;
}

/// accuracy.md's memory section, or nothing without memory rows.
std::string memory_section(const memory_scores& m, const measurement_set& memory_data) {
    return memory_data.rows.empty()
               ? std::string()
               : "\n" + memory_accuracy_markdown(m.held_out, m.in_sample, memory_data, m.allocator);
}

/// The command as documented, without output paths, so re-running it reproduces the files byte for byte.
std::string command_of(const calibrate_options& opt) {
    std::string command = "roofcast calibrate " + data_arguments(opt) + (opt.mode.empty() ? "" : " --mode " + opt.mode);
    for (const std::string& f : opt.score) {
        command += " --score " + f;
    }
    for (const std::string& s : opt.cross_validate) {
        command += " --cross-validate " + s;
    }
    return command;
}

/// "wrote FILE, FILE" for the files asked for, if any.
void print_written(const calibrate_options& opt) {
    std::string wrote;
    for (const std::string* f : {&opt.out, &opt.report, &opt.accuracy_report, &opt.held_out}) {
        wrote += f->empty() ? "" : (wrote.empty() ? "" : ", ") + *f;
    }
    if (!wrote.empty()) {
        std::cout << "wrote " << wrote << '\n';
    }
}

int run(const calibrate_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    // Memory rows are scored apart: no least-squares parameter changes a footprint; the allocator cache is
    // measured on them (docs/accuracy.md, "Memory").
    const auto [all_time, memory_data] = split_memory_rows(load_data(opt));
    // So are the serving rows under load: nothing is fitted on them (docs/accuracy.md, "Serving under load").
    const auto [data, serving_data] = split_serving_rows(all_time);
    calibration_options o;
    if (interactive()) {
        o.progress = [](int it, double cost) {
            std::cerr << "\rroofcast: calibrating, iteration " << it << ", cost " << cost << "   " << std::flush;
        };
    }
    calibration_result res = calibrate(data, c, prior_params(), o);
    if (o.progress) {
        std::cerr << '\n';
    }
    const std::string command = command_of(opt);
    const std::vector<cross_validation> cvs = run_cross_validations(opt, data, c);
    // The fitted model on its own rows (the likely ranges do not change a prediction, so once serves both uses).
    const validation_report after = validate(data, c, res.params);
    // The likely ranges: the held-out residuals (leaving sources out first) and those of the scored rows, which no
    // fit saw; the scored rows' coverage by ranges built without their source says whether the ranges are honest.
    const measurement_set scored_data = opt.score.empty() ? measurement_set{} : load_scored(opt);
    const validation_report scored = validate(scored_data, c, res.params);
    const std::vector<time_residual> scored_residuals = time_residuals(scored, scored_data, c);
    const std::vector<time_residual> pool = band_residuals(cvs, scored_residuals, after, data, c);
    res.params.error_bands = bands_of(pool);
    const std::map<std::string, range_coverage> coverage = held_out_coverage(pool, scored_residuals);
    const memory_scores memory = score_memory(memory_data, c, res.params);
    res.params.origin = "calibrated on " + data.file + (opt.mode.empty() ? "" : " (mode " + opt.mode + ")");
    if (!opt.out.empty()) {
        write_file(opt.out, to_toml(res.params, {"roofcast cost-model parameters, generated by:", command,
                                                 "Priors and fitting method: docs/calibration.md"}));
    }
    if (!opt.report.empty()) {
        write_calibration_report(opt, res, after, data, c, command);
    }
    if (!opt.accuracy_report.empty()) {
        write_file(opt.accuracy_report,
                   accuracy_markdown(after, cvs, command) + memory_section(memory, memory_data) +
                       (scored_data.rows.empty() ? std::string()
                                                 : "\n" + scored_accuracy_markdown(scored, scored_data, coverage)) +
                       (serving_data.rows.empty()
                            ? std::string()
                            : "\n" + serving_accuracy_markdown(validate(serving_data, c, res.params), serving_data)));
    }
    if (!opt.held_out.empty()) {
        write_file(opt.held_out, held_out_table(cvs, data).to_csv());
    }
    std::cout << describe(res, after);
    if (!scored_data.rows.empty()) {
        std::cout << "scored, never fitted (" << scored_data.file << "): " << summary_text(scored);
    }
    for (const cross_validation& cv : cvs) {
        std::cout << describe(cv);
    }
    print_written(opt);
    return warn_skipped_rows(after);
}

}  // namespace

command add_calibrate(CLI::App& app) {
    auto opt = std::make_shared<calibrate_options>();
    CLI::App* cmd = app.add_subcommand(
        "calibrate", "Fit the cost-model parameters to measurement CSVs and cross-validate them (docs/calibration.md)");
    add_data_options(cmd, *opt);
    cmd->add_option("--out", opt->out, "Parameter TOML to write");
    cmd->add_option("--report", opt->report,
                    "Markdown calibration report to write (docs/calibration.md), with its charts in calibration/");
    CLI::Option* cv_option =
        cmd->add_option("--cross-validate", opt->cross_validate,
                        "Refit leaving each source (or GPU) out and predict it: source, gpu (repeatable)")
            ->check(one_of({"source", "gpu"}));
    cmd->add_option("--accuracy-report", opt->accuracy_report,
                    "Markdown accuracy report to write (docs/accuracy.md): the cross-validations, then in-sample");
    cmd->add_option("--held-out", opt->held_out,
                    "CSV to write: every cross-validated row's out-of-sample prediction (needs --cross-validate)")
        ->needs(cv_option);
    cmd->add_option("--score", opt->score,
                    "Measurement CSV to predict with the fitted parameters and report apart, never fitted (repeatable)")
        ->check(CLI::ExistingFile);
    cmd->add_option("--threads", opt->threads, "Worker threads for the cross-validation folds")
        ->check(in_range(1, 256))
        ->capture_default_str();
    cmd->add_option("--gpu-file", opt->common.gpu_files, "GPU description TOML to add (repeatable)")
        ->check(CLI::ExistingFile);
    cmd->add_option("--workload-file", opt->common.workload_files, "Transformer description TOML to add (repeatable)")
        ->check(CLI::ExistingFile);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
