/// @file
/// Imports a static ONNX graph as a workload (format: docs/workload-format.md, "ONNX graphs"). The importer is
/// compiled (it parses protobuf and runs ONNX's shape inference through Debian's libonnx-dev): link
/// roofcast::onnx, the one compiled component; this header only declares it.
#ifndef ROOFCAST_IO_ONNX_HPP
#define ROOFCAST_IO_ONNX_HPP

#include <roofcast/workload/workload.hpp>

#include <string>
#include <vector>

namespace roofcast {

/// The operators of one kind that an ONNX import could not map to roofcast's kernels, and the work they leave
/// out of every prediction.
struct onnx_unmapped_op {
    /// The operator and, where the type itself is supported, why this use of it is not, e.g. "Gather" or
    /// "Conv (dilated)".
    std::string op;
    /// How many nodes of the graph.
    long long count = 0;
    /// Their floating-point operations per sample (contractions 2·M·N·K, any other operator one per output
    /// element; 0 where a shape is unknown).
    double flops_per_sample = 0.0;
};

/// An ONNX graph as roofcast sees it: a layer list and what it left out.
struct onnx_import {
    /// The workload: a CNN layer list named after the file (e.g. "resnet50.onnx"), per-sample shapes.
    workload model;
    /// Operators not mapped, most FLOPs first.
    std::vector<onnx_unmapped_op> unmapped;
    /// FLOPs per sample of the mapped layers (convolutions and linear layers 2·MACs, pointwise and pooling
    /// layers as priced).
    double mapped_flops_per_sample = 0.0;

    /// FLOPs per sample of the unmapped operators.
    double unmapped_flops_per_sample() const noexcept {
        double f = 0.0;
        for (const onnx_unmapped_op& u : unmapped) {
            f += u.flops_per_sample;
        }
        return f;
    }

    /// The unmapped operators' share of the graph's FLOPs, in [0, 1].
    double unmapped_share() const noexcept {
        const double u = unmapped_flops_per_sample(), total = mapped_flops_per_sample + u;
        return total > 0.0 ? u / total : 0.0;
    }

    /// One line per unmapped operator, e.g. "model.onnx: 3 x Gather not mapped (0.1% of the graph's FLOPs):
    /// left out of the prediction"; none when everything mapped.
    std::vector<std::string> warnings() const;
};

/// Reads the ONNX model at `path`, infers its shapes (ONNX's shape inference with data propagation) and maps its
/// nodes, in graph order, to CNN layers: Conv (1-D and 2-D), Gemm and MatMul with a constant weight (token-wise
/// as a 1×1 convolution), batched MatMul of two activations (attention), BatchNormalization, LayerNormalization,
/// Softmax, activations, pooling, Add/Mul/Sub/Div, Concat, Transpose and Pad; views and shape arithmetic cost
/// nothing. Throws input_error naming the file (and the node) for an unreadable
/// file, a graph without inputs or mappable operators, or a tensor whose shape stays unknown.
onnx_import import_onnx(const std::string& path);

/// As import_onnx, from the serialized model `serialized`; `name` names the workload and the errors.
onnx_import import_onnx_bytes(const std::string& serialized, const std::string& name);

}  // namespace roofcast

#endif
