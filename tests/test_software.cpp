// Software rules and the run inputs the published measurements use: which attention kernel a framework release
// runs, beam search, variable-length encoder inputs (packing vs padding) and activation recomputation.
#include <roofcast/model/memory.hpp>
#include <roofcast/model/plan.hpp>
#include <roofcast/model/predict.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <string>

namespace rc = roofcast;

namespace {

/// The bytes of footprint item `name` (0 when absent).
double item_of(const rc::memory_footprint& f, const std::string& name) {
    for (const auto& [n, b] : f.items) {
        if (n == name) {
            return b;
        }
    }
    return 0.0;
}

/// A llama2-7b generation run of `batch` requests, `beams` beams, 128 prompt and 64 generated tokens.
rc::run_config generation(const std::string& framework, rc::phase ph, int beams) {
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.phase = ph;
    c.precision = rc::precision::fp16;
    c.framework = framework;
    c.batch = 2;
    c.prompt_len = 128;
    c.gen_len = 64;
    c.beams = beams;
    return c;
}

}  // namespace

TEST_CASE("the attention kernel follows the framework release (docs/research/plausibility-sources.md, section 2)") {
    // Eager PyTorch fuses attention from 2.0 (scaled_dot_product_attention), Hugging Face models from
    // transformers 4.36 (SDPA by default), Megatron-LM from 2.x; TensorFlow and llama.cpp never do by default.
    CHECK_FALSE(rc::fuses_attention("pytorch", "1.13"));
    CHECK(rc::fuses_attention("pytorch", "2.0"));
    CHECK(rc::fuses_attention("pytorch", ""));
    CHECK_FALSE(rc::fuses_attention("hf-pytorch", "4.35"));
    CHECK(rc::fuses_attention("hf-pytorch", "4.36"));
    CHECK_FALSE(rc::fuses_attention("megatron", "1.1"));
    CHECK(rc::fuses_attention("megatron", "2.5"));
    CHECK_FALSE(rc::fuses_attention("tensorflow", ""));
    CHECK_FALSE(rc::fuses_attention("llama.cpp", ""));
    CHECK(rc::fuses_attention("tensorrt-llm", ""));

    // The plan carries the rule: a PyTorch 1.13 run materializes the scores, a 2.1 run does not.
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    rc::run_config c;
    c.framework = "pytorch";
    c.framework_version = "1.13";
    CHECK_FALSE(*rc::resolve(w, c).config.fused_attention);
    c.framework_version = "2.1";
    CHECK(*rc::resolve(w, c).config.fused_attention);
    c.fused_attention = false;  // an explicit choice wins over the rule
    CHECK_FALSE(*rc::resolve(w, c).config.fused_attention);
}

TEST_CASE("beam search decodes batch x beams sequences and keeps a KV cache per beam") {
    const rc::workload& w = rc::catalog().workload_named("llama2-7b");
    const rc::run_plan one = rc::resolve(w, generation("hf-pytorch", rc::phase::decode, 1));
    const rc::run_plan four = rc::resolve(w, generation("hf-pytorch", rc::phase::decode, 4));
    CHECK(one.passes[0].batch == 2);
    CHECK(four.passes[0].batch == 8);
    // Decode steps see the mean context: prompt + gen/2 = 128 + 32.
    CHECK(four.passes[0].seq_kv == 160);
    const double kv1 = item_of(rc::footprint(one), "kv cache"), kv4 = item_of(rc::footprint(four), "kv cache");
    REQUIRE(kv1 > 0.0);
    CHECK(kv4 == doctest::Approx(4.0 * kv1));
    // Hugging Face expands each prompt to its beams before the prefill; TensorRT-LLM prefills the prompt once.
    const rc::run_plan hf = rc::resolve(w, generation("hf-pytorch", rc::phase::e2e, 4));
    const rc::run_plan trt = rc::resolve(w, generation("tensorrt-llm", rc::phase::e2e, 4));
    CHECK(hf.passes[0].batch == 8);
    CHECK(trt.passes[0].batch == 2);
    CHECK(trt.passes[1].batch == 8);
    // Beams apply only to generation.
    rc::run_config train;
    train.beams = 2;
    CHECK_THROWS_AS((void)rc::resolve(w, train), rc::input_error);
}

TEST_CASE("variable-length encoder inputs: packed engines run the mean length, eager frameworks pad") {
    const rc::workload& bert = rc::catalog().workload_named("bert-large");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.precision = rc::precision::fp16;
    c.batch = 8;
    c.seq_len = 384;
    c.mean_seq_len = 200;
    c.framework = "tensorrt";
    CHECK(rc::resolve(bert, c).passes[0].seq_q == 200);
    c.framework = "pytorch";
    CHECK(rc::resolve(bert, c).passes[0].seq_q == 384);
    // A packed run costs less than the padded one on the same GPU, by at most the token ratio 384/200.
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    c.framework = "tensorrt";
    const double packed = rc::predict(bert, g, c).time.value();
    c.mean_seq_len = 0;
    const double padded = rc::predict(bert, g, c).time.value();
    CHECK(packed < padded);
    CHECK(padded / packed < 384.0 / 200.0 + 1e-9);
    // The mean cannot exceed the padded length, and training has no such input.
    c.mean_seq_len = 500;
    CHECK_THROWS_AS((void)rc::resolve(bert, c), rc::input_error);
}

TEST_CASE("activation recomputation is priced: full re-runs each block's forward in the backward pass") {
    const rc::workload& w = rc::catalog().workload_named("gpt3-2.7b");
    const rc::gpu_spec& g = rc::catalog().gpu("A100-SXM4-80GB");
    rc::run_config c;
    c.precision = rc::precision::amp_bf16;
    c.batch = 8;
    c.seq_len = 2048;
    const double none = rc::predict(w, g, c).time.value();
    const double none_memory = rc::footprint(w, c).total().value();
    c.recompute = rc::recompute::selective;
    const double selective = rc::predict(w, g, c).time.value();
    c.recompute = rc::recompute::full;
    const double full = rc::predict(w, g, c).time.value();
    const double full_memory = rc::footprint(w, c).total().value();
    // Forward is about a third of a training step (backward ≈ 2 × forward), so one more forward adds about a
    // third (Korthikanti et al. 2022 report +33% FLOPs for full recomputation): between 20% and 40% here.
    CHECK(full / none > 1.2);
    CHECK(full / none < 1.4);
    // Selective recomputation re-runs only the core attention: it costs something, and far less than full
    // (+2.7% FLOPs in Korthikanti et al.).
    CHECK(selective >= none);
    CHECK(selective - none < 0.25 * (full - none));
    CHECK(full_memory < none_memory);
}

TEST_CASE("version numbers: major·1000 + minor, and no number for parts no release has") {
    CHECK(rc::detail::version_number("torch-2.1") == 2001);
    CHECK(rc::detail::version_number("4.36.2") == 4036);
    CHECK(rc::detail::version_number("none") == -1);
    // Parts beyond 99999 and 999 would overflow or collide (1.1000 with 2.0): not a release number.
    CHECK(rc::detail::version_number("2.1333333333333333333333333333") == -1);
    CHECK(rc::detail::version_number("99999999999999999999999.1") == -1);
    CHECK(rc::detail::version_number("1.1000") == -1);
}
