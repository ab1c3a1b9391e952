// The helpers of validate and calibrate (data.hpp).
#include "data.hpp"

#include "../validators.hpp"

namespace roofcast {
namespace cli {

void add_data_options(CLI::App* cmd, data_options& opt) {
    cmd->add_option("--data", opt.data, "Measurement CSV (schema: models/measurements/README.md); repeatable")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--mode", opt.mode, "Only rows of this mode")->check(one_of({"train", "infer", "micro"}));
}

measurement_set load_data(const data_options& opt) {
    std::vector<measurement_set> sets;
    for (const std::string& f : opt.data) {
        sets.push_back(load_measurements(f));
    }
    measurement_set set = merge_measurements(std::move(sets));
    if (!opt.mode.empty()) {
        std::vector<measurement> kept;
        for (measurement& m : set.rows) {
            if (m.mode == opt.mode) {
                kept.push_back(std::move(m));
            }
        }
        set.rows = std::move(kept);
    }
    return set;
}

std::string data_arguments(const data_options& opt) {
    std::string s;
    for (const std::string& f : opt.data) {
        s += (s.empty() ? "--data " : " --data ") + f;
    }
    return s;
}

int warn_skipped_rows(const validation_report& r) {
    std::size_t skipped = 0;
    for (const row_prediction& row : r.rows) {
        if (row.suspect || row.outside_model) {
            std::cerr << "roofcast: note: " << (row.file.empty() ? r.file : row.file) << ':' << row.line << ": "
                      << row.id << ": " << row.skip_reason << '\n';
        } else if (!row.predicted) {
            std::cerr << "roofcast: warning: " << (row.file.empty() ? r.file : row.file) << ':' << row.line << ": "
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

}  // namespace cli
}  // namespace roofcast
