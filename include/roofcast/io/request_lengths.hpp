/// @file
/// The request lengths of a service from a CSV file (plan_serving's distribution, `roofcast plan serve
/// --lengths FILE`): a header naming the columns `prompt_len` and `gen_len` (others are ignored, so a trace's
/// other columns may stay), then one request per line.
#ifndef ROOFCAST_IO_REQUEST_LENGTHS_HPP
#define ROOFCAST_IO_REQUEST_LENGTHS_HPP

#include <roofcast/detail/files.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/csv.hpp>
#include <roofcast/model/run_config.hpp>
#include <roofcast/model/serving_plan.hpp>

#include <cstddef>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace roofcast {

namespace detail {

/// The index of column `name` in `header`, or input_error "FILE:1: no column 'NAME'".
inline std::size_t length_column(const csv_record& header, const std::string& name, const std::string& file) {
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
        if (header.fields[i] == name) {
            return i;
        }
    }
    throw input_error(file + ":" + std::to_string(header.line) + ": no column '" + name +
                      "' (the header must name prompt_len and gen_len)");
}

/// Field `column` of `rec` as a token count between 1 and run_limits::max_tokens, or input_error naming the file,
/// line and column.
inline long long token_count(const csv_record& rec, std::size_t column, const char* name, const std::string& file) {
    const std::string v = column < rec.fields.size() ? rec.fields[column] : std::string();
    const bool digits = !v.empty() && v.size() <= 8 && v.find_first_not_of("0123456789") == std::string::npos;
    const long long n = digits ? std::strtoll(v.c_str(), nullptr, 10) : 0;
    if (n < 1 || n > run_limits::max_tokens) {
        throw input_error(file + ":" + std::to_string(rec.line) + ": " + name + ": '" + v +
                          "' is not a whole number of tokens between 1 and 10000000");
    }
    return n;
}

}  // namespace detail

/// The request lengths of CSV `text` (read from `file`, named in errors). Throws input_error "FILE:LINE: ..."
/// for a missing column, a value that is not a token count between 1 and 1e7, or a file without requests.
inline std::vector<request_length> parse_request_lengths(std::string_view text, const std::string& file) {
    const std::vector<csv_record> records = parse_csv(text, file);
    if (records.size() < 2) {
        throw input_error(file + ": no requests (a header prompt_len,gen_len and one line per request)");
    }
    const std::size_t prompt = detail::length_column(records[0], "prompt_len", file);
    const std::size_t gen = detail::length_column(records[0], "gen_len", file);
    std::vector<request_length> out;
    out.reserve(records.size() - 1);
    for (std::size_t i = 1; i < records.size(); ++i) {
        out.push_back({detail::token_count(records[i], prompt, "prompt_len", file),
                       detail::token_count(records[i], gen, "gen_len", file)});
    }
    return out;
}

/// The request lengths of the CSV file at `path` (parse_request_lengths); input_error when it cannot be read.
inline std::vector<request_length> load_request_lengths(const std::string& path) {
    return parse_request_lengths(detail::read_text_file(path, "request-length file"), path);
}

}  // namespace roofcast

#endif
