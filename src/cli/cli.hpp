// What the commands of `roofcast` share: the options every command takes, loading the catalog and the
// parameters, binding the run options of the library's table (roofcast::run_options()), reading lists, and
// printing a library result as text, JSON or CSV. A command computes nothing itself: it parses, calls the
// library and prints what the library returns.
#ifndef ROOFCAST_CLI_CLI_HPP
#define ROOFCAST_CLI_CLI_HPP

#include <roofcast/io/json.hpp>
#include <roofcast/report/json.hpp>
#include <roofcast/roofcast.hpp>

#include <CLI/CLI.hpp>

#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace roofcast {
namespace cli {

/// Options every command shares.
struct common_options {
    std::string format = "text";
    std::vector<std::string> gpu_files;
    std::vector<std::string> workload_files;
    std::string params_file;
};

/// A command added to the app: its CLI11 subcommand and what runs it once parsed (returns the exit status).
struct command {
    CLI::App* app = nullptr;
    std::function<int()> run;
};

/// Adds --wide: text tables with every column (text_width() 0).
void add_wide(CLI::App* cmd);

/// Whether a command takes --params (every command that predicts time does).
enum class params_option { none, bound };

/// Adds --format (one of `formats`), --wide (where text is one), --gpu-file and --workload-file to `cmd`, and
/// --params where `params` is bound.
void add_common(CLI::App* cmd, common_options& opt, const std::vector<std::string>& formats, params_option params);

/// Binds every run option of roofcast::run_options() whose effect meets `effects` (time, memory or both) to
/// `cmd`, writing into `cfg`, except those named in `except`.
void bind_run_options(CLI::App* cmd, run_config& cfg, option_effect effects,
                      const std::vector<std::string>& except = {});

/// The built-in catalog plus the user's --gpu-file and --workload-file descriptions (warnings on stderr).
model_catalog load_catalog(const common_options& opt);

/// The workload a command runs: `given` (its --workload), or without one the workload of the only --workload-file.
std::string workload_name(const std::string& given, const common_options& opt);

/// The workload a run command predicts (`given`, or the single --workload-file's), after printing a warning for
/// each run option that has no effect on it (unused_options).
const workload& run_workload(const model_catalog& c, const std::string& given, const common_options& opt,
                             const run_config& run);

/// The shipped calibration, or the user's --params file (warnings on stderr).
cost_params load_params(const common_options& opt);

/// The items of a comma-separated list, empty items dropped.
std::vector<std::string> split_list(const std::string& s);

/// The GPUs of --gpus: "all" (the catalog) or a comma-separated list (MIG slices as NAME:PROFILE); input_error for
/// an empty list.
std::vector<gpu_spec> gpus_of(const model_catalog& c, const std::string& list);

/// A list of positive whole numbers: "A:B[:STEP]" (inclusive range) or "a,b,c", each between `lo` and `hi`;
/// `option` names the option in errors.
std::vector<long long> parse_counts(const std::string& option, const std::string& s, long long lo, long long hi);

/// The comma-separated prices of --price-per-hour, each a positive number of dollars.
std::vector<double> parse_prices(const std::string& s);

/// Writes `text` to `path`, or throws input_error naming the file.
void write_file(const std::string& path, const std::string& text);

/// Prints `r` in `format`: JSON (its to_json, indented by `indent`; -1 compact), CSV (its to_table) or text
/// (its describe). Returns 0.
template <class R>
int print(const R& r, const std::string& format, int indent = 2) {
    if (format == "json") {
        std::cout << nlohmann::json(r).dump(indent) << '\n';
    } else if (format == "csv") {
        std::cout << to_table(r).to_csv();
    } else {
        std::cout << describe(r);
    }
    return 0;
}

// The commands, one file each in src/cli/commands/.
command add_gpus(CLI::App& app);
command add_gpu(CLI::App& app);
command add_check_spec(CLI::App& app);
command add_predict(CLI::App& app);
command add_compare(CLI::App& app);
command add_max_batch(CLI::App& app);
command add_scale(CLI::App& app);
command add_sweep(CLI::App& app);
command add_workloads(CLI::App& app);
command add_workload(CLI::App& app);
command add_roofline(CLI::App& app);
command add_validate(CLI::App& app);
command add_calibrate(CLI::App& app);
command add_plan(CLI::App& app);

}  // namespace cli
}  // namespace roofcast

#endif
