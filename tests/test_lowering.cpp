// Lowering: FLOPs and DRAM traffic of each kernel builder, derived by hand.
#include <roofcast/model/lowering.hpp>

#include <doctest/doctest.h>

namespace rc = roofcast;
namespace k = roofcast::kernels;

TEST_CASE("gemm: 2·m·n·k FLOPs, A and B read once, C written once") {
    const rc::kernel g = k::gemm("g", 4096, 4096, 4096, rc::dtype::fp16, rc::dtype::fp16, rc::exec_unit::tensor_core);
    CHECK(g.work.value() == doctest::Approx(1.374389535e11));  // 2·4096³
    CHECK(g.read.value() == doctest::Approx(2.0 * 4096 * 4096 * 2));
    CHECK(g.written.value() == doctest::Approx(4096.0 * 4096 * 2));
    CHECK(g.shape->batch == 1);
    CHECK_THROWS_AS(k::gemm("bad", 0, 1, 1, rc::dtype::fp16, rc::dtype::fp16, rc::exec_unit::tensor_core),
                    rc::input_error);
}

TEST_CASE("conv2d lowers to implicit GEMMs with the cuDNN dimensions") {
    // ResNet-50 layer1 3x3 conv: n=32, 64 -> 64 channels, 56x56, pad 1.
    rc::kernels::conv2d_desc d;
    d.n = 32;
    d.c = 64;
    d.h = d.w = 56;
    d.k = 64;
    d.r = d.s = 3;
    d.pad = 1;
    CHECK(k::out_h(d) == 56);
    const double macs = 32.0 * 56 * 56 * 64 * 64 * 9;  // n·p·q·k·c·r·s = 3.7e9
    CHECK(k::conv_macs(d) == doctest::Approx(macs));
    const auto fwd = k::conv2d("c", d, k::conv_pass::forward, rc::dtype::fp16, rc::exec_unit::tensor_core);
    CHECK(fwd.shape->m == 32 * 56 * 56);
    CHECK(fwd.shape->n == 64);
    CHECK(fwd.shape->k == 64 * 9);
    CHECK(fwd.work.value() == doctest::Approx(2 * macs));
    CHECK(fwd.cls == rc::op_class::conv);
    // Traffic: input 32·64·56·56 and output (same size) fp16, weights 64·64·9.
    CHECK(fwd.read.value() == doctest::Approx((32.0 * 64 * 56 * 56 + 64 * 64 * 9) * 2));
    CHECK(fwd.written.value() == doctest::Approx(32.0 * 64 * 56 * 56 * 2));
    const auto dgrad = k::conv2d("c", d, k::conv_pass::backward_data, rc::dtype::fp16, rc::exec_unit::tensor_core);
    CHECK(dgrad.shape->m == 32 * 56 * 56);
    CHECK(dgrad.shape->n == 64);
    CHECK(dgrad.shape->k == 64 * 9);
    const auto wgrad = k::conv2d("c", d, k::conv_pass::backward_weight, rc::dtype::fp16, rc::exec_unit::tensor_core);
    CHECK(wgrad.shape->m == 64);
    CHECK(wgrad.shape->n == 64 * 9);
    CHECK(wgrad.shape->k == 32 * 56 * 56);
    CHECK(wgrad.work.value() == doctest::Approx(2 * macs));
}

TEST_CASE("depthwise convolution is a memory-bound CUDA-core kernel") {
    rc::kernels::conv2d_desc d;
    d.n = 8;
    d.c = d.k = d.groups = 96;
    d.h = d.w = 56;
    d.r = d.s = 3;
    d.pad = 1;
    d.stride = 2;
    CHECK(k::out_h(d) == 28);
    const auto c = k::conv2d("dw", d, k::conv_pass::forward, rc::dtype::fp16, rc::exec_unit::tensor_core);
    CHECK_FALSE(c.shape.has_value());
    CHECK(c.unit == rc::exec_unit::cuda_core);
    CHECK(c.work.value() == doctest::Approx(2.0 * 8 * 28 * 28 * 96 * 9));
    // Grouped with many channels per group stays a (batched) implicit GEMM.
    d.groups = 2;
    const auto g = k::conv2d("g", d, k::conv_pass::forward, rc::dtype::fp16, rc::exec_unit::tensor_core);
    CHECK(g.shape->batch == 2);
    CHECK(g.shape->n == 48);
    CHECK(g.shape->k == 48 * 9);
}

TEST_CASE("fused attention: 4·b·h·s²·d forward, half with a causal mask, 2.5x backward") {
    rc::kernels::attention_desc a;
    a.batch = 2;
    a.heads = 32;
    a.kv_heads = 8;
    a.seq_q = a.seq_kv = 2048;
    a.head_dim = 128;
    const double full = 4.0 * 2 * 32 * 2048.0 * 2048 * 128;
    CHECK(k::fused_attention("a", a, rc::dtype::bf16, k::direction::forward).work.value() == doctest::Approx(full));
    a.causal = true;
    // Causal square attention keeps 1 - (s-1)/(2s) of the scores: just over one half.
    CHECK(k::causal_fraction(a) == doctest::Approx(1.0 - 2047.0 / 4096.0));
    const auto fwd = k::fused_attention("a", a, rc::dtype::bf16, k::direction::forward);
    CHECK(fwd.work.value() == doctest::Approx(full * (1.0 - 2047.0 / 4096.0)));
    CHECK(k::fused_attention("a", a, rc::dtype::bf16, k::direction::backward).work.value() ==
          doctest::Approx(2.5 * fwd.work.value()));
    // Traffic with GQA: Q and O with 32 heads, K and V with 8.
    const double q = 2.0 * 32 * 2048 * 128 * 2, kv = 2.0 * 8 * 2048 * 128 * 2;
    CHECK(fwd.read.value() == doctest::Approx(q + 2 * kv));
    CHECK(fwd.written.value() == doctest::Approx(q));
    // Decoding one token against a 1000-token cache: every key is visible.
    rc::kernels::attention_desc dec = a;
    dec.seq_q = 1;
    dec.seq_kv = 1000;
    CHECK(k::causal_fraction(dec) == 1.0);
}

TEST_CASE("unfused attention materializes the scores") {
    rc::kernels::attention_desc a;
    a.batch = 4;
    a.heads = a.kv_heads = 16;
    a.seq_q = a.seq_kv = 512;
    a.head_dim = 64;
    const auto fwd = k::unfused_attention("a", a, rc::dtype::fp16, k::direction::forward);
    REQUIRE(fwd.size() == 3);
    CHECK(fwd[0].shape->m == 512);
    CHECK(fwd[0].shape->n == 512);
    CHECK(fwd[0].shape->k == 64);
    CHECK(fwd[0].shape->batch == 64);
    CHECK(fwd[1].cls == rc::op_class::softmax);
    // Softmax reads and writes the 4·16·512·512 fp16 scores.
    CHECK(fwd[1].read.value() == doctest::Approx(4.0 * 16 * 512 * 512 * 2));
    CHECK(k::unfused_attention("a", a, rc::dtype::fp16, k::direction::backward).size() == 5);
}

TEST_CASE("optimizer traffic per parameter") {
    // Adam with FP32 gradients: read weight, m, v, grad (16 B), write weight, m, v (12 B).
    const auto adam = k::optimizer_update("adam", 1e6, k::optimizer_kind::adam, rc::dtype::fp32, false);
    CHECK(adam.read.value() == doctest::Approx(16e6));
    CHECK(adam.written.value() == doctest::Approx(12e6));
    // Mixed precision: FP16 gradient (2 B) and a FP16 weight copy written (2 B).
    const auto amp = k::optimizer_update("adam", 1e6, k::optimizer_kind::adamw, rc::dtype::fp16, true);
    CHECK(amp.read.value() == doctest::Approx(14e6));
    CHECK(amp.written.value() == doctest::Approx(14e6));
    // SGD: read weight and grad, write weight.
    const auto sgd = k::optimizer_update("sgd", 1e6, k::optimizer_kind::sgd, rc::dtype::fp32, false);
    CHECK(sgd.read.value() == doctest::Approx(8e6));
    CHECK(sgd.written.value() == doctest::Approx(4e6));
    // LAMB adds a pass over weights and update for its norms.
    const auto lamb = k::optimizer_update("lamb", 1e6, k::optimizer_kind::lamb, rc::dtype::fp32, false);
    CHECK(lamb.read.value() == doctest::Approx(24e6));
}

TEST_CASE("pointwise, norm, softmax, embedding, pooling and cast traffic") {
    const auto add = k::elementwise("add", 1e6, 2, 1, rc::dtype::fp16);
    CHECK(add.read.value() == doctest::Approx(4e6));
    CHECK(add.written.value() == doctest::Approx(2e6));
    CHECK(add.fusible);
    CHECK(k::norm("bn", 1e6, k::norm_kind::batch_norm, rc::dtype::fp16, k::direction::forward).read.value() ==
          doctest::Approx(4e6));
    CHECK(k::norm("ln", 1e6, k::norm_kind::layer_norm, rc::dtype::fp16, k::direction::forward).read.value() ==
          doctest::Approx(2e6));
    CHECK(k::norm("ln", 1e6, k::norm_kind::layer_norm, rc::dtype::fp16, k::direction::backward).read.value() ==
          doctest::Approx(4e6));
    // Batch-norm backward reads x and dy twice (dγ/dβ with the statistics, then dx): 4 × 1e6 × 2 B.
    CHECK(k::norm("bn", 1e6, k::norm_kind::batch_norm, rc::dtype::fp16, k::direction::backward).read.value() ==
          doctest::Approx(8e6));
    // Layer-norm backward: the dx kernel, then the weight gradient, its own kernel reading x and dy again
    // (2 × 1e6 × 2 B) and writing no full tensor; batch norm's dγ, dβ come with its statistics pass (one kernel).
    std::vector<rc::kernel> ln_bwd;
    REQUIRE(k::append_norm_backward(ln_bwd, "ln", 1e6, k::norm_kind::layer_norm, rc::dtype::fp16) == 2);
    REQUIRE(ln_bwd.size() == 2);
    CHECK(ln_bwd[1].read.value() == doctest::Approx(4e6));
    CHECK(ln_bwd[1].written.value() == doctest::Approx(0.0));
    std::vector<rc::kernel> bn_bwd;
    CHECK(k::append_norm_backward(bn_bwd, "bn", 1e6, k::norm_kind::batch_norm, rc::dtype::fp16) == 1);
    CHECK(k::softmax("s", 1e6, rc::dtype::fp32, k::direction::backward).read.value() == doctest::Approx(8e6));
    // Unfused cross-entropy over 1e6 fp32 logits: forward reads them twice and writes the log-probabilities
    // (12 MB); backward fills the dense gradient (4 MB), then reads it with the log-probabilities and writes the
    // logits' gradient (12 MB): 7 tensor passes in all, none of them fusible.
    const auto ce_f = k::cross_entropy("ce", 1e6, rc::dtype::fp32, k::direction::forward);
    const auto ce_b = k::cross_entropy("ce", 1e6, rc::dtype::fp32, k::direction::backward);
    REQUIRE(ce_f.size() == 1);
    REQUIRE(ce_b.size() == 2);
    double ce_bytes = 0.0;
    for (const auto& kk : {ce_f[0], ce_b[0], ce_b[1]}) {
        ce_bytes += rc::traffic(kk).value();
        CHECK_FALSE(kk.fusible);
    }
    CHECK(ce_bytes == doctest::Approx(7 * 4e6));
    CHECK(k::embedding("e", 1000, 4096, rc::dtype::fp16, k::direction::forward).written.value() ==
          doctest::Approx(1000.0 * 4096 * 2));
    CHECK(k::pooling("p", 4e6, 1e6, 9, rc::dtype::fp16).read.value() == doctest::Approx(8e6));
    const auto c = k::cast("c", 1e6, rc::dtype::fp32, rc::dtype::fp16);
    CHECK(c.read.value() == doctest::Approx(4e6));
    CHECK(c.written.value() == doctest::Approx(2e6));
    const auto triad = k::stream("triad", 1e6, 2, 1, rc::dtype::fp64);
    CHECK(rc::traffic(triad).value() == doctest::Approx(24e6));
}
