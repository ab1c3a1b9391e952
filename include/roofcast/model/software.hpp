/// @file
/// Software profiles: measurements are of hardware plus software, and the profile is where the software
/// goes (per-op host overhead, fusion, efficiency relative to the vendor libraries).
#ifndef ROOFCAST_MODEL_SOFTWARE_HPP
#define ROOFCAST_MODEL_SOFTWARE_HPP

#include <roofcast/detail/names.hpp>
#include <roofcast/error.hpp>
#include <roofcast/model/params.hpp>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {

/// A framework the cost model knows.
struct software_profile {
    /// Name, e.g. "pytorch".
    std::string_view name;
    /// What it stands for.
    std::string_view description;
    /// CUDA context, cuBLAS/cuDNN workspaces and runtime buffers it keeps, bytes.
    double context_bytes;
    /// Fraction of the model's memory its allocator loses to fragmentation when memory runs short: what a fit needs
    /// beyond the allocated peak (a caching allocator keeps more cached while memory is ample, and releases it
    /// before it fails an allocation: profile_params::allocator_cache).
    double headroom;
    /// Whether its FP16 GEMMs accumulate in FP16 (cuBLAS CUBLAS_COMPUTE_16F), which GeForce parts run at full
    /// rate rather than the FP32-accumulate half rate.
    bool fp16_accumulate;
};

/// The known profiles with their descriptions and memory habits (PyTorch and TensorFlow keep about 1 GiB of
/// context and workspaces and lose ~5% to their caching allocators; engines that plan memory up front,
/// 0.5 GiB and 2%). Fitted parameters live in cost_params::profile, same order. llama.cpp multiplies FP16
/// (and dequantized) matrices through cuBLAS with FP16 accumulation (ggml-cuda's GGML_PREC_DEFAULT path).
inline constexpr std::array<software_profile, 13> software_profiles = {{
    {"pytorch", "PyTorch eager (the default): one host dispatch per op, no fusion beyond library kernels", 1073741824.0,
     0.05, false},
    {"hf-pytorch", "Hugging Face models on eager PyTorch: eager plus Python-heavy module code", 1073741824.0, 0.05,
     false},
    {"pytorch-compiled", "torch.compile / CUDA graphs: pointwise ops fused, little host time", 1073741824.0, 0.05,
     false},
    {"tensorflow", "TensorFlow eager/graph without XLA", 1073741824.0, 0.05, false},
    {"tensorflow-xla", "TensorFlow with XLA: pointwise ops fused", 1073741824.0, 0.05, false},
    {"tensorrt", "TensorRT engines: layers fused, kernels tuned, CUDA graphs", 536870912.0, 0.02, false},
    {"tensorrt-llm", "TensorRT-LLM: fused attention and GEMM epilogues, in-flight batching", 536870912.0, 0.02, false},
    {"llama.cpp", "llama.cpp CUDA backend: own quantized GEMV kernels, cuBLAS with FP16 accumulation for batches",
     536870912.0, 0.02, true},
    {"megatron", "Megatron-LM: fused kernels (bias+GeLU, softmax, layer norm), tensor parallel", 1073741824.0, 0.05,
     false},
    {"composer", "MosaicML Composer / llm-foundry on PyTorch FSDP", 1073741824.0, 0.05, false},
    {"flash-attention", "FlashAttention's training scripts: fused attention and fused MLP/LN kernels", 1073741824.0,
     0.05, false},
    {"cublas", "bare cuBLAS/cuBLASLt calls timed back to back (GEMM microbenchmarks)", 536870912.0, 0.02, false},
    {"cuda", "hand-written CUDA kernels timed back to back (STREAM-style microbenchmarks)", 536870912.0, 0.02, false},
}};

/// Whether profile `name` runs on PyTorch and its CUDA caching allocator (PyTorch eager and compiled, Hugging Face
/// models, Megatron-LM, Composer, FlashAttention's scripts).
constexpr bool runs_on_pytorch(std::string_view name) {
    return name == "pytorch" || name == "hf-pytorch" || name == "pytorch-compiled" || name == "megatron" ||
           name == "composer" || name == "flash-attention";
}

namespace detail {

/// The leading "major.minor" of a version string ("2.1.0", "torch-2.1", "4.36.2"), as major·1000 + minor; -1
/// when it has none, or when its major part exceeds 99999 or its minor part 999 (no release is numbered so, and the
/// encoding would overflow or collide).
inline long version_number(std::string_view v) {
    const std::size_t start = v.find_first_of("0123456789");
    if (start == std::string_view::npos) {
        return -1;
    }
    constexpr long max_major = 99'999, max_minor = 999;
    long major = 0, minor = 0;
    std::size_t i = start;
    for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i) {
        major = major * 10 + (v[i] - '0');
        if (major > max_major) {
            return -1;
        }
    }
    if (i < v.size() && v[i] == '.') {
        for (++i; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i) {
            minor = minor * 10 + (v[i] - '0');
            if (minor > max_minor) {
                return -1;
            }
        }
    }
    return major * 1000 + minor;
}

}  // namespace detail

/// Whether `framework` at `version` (its own release: PyTorch's for pytorch and pytorch-compiled, transformers'
/// for hf-pytorch; "" for the current release) runs fused (FlashAttention-style) attention by default, the rule
/// docs/model.md names ("Which attention kernel runs"):
///   * TensorRT, TensorRT-LLM, FlashAttention's scripts, Composer/llm-foundry and compiled PyTorch fuse it, and so
///     does Megatron-LM (Megatron-Core with Transformer Engine), but not its 1.x releases (2019–2020: fused softmax,
///     scores in memory);
///   * eager PyTorch from 2.0 (March 2023, torch.nn.functional.scaled_dot_product_attention with its FlashAttention
///     and memory-efficient kernels), not before;
///   * Hugging Face models from transformers 4.36 (December 2023: attn_implementation "sdpa" by default), not
///     before;
///   * TensorFlow (with or without XLA, which fuses the softmax but keeps the scores) and llama.cpp (without -fa)
///     do not.
inline bool fuses_attention(std::string_view framework, std::string_view version = "") {
    const long v = detail::version_number(version);
    if (framework == "pytorch") {
        return v < 0 || v >= 2000;
    }
    if (framework == "hf-pytorch") {
        return v < 0 || v >= 4036;
    }
    if (framework == "megatron") {
        return v < 0 || v >= 2000;
    }
    return framework == "tensorrt-llm" || framework == "tensorrt" || framework == "composer" ||
           framework == "flash-attention" || framework == "pytorch-compiled";
}

/// Whether the fused attention `framework` runs at `version` (as for fuses_attention) is FlashAttention-2, written for
/// Ampere's warp-level MMA, which Hopper and Blackwell run at their legacy_attention_ratio (docs/model.md, "Which
/// attention kernel runs"):
///   * FlashAttention's scripts and Composer/llm-foundry call the flash-attn 2 package;
///   * PyTorch's SDPA runs its FlashAttention-2 port on H100 and B200 up to 2.10: cuDNN's attention, preferred in
///     2.5.0, was made opt-in in 2.5.1 (pytorch#138522), and check_prefer_cudnn_attention() in sdp_utils.cpp prefers it
///     again only from the cuDNN that 2.11 bundles; compiled PyTorch calls the same SDPA; Hugging Face models call it
///     too, and a stated transformers release (4.x) predates PyTorch 2.11;
///   * the current PyTorch (no version), Megatron-LM (Transformer Engine's cuDNN attention) and the inference engines
///     run the family's own kernels.
inline bool runs_flash_attention_2(std::string_view framework, std::string_view version = "") {
    const long v = detail::version_number(version);
    if (framework == "composer" || framework == "flash-attention") {
        return true;
    }
    if (framework == "pytorch" || framework == "pytorch-compiled") {
        return v >= 0 && v < 2011;
    }
    return framework == "hf-pytorch" && v >= 0;
}

/// Whether `framework` builds layer normalization and the GELU out of primitive ops, each its own kernel, instead of
/// one kernel each: TensorFlow graphs. google-research/bert's modeling.py, which NVIDIA's Deep Learning Examples keep,
/// takes layer_norm from tf.contrib.layers.layer_norm (nn.moments, then nn.batch_normalization) and writes the GELU
/// as its tanh formula; Grappler's GPU remapper fuses MatMul with BiasAdd, neither of these. PyTorch, Megatron and
/// the engines run one kernel for each.
inline bool decomposes_norm_and_gelu(std::string_view framework) {
    return framework == "tensorflow";
}

/// Whether `framework` at release `version` multiplies quantized weights by more than 32 rows (ggml-cuda's
/// MMQ_MAX_BATCH_SIZE) by first dequantizing them to FP16 for a cuBLAS GEMM: llama.cpp builds up to June 2024
/// (its version is the build's year.month, e.g. 2024.05), which took this path on every GPU with FP16 tensor cores;
/// PR #8075 (2024-06-24) made its int8-tensor-core quantized GEMMs (MMQ) the default, so later or unstated builds
/// do not (a June build, before or after the merge, counts as before).
inline bool dequantizes_for_cublas(std::string_view framework, std::string_view version = "") {
    const long v = detail::version_number(version);
    return framework == "llama.cpp" && v >= 0 && v <= 2024006;
}

/// Rows llama.cpp processes at once (n_ubatch, its default physical batch since March 2024): a prompt longer than
/// this runs as several batches, each dequantizing the weights again.
inline constexpr long long llama_cpp_ubatch = 512;

/// The most rows ggml-cuda multiplies with its quantized kernels before it turns to cuBLAS (MMQ_MAX_BATCH_SIZE).
inline constexpr long long llama_cpp_mmq_max_rows = 32;

/// Whether `framework`'s mixed precision runs softmax in FP32: torch.autocast casts softmax's input to float32 (its
/// "ops that autocast to float32" list), so eager PyTorch and Hugging Face models materialize FP32 probabilities
/// in unfused attention; fused kernels (Megatron's scale-mask-softmax, compiled graphs, TensorFlow's AMP) keep them
/// in 16 bits.
inline bool autocasts_softmax_to_fp32(std::string_view framework) {
    return framework == "pytorch" || framework == "hf-pytorch";
}

/// Whether `framework` packs variable-length sequences (no padding): TensorRT's variable-length BERT plugins,
/// TensorRT-LLM's remove-input-padding and FlashAttention's variable-length kernels do; eager frameworks pad every
/// sequence of a batch to the longest.
inline bool packs_sequences(std::string_view framework) {
    return framework == "tensorrt" || framework == "tensorrt-llm" || framework == "flash-attention";
}

/// Whether `framework` runs the routed experts of a mixture-of-experts layer as one grouped GEMM per projection
/// rather than one GEMM per expert: TensorRT-LLM's MoE plugin (as vLLM's and SGLang's fused_moe kernels, Megablocks'
/// grouped GEMM, Gale et al. 2022) and llama.cpp's mul_mat_id do; eager PyTorch and Hugging Face's modules loop over
/// the experts, and so does Megatron without --moe-grouped-gemm (off by default).
inline bool groups_experts(std::string_view framework) {
    return framework == "tensorrt-llm" || framework == "llama.cpp";
}

/// The tokens one iteration of `framework`'s in-flight (continuous) batching runs at most, decode tokens and
/// prefill chunks together, when the run states none: TensorRT-LLM's `max_num_tokens` defaults to 8192
/// (trtllm-build's build options). 0: the framework serves static batches (prefill the batch, then decode it).
inline long long default_batched_tokens(std::string_view framework) {
    return framework == "tensorrt-llm" ? 8192 : 0;
}

/// The serving engines without a software profile of their own: vLLM, SGLang, LMDeploy, TGI and NVIDIA NIM batch in
/// flight with fused attention, CUDA graphs and fused GEMM epilogues, as TensorRT-LLM does, so their
/// kernels are costed with the tensorrt-llm profile and their schedulers' host time with scheduler_host_of.
inline constexpr std::array<std::string_view, 5> serving_engines = {"vllm", "sglang", "lmdeploy", "tgi", "nim"};

/// Whether `name` is one of serving_engines.
constexpr bool is_serving_engine(std::string_view name) {
    for (std::string_view e : serving_engines) {
        if (e == name) {
            return true;
        }
    }
    return false;
}

/// Whether an engine's host work for an iteration holds the GPU up (a synchronous loop: schedule, build the inputs,
/// launch, wait, process the outputs) or runs while the GPU computes the previous iteration (an overlapped
/// scheduler), so that only the host time beyond the GPU's shows.
enum class host_overlap { synchronous, overlapped };

/// An engine's host (CPU) time per iteration of in-flight batching: t = fixed + per_sequence · n for n sequences
/// scheduled (docs/model.md, "The engine's host time"). Every figure is a published measurement of the engine.
struct scheduler_host {
    /// Host time per iteration whatever the batch, seconds.
    double fixed = 0.0;
    /// Host time per sequence scheduled in the iteration, seconds.
    double per_sequence = 0.0;
    /// Whether the GPU waits for it.
    host_overlap overlap = host_overlap::overlapped;
};

namespace detail {

/// An engine's release as version_number reads it, from the parenthesized release of a development build
/// ("main-2024-08-04(0.5.3.post1+dev)" is 0.5) or the version string itself.
inline long engine_release(std::string_view version) {
    const std::size_t open = version.find('(');
    return version_number(open == std::string_view::npos ? version : version.substr(open + 1));
}

}  // namespace detail

/// The host time per iteration of serving engine `engine` at release `version` ("" the current one; see
/// docs/research/vllm-host-overheads.md for every source):
///   * vLLM before 0.6 runs a synchronous loop whose host time grows with the sequences scheduled: 84 µs each, the
///     mean of 21.8 ms / 256 and 10.6 ms / 128 (WukLab, "Can Scheduling Overhead Dominate LLM Inference
///     Performance?", 2024: vLLM 0.5.4's scheduling time per iteration with 256 sequences running on an A100 host and
///     128 on an A6000 host, read from its figures), on top of 0.77 ms (the intercept of Vidur's CPU profile of the
///     Sarathi-Serve fork of that scheduler over batch 8–128, data/profiling/a100/cpu_overheads.csv);
///   * vLLM 0.6 and 0.7 process the outputs asynchronously (PR #7049): detokenizing and preparing the outputs, 36%
///     of the per-sequence time in WukLab's breakdown, leave the loop, 54 µs per sequence stays;
///   * vLLM from 0.8 (the V1 engine core, its outputs detokenized in another process): schedule(), the persistent
///     batch's update and the input preparation take 0.43 ms a step (0.2 + 0.18 + 0.05 ms, PR #42131) and
///     update_from_output 1.1 µs per request (PR #46112);
///   * SGLang spends at most about 2 ms (WukLab: 1.9–2.7 ms per iteration on an A100 host, Llama-3-8B), in the loop
///     before 0.4 and overlapped with the GPU from 0.4 (the zero-overhead batch scheduler, December 2024);
///   * TensorRT-LLM's C++ batch manager, and the engines no measurement covers (LMDeploy, TGI, NIM), none.
inline scheduler_host scheduler_host_of(std::string_view engine, std::string_view version = "") {
    const long v = detail::engine_release(version);
    constexpr double us = 1e-6;
    if (engine == "vllm") {
        if (v >= 0 && v < 6) {
            return {770.0 * us, 84.0 * us, host_overlap::synchronous};
        }
        if (v >= 0 && v < 8) {
            return {770.0 * us, 54.0 * us, host_overlap::synchronous};
        }
        return {430.0 * us, 1.1 * us, host_overlap::synchronous};
    }
    if (engine == "sglang") {
        return {2000.0 * us, 0.0, v >= 0 && v < 4 ? host_overlap::synchronous : host_overlap::overlapped};
    }
    return {};
}

/// Whether `framework`'s beam search runs the prompt once per beam (Hugging Face's generate expands each prompt to
/// num_beams rows before the prefill) rather than once per request (engines copy the prompt's KV cache).
inline bool expands_beams_in_prefill(std::string_view framework) {
    return framework == "hf-pytorch" || framework == "pytorch" || framework == "pytorch-compiled";
}

/// Whether `framework`'s selective recomputation is PyTorch's op-level policy (selective activation checkpointing,
/// torch.utils.checkpoint.create_selective_checkpoint_contexts, with the policy PyTorch's Llama training recipes apply:
/// keep the outputs of attention and of every other matmul, recompute the rest) rather
/// than Megatron's (recompute the core attention only): the pytorch and pytorch-compiled profiles.
inline bool recomputes_op_level(std::string_view framework) {
    return framework == "pytorch" || framework == "pytorch-compiled";
}

/// The index of the profile called `name` (case-insensitive); throws unknown_name_error with the
/// closest names.
inline std::size_t find_profile(std::string_view name) {
    const std::string key = roofcast::detail::normalize_name(name);
    std::vector<std::pair<std::string, std::string>> spellings;
    for (std::size_t i = 0; i < software_profiles.size(); ++i) {
        if (roofcast::detail::normalize_name(software_profiles[i].name) == key) {
            return i;
        }
        spellings.emplace_back(std::string(software_profiles[i].name), std::string(software_profiles[i].name));
    }
    throw unknown_name_error("framework", std::string(name), roofcast::detail::closest_names(name, spellings));
}

}  // namespace roofcast

#endif
