/// @file
/// Predicting published measurements and summarizing the errors (what `roofcast validate` reports and
/// `roofcast calibrate` minimizes). Needs no third-party library beyond roofcast's core (no Eigen).
#ifndef ROOFCAST_CALIBRATE_VALIDATION_HPP
#define ROOFCAST_CALIBRATE_VALIDATION_HPP

#include <roofcast/catalog.hpp>
#include <roofcast/error.hpp>
#include <roofcast/io/measurements.hpp>
#include <roofcast/model/cost.hpp>
#include <roofcast/model/lowering.hpp>
#include <roofcast/model/memory.hpp>
#include <roofcast/model/params.hpp>
#include <roofcast/model/precision.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/model/serving_load.hpp>
#include <roofcast/model/software.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// The prediction of one measurement row, or why it was skipped.
struct row_prediction {
    /// Row id.
    std::string id;
    /// The file of the row.
    std::string file;
    /// Line in the file.
    int line = 0;
    /// GPU, workload and metric of the row (for grouping).
    std::string gpu, workload, metric;
    /// Whether the row times one kernel (mode micro) rather than a whole network.
    bool kernel = false;
    /// The predicted value in the row's metric, when predicted.
    std::optional<double> predicted;
    /// The measured value.
    double measured = 0.0;
    /// Why the row was not predicted (empty when it was).
    std::string skip_reason;
    /// Whether it was left out on purpose: its notes mark the value SUSPECT (measurement::suspect()).
    bool suspect = false;
    /// Whether a memory row was skipped because its run is outside the memory model (an option it does not have,
    /// or a model outside the catalog): kept for the record, a note rather than an error.
    bool outside_model = false;

    /// |predicted − measured| / measured (0 when skipped).
    double ape() const { return predicted ? std::fabs(*predicted - measured) / measured : 0.0; }
};

/// Error statistics of a set of predictions.
struct error_summary {
    /// Rows considered.
    std::size_t rows = 0;
    /// Rows predicted.
    std::size_t predicted = 0;
    /// Median absolute percentage error (as a fraction).
    double median_ape = 0.0;
    /// Mean APE.
    double mean_ape = 0.0;
    /// 90th-percentile APE (linear interpolation).
    double p90_ape = 0.0;
    /// Fraction of predicted rows within 10%.
    double within_10pct = 0.0;
    /// Fraction of predicted rows within 25%.
    double within_25pct = 0.0;
};

/// The `q`-quantile of `v` (0 ≤ q ≤ 1) with linear interpolation between order statistics; 0 when empty.
inline double quantile(std::vector<double> v, double q) {
    if (v.empty()) {
        return 0.0;
    }
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

/// Summarizes the predicted rows among `rows`.
inline error_summary summarize(const std::vector<const row_prediction*>& rows) {
    error_summary s;
    s.rows = rows.size();
    std::vector<double> apes;
    for (const row_prediction* r : rows) {
        if (r->predicted) {
            apes.push_back(r->ape());
        }
    }
    s.predicted = apes.size();
    if (apes.empty()) {
        return s;
    }
    double sum = 0.0;
    std::size_t w10 = 0, w25 = 0;
    for (double a : apes) {
        sum += a;
        w10 += a <= 0.10 ? 1 : 0;
        w25 += a <= 0.25 ? 1 : 0;
    }
    const double n = static_cast<double>(apes.size());
    s.mean_ape = sum / n;
    s.median_ape = quantile(apes, 0.5);
    s.p90_ape = quantile(apes, 0.9);
    s.within_10pct = static_cast<double>(w10) / n;
    s.within_25pct = static_cast<double>(w25) / n;
    return s;
}

/// Everything `validate` reports: per-row predictions, the overall summary and groups.
struct validation_report {
    /// The data file.
    std::string file;
    /// One entry per row of the file (malformed rows included, as skipped).
    std::vector<row_prediction> rows;
    /// Over all rows.
    error_summary overall;
    /// By GPU, workload and metric.
    std::map<std::string, error_summary> by_gpu, by_workload, by_metric;
};

namespace detail {

/// Elements per array assumed for STREAM rows (the sources use arrays far larger than any L2):
/// 2^28 elements, 2 GiB of fp64 each.
inline constexpr double stream_elements = 268435456.0;

/// A GEMM row's time: a cuBLAS GEMM of the row's `m`, `n`, `k` (and `batch`, for batched GEMMs) in its
/// precision.
inline double gemm_row_time(const measurement& m, const cost_context& c, kernel& k) {
    const auto mm = m.int_param("m"), nn = m.int_param("n"), kk = m.int_param("k");
    const auto p = parse_precision(m.precision);
    if (!mm || !nn || !kk || !p) {
        throw input_error("gemm row without m, n, k and a precision");
    }
    const precision_types t = types_of(*p);
    k = kernels::gemm("gemm", *mm, *nn, *kk, t.math, t.activation, t.math_unit, m.int_param("batch").value_or(1));
    return cost(k, c).time.value();
}

/// An attention row's time and the FLOPs the FlashAttention benchmarks count for it (4·b·h·s_q·s_kv·d forward,
/// halved when causal; backward 2.5×, both 3.5×): fused attention kernels of the row's shape (`batch`, `heads`,
/// `kv_heads`, `seq_q`, `seq_kv`, `head_dim`, `causal`) for its `pass` (fwd, bwd or fwd_bwd); `impl=flash2` and
/// `impl=sdpa-flash` are FlashAttention-2, an Ampere-generation kernel (kernel::legacy_mma).
inline std::pair<double, double> attention_row_time(const measurement& m, const cost_context& c) {
    kernels::attention_desc a;
    const auto b = m.int_param("batch"), h = m.int_param("heads"), q = m.int_param("seq_q"), kv = m.int_param("seq_kv"),
               d = m.int_param("head_dim");
    const auto p = parse_precision(m.precision);
    if (!b || !h || !q || !kv || !d || !p) {
        throw input_error("attention row without batch, heads, seq_q, seq_kv, head_dim and a precision");
    }
    a.batch = *b;
    a.heads = *h;
    a.kv_heads = m.int_param("kv_heads").value_or(*h);
    a.seq_q = *q;
    a.seq_kv = *kv;
    a.head_dim = *d;
    a.causal = m.param("causal") == std::optional<std::string>("1");
    const std::string pass = m.param("pass").value_or("fwd");
    if (pass != "fwd" && pass != "bwd" && pass != "fwd_bwd") {
        throw input_error("attention row with pass '" + pass + "' (fwd, bwd, fwd_bwd)");
    }
    const dtype type = types_of(*p).math;
    // FlashAttention-2 (the package, or PyTorch SDPA's port of it) is an Ampere-generation kernel.
    const std::string impl = m.param("impl").value_or("");
    double time = 0.0;
    for (const kernels::direction dir : kernels::all_directions) {
        const bool backward = dir == kernels::direction::backward;
        if ((backward && pass != "fwd") || (!backward && pass != "bwd")) {
            kernel k = kernels::fused_attention("attention", a, type, dir);
            k.legacy_mma = impl == "flash2" || impl == "sdpa-flash";
            time += cost(k, c).time.value();
        }
    }
    const double fwd_flops = 4.0 * static_cast<double>(a.batch * a.heads) * static_cast<double>(a.seq_q) *
                             static_cast<double>(a.seq_kv) * static_cast<double>(a.head_dim) * (a.causal ? 0.5 : 1.0);
    return {time, fwd_flops * (pass == "fwd" ? 1.0 : pass == "bwd" ? 2.5 : 3.5)};
}

/// A STREAM row's kernel over stream_elements of its `dtype`: init (write 1), read (read 1), copy/scale (read
/// 1, write 1), add/triad/axpy (read 2, write 1).
inline kernel stream_row_kernel(const measurement& m) {
    const std::string name = m.param("kernel").value_or("");
    const bool two = name == "add" || name == "triad" || name == "axpy";
    if (name != "init" && name != "read" && name != "copy" && name != "scale" && !two) {
        throw input_error("unknown stream kernel '" + name + "' (init, read, copy, scale, add, triad, axpy)");
    }
    const auto d = parse_dtype(m.param("dtype").value_or("fp64"));
    if (!d) {
        throw input_error("unknown stream dtype '" + m.param("dtype").value_or("") + "'");
    }
    const int reads = name == "init" ? 0 : two ? 2 : 1;
    return kernels::stream("stream " + name, stream_elements, reads, name == "read" ? 0 : 1, *d);
}

/// Whether kernel row `m` times a framework's own kernels (normalizations, softmax, cross-entropy, pointwise)
/// rather than a library's: such rows are costed with the row's framework and fitted with the software.
inline bool is_framework_kernel_row(const measurement& m) {
    return m.mode == "micro" && (m.workload == "layernorm" || m.workload == "rmsnorm" || m.workload == "softmax" ||
                                 m.workload == "cross_entropy" || m.workload == "pointwise");
}

/// Whether calibration fits on row `m`: every row except the kernel rows whose time hangs on what the model does
/// not represent kernel by kernel, so that a parameter would absorb it: convolutions (cuDNN's algorithm choice:
/// Winograd, FFT, implicit GEMM, picked per shape by cudnn.benchmark), and normalizations, softmax and
/// cross-entropy (multi-pass reductions over long rows, fp32 upcasts). validate still predicts and reports them.
inline bool fitted_kernel_row(const measurement& m) {
    return m.mode != "micro" || !(m.workload == "conv2d" || (is_framework_kernel_row(m) && m.workload != "pointwise"));
}

/// The passes a kernel row times (`pass`: fwd, bwd, fwd_bwd; conv2d: also fwd_dgrad_wgrad): {forward, backward}.
inline std::pair<bool, bool> row_passes(const measurement& m) {
    const std::string pass = m.param("pass").value_or("fwd");
    if (pass != "fwd" && pass != "bwd" && pass != "fwd_bwd" && pass != "fwd_dgrad_wgrad") {
        throw input_error("kernel row with pass '" + pass + "' (fwd, bwd, fwd_bwd, fwd_dgrad_wgrad)");
    }
    return {pass != "bwd", pass != "fwd"};
}

/// A conv2d row's time and its direct-convolution FLOPs (2·n·p·q·k·(c/g)·r·s per pass): cuDNN kernels of the
/// row's shape (`n`, `c`, `h`, `w`, `k`, `r`, `s`, `stride`, `pad`, `groups`) in its precision, forward and, for
/// `pass=fwd_dgrad_wgrad`, both backward passes.
inline std::pair<double, double> conv2d_row_time(const measurement& m, const cost_context& c) {
    kernels::conv2d_desc d;
    const auto get = [&m](const char* key) {
        const auto v = m.int_param(key);
        if (!v) {
            throw input_error(std::string("conv2d row without '") + key + "'");
        }
        return *v;
    };
    d.n = get("n"), d.c = get("c"), d.h = get("h"), d.w = get("w"), d.k = get("k"), d.r = get("r"), d.s = get("s");
    d.stride = m.int_param("stride").value_or(1);
    d.pad = m.param("pad") == std::optional<std::string>("0") ? 0 : m.int_param("pad").value_or(0);
    d.groups = m.int_param("groups").value_or(1);
    const auto p = parse_precision(m.precision);
    if (!p) {
        throw input_error("conv2d row without a precision");
    }
    const precision_types t = types_of(*p);
    const auto [forward, backward] = row_passes(m);
    double time = 0.0, passes = 0.0;
    using kernels::conv_pass;
    for (const conv_pass pass : {conv_pass::forward, conv_pass::backward_data, conv_pass::backward_weight}) {
        if (pass == conv_pass::forward ? forward : backward) {
            time += cost(kernels::conv2d("conv2d", d, pass, t.math, t.math_unit), c).time.value();
            passes += 1.0;
        }
    }
    return {time, 2.0 * kernels::conv_macs(d) * passes};
}

/// The kernels a framework runs for one row of a normalization, softmax, cross-entropy or pointwise workload
/// over `rows`·`cols` elements (`op`: layer_norm, rms_norm, softmax, cross_entropy (kernels::cross_entropy), add, and
/// relu_square forward as two elementwise kernels). Eager chains of many small kernels (rms_norm_eager, ...) are
/// not modelled one by one and are refused (models/measurements/kernels-README.md).
inline std::vector<kernel> framework_row_kernels(const measurement& m) {
    const auto rows = m.int_param("rows"), cols = m.int_param("cols");
    const auto p = parse_precision(m.precision);
    if (!rows || !cols || !p) {
        throw input_error(m.workload + " row without rows, cols and a precision");
    }
    const double n = static_cast<double>(*rows) * static_cast<double>(*cols);
    const dtype type = types_of(*p).activation;
    const std::string op = m.param("op").value_or(m.workload);
    const auto [forward, backward] = row_passes(m);
    std::vector<kernel> ks;
    for (const kernels::direction d : kernels::all_directions) {
        const bool bwd = d == kernels::direction::backward;
        if (!(bwd ? backward : forward)) {
            continue;
        }
        if (op == "layer_norm" || op == "rms_norm") {
            const auto kind = op == "layer_norm" ? kernels::norm_kind::layer_norm : kernels::norm_kind::rms_norm;
            if (bwd) {
                kernels::append_norm_backward(ks, op, n, kind, type);
            } else {
                ks.push_back(kernels::norm(op, n, kind, type, kernels::direction::forward));
            }
        } else if (op == "cross_entropy") {
            for (kernel& k : kernels::cross_entropy(op, n, type, d)) {
                ks.push_back(std::move(k));
            }
        } else if (op == "softmax") {
            ks.push_back(kernels::softmax(op, n, type, d));
        } else if (op == "add" && !bwd) {
            ks.push_back(kernels::elementwise("add", n, 2, 1, type));
        } else if (op == "relu_square" && !bwd) {
            ks.push_back(kernels::elementwise("relu", n, 1, 1, type));
            ks.push_back(kernels::elementwise("square", n, 1, 1, type));
        } else {
            throw unsupported_error("kernel row '" + op + "' (" + (bwd ? "backward" : "forward") +
                                    ") is a chain of eager kernels roofcast does not model one by one");
        }
    }
    return ks;
}

/// The software profile a kernel row ran under: CUDA for STREAM, cuBLAS for library kernels (GEMM, attention,
/// convolution: cuDNN is costed like cuBLAS), and for framework kernels the row's framework (Liger's Triton
/// kernels as pytorch-compiled, whose pointwise kernels are Triton's too).
inline std::string micro_profile(const measurement& m) {
    if (m.workload == "stream") {
        return "cuda";
    }
    if (!is_framework_kernel_row(m)) {
        return "cublas";
    }
    const std::string f = m.param("framework").value_or("pytorch");
    return f == "liger" ? "pytorch-compiled" : f;
}

/// Predicts a `mode=micro` row in its metric: a GEMM, a fused attention kernel or a convolution (tflops or
/// latency_s), a STREAM kernel (bandwidth_gbs), or a framework's normalization, softmax, cross-entropy or
/// pointwise kernels (latency_s). `c` is the context the row ran in: the reference library's (cuBLAS, cuDNN,
/// CUDA) for library kernels (torch.matmul runs cuBLAS), the framework's for framework kernels.
inline double predict_micro(const measurement& m, const cost_context& c) {
    const bool tflops = m.metric == "tflops", latency = m.metric == "latency_s";
    if (m.workload == "gemm" && (tflops || latency)) {
        kernel k;
        const double time = gemm_row_time(m, c, k);
        return tflops ? k.work.value() / time / 1e12 : time;
    }
    if ((m.workload == "attention" || m.workload == "conv2d") && (tflops || latency)) {
        const auto [time, flops] = m.workload == "attention" ? attention_row_time(m, c) : conv2d_row_time(m, c);
        return tflops ? flops / time / 1e12 : time;
    }
    if (m.workload == "stream" && m.metric == "bandwidth_gbs") {
        const kernel k = stream_row_kernel(m);
        return traffic(k).value() / cost(k, c).time.value() / 1e9;
    }
    if (is_framework_kernel_row(m) && latency) {
        double time = 0.0;
        for (const kernel& k : framework_row_kernels(m)) {
            time += cost(k, c).time.value();
        }
        return time;
    }
    throw input_error(
        "micro rows are gemm, attention or conv2d (tflops, latency_s), stream (bandwidth_gbs), or "
        "layernorm, rmsnorm, softmax, cross_entropy, pointwise (latency_s), not " +
        m.workload + " " + m.metric);
}

}  // namespace detail

/// The framework release a row ran, where its params say: `version=` (torch-2.1, 0.14.0), or an NGC PyTorch
/// container's (`container=ngc-pytorch-YY.MM`: 23.03 and later ship PyTorch 2, earlier ones 1.x; "YY.x" counts as
/// the year's first release), or a llama.cpp build's date (`build=cuda-YYYY-MM`); "" when unknown (the current
/// release).
inline std::string framework_version_of(const measurement& m) {
    if (const auto v = m.param("version")) {
        return *v;
    }
    // llama.cpp rows name their build's date, `build=cuda-YYYY-MM` or `cuda-YYYY-spring` (taken as May, spring's
    // last month); its version is year.month (dequantizes_for_cublas).
    const std::string build = m.param("build").value_or("");
    if (build.size() >= 12 && build.rfind("cuda-", 0) == 0 && build[9] == '-') {
        const std::string year = build.substr(5, 4), rest = build.substr(10);
        const bool month = rest.size() == 2 && rest.find_first_not_of("0123456789") == std::string::npos;
        if (year.find_first_not_of("0123456789") == std::string::npos && (month || rest == "spring")) {
            return year + "." + (month ? rest : std::string("05"));
        }
    }
    const std::string c = m.param("container").value_or("");
    const std::string prefix = "ngc-pytorch-";
    if (c.rfind(prefix, 0) != 0) {
        return "";
    }
    const long release = detail::version_number(c.substr(prefix.size()));  // YY·1000 + MM
    return release >= 23003 ? "2.0" : "1.0";
}

namespace detail {

/// The software profile a training or inference row's framework is costed with: its own, or for frameworks without
/// one, the profile of the software they run (each named in docs/accuracy.md): the serving engines
/// (is_serving_engine) as tensorrt-llm; nanotron (PyTorch with Megatron-style
/// tensor and pipeline parallelism and fused kernels) and DeepSpeed on Megatron's model code (`megatron=1`) as
/// megatron; JAX (Pax, MaxText: XLA-compiled graphs) as tensorflow-xla; DeepSpeed under Hugging Face's Trainer and
/// Colossal-AI (Hugging Face's model code with its own shard policies) as hf-pytorch.
inline std::string time_profile(const measurement& m) {
    const std::string fw = m.param("framework").value_or("pytorch");
    if (is_serving_engine(fw)) {
        return "tensorrt-llm";
    }
    if (fw == "nanotron" || (fw == "deepspeed" && m.param("megatron") == std::optional<std::string>("1"))) {
        return "megatron";
    }
    if (fw == "jax") {
        return "tensorflow-xla";
    }
    if (fw == "deepspeed" || fw == "colossalai") {
        return "hf-pytorch";
    }
    return fw;
}

/// The recompute policy a row states: `recompute=` (none, selective, full), or JAX's rematerialization policy
/// (`remat=`): `full` recomputes each block; Pax's save_dot_with_no_batch_dim and MaxText's minimal_flash keep the
/// weight GEMMs' outputs and recompute the rest, the core attention and the pointwise ops: Megatron's selective.
inline recompute recompute_of(const measurement& m) {
    const std::string r = m.param("recompute").value_or(m.param("remat").value_or("none"));
    if (r == "full") {
        return recompute::full;
    }
    return r == "selective" || r == "save_dot_with_no_batch_dim" || r == "minimal_flash" ? recompute::selective
                                                                                         : recompute::none;
}

}  // namespace detail

/// The percentile a latency metric names (`ttft_p90_s` → 0.9, `tpot_p99_s` → 0.99), or none for a mean or a median.
inline std::optional<double> upper_percentile(const std::string& metric) {
    for (const auto& [tag, q] : {std::pair<const char*, double>{"_p90_s", 0.9}, {"_p99_s", 0.99}}) {
        const std::string t = tag;
        if (metric.size() > t.size() && metric.compare(metric.size() - t.size(), t.size(), t) == 0) {
            return q;
        }
    }
    return std::nullopt;
}

/// The batch cap of servers with in-flight batching (`batching=inflight`): TensorRT-LLM's engines for its throughput
/// benchmark are built for a maximum batch of 2048 sequences, so the KV cache, not the cap, bounds the batch.
inline constexpr long long inflight_serve_batch = 2048;

namespace detail {

/// The limits of a serving row's engine: running requests (vLLM's max_num_seqs, default 256 in its EngineArgs;
/// TensorRT-LLM's and LMDeploy's max_batch_size; SGLang's max_running_requests; otherwise inflight_serve_batch, so
/// that the KV cache bounds it) and tokens per iteration (vLLM's max_num_batched_tokens, SGLang's
/// chunked_prefill_size, TensorRT-LLM's max_num_tokens, LMDeploy's max_prefill_token_num; otherwise the profile's).
inline void read_engine_limits(const measurement& m, run_config& c) {
    const bool vllm = m.param("framework") == std::optional<std::string>("vllm");
    c.max_serve_batch = vllm ? 256 : inflight_serve_batch;
    for (const char* key : {"max_num_seqs", "max_batch_size", "max_running_requests"}) {
        if (const auto v = m.int_param(key)) {
            c.max_serve_batch = *v;
        }
    }
    for (const char* key :
         {"max_num_batched_tokens", "chunked_prefill_size", "max_num_tokens", "max_prefill_token_num"}) {
        if (const auto v = m.int_param(key)) {
            c.max_batched_tokens = *v;
        }
    }
}

/// The load of serving row `m`: `concurrency=` clients and/or `rate=` requests per second (`inf`: all at once), and
/// the `requests=` sent; throws unsupported_error for a static batch, a row that states no load, no engine or not its
/// mean lengths.
inline serving_load load_of(const measurement& m) {
    if (m.param("batching") == std::optional<std::string>("static")) {
        throw unsupported_error("a static batch (an engine's generation benchmark) is not serving under load");
    }
    if (!m.param("framework")) {
        throw unsupported_error("the serving engine is not stated");
    }
    if (m.param("lengths") == std::optional<std::string>("unknown") || !m.prompt_len || !m.gen_len) {
        throw unsupported_error("the mean request lengths are not stated (lengths=unknown)");
    }
    serving_load l;
    l.concurrency = m.real_param("concurrency");
    if (const auto r = m.param("rate")) {
        l.rate = *r == "inf" ? std::numeric_limits<double>::infinity() : m.real_param("rate").value_or(0.0);
    }
    if (!l.concurrency && !l.rate) {
        throw unsupported_error("a serving row needs its load: concurrency= or rate=");
    }
    const std::string dataset = m.param("dataset").value_or("fixed");
    if (!l.concurrency && l.rate && std::isinf(*l.rate) && dataset != "fixed") {
        throw unsupported_error("a burst of requests of varied lengths (" + dataset +
                                ") lasts as long as its longest request, which the mean lengths do not give");
    }
    l.requests = m.int_param("requests").value_or(0);
    return l;
}

/// Throws unsupported_error for a percentile above the median (upper_percentile) of requests of varied lengths: it
/// depends on the spread of their lengths, which a row's mean lengths do not give.
inline void require_fixed_lengths_for_percentile(const measurement& m) {
    const std::string dataset = m.param("dataset").value_or("fixed");
    if (upper_percentile(m.metric) && dataset != "fixed") {
        throw unsupported_error("metric '" + m.metric + "' of requests of varied lengths (" + dataset +
                                ") depends on how their lengths spread, which the mean lengths do not give");
    }
}

/// Serving row `m`'s metric from the engine's steady state `e` (serve_under_load) for requests of `prompt` and `gen`
/// tokens. A median of TTFT or TPOT is held against the model's mean (each request's TPOT is the mean iteration, and
/// below saturation the TTFT varies little); their 90th and 99th percentiles are the model's (serve_under_load) for
/// requests of fixed lengths. Other percentiles (inter-token, end-to-end) are not modelled.
inline double serving_metric(const measurement& m, const serving_estimate& e, long long prompt, long long gen) {
    const std::string& k = m.metric;
    const auto is = [&k](std::initializer_list<const char*> names) {
        return std::any_of(names.begin(), names.end(), [&k](const char* n) { return k == n; });
    };
    require_fixed_lengths_for_percentile(m);
    if (is({"tokens_per_s"})) return e.output_tokens_per_s;
    if (is({"requests_per_s"})) return e.requests_per_s;
    if (is({"total_tokens_per_s"})) return e.requests_per_s * static_cast<double>(prompt + gen);
    if (is({"ttft_mean_s", "ttft_p50_s"})) return e.ttft.value();
    if (is({"ttft_p90_s"})) return e.ttft_percentiles.p90.value();
    if (is({"ttft_p99_s"})) return e.ttft_percentiles.p99.value();
    if (is({"tpot_p90_s"})) return e.tpot_percentiles.p90.value();
    if (is({"tpot_p99_s"})) return e.tpot_percentiles.p99.value();
    if (is({"tpot_mean_s", "tpot_p50_s", "itl_mean_s", "itl_p50_s"})) {
        if (k.rfind("itl", 0) == 0 && m.int_param("multi_step").value_or(1) > 1) {
            throw unsupported_error(
                "multi-step scheduling emits tokens in bursts: its inter-token latency is not "
                "the iteration (score its TPOT)");
        }
        return e.tpot.value();
    }
    if (is({"e2e_mean_s", "e2e_p50_s"})) return e.ttft.value() + static_cast<double>(gen - 1) * e.tpot.value();
    throw unsupported_error("metric '" + k +
                            "': only the TTFT's and the TPOT's percentiles above the median are modelled");
}

/// Row `m` of a static batch (`batching=static`: an engine's generation benchmark such as LMDeploy's
/// profile_generation) in its metric: its `concurrency=` requests of fixed lengths start together, their prompts
/// prefilled as one batch and their tokens decoded as one batch. Output tokens per second are B·G over the prefill and
/// the G − 1 steps (predict, phase e2e); every first token comes after the batch's prefill; the q-quantile of the
/// per-token latency is the step at the q-quantile of the context, P + ⌈q·(G − 1)⌉ keys (a step's time grows with
/// its context, and every step decodes the whole batch).
inline double static_batch_metric(const measurement& m, const workload& w, const gpu_spec& g, run_config c,
                                  const cost_params& params) {
    if (m.param("dataset").value_or("fixed") != "fixed" || !m.prompt_len || !m.gen_len || *m.gen_len < 2) {
        throw unsupported_error("a static batch is modelled for fixed lengths with at least two generated tokens");
    }
    const auto clients = m.int_param("concurrency");
    if (!clients || *clients < 1) {
        throw unsupported_error("a static batch needs its size (concurrency=)");
    }
    c.batch = *clients;
    const long long P = c.prompt_len, G = c.gen_len;
    const std::string& k = m.metric;
    if (k == "tokens_per_s") {
        c.phase = phase::e2e;
        return *predict(w, g, c, params).tokens_per_s;
    }
    if (k == "ttft_mean_s" || k == "ttft_p50_s" || k == "ttft_p90_s" || k == "ttft_p99_s") {
        c.phase = phase::prefill;
        return predict(w, g, c, params).time.value();
    }
    const double q = k == "tpot_mean_s" ? 0.5 : upper_percentile(k).value_or(k == "tpot_p50_s" ? 0.5 : -1.0);
    if (q < 0.0) {
        throw unsupported_error("metric '" + k + "' is not predicted for a static batch");
    }
    c.phase = phase::decode;  // one step at context P + s: the prompt then s − 1 generated tokens, one being decoded
    c.prompt_len = P + static_cast<long long>(std::ceil(q * static_cast<double>(G - 1))) - 1;
    c.gen_len = 1;
    return predict(w, g, c, params).time.value();
}

}  // namespace detail

/// The layers a row's `lora_modules` names carry adapters on: the FFN too ("mlp", "all-linear", "all(...)") is
/// all; k or the output projection without the FFN is attention; q and v alone (LitGPT's and PEFT's default) qv.
inline lora_targets lora_targets_of(const std::string& modules) {
    if (modules.find("mlp") != std::string::npos || modules.find("all") != std::string::npos) {
        return lora_targets::all;
    }
    if (modules.find("k_proj") != std::string::npos || modules.find("o_proj") != std::string::npos ||
        modules.find("output_proj") != std::string::npos) {
        return lora_targets::attention;
    }
    return lora_targets::qv;
}

namespace detail {

/// The parameter-efficient fine-tuning of row `m` into `c`: LoRA or QLoRA (computing in BF16 where the row gives its
/// INT4 storage type), rank and target modules.
inline void read_peft(const measurement& m, run_config& c) {
    const auto method = m.param("peft");
    if (method == std::optional<std::string>("lora") || method == std::optional<std::string>("qlora")) {
        c.peft = *method == "lora" ? peft::lora : peft::qlora;
        if (c.peft == peft::qlora && c.precision == precision::int4) {
            c.precision = precision::bf16;  // rows give QLoRA's storage type; it computes in BF16
        }
        c.lora_rank = m.int_param("lora_rank").value_or(c.lora_rank);
        c.lora_targets = lora_targets_of(m.param("lora_modules").value_or("q_proj+v_proj"));
    }
}

/// The batch and lengths of row `m` into `c` (its phase set): a prefill of seq_len tokens where no prompt length is
/// given, a single forward pass where an e2e row gives no generated length.
inline void read_lengths(const measurement& m, run_config& c) {
    c.batch = m.batch.value_or(m.int_param("microbatch").value_or(c.mode == mode::train ? 8 : 1));
    c.seq_len = m.seq_len.value_or(0);
    c.image_size = m.image_size.value_or(0);
    c.prompt_len = m.prompt_len.value_or(c.phase == phase::e2e && !m.gen_len ? 0 : c.prompt_len);
    c.gen_len = m.gen_len.value_or(c.phase == phase::e2e ? 0 : 1);
    if (c.phase == phase::prefill) {
        c.prompt_len = m.prompt_len.value_or(c.seq_len > 0 ? c.seq_len : c.prompt_len);
    }
    if (c.phase == phase::e2e && !m.gen_len) {
        c.gen_len = 0;  // a single forward pass over seq_len tokens
    }
}

/// The GPUs and parallel layout of row `m` into `c`: tensor and pipeline parallel, micro-batches, ZeRO or FSDP's full
/// sharding, recomputation, sequence parallelism and Megatron's distributed optimizer.
inline void read_parallel(const measurement& m, run_config& c) {
    c.num_gpus = m.num_gpus;
    c.tp = static_cast<int>(m.int_param("tp").value_or(1));
    c.pp = static_cast<int>(m.int_param("pp").value_or(1));
    c.microbatches = static_cast<int>(m.int_param("microbatches").value_or(0));  // per step, with pp (0: default)
    const std::string fsdp = m.param("fsdp").value_or("");
    c.zero = static_cast<int>(m.int_param("zero").value_or(fsdp.rfind("full_shard", 0) == 0 ? 3 : 0));
    c.recompute = recompute_of(m);
    c.sequence_parallel = m.param("sequence_parallel") == std::optional<std::string>("1");
    if (m.param("distributed_optimizer") == std::optional<std::string>("1") && c.zero == 0) {
        c.zero = 1;  // Megatron's distributed optimizer shards the optimizer state: ZeRO stage 1
    }
}

/// The optimizer of row `m` into `c`, and what the run keeps in host memory.
inline void read_optimizer(const measurement& m, run_config& c) {
    const auto opt = m.param("optimizer");
    if (opt == std::optional<std::string>("none")) {
        c.with_optimizer = false;
    } else if (opt == std::optional<std::string>("lamb")) {
        c.optimizer = kernels::optimizer_kind::lamb;
    } else if (opt && opt->find("8bit") != std::string::npos && opt->find("paged") == std::string::npos) {
        c.optimizer = kernels::optimizer_kind::adamw8bit;  // bitsandbytes' Adam8bit / AdamW8bit
    }
    // What the run keeps in host memory: `offload` names the optimizer, the parameters (FSDP's cpu_offload, which
    // takes the optimizer along) and the saved activations; `optimizer_in_bwd=1` steps each parameter in the backward
    // pass; `loss_chunked=1` is torchtune's chunked cross entropy, 8 chunks (CEWithChunkedOutputLoss's default).
    const std::string offload = m.param("offload").value_or("none");
    c.offload.parameters = offload.find("params") != std::string::npos;
    c.offload.optimizer = offload.find("optimizer") != std::string::npos;
    c.offload.activations = offload.find("activations") != std::string::npos;
    c.optimizer_in_backward = m.param("optimizer_in_bwd") == std::optional<std::string>("1");
    if (m.param("loss_chunked") == std::optional<std::string>("1")) {
        c.loss_chunks = static_cast<int>(m.int_param("loss_chunks").value_or(8));
    }
}

/// The attention kernel of row `m` into `c` (its framework set).
inline void read_attention(const measurement& m, run_config& c) {
    // Fused attention where the row says so: `attention=flash`, or `fused=1` (NVIDIA's BERT scripts with their fused
    // multi-head attention); `attention=eager` runs it unfused; otherwise the framework's attention kernel (resolve()).
    const auto att = m.param("attention");
    // Megatron's local layer specs (transformer_impl=local, attention=local) run its own DotProductAttention: baddbmm,
    // a fused scale-mask-softmax and dropout, an unfused core attention
    // (megatron/core/transformer/dot_product_attention.py).
    const bool megatron_local =
        c.framework == "megatron" && (m.param("transformer_impl") == std::optional<std::string>("local") ||
                                      att == std::optional<std::string>("local"));
    if (att == std::optional<std::string>("flash") || m.param("fused") == std::optional<std::string>("1")) {
        c.fused_attention = true;
    } else if (att == std::optional<std::string>("eager") || att == std::optional<std::string>("unfused") ||
               megatron_local || m.param("scripts") == std::optional<std::string>("dle")) {
        c.fused_attention = false;  // eager or unfused attention, or NVIDIA's example scripts with their own
    }
    // The FlashAttention release a row names (`attention_impl=flash-attn-1.x`, `flash-attn-2`: nanotron, Megatron-
    // DeepSpeed) runs the Ampere MMA path on Hopper and later, whatever its framework's default.
    const std::string impl = m.param("attention_impl").value_or("");
    if (impl.rfind("flash-attn-1", 0) == 0 || impl.rfind("flash-attn-2", 0) == 0) {
        c.fused_attention = true;
        c.flash_attention_2 = true;
    }
}

/// Expert parallelism, beams and the nodes of row `m` into `c`.
inline void read_topology(const measurement& m, run_config& c) {
    c.ep = static_cast<int>(m.int_param("ep").value_or(1));
    c.beams = static_cast<int>(m.int_param("beams").value_or(1));
    c.gpus_per_node = static_cast<int>(m.int_param("gpus_per_node").value_or(0));
    if (const auto nodes = m.int_param("nodes");
        nodes && c.gpus_per_node == 0 && *nodes > 0 && m.num_gpus % *nodes == 0) {
        c.gpus_per_node = static_cast<int>(m.num_gpus / *nodes);  // the nodes' GPUs, where only nodes is given
    }
    if (const auto link = m.param("interconnect")) {
        c.interconnect = std::string(find_link(*link).name);  // an unknown link name is an error naming the closest
    }
}

}  // namespace detail

/// The run a measurement row describes (docs/model.md, "Validating against measurements"): sizes and
/// parallelism from its columns and params; `fp32` rows of NGC containers on tensor-core GPUs run TF32
/// when the source notes "possibly tf32" (the containers' default); `attention=flash` and `fused=1` use fused
/// attention, `attention=eager`, `attention=unfused`, Megatron's local spec and `scripts=dle` (NVIDIA's
/// example scripts, which compute attention themselves) unfused, others the framework's kernel at the row's release
/// (framework_version_of); `decoder_seq_len` is an encoder-decoder's target length; `mlm_positions` an encoder's
/// masked-LM positions; `kv_cache_dtype` (`auto`: the
/// model's type) and `kv_cache` the KV cache's type; `mean_seq_len` is the mean real
/// tokens of variable-length inputs (`--mean-seq-len`); `optimizer=none` times without
/// the update; `fsdp=full_shard` is ZeRO-3; `layout=nchw` transposes around tensor-core convolutions; a blank training
/// batch is the `microbatch` param, else 8.
inline run_config run_for(const measurement& m, const gpu_spec& g) {
    run_config c;
    c.mode = m.mode == "train" ? mode::train : mode::infer;
    c.phase = parse_named(all_phases, m.phase).value_or(phase::e2e);  // "op" rows are not workload rows
    const auto prec = parse_precision(m.precision);
    if (!prec) {
        throw input_error("row without a precision");
    }
    c.precision = *prec;
    detail::read_peft(m, c);
    c.framework = detail::time_profile(m);
    const std::string framework = m.param("framework").value_or("pytorch");
    c.engine = is_serving_engine(framework) ? framework : "";  // its scheduler's host time (scheduler_host_of)
    c.framework_version = c.framework == framework || !c.engine.empty() ? framework_version_of(m) : "";
    detail::read_lengths(m, c);
    detail::read_parallel(m, c);
    detail::read_optimizer(m, c);
    detail::read_attention(m, c);
    c.target_len = m.int_param("decoder_seq_len").value_or(0);   // an encoder-decoder's targets (T5)
    c.mlm_positions = m.int_param("mlm_positions").value_or(0);  // an encoder's masked-LM head (BERT pretraining)
    // The KV cache's type as the row states it: vLLM's and SGLang's kv_cache_dtype ("auto": the model's type;
    // fp8, fp8_e4m3, fp8_e5m2), TensorRT-LLM rows' kv_cache (fp8, int8).
    const std::string kv = m.param("kv_cache_dtype").value_or(m.param("kv_cache").value_or(""));
    if (kv.rfind("fp8", 0) == 0 || kv == "int8") {
        c.kv_cache_type = kv == "int8" ? dtype::int8 : dtype::fp8;
    } else if (kv == "auto") {
        c.kv_cache_type = types_of(c.precision).activation;
    }
    // "fp32" that the source marks as possibly TF32 (NGC containers' default) runs TF32 on tensor-core GPUs;
    // sources that list TF32 and FP32 separately ran true FP32.
    const bool tensor_core_gpu = g.arch != architecture::volta && g.arch != architecture::turing;
    c.allow_tf32 = tensor_core_gpu && m.notes.find("possibly tf32") != std::string::npos;
    c.accumulation = static_cast<int>(m.int_param("accum").value_or(1));
    c.mean_seq_len = m.int_param("mean_seq_len").value_or(0);  // variable-length inputs: real tokens per sequence
    c.channels_last = m.param("layout") != std::optional<std::string>("nchw");
    if (m.param("batching") == std::optional<std::string>("inflight")) {
        c.max_serve_batch = inflight_serve_batch;
    }
    if (!c.engine.empty() || m.param("concurrency") || m.param("rate")) {
        detail::read_engine_limits(m, c);
    }
    if (m.param("tf32") == std::optional<std::string>("off")) {
        c.allow_tf32 = false;  // the source says so
    }
    // PyTorch under torch.compile (`compile=1`) runs the compiled profile. TensorFlow with XLA (`xla=1`) is costed as
    // TensorFlow's graphs: XLA's fusion is not in the time model, and the rows of one source cannot fit a profile of
    // its own that holds out of sample (docs/accuracy.md).
    if (c.framework == "pytorch" && m.param("compile") == std::optional<std::string>("1")) {
        c.framework = "pytorch-compiled";
    }
    detail::read_topology(m, c);
    return c;
}

namespace detail {

/// The software profile whose memory habits a memory row's framework has: torchtune, LitGPT, Lightning, DeepSpeed
/// and Colossal-AI train PyTorch modules eagerly (compiled with `compile=1`); the serving engines run as
/// TensorRT-LLM's profile, their pool by their own rule (engine_of).
inline std::string memory_profile(const measurement& m) {
    const std::string fw = m.param("framework").value_or("pytorch");
    const bool compiled = m.param("compile") == std::optional<std::string>("1");
    for (const char* eager : {"pytorch", "torchtune", "litgpt", "pytorch-lightning", "deepspeed", "colossalai"}) {
        if (fw == eager) {
            return compiled ? "pytorch-compiled" : "pytorch";
        }
    }
    if (fw == "vllm" || fw == "sglang" || fw == "tgi") {
        return "tensorrt-llm";  // an engine that plans its memory; its pool by its own rule (engine_of)
    }
    if (fw == "unsloth") {
        throw unsupported_error("Unsloth's fused kernels and offloaded checkpoints are not in the memory model");
    }
    return fw;
}

/// The allocator cache `params` give the software profile of memory row `m`'s framework (memory_profile).
inline double allocator_cache_of(const measurement& m, const cost_params& params) {
    const std::string profile = memory_profile(m);
    const int i = profile_index(profile);
    if (i < 0) {
        throw unsupported_error("framework '" + profile + "' has no software profile, so no allocator cache");
    }
    return params.profile[static_cast<std::size_t>(i)].allocator_cache;
}

/// The engine memory settings a serving row states (vLLM's gpu_memory_utilization and max_num_batched_tokens,
/// SGLang's mem_fraction_static, TensorRT-LLM's kv_cache_free_gpu_mem_fraction), with the engines' defaults.
inline engine_memory engine_of(const measurement& m) {
    const std::string fw = m.param("framework").value_or("");
    auto real = [&m](const char* key, double fallback) { return m.real_param(key).value_or(fallback); };
    engine_memory e;
    if (fw == "vllm") {
        e.rule = kv_pool_rule::fraction_of_total;
        e.fraction = real("gpu_memory_utilization", 0.9);
        const long long model_len = m.int_param("max_model_len").value_or(8192);
        e.profile_tokens = m.int_param("max_num_batched_tokens").value_or(std::max<long long>(2048, model_len));
        e.profile_sequences = m.int_param("max_num_seqs").value_or(256);
    } else if (fw == "sglang") {
        e.rule = kv_pool_rule::static_fraction;
        e.fraction = real("mem_fraction_static", 0.88);
    } else if (fw == "tensorrt-llm") {
        e.rule = kv_pool_rule::fraction_of_free;
        e.fraction = real("kv_cache_free_gpu_mem_fraction", 0.9);
        e.profile_tokens = m.int_param("max_num_tokens").value_or(8192);
    } else {
        throw unsupported_error("the KV pool of framework '" + fw + "' is not modelled (vllm, sglang, tensorrt-llm)");
    }
    return e;
}

/// Options a memory row may state that the footprint does not model: the row is skipped with the reason.
inline void require_modelled_memory(const measurement& m) {
    for (const char* key : {"peft", "liger", "use_dora"}) {
        const auto v = m.param(key);
        if (v && *v != "0" && *v != "none" && !(std::string_view(key) == "peft" && (*v == "lora" || *v == "qlora"))) {
            throw unsupported_error(std::string(key) + "=" + *v + " is not in the memory model");
        }
    }
    if (m.param("settings") == std::optional<std::string>("undetermined")) {
        throw unsupported_error("the run's settings cannot be determined from its source (settings=undetermined)");
    }
    if (m.param("padded") == std::optional<std::string>("batch_longest")) {
        throw unsupported_error(
            "sequences padded to each batch's longest sample: the length at the peak is not stated");
    }
    if (m.param("lora_modules") == std::optional<std::string>("mlp")) {
        throw unsupported_error("adapters on the FFN alone (lora_modules=mlp) are not in the memory model");
    }
    for (const char* key : {"cp", "ep", "vp"}) {
        if (m.int_param(key).value_or(1) > 1) {
            throw unsupported_error(std::string(key) + " > 1 is not in the memory model");
        }
    }
    if (m.param("layers_per_vstage")) {
        throw unsupported_error("an interleaved pipeline schedule (layers_per_vstage) is not in the memory model");
    }
    const auto opt = m.param("optimizer");
    if (opt && opt->find("paged") != std::string::npos) {
        throw unsupported_error("a paged optimizer's state (" + *opt +
                                ") lives in CUDA unified memory, paged to the host: not in the memory model");
    }
}

/// A KV-cache row of `m` (kv_cache_tokens, kv_cache_gib) for run `c` in its memory profile: llama.cpp's cache of
/// n_ctx tokens in FP16 (type_k/type_v f16, its default), or the pool an engine sizes up front (engine_of: its rule
/// and fraction), in blocks of `block_size` tokens (16 unless stated).
inline double predict_kv_cache(const measurement& m, const workload& w, const gpu_spec& g, run_config c) {
    constexpr double gib = 1073741824.0;
    const transformer_config* t = transformer_of(w);
    if (t == nullptr) {
        throw unsupported_error("a KV cache needs a transformer");
    }
    c.mode = mode::infer;
    c.phase = phase::decode;
    c.batch = 1;
    if (c.framework == "llama.cpp") {
        const auto n_ctx = m.int_param("n_ctx");
        if (!n_ctx) {
            throw unsupported_error("a llama.cpp KV row needs n_ctx");
        }
        c.precision = precision::fp16;
        const double bytes = static_cast<double>(*n_ctx) * kv_cache_bytes_per_token(*t, c);
        return m.metric == "kv_cache_gib" ? bytes / gib : static_cast<double>(*n_ctx);
    }
    const engine_memory e = engine_of(m);
    const run_plan p = resolve(w, c);
    if (m.metric == "kv_cache_gib") {
        return kv_pool_bytes(p, g, e) / gib;
    }
    return static_cast<double>(kv_pool_tokens(p, g, e, m.int_param("block_size").value_or(16)));
}

/// Predicts memory row `m` of `w` on `g` with `params`, per GPU (GiB, tokens or a batch): allocated = the footprint
/// less the framework context and the allocator's headroom; reserved = allocated times 1 + the framework's allocator
/// cache (`params`), at most the GPU's memory less the context (plus the context for whole-device readings,
/// nvidia-smi or pynvml), of the last pipeline stage where the row was logged there (`rank=last`); weights and the
/// KV pool as the engine sizes it; the largest batch that fits.
inline double predict_memory(const measurement& m, const workload& w, const gpu_spec& g, run_config c,
                             const cost_params& params) {
    require_modelled_memory(m);
    constexpr double gib = 1073741824.0;
    const std::string profile = memory_profile(m);
    if (profile != c.framework) {
        c.framework_version.clear();  // the release named is another framework's (torchtune's, vLLM's, ...)
    }
    c.framework = profile;
    if (m.metric == "kv_cache_tokens" || m.metric == "kv_cache_gib") {
        return predict_kv_cache(m, w, g, c);
    }
    const bool engine = profile == "tensorrt-llm";  // the serving engines (memory_profile)
    if (engine && m.metric != "weights_gib") {
        throw unsupported_error("an engine's " + m.metric +
                                " follows from memory it sizes up front by its build limits and pool rule, not from "
                                "the batch it ran; its pool is scored as kv_cache_tokens");
    }
    if (m.metric == "max_batch" || m.metric == "oom_batch") {
        const long long fits = largest_fitting_batch(w, g, c);
        return static_cast<double>(m.metric == "max_batch" ? fits : fits + 1);
    }
    const run_plan p = resolve(w, c);
    // Megatron logs the memory of the last rank: the last pipeline stage's.
    const bool last = m.param("rank") == std::optional<std::string>("last") && c.pp > 1 && c.mode == mode::train;
    const memory_footprint f = detail::placed_on(last ? footprint(p, pipeline_stage::last) : footprint(p), p, g);
    if (m.metric == "weights_gib") {
        return f.item("weights") / gib;
    }
    const double context = f.item("framework context");
    const double allocated = f.total().value() - f.item("allocator headroom") - context;
    if (m.metric == "peak_memory_gib") {
        if (c.mode != mode::train) {
            throw unsupported_error("inference peaks as engines print them are not modelled; kv_cache_tokens is");
        }
        return allocated / gib;
    }
    // While memory is ample the allocator keeps its cache; it cannot reserve more than the GPU has beside the context.
    const double reserved = std::min(allocated * (1.0 + allocator_cache_of(m, params)), f.capacity.value() - context);
    const bool device = m.notes.find("nvidia-smi") != std::string::npos || m.notes.find("pynvml") != std::string::npos;
    return (reserved + (device ? context : 0.0)) / gib;
}

}  // namespace detail

namespace detail {

/// Keys of a workload row's params that describe the row without changing the run it models: where it comes from
/// (bench, harness, scenario, search, iters, via, vintage, task), counts the columns already give (global_batch,
/// global_batch_tokens, tokens, requests, n_params, quantization: the precision column's FP8), a microbenchmark's
/// labels (model), the input pipeline, which the model takes as hidden behind the step (dali, data), llama.cpp's build
/// labels (cuda_graphs, pp_variant), the program a framework ran (pax, maxtext, megatron: the profile is the
/// framework's) and JAX's mesh axes, whose product the dp, tp and zero keys already state (dcn_*, ici_*, scan_layers);
/// serving rows' dataset (the lengths columns give its means), engine generation and backend (engine, backend: the
/// profile is the engine's), context limit (max_model_len) and load balancer (routing).
inline constexpr std::array<std::string_view, 31> descriptive_keys = {"backend",
                                                                      "bench",
                                                                      "cuda_graphs",
                                                                      "dali",
                                                                      "data",
                                                                      "dataset",
                                                                      "dcn_data_parallelism",
                                                                      "dcn_fsdp_parallelism",
                                                                      "engine",
                                                                      "global_batch",
                                                                      "global_batch_tokens",
                                                                      "harness",
                                                                      "ici_fsdp_parallelism",
                                                                      "iters",
                                                                      "max_model_len",
                                                                      "maxtext",
                                                                      "megatron",
                                                                      "model",
                                                                      "n_params",
                                                                      "pax",
                                                                      "pp_variant",
                                                                      "quantization",
                                                                      "requests",
                                                                      "routing",
                                                                      "scan_layers",
                                                                      "scenario",
                                                                      "search",
                                                                      "task",
                                                                      "tokens",
                                                                      "via",
                                                                      "vintage"};

/// Keys that change the run where the model costs the nearest run it has, each a gap docs/accuracy.md names: `xla=1`
/// as TensorFlow's graphs without XLA's fusion (a profile of its own, fitted on the one source with such rows, did
/// worse out of sample); `quant`, llama.cpp's format, at 4 bits a weight whichever (Q4_0 keeps 4.5, Q4_K_M about
/// 4.8); `channels_last=amp-only`, NVIDIA's ResNet-50 scripts' NCHW outside AMP, as channels-last (costed NCHW, with
/// cuDNN's transposes, their two A100 TF32 rows come out 21% slow, which the rows do not show); a serving engine's
/// memory fraction (`gpu_memory_utilization`, `mem_fraction_static`, `kv_cache_free_gpu_mem_fraction`), its KV pool
/// sized by TensorRT-LLM's rule; SGLang's `torch_compile=1`, as its CUDA graphs; an engine's `attention_backend`
/// (FlashInfer, FlashMLA, Triton), as the engine's fused attention at the memory floor (vLLM's two DeepSeek-R1 MLA
/// backends differ by 10% in vllm-project/vllm#13747).
inline constexpr std::array<std::string_view, 9> approximated_keys = {"attention_backend",
                                                                      "channels_last",
                                                                      "gpu_memory_utilization",
                                                                      "kv_cache_free_gpu_mem_fraction",
                                                                      "mem_fraction_static",
                                                                      "quant",
                                                                      "te",
                                                                      "torch_compile",
                                                                      "xla"};

/// Keys run_for reads into the run (and `dp`, checked against the row's GPUs).
inline constexpr std::array<std::string_view, 53> run_keys = {"accum",
                                                              "attention",
                                                              "attention_impl",
                                                              "batching",
                                                              "beams",
                                                              "build",
                                                              "chunked_prefill_size",
                                                              "compile",
                                                              "concurrency",
                                                              "container",
                                                              "decoder_seq_len",
                                                              "distributed_optimizer",
                                                              "dp",
                                                              "ep",
                                                              "framework",
                                                              "fsdp",
                                                              "fused",
                                                              "gpus_per_node",
                                                              "interconnect",
                                                              "kv_cache",
                                                              "kv_cache_dtype",
                                                              "layout",
                                                              "lengths",
                                                              "lora_modules",
                                                              "lora_rank",
                                                              "loss_chunked",
                                                              "max_batch_size",
                                                              "max_num_batched_tokens",
                                                              "max_num_seqs",
                                                              "max_num_tokens",
                                                              "max_prefill_token_num",
                                                              "max_running_requests",
                                                              "mean_seq_len",
                                                              "microbatch",
                                                              "microbatches",
                                                              "mlm_positions",
                                                              "multi_step",
                                                              "nodes",
                                                              "offload",
                                                              "optimizer",
                                                              "optimizer_in_bwd",
                                                              "peft",
                                                              "pp",
                                                              "rate",
                                                              "recompute",
                                                              "remat",
                                                              "scripts",
                                                              "sequence_parallel",
                                                              "tf32",
                                                              "tp",
                                                              "transformer_impl",
                                                              "version",
                                                              "zero"};

/// Keys that restate the workload's shape (rows of models trained outside the catalog's names carry them): each must
/// agree with the catalog's model, the vocabulary within 2% (frameworks pad it to a multiple of 64 or 128 per
/// tensor-parallel rank), or the row is an input error (a wrong workload name).
inline constexpr std::array<std::string_view, 10> shape_keys = {
    "layers", "hidden", "heads", "kv_heads", "head_dim", "ffn", "vocab", "tie_embeddings", "activation", "position"};

/// Keys accepted only at the value the model runs: anything else is a run it does not have.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 6> default_only_keys = {
    {{"exec", "eager"}, {"split", "layer"}, {"cp", "1"}, {"vp", "1"}, {"chunked_prefill", "1"}, {"prefix_cache", "0"}}};

/// Throws unsupported_error unless every params key of workload row `m` is read by run_for, describes the row
/// (descriptive_keys), is costed as the nearest run the model has (approximated_keys) or has the value the model runs
/// (exec=eager; split=layer, llama.cpp's layer split, which the row's pp states; cp and vp of 1); a `dp` that disagrees
/// with the row's GPUs, tp and pp is an input error.
inline void require_read_keys(const measurement& m) {
    const auto in = [](auto& keys, const std::string& k) {
        return std::find(keys.begin(), keys.end(), std::string_view(k)) != keys.end();
    };
    for (const auto& kv : m.params) {
        const std::string& key = kv.first;
        const std::string& value = kv.second;
        if (in(descriptive_keys, key) || in(run_keys, key) || in(approximated_keys, key) || in(shape_keys, key)) {
            continue;
        }
        const auto fixed = std::find_if(default_only_keys.begin(), default_only_keys.end(),
                                        [&key](const auto& d) { return d.first == key; });
        if (fixed != default_only_keys.end() && value == fixed->second) {
            continue;
        }
        if (key == "prefix_cache" || key == "chunked_prefill") {
            throw unsupported_error(key + "=" + value + ": " +
                                    (key == "prefix_cache" ? "prompts served from a prefix cache"
                                                           : "prefill-only iterations (no chunked prefill)") +
                                    " are not in the serving model");
        }
        if (key == "cp" || key == "vp") {
            throw unsupported_error(key + "=" + value + ": " +
                                    (key == "cp" ? "context parallelism" : "an interleaved pipeline (virtual stages)") +
                                    " is not in the time model");
        }
        throw unsupported_error("params key '" + key + "=" + value +
                                "' is not read by the model: a key that changes the run must be modelled, one that "
                                "does not belongs among the descriptive keys (models/measurements/README.md)");
    }
    if (const auto dp = m.int_param("dp")) {
        const long long group = m.int_param("tp").value_or(1) * m.int_param("pp").value_or(1);
        if (*dp * group != m.num_gpus) {
            throw input_error(m.file + ":" + std::to_string(m.line) + ": " + m.id + ": dp=" + std::to_string(*dp) +
                              " x tp x pp = " + std::to_string(*dp * group) + " is not num_gpus " +
                              std::to_string(m.num_gpus));
        }
    }
}

/// Throws input_error where a shape key of row `m` (shape_keys) disagrees with transformer `t`.
inline void require_matching_shape(const measurement& m, const transformer_config& t) {
    const auto fail = [&m](const std::string& key, const std::string& stated, const std::string& model) {
        throw input_error(m.file + ":" + std::to_string(m.line) + ": " + m.id + ": " + key + "=" + stated + " but " +
                          m.workload + " has " + model);
    };
    const std::array<std::pair<std::string_view, long long>, 6> sizes = {{{"layers", t.layers},
                                                                          {"hidden", t.hidden},
                                                                          {"heads", t.heads},
                                                                          {"kv_heads", t.kv_heads},
                                                                          {"head_dim", t.head_dim},
                                                                          {"ffn", t.ffn_hidden}}};
    for (const auto& [key, value] : sizes) {
        if (const auto stated = m.int_param(std::string(key)); stated && *stated != value) {
            fail(std::string(key), std::to_string(*stated), std::to_string(value));
        }
    }
    if (const auto v = m.int_param("vocab");
        v && std::abs(static_cast<double>(*v - t.vocab)) > 0.02 * static_cast<double>(t.vocab)) {
        fail("vocab", std::to_string(*v), std::to_string(t.vocab));
    }
    if (const auto tie = m.param("tie_embeddings"); tie && (*tie == "1") != t.tied_embeddings) {
        fail("tie_embeddings", *tie, t.tied_embeddings ? "tied embeddings" : "an untied output layer");
    }
    if (const auto a = m.param("activation"); a && *a != to_string_view(t.ffn)) {
        fail("activation", *a, std::string(to_string_view(t.ffn)));
    }
    if (const auto pos = m.param("position"); pos && *pos != to_string_view(t.position)) {
        fail("position", *pos, std::string(to_string_view(t.position)));
    }
}

}  // namespace detail

/// Predicts row `m` in its own metric with `params`; throws roofcast::error (with the reason) for a row
/// roofcast cannot predict: unknown GPU, workload or framework, an unsupported precision, or a run the
/// model does not cover.
inline double predict_measurement(const measurement& m, const model_catalog& cat, const cost_params& params) {
    if (m.metric == "reserved_to_allocated") {
        return 1.0 + detail::allocator_cache_of(m, params);
    }
    const gpu_spec& g = cat.gpu(m.gpu);
    if (m.mode == "micro") {
        if (m.num_gpus != 1) {
            throw unsupported_error("multi-GPU microbenchmarks are not modelled");
        }
        return detail::predict_micro(m, make_cost_context(g, find_profile(detail::micro_profile(m)), params));
    }
    const workload& w = cat.workload_named(m.workload);
    if (!is_memory_metric(m.metric)) {
        detail::require_read_keys(m);
        if (const transformer_config* t = transformer_of(w)) {
            detail::require_matching_shape(m, *t);
        }
    }
    const run_config c = run_for(m, g);
    if (is_memory_metric(m.metric)) {
        return detail::predict_memory(m, w, g, c, params);
    }
    if (m.mode == "infer" && m.phase == "serve" && m.param("batching") == std::optional<std::string>("static")) {
        return detail::static_batch_metric(m, w, g, c, params);
    }
    if (m.mode == "infer" && m.phase == "serve" &&
        (is_serving_metric(m.metric) || m.param("concurrency") || m.param("rate"))) {
        const serving_estimate e = serve_under_load(w, g, c, detail::load_of(m), params);
        return detail::serving_metric(m, e, c.prompt_len, c.gen_len);
    }
    const prediction p = predict(w, g, c, params);
    if (m.metric == "samples_per_s") {
        return p.samples_per_s;
    }
    if (m.metric == "tokens_per_s") {
        if (!p.tokens_per_s) {
            throw unsupported_error("no tokens per second for a " + std::string(to_string_view(*c.phase)) + " run");
        }
        return *p.tokens_per_s;
    }
    if (m.metric == "latency_s" || m.metric == "step_time_s") {
        return p.time.value();
    }
    throw unsupported_error("metric '" + m.metric + "' is not predicted for " + m.mode + " rows");
}

/// The prediction of row `m` with `params` (or why it was skipped).
inline row_prediction predict_row(const measurement& m, const model_catalog& cat, const cost_params& params) {
    row_prediction r;
    r.id = m.id;
    r.file = m.file;
    r.line = m.line;
    r.gpu = m.gpu;
    r.workload = m.workload;
    r.metric = m.metric;
    r.kernel = m.mode == "micro";
    r.measured = m.value;
    if (m.suspect()) {
        r.suspect = true;
        r.skip_reason = "marked SUSPECT in its notes (kept for the record, not scored or fitted)";
        return r;
    }
    try {
        const double v = predict_measurement(m, cat, params);
        if (std::isfinite(v) && v > 0.0) {
            r.predicted = v;
        } else {
            r.skip_reason = "prediction is not a positive finite number";
        }
    } catch (const unsupported_error& e) {
        r.skip_reason = e.what();
        r.outside_model = is_memory_metric(m.metric);
    } catch (const unknown_name_error& e) {
        r.skip_reason = e.what();
        r.outside_model = is_memory_metric(m.metric) && cat.find_workload(m.workload) == nullptr;
    } catch (const error& e) {
        r.skip_reason = e.what();
    }
    return r;
}

/// Orders the rows of `rep` by file (in the order of `files`) and line, and fills its summaries: overall and
/// by GPU, workload and metric.
inline void summarize_report(validation_report& rep, const std::vector<std::string>& files) {
    auto rank = [&files](const std::string& f) {
        return static_cast<std::size_t>(std::find(files.begin(), files.end(), f) - files.begin());
    };
    std::stable_sort(rep.rows.begin(), rep.rows.end(), [&](const row_prediction& a, const row_prediction& b) {
        return std::make_pair(rank(a.file), a.line) < std::make_pair(rank(b.file), b.line);
    });
    std::vector<const row_prediction*> all;
    std::map<std::string, std::vector<const row_prediction*>> gpu, workload, metric;
    for (const row_prediction& r : rep.rows) {
        all.push_back(&r);
        if (!r.gpu.empty()) {
            gpu[r.gpu].push_back(&r);
            workload[r.workload].push_back(&r);
            metric[r.metric].push_back(&r);
        }
    }
    rep.overall = summarize(all);
    for (auto* group : {&rep.by_gpu, &rep.by_workload, &rep.by_metric}) {
        group->clear();
    }
    for (const auto& [k, v] : gpu) {
        rep.by_gpu[k] = summarize(v);
    }
    for (const auto& [k, v] : workload) {
        rep.by_workload[k] = summarize(v);
    }
    for (const auto& [k, v] : metric) {
        rep.by_metric[k] = summarize(v);
    }
}

namespace detail {

/// The report titled `file` of every row of `data` as `predict` (a row_prediction of a measurement) predicts it, with
/// its malformed rows kept as skipped, with their problem; summarized.
template <class Predict>
validation_report report_rows(const measurement_set& data, std::string file, Predict&& predict) {
    validation_report rep;
    rep.file = std::move(file);
    for (const measurement_problem& p : data.problems) {
        row_prediction r;
        r.id = p.id;
        r.file = p.file;
        r.line = p.line;
        r.skip_reason = "malformed row: " + p.message;
        rep.rows.push_back(r);
    }
    for (const measurement& m : data.rows) {
        rep.rows.push_back(predict(m));
    }
    summarize_report(rep, data.files.empty() ? std::vector<std::string>{data.file} : data.files);
    return rep;
}

}  // namespace detail

/// Predicts every row of `data` and summarizes the errors, overall and by GPU, workload and metric; malformed
/// rows are kept as skipped, with their problem.
inline validation_report validate(const measurement_set& data, const model_catalog& gpus, const cost_params& params) {
    return detail::report_rows(data, data.file, [&](const measurement& m) { return predict_row(m, gpus, params); });
}

namespace detail {

/// `data` split into the rows `apart` rejects (first; with the malformed rows) and those it takes, each keeping the
/// file names; the second's `file` names the files that hold its rows.
template <class Apart>
std::pair<measurement_set, measurement_set> split_rows(const measurement_set& data, Apart&& apart) {
    measurement_set kept = data, taken = data;
    kept.rows.clear();
    taken.rows.clear();
    taken.problems.clear();
    taken.file.clear();
    for (const measurement& m : data.rows) {
        const bool out = apart(m);
        (out ? taken : kept).rows.push_back(m);
        if (out && taken.file.find(m.file) == std::string::npos) {
            taken.file += (taken.file.empty() ? "" : " + ") + m.file;
        }
    }
    return {std::move(kept), std::move(taken)};
}

}  // namespace detail

/// `data` split into its time rows (first; with the malformed rows) and its memory rows (is_memory_metric), each
/// keeping the file names: calibrate fits and cross-validates the first, and scores the second apart (no fitted
/// parameter changes a footprint, so every memory prediction is out of sample).
inline std::pair<measurement_set, measurement_set> split_memory_rows(const measurement_set& data) {
    return detail::split_rows(data, [](const measurement& m) { return is_memory_metric(m.metric); });
}

/// Whether `m` measures a served model under load (serving.csv): a serving metric (is_serving_metric), or a serve row
/// that states its load (concurrency=, rate=).
inline bool is_serving_row(const measurement& m) {
    return is_serving_metric(m.metric) || (m.phase == "serve" && (m.param("concurrency") || m.param("rate")));
}

/// `data` split into the rows a calibration fits (first) and the serving rows under load (is_serving_row), which are
/// scored apart: no fitted parameter is fitted on them, so every serving prediction is out of sample.
inline std::pair<measurement_set, measurement_set> split_serving_rows(const measurement_set& data) {
    return detail::split_rows(data, is_serving_row);
}

/// Whether memory row `r` (a max_batch or oom_batch row, predicted) gets fit / does-not-fit right: the stated
/// largest batch fits (predicted max_batch ≥ measured), the stated out-of-memory batch does not (predicted smallest
/// failing batch ≤ measured); nullopt for other rows.
inline std::optional<bool> fit_verdict_right(const row_prediction& r) {
    if (!r.predicted || (r.metric != "max_batch" && r.metric != "oom_batch")) {
        return std::nullopt;
    }
    return r.metric == "max_batch" ? *r.predicted >= r.measured : *r.predicted <= r.measured;
}

/// The source a row belongs to: the project its `source` column names, without the commit or the path
/// ("nvidia-dle@729963dd: PyTorch/..." → "nvidia-dle"; "triton-lang/triton#1648: ..." stays an issue of its own).
inline std::string source_key(const measurement& m) {
    const std::string head = m.source.substr(0, m.source.find(':'));
    return head.substr(0, head.find('@'));
}

/// `value` of `metric` as a speed: a time (latency_s, step_time_s, a serving latency) inverted, a throughput as it is.
inline double as_speed(const std::string& metric, double value) {
    return is_time_metric(metric) ? 1.0 / value : value;
}

/// How much faster predicted row `r` runs than measured: predicted over measured speed (as_speed), which is measured
/// over predicted time (above 1: predicted too fast).
inline double speed_ratio(const row_prediction& r) {
    return as_speed(r.metric, *r.predicted) / as_speed(r.metric, r.measured);
}

/// One predicted workload row's measured over predicted time (a throughput row's: predicted over measured
/// throughput), with its kind of run (run_plan::kind) and its source (source_key).
struct time_residual {
    /// Kind of run, e.g. "decoder-train".
    std::string kind;
    /// The row's source.
    std::string source;
    /// Measured over predicted time.
    double ratio = 1.0;
};

/// The time residuals of the predicted workload rows of `r` (rows of `data`, not microbenchmarks or memory rows).
inline std::vector<time_residual> time_residuals(const validation_report& r, const measurement_set& data,
                                                 const model_catalog& cat) {
    std::map<std::string, const measurement*> by_id;
    for (const measurement& m : data.rows) {
        by_id[m.id] = &m;
    }
    std::vector<time_residual> out;
    for (const row_prediction& p : r.rows) {
        const auto it = by_id.find(p.id);
        if (!p.predicted || it == by_id.end() || it->second->mode == "micro" || is_memory_metric(p.metric)) {
            continue;
        }
        const measurement& m = *it->second;
        try {
            const run_plan plan = resolve(cat.workload_named(m.workload), run_for(m, cat.gpu(m.gpu)));
            out.push_back({plan.kind, source_key(m), speed_ratio(p)});
        } catch (const error&) {
        }
    }
    return out;
}

/// The likely range of each kind of run from `residuals`: their 10th and 90th percentiles, widened to contain 1;
/// kinds with fewer than 5 residuals get none (error_band's default applies). Rows from `skip_source` are left out.
inline std::map<std::string, std::pair<double, double>> bands_of(const std::vector<time_residual>& residuals,
                                                                 const std::string& skip_source = "") {
    std::map<std::string, std::vector<double>> ratios;
    for (const time_residual& r : residuals) {
        if (skip_source.empty() || r.source != skip_source) {
            ratios[r.kind].push_back(r.ratio);
        }
    }
    std::map<std::string, std::pair<double, double>> bands;
    for (const auto& [kind, v] : ratios) {
        if (v.size() >= 5) {
            bands[kind] = {std::min(1.0, quantile(v, 0.1)), std::max(1.0, quantile(v, 0.9))};
        }
    }
    return bands;
}

/// The likely range of each kind of run (run_kind: "cnn-train", "decoder-infer", ...) from the predicted workload
/// rows of `r` (rows of `data`; in-sample by calibrate, out-of-sample by a cross-validation): bands_of their
/// time_residuals.
inline std::map<std::string, std::pair<double, double>> error_bands(const validation_report& r,
                                                                    const measurement_set& data,
                                                                    const model_catalog& cat) {
    return bands_of(time_residuals(r, data, cat));
}

/// The likely range of a footprint (error_bands["memory"]): the 10th and 90th percentiles of measured / predicted
/// over the memory rows of `r` that measure a training or inference footprint (peak_memory_gib,
/// reserved_memory_gib), widened to include 1; std::nullopt with fewer than 5 such rows.
inline std::optional<std::pair<double, double>> memory_error_band(const validation_report& r,
                                                                  const measurement_set& data) {
    std::map<std::string, const measurement*> by_id;
    for (const measurement& m : data.rows) {
        by_id[m.id] = &m;
    }
    std::vector<double> ratios;
    for (const row_prediction& p : r.rows) {
        const auto it = by_id.find(p.id);
        if (p.predicted && it != by_id.end() &&
            (it->second->metric == "peak_memory_gib" || it->second->metric == "reserved_memory_gib")) {
            ratios.push_back(it->second->value / *p.predicted);
        }
    }
    if (ratios.size() < 5) {
        return std::nullopt;
    }
    return std::make_pair(std::min(1.0, quantile(ratios, 0.1)), std::max(1.0, quantile(ratios, 0.9)));
}

}  // namespace roofcast

#endif
