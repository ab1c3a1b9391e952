// The seed comparisons (A40 vs V100-SXM2-16GB, A100-SXM4-40GB vs L40) as one report, built only from
// roofcast's public API. examples/compare_seed_gpus.cpp prints it; tests check it against the library.
#ifndef ROOFCAST_EXAMPLES_SEED_COMPARISONS_HPP
#define ROOFCAST_EXAMPLES_SEED_COMPARISONS_HPP

#include <roofcast/report/prediction_report.hpp>
#include <roofcast/roofcast.hpp>

#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace seed {

/// One scenario: a name, a workload and a run.
struct scenario {
    std::string title;
    std::string workload;
    roofcast::run_config config;
};

/// The scenarios of the seed comparisons.
inline std::vector<scenario> scenarios() {
    namespace rc = roofcast;
    std::vector<scenario> s;
    rc::run_config rn50;
    rn50.mode = rc::mode::train;
    rn50.precision = rc::precision::amp_fp16;
    rn50.batch = 256;
    s.push_back({"ResNet-50 training, amp-fp16, batch 256", "resnet50", rn50});
    rc::run_config bert;
    bert.mode = rc::mode::train;
    bert.precision = rc::precision::amp_fp16;
    bert.batch = 32;
    bert.seq_len = 384;
    s.push_back({"BERT-Large SQuAD fine-tuning, amp-fp16, seq 384, batch 32", "bert-large", bert});
    rc::run_config llm;
    llm.mode = rc::mode::infer;
    llm.precision = rc::precision::fp16;
    llm.prompt_len = 512;
    llm.gen_len = 128;
    llm.batch = 1;
    llm.phase = rc::phase::prefill;
    s.push_back({"LLaMA-2-7B inference, fp16, prompt 512: time to first token (batch 1)", "llama2-7b", llm});
    llm.phase = rc::phase::decode;
    s.push_back({"LLaMA-2-7B inference, fp16: time per output token (batch 1, 128 new tokens)", "llama2-7b", llm});
    llm.phase = rc::phase::serve;
    s.push_back({"LLaMA-2-7B inference, fp16: tokens/s at the largest batch that fits", "llama2-7b", llm});
    return s;
}

/// The GPU pairs compared.
inline std::vector<std::pair<std::string, std::string>> pairs() {
    return {{"A40", "V100-SXM2-16GB"}, {"A100-SXM4-40GB", "L40"}};
}

/// The whole report: one comparison table per pair and scenario.
inline std::string report(const roofcast::model_catalog& cat = roofcast::catalog()) {
    namespace rc = roofcast;
    std::ostringstream o;
    for (const auto& [a, b] : pairs()) {
        o << "=== " << a << " vs " << b << " ===\n\n";
        for (const scenario& s : scenarios()) {
            const rc::comparison c =
                rc::compare(cat.workload_named(s.workload), {std::cref(cat.gpu(a)), std::cref(cat.gpu(b))}, s.config);
            o << s.title << '\n' << rc::comparison_table(c).to_text();
            for (const auto& r : c.results) {
                if (r && rc::phase_of(r->config) == rc::phase::serve) {
                    o << "  " << r->gpu << ": batch " << r->batch << '\n';
                }
            }
            o << '\n';
        }
    }
    return o.str();
}

}  // namespace seed

#endif
