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
};

/// The known profiles with their descriptions (parameters live in cost_params::profile, same order).
inline constexpr std::array<software_profile, 13> software_profiles = {{
    {"pytorch", "PyTorch eager (the default): one host dispatch per op, no fusion beyond library kernels"},
    {"hf-pytorch", "Hugging Face models on eager PyTorch: eager plus Python-heavy module code"},
    {"pytorch-compiled", "torch.compile / CUDA graphs: pointwise ops fused, little host time"},
    {"tensorflow", "TensorFlow eager/graph without XLA"},
    {"tensorflow-xla", "TensorFlow with XLA: pointwise ops fused"},
    {"tensorrt", "TensorRT engines: layers fused, kernels tuned, CUDA graphs"},
    {"tensorrt-llm", "TensorRT-LLM: fused attention and GEMM epilogues, in-flight batching"},
    {"llama.cpp", "llama.cpp CUDA backend: its own quantized GEMV/GEMM kernels"},
    {"megatron", "Megatron-LM: fused kernels (bias+GeLU, softmax, layer norm), tensor parallel"},
    {"composer", "MosaicML Composer / llm-foundry on PyTorch FSDP"},
    {"flash-attention", "FlashAttention's training scripts: fused attention and fused MLP/LN kernels"},
    {"cublas", "bare cuBLAS/cuBLASLt calls timed back to back (GEMM microbenchmarks)"},
    {"cuda", "hand-written CUDA kernels timed back to back (STREAM-style microbenchmarks)"},
}};

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
