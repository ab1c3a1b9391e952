// Properties of the model over many random valid runs (fixed seed, so every build checks the same runs):
// what must hold for every GPU, workload, mode, phase, precision, batch, length and parallelism roofcast
// accepts, each with the reason it must hold. Where a property does not hold by design, the test says so
// and shows it instead of testing it. Figures for docs/reliability.md are printed (and logged when
// ROOFCAST_RELIABILITY_LOG is set).
#include "reliability_log.hpp"

#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace rc = roofcast;

namespace {

/// Random runs drawn: at least 10^5 in every build.
constexpr int property_runs = 100000;

/// Under a sanitizer the expensive checks (GPU variants, batch limits, every kernel against its roofline,
/// batch monotonicity: about 90% of the time) run on every 16th run; the cheap ones on all of them.
#if defined(__SANITIZE_ADDRESS__) || defined(ROOFCAST_SANITIZED_BUILD)
constexpr int expensive_every = 16;
#else
constexpr int expensive_every = 1;
#endif

/// Relative slack for floating-point comparisons of two predictions of the same run.
constexpr double slack = 1e-9;
/// Relative slack where the power limit settles a training step's clock: the clock is the fixed point of a costing
/// in which a kernel's tile or split-K choice may change with the clock, which can move it, and the step, by a few
/// tenths of a percent against the direction a better GPU or a larger batch moves them.
constexpr double settle_slack = 1e-2;

struct drawn {
    const rc::workload* w = nullptr;
    const rc::gpu_spec* g = nullptr;
    rc::run_config c;
};

/// Draws random runs: any catalog GPU and workload, any precision the GPU can run, any phase of the
/// workload's kind, batch 1–512 and lengths 1–8192 (log-uniform), parallelism that divides, a framework.
class run_drawer {
public:
    explicit run_drawer(std::uint64_t seed) : rng_(seed) {}

    /// A random valid run (draws again until rc::validate accepts one; `rejected` counts the others).
    drawn next(long long& rejected) {
        while (true) {
            drawn d = draw();
            try {
                rc::validate(d.c, *d.w, *d.g);
                return d;
            } catch (const rc::error&) {
                ++rejected;
            }
        }
    }

private:
    template <class T>
    const T& pick(const std::vector<T>& v) {
        return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng_)];
    }
    long long log_uniform(long long lo, long long hi) {
        const double x = std::uniform_real_distribution<double>(std::log(static_cast<double>(lo)),
                                                                std::log(static_cast<double>(hi) + 1.0))(rng_);
        return std::min(hi, std::max(lo, static_cast<long long>(std::exp(x))));
    }
    bool coin(double p) { return std::bernoulli_distribution(p)(rng_); }

    drawn draw() {
        static const std::vector<const rc::gpu_spec*> gpus = [] {
            std::vector<const rc::gpu_spec*> v;
            for (const rc::gpu_spec& g : rc::catalog().gpus()) {
                v.push_back(&g);
            }
            return v;
        }();
        static const std::vector<const rc::workload*> workloads = [] {
            std::vector<const rc::workload*> v;
            for (const rc::workload& w : rc::catalog().workloads()) {
                v.push_back(&w);
            }
            return v;
        }();
        drawn d;
        d.g = pick(gpus);
        d.w = pick(workloads);
        rc::run_config& c = d.c;
        std::vector<rc::precision> runnable;
        for (rc::precision p : rc::all_precisions) {
            const rc::precision_types t = rc::types_of(p);
            if (rc::peak(*d.g, t.math, t.math_unit)) {
                runnable.push_back(p);
            }
        }
        c.precision = pick(runnable);
        c.mode = coin(0.5) ? rc::mode::train : rc::mode::infer;
        c.batch = log_uniform(1, 512);
        c.framework = std::string(pick(frameworks()));
        if (coin(0.3)) {
            c.fused_attention = coin(0.5);
        }
        const rc::transformer_config* t = transformer_of(*d.w);
        if (c.mode == rc::mode::infer) {
            if (!t) {
                c.phase = rc::phase::e2e;
            } else if (t->kind == rc::transformer_kind::encoder) {
                c.phase = coin(0.8) ? rc::phase::e2e : rc::phase::serve;
            } else {
                c.phase = pick(
                    std::vector<rc::phase>{rc::phase::e2e, rc::phase::prefill, rc::phase::decode, rc::phase::serve});
            }
            c.prompt_len = log_uniform(1, 8192);
            c.gen_len = log_uniform(1, 1024);
            c.max_serve_batch = log_uniform(1, 256);
        }
        if (t) {
            c.seq_len = coin(0.3) ? 0 : log_uniform(8, 8192);
            c.num_gpus = pick(std::vector<int>{1, 1, 2, 4, 8, 16, 64, 1024});
            std::vector<int> tps;
            for (int tp = 1; tp <= std::min(8, c.num_gpus); tp *= 2) {
                if (t->heads % tp == 0) {
                    tps.push_back(tp);
                }
            }
            c.tp = pick(tps);
            const int pp = pick(std::vector<int>{1, 1, 1, 2, 4});
            c.pp = c.num_gpus % (c.tp * pp) == 0 ? pp : 1;
            if (c.mode == rc::mode::train) {
                c.zero = static_cast<int>(log_uniform(1, 4)) - 1;
                c.recompute = pick(
                    std::vector<rc::recompute>{rc::recompute::none, rc::recompute::selective, rc::recompute::full});
                if (c.pp > 1 && coin(0.5) && c.batch >= c.pp) {
                    c.microbatches = static_cast<int>(log_uniform(c.pp, c.batch));
                }
                c.accumulation = coin(0.2) ? static_cast<int>(log_uniform(2, 64)) : 1;
            }
        } else {
            c.num_gpus = pick(std::vector<int>{1, 1, 2, 8, 64});
            c.image_size = coin(0.1) ? log_uniform(64, 512) : 0;
            if (c.mode == rc::mode::train) {
                c.zero = static_cast<int>(log_uniform(1, 4)) - 1;
            }
        }
        return d;
    }

    static const std::vector<std::string_view>& frameworks() {
        static const std::vector<std::string_view> names = [] {
            std::vector<std::string_view> v;
            for (const rc::software_profile& p : rc::software_profiles) {
                v.push_back(p.name);
            }
            return v;
        }();
        return names;
    }

    std::mt19937_64 rng_;
};

/// `g` with 25% more DRAM bandwidth (a faster memory data rate).
rc::gpu_spec more_bandwidth(const rc::gpu_spec& g) {
    rc::gpu_spec v = g;
    v.memory_data_rate = v.memory_data_rate * 1.25;
    return v;
}

/// `g` with 8 more SMs and its power limit scaled with them: each SM keeps the same power budget, so the
/// sustained clock is unchanged (see "more SMs" below for why the power limit must scale).
rc::gpu_spec more_sms(const rc::gpu_spec& g) {
    rc::gpu_spec v = g;
    v.tdp = v.tdp * (static_cast<double>(g.sm_count + 8) / g.sm_count);
    v.sm_count = g.sm_count + 8;
    return v;
}

/// `g` with every rated clock 10% higher (a measured sustained clock, where the file gives one, stays).
rc::gpu_spec faster_clock(const rc::gpu_spec& g) {
    rc::gpu_spec v = g;
    v.boost_clock = v.boost_clock * 1.1;
    if (v.tensor_clock) {
        v.tensor_clock = *v.tensor_clock * 1.1;
    }
    return v;
}

/// The run in one line, for failure messages.
std::string describe(const rc::run_config& c) {
    return std::string(rc::to_string_view(c.mode)) + " " + std::string(rc::to_string_view(rc::phase_of(c))) + " " +
           std::string(rc::to_string_view(c.precision)) + " batch " + std::to_string(c.batch) + " seq " +
           std::to_string(c.seq_len) + " prompt " + std::to_string(c.prompt_len) + " gen " + std::to_string(c.gen_len) +
           " image " + std::to_string(c.image_size) + " gpus " + std::to_string(c.num_gpus) + " tp " +
           std::to_string(c.tp) + " pp " + std::to_string(c.pp) + " zero " + std::to_string(c.zero) + " micro " +
           std::to_string(c.microbatches) + " accum " + std::to_string(c.accumulation) + " " + c.framework;
}

bool finite_positive(double v) {
    return std::isfinite(v) && v > 0.0;
}

/// Counters of one property: how often it was checked and how often it failed.
struct tally {
    long long checked = 0;
    long long violated = 0;
    void check(bool ok) {
        ++checked;
        violated += ok ? 0 : 1;
    }
};

}  // namespace

TEST_CASE("properties of 10^5 random valid runs") {
    const auto start = std::chrono::steady_clock::now();
    run_drawer draw(20240611);
    long long rejected = 0;
    tally finite, roofline, bandwidth, sms, clock, footprint_batch, footprint_seq, batch_limit, time_in_batch,
        timeline_sum;
    long long kernels_checked = 0;
    double worst_settled = 0.0;  // the largest slowdown a better GPU shows where the power limit settles a clock
    const rc::cost_params& params = rc::default_params();
    long long refused = 0;
    for (int i = 0; i < property_runs;) {
        const drawn d = draw.next(rejected);
        const rc::workload& w = *d.w;
        const rc::gpu_spec& g = *d.g;
        const rc::run_config& c = d.c;
        CAPTURE(i);
        CAPTURE(w.name);
        CAPTURE(g.name);
        CAPTURE(describe(c));
        rc::lowered_run lowered;
        rc::prediction p;
        try {
            lowered = rc::lower_run(w, c);
            p = rc::predict(lowered, g, params);
        } catch (const rc::error&) {
            // Refused with a clear error though validate() accepted it: serving a model that does not fit even
            // one sequence, or a CNN rebuilt below its smallest input size.
            ++refused;
            continue;
        }
        ++i;

        // 1. Times are finite and positive: every kernel takes a positive time at finite positive rates
        //    (the GPU description and the parameters are validated), and a run has at least one kernel.
        const bool ok = finite_positive(p.time.value()) && finite_positive(p.samples_per_s) &&
                        (!p.tokens_per_s || std::isfinite(*p.tokens_per_s)) && finite_positive(p.energy.value()) &&
                        std::isfinite(p.gpu_time.value()) && p.gpu_time.value() > 0.0 &&
                        std::isfinite(p.memory.total().value()) && p.likely_low <= p.time && p.time <= p.likely_high;
        finite.check(ok);
        CHECK(ok);

        // 0. The breakdown is the step's timeline: its parts (op classes, optimizer, pipeline bubble,
        //    communication, host wait, fixed overhead) add up to the time, whatever the layout, accumulation or
        //    ZeRO stage (docs/model.md, "Step timeline").
        {
            double parts = 0.0;
            for (const rc::breakdown_entry& b : p.breakdown) {
                parts += b.time.value();
            }
            const bool t_ok = std::abs(parts - p.time.value()) <= slack * p.time.value();
            timeline_sum.check(t_ok);
            CHECK(t_ok);
        }

        // 4. The footprint grows with the batch and the sequence: every item is a non-negative multiple of
        //    the batch (or constant), and activations, KV cache and logits grow with the tokens.
        {
            rc::run_config more = c;
            more.batch = c.batch + 1;
            const bool b_ok = rc::footprint(w, g, more).total() >= rc::footprint(w, g, c).total();
            footprint_batch.check(b_ok);
            CHECK(b_ok);
            if (transformer_of(w)) {
                more = c;
                more.seq_len = 2 * (c.seq_len > 0 ? c.seq_len : rc::default_seq_len(as_transformer(w)));
                // A fixed encoder input (Whisper) is the prompt and cannot grow.
                more.prompt_len = as_transformer(w).encoder_positions > 0 ? c.prompt_len : 2 * c.prompt_len;
                const bool s_ok = rc::footprint(w, g, more).total() >= rc::footprint(w, g, c).total();
                footprint_seq.check(s_ok);
                CHECK(s_ok);
            }
        }
        if (i % expensive_every != 1 % expensive_every) {
            continue;
        }

        // 2. No kernel beats its roofline: costing uses the sustained clock (at most the rated one),
        //    efficiencies of at most 1, and whole tiles and waves, all of which only add time to
        //    max(work / rated peak, traffic / peak bandwidth).
        {
            const rc::cost_context ctx = rc::make_cost_context(g, rc::find_profile(c.framework), params);
            const rc::lowered_run lr =
                lowered.plan.batch_per_gpu
                    ? rc::lower(rc::plan_for_batch(lowered.plan, std::max<long long>(1, p.batch)))
                    : lowered;
            bool k_ok = true;
            for (std::size_t pass = 0; pass < lr.plan.pass_count; ++pass) {
                for (const rc::kernel& k : lr.passes[pass].kernels) {
                    const double t = rc::cost(k, ctx).time.value();
                    const double bound = rc::roofline_time(k, ctx).value() * k.count;
                    k_ok = k_ok && t >= bound * (1.0 - slack);
                    ++kernels_checked;
                }
            }
            roofline.check(k_ok);
            CHECK(k_ok);
        }

        // 3. A better GPU is never slower. More bandwidth shortens every memory time and no compute time; a
        //    faster rated clock raises every peak, or leaves it where the power limit or a measured sustained
        //    clock caps it; more SMs at the same power per SM raise every peak and never add a wave. Every
        //    kernel's time is a minimum over candidates each of which only gets shorter, host time and
        //    communication do not depend on these, and a served batch depends on memory capacity only. In
        //    data-parallel training the gradient exchange overlaps backward on the GPU's own timeline
        //    (t_fwd + max(C, t_bwd + t_last)), which only shortens with faster kernels.
        //    Where the power limit settles a training step's clock the same holds in the model's equation (the
        //    settled time falls as the run gets faster, docs/model.md "Settled clock"), up to the discrete tile
        //    choices of the costing the clock is the fixed point of: those runs are held to settle_slack (the
        //    largest gap over the grid is printed below).
        {
            const double t = p.time.value();
            const auto no_slower = [&](const rc::gpu_spec& better) {
                const rc::prediction q = rc::predict(lowered, better, params);
                const bool limited = p.settled_clock < p.burst_clock || q.settled_clock < q.burst_clock;
                if (limited) {
                    worst_settled = std::max(worst_settled, q.time.value() / t - 1.0);
                }
                return q.time.value() <= t * (1.0 + (limited ? settle_slack : slack));
            };
            const bool bw_ok = no_slower(more_bandwidth(g));
            const bool sm_ok = no_slower(more_sms(g));
            const bool clk_ok = no_slower(faster_clock(g));
            bandwidth.check(bw_ok);
            sms.check(sm_ok);
            clock.check(clk_ok);
            CHECK(bw_ok);
            CHECK(sm_ok);
            CHECK(clk_ok);
        }

        // 5. max_batch fits and max_batch + 1 does not: the footprint grows with the batch (4), so doubling
        //    then bisection finds the boundary (below the search cap).
        {
            const long long b = rc::largest_fitting_batch(w, g, c);
            rc::run_config at = c;
            at.batch = std::max<long long>(std::max(1, c.microbatches), b);  // a valid run: micro-batches ≤ batch
            bool m_ok = b == 0 ? !rc::footprint(w, g, at).fits() : rc::footprint(w, g, at).fits();
            if (b > 0 && b < rc::max_batch_searched) {
                at.batch = b + 1;
                m_ok = m_ok && !rc::footprint(w, g, at).fits();
            }
            batch_limit.check(m_ok);
            CHECK(m_ok);
        }

        // 6. Step time does not decrease with the batch: every kernel's M (or N) grows with the batch, so it
        //    needs as many tiles and waves or more (split-K only loses candidates), host time is fixed and
        //    tensor- and pipeline-parallel communication grows with the tokens, and the exposed gradient
        //    exchange is on the GPU's timeline with the kernels (property 3). Throughput, though, is not
        //    monotonic (wave quantization: see below).
        {
            rc::run_config more = c;
            more.batch = c.batch + 1;
            const rc::prediction q = rc::predict(w, g, more, params);
            const bool limited = p.settled_clock < p.burst_clock || q.settled_clock < q.burst_clock;
            const bool t_ok = q.time.value() >= p.time.value() * (1.0 - (limited ? settle_slack : slack));
            time_in_batch.check(t_ok);
            CHECK(t_ok);
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(finite.checked == property_runs);
    CHECK(finite.checked + rejected >= property_runs);
    MESSAGE("property runs: " << property_runs << " valid runs predicted (" << rejected << " invalid draws and "
                              << refused << " served models that do not fit redrawn), " << kernels_checked
                              << " kernels against their roofline, " << seconds << " s");
    MESSAGE("largest slowdown of a better GPU where the power limit settles the clock: " << worst_settled);
    const std::vector<std::pair<const char*, const tally*>> all = {
        {"finite and positive times", &finite},
        {"breakdown adds up to the time", &timeline_sum},
        {"kernel not faster than its roofline", &roofline},
        {"more bandwidth not slower", &bandwidth},
        {"more SMs (same power per SM) not slower", &sms},
        {"faster clock not slower", &clock},
        {"footprint non-decreasing in batch", &footprint_batch},
        {"footprint non-decreasing in sequence", &footprint_seq},
        {"max_batch fits, max_batch + 1 does not", &batch_limit},
        {"step time non-decreasing in batch", &time_in_batch},
    };
    for (const auto& [name, t] : all) {
        MESSAGE(std::string(name) << ": " << t->checked << " checked, " << t->violated << " violated");
        roofcast_tests::count_input(std::string("property: ") + name + "|" + std::to_string(t->checked) + "|" +
                                    std::to_string(t->violated));
        CHECK(t->violated == 0);
    }
    roofcast_tests::count_input("property runs|" + std::to_string(property_runs) + "|" + std::to_string(rejected) +
                                "|" + std::to_string(refused) + "|" + std::to_string(kernels_checked) + "|" +
                                std::to_string(seconds) + "|" + std::to_string(expensive_every));
}

TEST_CASE("where monotonicity does not hold by design, shown rather than tested") {
    const rc::model_catalog& cat = rc::catalog();
    SUBCASE("throughput is not monotonic in the batch: wave quantization") {
        // One more sample can add a whole wave of tiles to a GEMM: the step takes longer by more than the
        // sample adds, so samples/s drops (step time still grows, as property 6 requires). With the priors, so
        // that the example does not move with each calibration (the fixed time per step dilutes the drop).
        rc::run_config c;
        c.batch = 35;
        const rc::cost_params priors = rc::prior_params();
        const rc::prediction a = rc::predict(cat.workload_named("resnet50"), cat.gpu("A100-SXM4-80GB"), c, priors);
        c.batch = 36;
        const rc::prediction b = rc::predict(cat.workload_named("resnet50"), cat.gpu("A100-SXM4-80GB"), c, priors);
        CHECK(b.time > a.time);
        CHECK(b.samples_per_s < a.samples_per_s);
        rc::run_config d;
        d.mode = rc::mode::infer;
        d.phase = rc::phase::decode;
        d.batch = 64;
        const rc::prediction e = rc::predict(cat.workload_named("llama2-7b"), cat.gpu("A100-SXM4-80GB"), d);
        d.batch = 65;
        const rc::prediction f = rc::predict(cat.workload_named("llama2-7b"), cat.gpu("A100-SXM4-80GB"), d);
        CHECK(*f.tokens_per_s < *e.tokens_per_s);
    }
    SUBCASE("more SMs at the same power limit can be slower: the power-limited clock falls") {
        // f = min(f_rated, cbrt(0.8 TDP / (SMs c))): 8 more SMs on a V100 lower the sustained clock, and a GEMM
        // with fewer tiles than SMs runs one wave either way, now at the lower clock.
        const rc::gpu_spec& v100 = cat.gpu("V100-SXM2-16GB");
        rc::gpu_spec more = v100;
        more.sm_count += 8;
        const rc::kernel k =
            rc::kernels::gemm("g", 256, 128, 8192, rc::dtype::fp16, rc::dtype::fp16, rc::exec_unit::tensor_core);
        const std::size_t cublas = rc::find_profile("cublas");
        const rc::cost_context base = rc::make_cost_context(v100, cublas, rc::default_params());
        const rc::cost_context wider = rc::make_cost_context(more, cublas, rc::default_params());
        CHECK(wider.clock_ratio < base.clock_ratio);
        CHECK(rc::cost(k, wider).time > rc::cost(k, base).time);
        // With the power limit scaled with the SMs (property 3) the clock, and so the time, stay.
        CHECK(rc::make_cost_context(more_sms(v100), cublas, rc::default_params()).clock_ratio ==
              doctest::Approx(base.clock_ratio));
    }
}

TEST_CASE(
    "data-parallel training: a faster GPU or a larger batch is never slower (the exchange is on the GPU's timeline)") {
    // These two runs used to be the exceptions: the exchange hid behind backward's GPU time but was added after the
    // host-bound step, so a faster GPU exposed more of it, and a larger batch hid more. Now the exposed exchange
    // X = max(C − t_bwd, t_last_bucket) extends the GPU's path, t = max(t_host, t_gpu + X) + ...: a host-bound
    // step hides it, and neither a faster GPU nor a larger batch can shorten the step.
    const rc::model_catalog& cat = rc::catalog();
    rc::run_config c;
    c.batch = 1;
    c.num_gpus = 64;
    const rc::gpu_spec& a100 = cat.gpu("A100-SXM4-80GB");
    const rc::prediction base = rc::predict(cat.workload_named("resnet50"), a100, c);
    const rc::prediction fast = rc::predict(cat.workload_named("resnet50"), more_bandwidth(a100), c);
    CHECK(base.limiter == rc::bound::overhead);
    CHECK(fast.time <= base.time);
    // The step is max(host launches, GPU kernels before the optimizer + exposed exchange) + optimizer + the fixed
    // per-step host time (docs/model.md, "Step time"), recomputed here from the parts the prediction reports: host
    // time is the launches' and the fixed time, communication is the exposed exchange.
    const rc::cost_context ctx = rc::make_cost_context(a100, rc::find_profile("pytorch"), rc::default_params());
    double optimizer = 0.0, slowed = 0.0;
    for (const rc::breakdown_entry& b : base.breakdown) {
        optimizer += b.name == "optimizer" ? b.time.value() : 0.0;
        slowed += b.name == "overlap slowdown" ? b.time.value() : 0.0;
    }
    const double gpu_path = base.gpu_time.value() - optimizer + base.comm_time.value() + slowed;
    const double launches = base.host_time.value() - ctx.step_overhead;
    CHECK(base.time.value() ==
          doctest::Approx(std::max(launches, gpu_path) + optimizer + ctx.step_overhead).epsilon(1e-9));
    rc::run_config z;
    z.num_gpus = 8;
    z.zero = 3;
    z.batch = 1;
    const rc::prediction one = rc::predict(cat.workload_named("resnet50"), cat.gpu("V100-PCIe-16GB"), z);
    z.batch = 2;
    const rc::prediction two = rc::predict(cat.workload_named("resnet50"), cat.gpu("V100-PCIe-16GB"), z);
    CHECK(two.time >= one.time);
}
