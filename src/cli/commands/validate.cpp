// `roofcast validate`: every row of a measurement CSV predicted and compared with its measured value.
#include "../cli.hpp"

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/report/validation_report.hpp>

#include "data.hpp"

namespace roofcast {
namespace cli {

namespace {

int run(const data_options& opt) {
    const validation_report r = validate(load_data(opt), load_catalog(opt.common), load_params(opt.common));
    if (!opt.report.empty()) {
        write_file(opt.report, accuracy_markdown(r, "roofcast validate " + data_arguments(opt) +
                                                        (opt.mode.empty() ? "" : " --mode " + opt.mode) + " --report " +
                                                        opt.report));
    }
    print(r, opt.common.format);
    return warn_skipped_rows(r);
}

}  // namespace

command add_validate(CLI::App& app) {
    auto opt = std::make_shared<data_options>();
    CLI::App* cmd = app.add_subcommand(
        "validate", "Predict every row of a measurement CSV and report the errors (docs/accuracy.md)");
    add_data_options(cmd, *opt);
    cmd->add_option("--report", opt->report, "Markdown accuracy report to write (docs/accuracy.md)");
    add_common(cmd, opt->common, {"text", "json", "csv"}, params_option::bound);
    return {cmd, [opt] { return run(*opt); }};
}

}  // namespace cli
}  // namespace roofcast
