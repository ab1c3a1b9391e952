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
    /// Fraction of the model's memory its allocator loses to fragmentation.
    double headroom;
};

/// The known profiles with their descriptions and memory habits (PyTorch and TensorFlow keep about 1 GiB of
/// context and workspaces and lose ~5% to their caching allocators; engines that plan memory up front,
/// 0.5 GiB and 2%). Fitted parameters live in cost_params::profile, same order.
inline constexpr std::array<software_profile, 13> software_profiles = {{
    {"pytorch", "PyTorch eager (the default): one host dispatch per op, no fusion beyond library kernels", 1073741824.0,
     0.05},
    {"hf-pytorch", "Hugging Face models on eager PyTorch: eager plus Python-heavy module code", 1073741824.0, 0.05},
    {"pytorch-compiled", "torch.compile / CUDA graphs: pointwise ops fused, little host time", 1073741824.0, 0.05},
    {"tensorflow", "TensorFlow eager/graph without XLA", 1073741824.0, 0.05},
    {"tensorflow-xla", "TensorFlow with XLA: pointwise ops fused", 1073741824.0, 0.05},
    {"tensorrt", "TensorRT engines: layers fused, kernels tuned, CUDA graphs", 536870912.0, 0.02},
    {"tensorrt-llm", "TensorRT-LLM: fused attention and GEMM epilogues, in-flight batching", 536870912.0, 0.02},
    {"llama.cpp", "llama.cpp CUDA backend: its own quantized GEMV/GEMM kernels", 536870912.0, 0.02},
    {"megatron", "Megatron-LM: fused kernels (bias+GeLU, softmax, layer norm), tensor parallel", 1073741824.0, 0.05},
    {"composer", "MosaicML Composer / llm-foundry on PyTorch FSDP", 1073741824.0, 0.05},
    {"flash-attention", "FlashAttention's training scripts: fused attention and fused MLP/LN kernels", 1073741824.0,
     0.05},
    {"cublas", "bare cuBLAS/cuBLASLt calls timed back to back (GEMM microbenchmarks)", 536870912.0, 0.02},
    {"cuda", "hand-written CUDA kernels timed back to back (STREAM-style microbenchmarks)", 536870912.0, 0.02},
}};

/// Whether a framework runs fused (FlashAttention-style) attention by default: the inference engines,
/// Composer, FlashAttention's own scripts and compiled PyTorch do; eager frameworks do not.
inline bool fuses_attention(std::string_view framework) {
    return framework == "tensorrt-llm" || framework == "tensorrt" || framework == "composer" ||
           framework == "flash-attention" || framework == "pytorch-compiled";
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
