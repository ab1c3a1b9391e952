// What validate and calibrate share: the measurement file, a mode filter and the report of skipped rows.
#ifndef ROOFCAST_CLI_COMMANDS_DATA_HPP
#define ROOFCAST_CLI_COMMANDS_DATA_HPP

#include "../cli.hpp"

#include <roofcast/calibrate/validation.hpp>
#include <roofcast/io/measurements.hpp>

#include <string>

namespace roofcast {
namespace cli {

/// Options of validate and calibrate.
struct data_options {
    common_options common;
    std::vector<std::string> data;
    std::string mode;
    std::string out;
    std::string report;
};

/// The --data files as the documented command names them: "--data A --data B".
std::string data_arguments(const data_options& opt);

/// Adds --data (required, repeatable) and --mode to `cmd`.
void add_data_options(CLI::App* cmd, data_options& opt);

/// The measurements of every --data file (merged), only those of --mode when given.
measurement_set load_data(const data_options& opt);

/// Warns on stderr about every row of `r` that was not predicted ("FILE:LINE: ID: skipped: REASON") and
/// returns 2 (bad input) when there is one, else 0: the whole report is written either way. Rows left out on
/// purpose (marked SUSPECT in their notes) get a note instead and are not an error.
int warn_skipped_rows(const validation_report& r);

}  // namespace cli
}  // namespace roofcast

#endif
