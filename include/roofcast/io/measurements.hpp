/// @file
/// Reads published-measurement CSV files (schema: models/measurements/README.md). Columns are found by
/// header name; each row that breaks the schema becomes a problem naming its line, column and value, and
/// reading goes on with the next row.
#ifndef ROOFCAST_IO_MEASUREMENTS_HPP
#define ROOFCAST_IO_MEASUREMENTS_HPP

#include <roofcast/detail/files.hpp>
#include <roofcast/detail/names.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/csv.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// One published measurement (one CSV row).
struct measurement {
    /// The file it was read from (as named to parse_measurements).
    std::string file;
    /// Line in the file where the row starts (1-based; the header is line 1).
    int line = 0;
    /// Stable row id ("r0001").
    std::string id;
    /// Short source name and the file/section the number comes from ("" when the column is absent).
    std::string source;
    /// GPU SKU as written (not checked against the catalog).
    std::string gpu;
    /// GPUs that produced the value.
    int num_gpus = 1;
    /// Model or microbenchmark name as written (not checked against a catalog).
    std::string workload;
    /// Kind of run: train, infer or micro.
    std::string mode;
    /// What was timed: step, e2e, prefill, decode, serve or op.
    std::string phase;
    /// Samples per GPU per step or call; std::nullopt when blank.
    std::optional<long long> batch;
    /// Tokens per sequence; std::nullopt when blank.
    std::optional<long long> seq_len;
    /// Square CNN input resolution; std::nullopt when blank.
    std::optional<long long> image_size;
    /// LLM input length; std::nullopt when blank (0 = decode from an empty context).
    std::optional<long long> prompt_len;
    /// LLM output length; std::nullopt when blank.
    std::optional<long long> gen_len;
    /// "" when blank, else fp32, tf32, amp-fp16, amp-bf16, fp16, bf16, fp8, int8 or int4.
    std::string precision;
    /// The key=value settings, in file order.
    std::vector<std::pair<std::string, std::string>> params;
    /// What `value` is: samples_per_s, tokens_per_s, latency_s, step_time_s, tflops, bandwidth_gbs, or a memory
    /// metric (is_memory_metric), per GPU.
    std::string metric;
    /// The measurement, total over num_gpus (finite, > 0).
    double value = 0.0;
    /// Provenance and caveats.
    std::string notes;

    /// The value of param `key`, or std::nullopt.
    std::optional<std::string> param(std::string_view key) const;
    /// Param `key` as a positive integer; std::nullopt if absent; throws input_error (with line and key) if
    /// present but not a positive integer.
    std::optional<long long> int_param(std::string_view key) const;
    /// The real value of param `key` (a finite number > 0), if given; throws input_error naming the line otherwise.
    std::optional<double> real_param(std::string_view key) const;
    /// Whether the notes mark the value `SUSPECT` (it contradicts its neighbours or physics, as the notes say):
    /// such a row is kept for the record but neither fitted nor scored (docs/accuracy.md).
    bool suspect() const { return notes.find("SUSPECT") != std::string::npos; }
    /// Whether the value is the DRAM's (param `saturated`, `yes` when absent): a STREAM figure that still rises
    /// with occupancy at 100 % measures the loads the SMs keep in flight, not the DRAM (`saturated=no`); such a
    /// row is scored but not fitted (it would pull down a family's `memory_efficiency`). Throws input_error on
    /// another value.
    bool saturated() const;
};

/// A row that could not be read: its line, id (if readable) and why.
struct measurement_problem {
    /// Line where the row starts.
    int line = 0;
    /// The row's id, "" when it could not be read.
    std::string id;
    /// What is wrong, naming the column and the bad value.
    std::string message;
    /// The file.
    std::string file;
};

/// The rows of a measurement file that could be read, and a problem for each that could not.
struct measurement_set {
    /// The file name used in messages ("A + B" for merged sets).
    std::string file;
    /// The files the rows come from, in order.
    std::vector<std::string> files;
    /// The rows that were read, in file order.
    std::vector<measurement> rows;
    /// One entry per row that was not read, in file order.
    std::vector<measurement_problem> problems;
};

namespace detail {

/// Accepted values of the `mode` column.
inline constexpr std::array<std::string_view, 3> measurement_modes = {"train", "infer", "micro"};
/// Accepted values of the `phase` column.
inline constexpr std::array<std::string_view, 6> measurement_phases = {"step",   "e2e",   "prefill",
                                                                       "decode", "serve", "op"};
/// Accepted values of the `metric` column.
inline constexpr std::array<std::string_view, 32> measurement_metrics = {
    "samples_per_s", "tokens_per_s", "latency_s", "step_time_s", "tflops", "bandwidth_gbs",
    // serving under load (serving.csv): throughput and request latencies as serving benchmarks print them
    "requests_per_s", "total_tokens_per_s", "ttft_mean_s", "ttft_p50_s", "ttft_p90_s", "ttft_p99_s", "tpot_mean_s",
    "tpot_p50_s", "tpot_p90_s", "tpot_p99_s", "itl_mean_s", "itl_p50_s", "itl_p90_s", "itl_p99_s", "e2e_mean_s",
    "e2e_p50_s", "e2e_p90_s", "e2e_p99_s",
    // memory (memory.csv)
    "peak_memory_gib", "reserved_memory_gib", "kv_cache_tokens", "kv_cache_gib", "weights_gib", "max_batch",
    "oom_batch", "reserved_to_allocated"};
/// The time metrics lead measurement_metrics; the memory metrics follow them.
inline constexpr std::size_t time_metric_count = 24;

/// Accepted non-blank values of the `precision` column.
inline constexpr std::array<std::string_view, 9> measurement_precisions = {
    "fp32", "tf32", "amp-fp16", "amp-bf16", "fp16", "bf16", "fp8", "int8", "int4"};
/// Columns a measurement file must have.
inline constexpr std::array<std::string_view, 10> measurement_required_columns = {
    "id", "gpu", "num_gpus", "workload", "mode", "phase", "precision", "params", "metric", "value"};

/// Largest accepted num_gpus.
inline constexpr long long max_measurement_gpus = 100000;
/// Largest accepted batch, seq_len, image_size, prompt_len or gen_len.
inline constexpr long long max_measurement_count = 1000000000;

/// A row check that failed; carries the message without line or id.
class measurement_row_error : public input_error {
public:
    using input_error::input_error;
};

/// Whether `s` is non-empty and only decimal digits.
inline bool is_digits(std::string_view s) {
    if (s.empty()) {
        return false;
    }
    for (char c : s) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    return true;
}

/// `s` as an integer in [lo, hi], or std::nullopt. The whole field must be decimal digits (no sign,
/// no spaces); an out-of-range value also gives std::nullopt.
inline std::optional<long long> parse_integer_field(std::string_view s, long long lo, long long hi) {
    if (!is_digits(s) || s.size() > 18) {
        return std::nullopt;
    }
    const std::string text(s);
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (errno != 0 || end != text.c_str() + text.size() || v < lo || v > hi) {
        return std::nullopt;
    }
    return v;
}

/// `s` as a finite number > 0, or std::nullopt. Only a plain decimal number is accepted (digits, '.',
/// exponent; no spaces, hex, inf or nan), and the whole field must be consumed.
inline std::optional<double> parse_positive_field(std::string_view s) {
    if (s.empty()) {
        return std::nullopt;
    }
    for (char c : s) {
        const bool ok = (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
        if (!ok) {
            return std::nullopt;
        }
    }
    const std::string text(s);
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (errno != 0 || end != text.c_str() + text.size() || !std::isfinite(v) || v <= 0.0) {
        return std::nullopt;
    }
    return v;
}

/// Whether `s` is one of `names`.
template <std::size_t N>
inline bool is_one_of(std::string_view s, const std::array<std::string_view, N>& names) {
    for (std::string_view n : names) {
        if (s == n) {
            return true;
        }
    }
    return false;
}

/// Throws measurement_row_error "column 'COLUMN' MESSAGE, got 'VALUE'".
[[noreturn]] inline void bad_column(std::string_view column, const std::string& message, std::string_view value) {
    throw measurement_row_error("column '" + std::string(column) + "' " + message + ", got '" + std::string(value) +
                                "'");
}

/// Whether a column may be left blank.
enum class blank { rejected, allowed };

/// `value`, the field of column `column`, checked to be one of `names` (or blank, where `blank` allows it).
template <std::size_t N>
inline std::string checked_name(std::string_view column, const std::string& value,
                                const std::array<std::string_view, N>& names, blank b) {
    const bool blank_ok = b == blank::allowed;
    if ((blank_ok && value.empty()) || is_one_of(value, names)) {
        return value;
    }
    bad_column(column, std::string("must be one of ") + (blank_ok ? "(blank), " : "") + join_names(names), value);
}

/// Column `column` as an integer in [lo, hi]; fails with "must be an integer >= LO" (or "must be at most
/// HI" for a larger integer).
inline long long checked_integer(std::string_view column, const std::string& value, long long lo, long long hi) {
    if (auto v = parse_integer_field(value, lo, hi)) {
        return *v;
    }
    const bool above = is_digits(value) && (value.size() > 18 || std::strtoll(value.c_str(), nullptr, 10) > hi);
    if (above) {
        bad_column(column, "must be at most " + std::to_string(hi), value);
    }
    bad_column(column, "must be an integer >= " + std::to_string(lo), value);
}

/// An optional count column: std::nullopt when blank, else an integer in [lo, max_measurement_count].
inline std::optional<long long> checked_count(std::string_view column, const std::string& value, long long lo) {
    if (value.empty()) {
        return std::nullopt;
    }
    return checked_integer(column, value, lo, max_measurement_count);
}

/// Splits "k=v;k=v" into pairs; an empty entry, key or value, a missing '=' or a repeated key fails.
inline std::vector<std::pair<std::string, std::string>> parse_params(const std::string& text) {
    std::vector<std::pair<std::string, std::string>> out;
    if (text.empty()) {
        return out;
    }
    std::set<std::string> seen;
    std::size_t start = 0;
    while (true) {
        const std::size_t semi = text.find(';', start);
        const std::string item = text.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
        const std::size_t eq = item.find('=');
        if (item.empty()) {
            bad_column("params", "must be key=value pairs joined by ';' (found an empty entry)", text);
        }
        if (eq == std::string::npos) {
            bad_column("params", "must be key=value pairs joined by ';' (entry '" + item + "' has no '=')", text);
        }
        std::string key = item.substr(0, eq);
        std::string val = item.substr(eq + 1);
        if (key.empty()) {
            bad_column("params", "must be key=value pairs joined by ';' (entry '" + item + "' has an empty key)", text);
        }
        if (val.empty()) {
            bad_column("params", "must be key=value pairs joined by ';' (key '" + key + "' has an empty value)", text);
        }
        if (!seen.insert(key).second) {
            bad_column("params", "repeats key '" + key + "'", text);
        }
        out.emplace_back(std::move(key), std::move(val));
        if (semi == std::string::npos) {
            break;
        }
        start = semi + 1;
    }
    return out;
}

/// Where each column is in the header.
struct measurement_columns {
    /// Column name -> field index.
    std::map<std::string, std::size_t, std::less<>> index;

    /// The field of `column` in `fields`, or "" when the file has no such column.
    const std::string& get(const std::vector<std::string>& fields, std::string_view column) const {
        static const std::string empty;
        const auto it = index.find(column);
        return it == index.end() ? empty : fields[it->second];
    }
};

/// The columns of a measurement file's `header` record; input_error (with `file` and the line) for a repeated column
/// or a missing required one.
inline measurement_columns measurement_header(const csv_record& header, const std::string& file) {
    measurement_columns cols;
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
        if (!cols.index.emplace(header.fields[i], i).second) {
            throw input_error(file + ":" + std::to_string(header.line) + ": header repeats column '" +
                              header.fields[i] + "'");
        }
    }
    std::string missing;
    int n_missing = 0;
    for (std::string_view c : measurement_required_columns) {
        if (cols.index.find(c) == cols.index.end()) {
            missing += (missing.empty() ? "'" : ", '") + std::string(c) + "'";
            ++n_missing;
        }
    }
    if (n_missing > 0) {
        throw input_error(file + ":" + std::to_string(header.line) + ": header lacks required column" +
                          (n_missing > 1 ? "s " : " ") + missing);
    }
    return cols;
}

/// Reads one row whose field count matches the header; throws measurement_row_error on a bad field.
inline measurement read_measurement_row(const csv_record& rec, const measurement_columns& cols) {
    const std::vector<std::string>& f = rec.fields;
    measurement m;
    m.line = rec.line;
    m.id = cols.get(f, "id");
    if (m.id.empty()) {
        throw measurement_row_error("column 'id' is empty");
    }
    m.source = cols.get(f, "source");
    m.gpu = cols.get(f, "gpu");
    if (m.gpu.empty()) {
        throw measurement_row_error("column 'gpu' is empty");
    }
    m.num_gpus = static_cast<int>(checked_integer("num_gpus", cols.get(f, "num_gpus"), 1, max_measurement_gpus));
    m.workload = cols.get(f, "workload");
    if (m.workload.empty()) {
        throw measurement_row_error("column 'workload' is empty");
    }
    m.mode = checked_name("mode", cols.get(f, "mode"), measurement_modes, blank::rejected);
    m.phase = checked_name("phase", cols.get(f, "phase"), measurement_phases, blank::rejected);
    m.batch = checked_count("batch", cols.get(f, "batch"), 1);
    m.seq_len = checked_count("seq_len", cols.get(f, "seq_len"), 1);
    m.image_size = checked_count("image_size", cols.get(f, "image_size"), 1);
    // prompt_len 0 is meaningful: llama-bench decode tests start from an empty context.
    m.prompt_len = checked_count("prompt_len", cols.get(f, "prompt_len"), 0);
    m.gen_len = checked_count("gen_len", cols.get(f, "gen_len"), 1);
    m.precision = checked_name("precision", cols.get(f, "precision"), measurement_precisions, blank::allowed);
    m.params = parse_params(cols.get(f, "params"));
    m.metric = checked_name("metric", cols.get(f, "metric"), measurement_metrics, blank::rejected);
    const std::string& v = cols.get(f, "value");
    auto value = parse_positive_field(v);
    if (!value) {
        bad_column("value", "must be a finite number > 0", v);
    }
    m.value = *value;
    m.notes = cols.get(f, "notes");
    return m;
}

}  // namespace detail

/// Whether `metric` measures memory (models/measurements/memory.csv): predicted from the footprint, not the time
/// model, and never fitted by calibrate.
inline bool is_memory_metric(std::string_view metric) {
    const auto memory = detail::measurement_metrics.begin() + detail::time_metric_count;
    return std::find(memory, detail::measurement_metrics.end(), metric) != detail::measurement_metrics.end();
}

/// Whether `metric` measures a served model's requests under load (models/measurements/serving.csv): request
/// throughput, total tokens per second and the request latencies (TTFT, TPOT, ITL, end to end).
inline bool is_serving_metric(std::string_view metric) {
    const auto first = detail::measurement_metrics.begin() + 6;
    return std::find(first, detail::measurement_metrics.begin() + detail::time_metric_count, metric) !=
           detail::measurement_metrics.begin() + detail::time_metric_count;
}

/// Whether `metric` is a time in seconds (latency_s, step_time_s, the serving latencies), not a rate.
inline bool is_time_metric(std::string_view metric) {
    return metric.size() > 2 && metric.substr(metric.size() - 2) == "_s" &&
           (metric.size() < 6 || metric.substr(metric.size() - 6) != "_per_s");
}

inline std::optional<std::string> measurement::param(std::string_view key) const {
    for (const auto& [k, v] : params) {
        if (k == key) {
            return v;
        }
    }
    return std::nullopt;
}

inline std::optional<long long> measurement::int_param(std::string_view key) const {
    auto v = param(key);
    if (!v) {
        return std::nullopt;
    }
    auto n = detail::parse_integer_field(*v, 1, 999999999999999999LL);
    if (!n) {
        throw input_error("line " + std::to_string(line) + " (" + id + "): param '" + std::string(key) +
                          "' must be a positive integer, got '" + *v + "'");
    }
    return n;
}

inline std::optional<double> measurement::real_param(std::string_view key) const {
    auto v = param(key);
    if (!v) {
        return std::nullopt;
    }
    auto x = detail::parse_positive_field(*v);
    if (!x) {
        throw input_error("line " + std::to_string(line) + " (" + id + "): param '" + std::string(key) +
                          "' must be a number > 0, got '" + *v + "'");
    }
    return x;
}

inline bool measurement::saturated() const {
    const auto v = param("saturated");
    if (v && *v != "yes" && *v != "no") {
        throw input_error("line " + std::to_string(line) + " (" + id + "): param 'saturated' must be yes or no, got '" +
                          *v + "'");
    }
    return v != std::optional<std::string>("no");
}

/// Parses measurement CSV text; `file` names it in messages. Throws input_error only when the file as a
/// whole is unusable (empty, a CSV syntax error, or a header that lacks a required column or repeats
/// one); each bad row becomes a problem and reading goes on.
inline measurement_set parse_measurements(std::string_view text, const std::string& file) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3);  // a UTF-8 byte-order mark
    }
    const std::vector<csv_record> records = parse_csv(text, file);
    if (records.empty()) {
        throw input_error(file + ": empty measurement file (no header line)");
    }
    const csv_record& header = records.front();
    const detail::measurement_columns cols = detail::measurement_header(header, file);
    const std::size_t id_col = cols.index.find("id")->second;

    measurement_set out;
    out.file = file;
    out.files = {file};
    std::map<std::string, int, std::less<>> first_line;  // id -> line of the row that was read
    for (std::size_t r = 1; r < records.size(); ++r) {
        const csv_record& rec = records[r];
        measurement_problem problem;
        problem.file = file;
        problem.line = rec.line;
        if (id_col < rec.fields.size()) {
            problem.id = rec.fields[id_col];
        }
        if (rec.fields.size() != header.fields.size()) {
            problem.message = "row has " + std::to_string(rec.fields.size()) + " fields, the header has " +
                              std::to_string(header.fields.size());
            out.problems.push_back(std::move(problem));
            continue;
        }
        try {
            measurement m = detail::read_measurement_row(rec, cols);
            m.file = file;
            const auto [it, inserted] = first_line.emplace(m.id, m.line);
            if (!inserted) {
                problem.message = "duplicate id '" + m.id + "' (first on line " + std::to_string(it->second) + ")";
                out.problems.push_back(std::move(problem));
                continue;
            }
            out.rows.push_back(std::move(m));
        } catch (const detail::measurement_row_error& e) {
            problem.message = e.what();
            out.problems.push_back(std::move(problem));
        }
    }
    return out;
}

/// Loads a measurement file (input_error "cannot open measurement file 'PATH': ..." if it cannot be read).
inline measurement_set load_measurements(const std::string& path) {
    return parse_measurements(detail::read_text_file(path, "measurement file"), path);
}

/// The rows and problems of several sets, in order: one set whose `file` is their names joined by " + ". Throws
/// input_error when two rows of different files share an id.
inline measurement_set merge_measurements(std::vector<measurement_set> sets) {
    measurement_set out;
    std::map<std::string, std::string, std::less<>> owner;  // id -> file
    for (measurement_set& s : sets) {
        out.file += (out.file.empty() ? "" : " + ") + s.file;
        out.files.insert(out.files.end(), s.files.begin(), s.files.end());
        for (measurement& m : s.rows) {
            const auto [it, inserted] = owner.emplace(m.id, m.file);
            if (!inserted) {
                throw input_error(m.file + ":" + std::to_string(m.line) + ": id '" + m.id + "' is also in " +
                                  it->second);
            }
            out.rows.push_back(std::move(m));
        }
        for (measurement_problem& p : s.problems) {
            out.problems.push_back(std::move(p));
        }
    }
    return out;
}

/// "FILE:LINE: ID: MESSAGE" (without "ID: " when the id could not be read).
inline std::string format_problem(const std::string& file, const measurement_problem& p) {
    std::string s = file + ":" + std::to_string(p.line) + ": ";
    if (!p.id.empty()) {
        s += p.id + ": ";
    }
    return s + p.message;
}

/// Prints each problem of `set` on its own line, as format_problem does; returns `os`.
inline std::ostream& print_problems(std::ostream& os, const measurement_set& set) {
    for (const measurement_problem& p : set.problems) {
        os << format_problem(p.file.empty() ? set.file : p.file, p) << '\n';
    }
    return os;
}

/// One line: "id gpu workload mode phase metric value" (value with up to 15 significant digits).
inline std::ostream& operator<<(std::ostream& os, const measurement& m) {
    std::ostringstream v;
    v.precision(15);
    v << m.value;
    return os << m.id << ' ' << m.gpu << ' ' << m.workload << ' ' << m.mode << ' ' << m.phase << ' ' << m.metric << ' '
              << v.str();
}

}  // namespace roofcast

#endif
