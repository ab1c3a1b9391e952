// `roofcast calibrate`: the cost-model parameters fitted to measurement CSVs (docs/calibration.md), and with
// --cross-validate the accuracy on the sources or GPUs each fit did not see (docs/accuracy.md).
#include "../cli.hpp"

#include <roofcast/calibrate/cross_validate.hpp>
#include <roofcast/calibrate/fit.hpp>
#include <roofcast/calibrate/ranged.hpp>
#include <roofcast/io/params_toml.hpp>
#include <roofcast/report/calibration_report.hpp>

#include "../validators.hpp"
#include "data.hpp"

#include <unistd.h>
#include <filesystem>
#include <memory>
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

/// The cross-validations asked for, in order.
std::vector<cv_split> splits_of(const calibrate_options& opt) {
    std::vector<cv_split> out;
    for (const std::string& s : opt.cross_validate) {
        out.push_back(s == "gpu" ? cv_split::gpu : cv_split::source);
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

/// accuracy.md's memory section, or nothing without memory rows.
std::string memory_section(const ranged_calibration& r, const measurement_set& memory_data) {
    return memory_data.rows.empty()
               ? std::string()
               : "\n" + memory_accuracy_markdown(r.memory_held_out, r.memory_in_sample, memory_data, r.allocator);
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

/// A progress line on stderr: each stage (the fit, each cross-validation) rewrites its own line, and a new stage or
/// the end of the run closes the open one.
class progress_line {
public:
    /// Shows `text` as stage `stage`'s progress.
    void show(const std::string& stage, const std::string& text) {
        const std::lock_guard<std::mutex> hold(lock_);
        std::cerr << (open_ && stage != stage_ ? "\n" : "\r") << text << "   " << std::flush;
        stage_ = stage;
        open_ = true;
    }
    /// Ends the open line, if any.
    void close() {
        const std::lock_guard<std::mutex> hold(lock_);
        if (open_) {
            std::cerr << '\n';
        }
        open_ = false;
    }

private:
    std::mutex lock_;
    std::string stage_;
    bool open_ = false;
};

/// The options of calibrate_with_ranges: progress on `line` (on a terminal), the cross-validations and files asked
/// for.
ranged_calibration_options ranged_options(const calibrate_options& opt, measurement_set memory_data,
                                          const std::shared_ptr<progress_line>& line) {
    ranged_calibration_options o;
    if (interactive()) {
        o.fit.progress = [line](int it, double cost) {
            line->show("fit",
                       "roofcast: calibrating, iteration " + std::to_string(it) + ", cost " + std::to_string(cost));
        };
        o.cv_progress = [line](cv_split by, std::size_t done, std::size_t total) {
            line->show(std::string(to_string_view(by)), "roofcast: leave one " + std::string(to_string_view(by)) +
                                                            " out: " + std::to_string(done) + " / " +
                                                            std::to_string(total) + " folds");
        };
    }
    o.splits = splits_of(opt);
    o.threads = opt.threads;
    o.scored = opt.score.empty() ? measurement_set{} : load_scored(opt);
    o.memory = std::move(memory_data);
    return o;
}

int run(const calibrate_options& opt) {
    const model_catalog c = load_catalog(opt.common);
    // Memory rows are scored apart: no least-squares parameter changes a footprint; the allocator cache is
    // measured on them (docs/accuracy.md, "Memory").
    const auto [all_time, memory_data] = split_memory_rows(load_data(opt));
    // So are the serving rows under load: nothing is fitted on them (docs/accuracy.md, "Serving under load").
    const auto [data, serving_data] = split_serving_rows(all_time);
    const auto line = std::make_shared<progress_line>();
    const ranged_calibration_options o = ranged_options(opt, memory_data, line);
    ranged_calibration r = calibrate_with_ranges(data, c, o);
    line->close();
    calibration_result& res = r.result;
    const std::string command = command_of(opt);
    res.params.origin = "calibrated on " + data.file + (opt.mode.empty() ? "" : " (mode " + opt.mode + ")");
    if (!opt.out.empty()) {
        write_file(opt.out, to_toml(res.params, {"roofcast cost-model parameters, generated by:", command,
                                                 "Priors and fitting method: docs/calibration.md"}));
    }
    if (!opt.report.empty()) {
        write_calibration_report(opt, res, r.in_sample, data, c, command);
    }
    if (!opt.accuracy_report.empty()) {
        write_file(opt.accuracy_report,
                   accuracy_markdown(r.in_sample, r.cvs, command) + memory_section(r, memory_data) +
                       (o.scored.rows.empty() ? std::string()
                                              : "\n" + scored_accuracy_markdown(r.scored, o.scored, r.coverage)) +
                       (serving_data.rows.empty()
                            ? std::string()
                            : "\n" + serving_accuracy_markdown(validate(serving_data, c, res.params), serving_data)));
    }
    if (!opt.held_out.empty()) {
        write_file(opt.held_out, held_out_table(r.cvs, data).to_csv());
    }
    std::cout << describe(res, r.in_sample);
    if (!o.scored.rows.empty()) {
        std::cout << "scored, never fitted (" << o.scored.file << "): " << summary_text(r.scored);
    }
    for (const cross_validation& cv : r.cvs) {
        std::cout << describe(cv);
    }
    print_written(opt);
    return warn_skipped_rows(r.in_sample);
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
