/// @file
/// Convolutional networks as layer lists, built in C++ with a small shape-tracking builder.
#ifndef ROOFCAST_WORKLOAD_CNN_HPP
#define ROOFCAST_WORKLOAD_CNN_HPP

#include <roofcast/error.hpp>

#include <string>
#include <utility>
#include <vector>

namespace roofcast {

/// What a CNN layer does.
enum class cnn_layer_kind {
    conv,        ///< 2-D convolution (groups = channels: depthwise)
    linear,      ///< fully connected layer on a flattened input
    batch_norm,  ///< batch normalization (2 trainable parameters per channel)
    activation,  ///< pointwise nonlinearity (ReLU, ReLU6, SiLU, sigmoid ...)
    max_pool,    ///< max pooling
    avg_pool,    ///< average pooling (global when the window covers the input)
    add,         ///< element-wise sum of two tensors of the output shape (residual)
    multiply,    ///< element-wise product with a per-channel vector (squeeze-and-excitation)
    concat,      ///< channel concatenation of branches (a copy)
    layer_norm,  ///< layer normalization over the c_in channels of each of the h_in·w_in positions (scale, + shift
                 ///< with `bias`); from ONNX graphs
    softmax,     ///< softmax over the channels of each position (attention probabilities); from ONNX graphs
    embedding,   ///< lookup of h_out rows of a c_in-row, c_out-wide weight table per sample (token or position
                 ///< embeddings); from ONNX graphs
    matmul       ///< product of two activations (attention's QKᵀ and PV): `groups` independent products per sample
                 ///< of an h_out × (c_in/groups) by a (c_in/groups) × (c_out/groups) matrix, laid out as a grouped
                 ///< 1×1 convolution without weights; from ONNX graphs
};

/// One layer, with per-sample input and output shapes (channels × height × width).
struct cnn_layer {
    /// Name, e.g. "layer1.0.conv2".
    std::string name;
    /// Kind.
    cnn_layer_kind kind = cnn_layer_kind::conv;
    /// Input channels, height, width.
    long long c_in = 0, h_in = 0, w_in = 0;
    /// Output channels, height, width.
    long long c_out = 0, h_out = 0, w_out = 0;
    /// Window height and width (conv, pooling).
    long long r = 1, s = 1;
    /// Stride (both directions).
    long long stride = 1;
    /// Padding, height and width.
    long long pad_h = 0, pad_w = 0;
    /// Channel groups (conv).
    long long groups = 1;
    /// Whether a conv or linear layer has a bias.
    bool bias = false;
    /// FLOPs per output element of an activation (ReLU 1, SiLU ~4).
    double flops_per_element = 1.0;
};

/// Trainable parameters of a layer: conv k·(c/g)·r·s (+k bias), linear c_in·c_out (+c_out), batch norm 2·c, layer
/// norm c (+c with `bias`), embedding table rows × width.
inline double parameters(const cnn_layer& l) {
    switch (l.kind) {
        case cnn_layer_kind::conv:
            return static_cast<double>(l.c_out) * static_cast<double>(l.c_in / l.groups) * static_cast<double>(l.r) *
                       static_cast<double>(l.s) +
                   (l.bias ? static_cast<double>(l.c_out) : 0.0);
        case cnn_layer_kind::linear:
            return static_cast<double>(l.c_in) * static_cast<double>(l.h_in * l.w_in) * static_cast<double>(l.c_out) +
                   (l.bias ? static_cast<double>(l.c_out) : 0.0);
        case cnn_layer_kind::batch_norm: return 2.0 * static_cast<double>(l.c_in);
        case cnn_layer_kind::layer_norm: return (l.bias ? 2.0 : 1.0) * static_cast<double>(l.c_in);
        case cnn_layer_kind::embedding: return static_cast<double>(l.c_in) * static_cast<double>(l.c_out);
        default: return 0.0;
    }
}

/// Multiply-accumulates per sample: conv h_out·w_out·k·(c/g)·r·s, matmul the same with r = s = 1, linear
/// c_in·h·w·c_out; 0 otherwise.
inline double macs(const cnn_layer& l) {
    switch (l.kind) {
        case cnn_layer_kind::conv:
        case cnn_layer_kind::matmul:
            return static_cast<double>(l.h_out * l.w_out) * static_cast<double>(l.c_out) *
                   static_cast<double>(l.c_in / l.groups) * static_cast<double>(l.r * l.s);
        case cnn_layer_kind::linear:
            return static_cast<double>(l.c_in * l.h_in * l.w_in) * static_cast<double>(l.c_out);
        default: return 0.0;
    }
}

/// A CNN: its layers in execution order and the input it expects.
struct cnn_graph {
    /// Name, e.g. "resnet50".
    std::string name;
    /// Input channels (3).
    long long channels = 3;
    /// Input resolution the layer shapes were built for (square).
    long long image_size = 224;
    /// Layers in execution order.
    std::vector<cnn_layer> layers;
};

/// Trainable parameters of the network.
inline double parameters(const cnn_graph& g) {
    double p = 0.0;
    for (const cnn_layer& l : g.layers) {
        p += parameters(l);
    }
    return p;
}

/// Multiply-accumulates per sample.
inline double macs(const cnn_graph& g) {
    double m = 0.0;
    for (const cnn_layer& l : g.layers) {
        m += macs(l);
    }
    return m;
}

/// A tensor shape per sample: channels × height × width.
struct cnn_shape {
    /// Channels.
    long long c = 0;
    /// Height.
    long long h = 0;
    /// Width.
    long long w = 0;
};

/// Builds a cnn_graph layer by layer, tracking the current tensor shape. Branches (residual blocks,
/// inception modules) save the shape with shape(), build a branch, and continue from a saved shape with
/// Whether a convolution or linear layer adds a learned bias.
enum class bias_term { none, learned };

/// at(); add() and concat() join branches.
class cnn_builder {
public:
    /// A network `name` taking `channels` × `size` × `size` images.
    cnn_builder(std::string name, long long channels, long long size) {
        g_.name = std::move(name);
        g_.channels = channels;
        g_.image_size = size;
        cur_ = {channels, size, size};
    }

    /// The current shape.
    cnn_shape shape() const noexcept { return cur_; }

    /// Continues from `s` (the start of another branch).
    cnn_builder& at(cnn_shape s) {
        cur_ = s;
        return *this;
    }

    /// A square convolution: `k`×`k`, `stride`, padding `pad` (-1: k/2, "same" for odd k), `groups`.
    cnn_builder& conv(long long c_out, long long k, long long stride = 1, long long pad = -1, long long groups = 1,
                      bias_term bias = bias_term::none, std::string name = "") {
        return conv2d(c_out, k, k, stride, pad < 0 ? k / 2 : pad, pad < 0 ? k / 2 : pad, groups, bias, std::move(name));
    }

    /// A general convolution: `kh`×`kw` window, `stride`, padding `pad_h`×`pad_w`, `groups`.
    cnn_builder& conv2d(long long c_out, long long kh, long long kw, long long stride, long long pad_h, long long pad_w,
                        long long groups = 1, bias_term bias = bias_term::none, std::string name = "") {
        cnn_layer l = start(cnn_layer_kind::conv, name.empty() ? "conv" : std::move(name));
        if (groups < 1 || cur_.c % groups != 0 || c_out % groups != 0) {
            throw input_error("cnn " + g_.name + ": layer " + l.name + ": channels not divisible by groups");
        }
        l.r = kh;
        l.s = kw;
        l.stride = stride;
        l.pad_h = pad_h;
        l.pad_w = pad_w;
        l.groups = groups;
        l.bias = bias == bias_term::learned;
        require_window(l.name, kh, kw, pad_h, pad_w);
        return finish(l, {c_out, (cur_.h + 2 * pad_h - kh) / stride + 1, (cur_.w + 2 * pad_w - kw) / stride + 1});
    }

    /// Batch normalization over the current channels.
    cnn_builder& batch_norm(std::string name = "") {
        return finish(start(cnn_layer_kind::batch_norm, name.empty() ? "bn" : std::move(name)), cur_);
    }

    /// A pointwise activation costing `flops_per_element` per element (ReLU 1).
    cnn_builder& activation(double flops_per_element = 1.0, std::string name = "") {
        cnn_layer l = start(cnn_layer_kind::activation, name.empty() ? "act" : std::move(name));
        l.flops_per_element = flops_per_element;
        return finish(l, cur_);
    }

    /// Max pooling with a `k`×`k` window.
    cnn_builder& max_pool(long long k, long long stride, long long pad = 0, std::string name = "") {
        return pool(cnn_layer_kind::max_pool, k, stride, pad, name.empty() ? "maxpool" : std::move(name));
    }

    /// Average pooling with a `k`×`k` window.
    cnn_builder& avg_pool(long long k, long long stride, long long pad = 0, std::string name = "") {
        return pool(cnn_layer_kind::avg_pool, k, stride, pad, name.empty() ? "avgpool" : std::move(name));
    }

    /// Global average pooling to 1×1.
    cnn_builder& global_avg_pool(std::string name = "") {
        cnn_layer l = start(cnn_layer_kind::avg_pool, name.empty() ? "global_avgpool" : std::move(name));
        l.r = cur_.h;
        l.s = cur_.w;
        l.stride = 1;
        return finish(l, {cur_.c, 1, 1});
    }

    /// A fully connected layer over the flattened current tensor.
    cnn_builder& linear(long long out, bias_term bias = bias_term::learned, std::string name = "") {
        cnn_layer l = start(cnn_layer_kind::linear, name.empty() ? "fc" : std::move(name));
        l.bias = bias == bias_term::learned;
        return finish(l, {out, 1, 1});
    }

    /// Adds a tensor of the current shape (a residual): both inputs must have the current shape.
    cnn_builder& add(std::string name = "") {
        return finish(start(cnn_layer_kind::add, name.empty() ? "add" : std::move(name)), cur_);
    }

    /// Multiplies the current tensor by a per-channel vector (squeeze-and-excitation gate).
    cnn_builder& multiply(std::string name = "") {
        return finish(start(cnn_layer_kind::multiply, name.empty() ? "scale" : std::move(name)), cur_);
    }

    /// Concatenates branches of equal height and width along channels; continues from the result.
    cnn_builder& concat(const std::vector<cnn_shape>& branches, std::string name = "") {
        cnn_shape out{0, branches.empty() ? 0 : branches.front().h, branches.empty() ? 0 : branches.front().w};
        for (const cnn_shape& b : branches) {
            if (b.h != out.h || b.w != out.w) {
                throw input_error("cnn " + g_.name + ": concat of branches with different spatial sizes");
            }
            out.c += b.c;
        }
        cur_ = out;
        cnn_layer l = start(cnn_layer_kind::concat, name.empty() ? "concat" : std::move(name));
        return finish(l, out);
    }

    /// The finished network.
    cnn_graph build() const { return g_; }

private:
    cnn_layer start(cnn_layer_kind kind, std::string name) const {
        cnn_layer l;
        l.name = std::move(name);
        l.kind = kind;
        l.c_in = cur_.c;
        l.h_in = cur_.h;
        l.w_in = cur_.w;
        return l;
    }

    cnn_builder& pool(cnn_layer_kind kind, long long k, long long stride, long long pad, std::string name) {
        cnn_layer l = start(kind, std::move(name));
        l.r = l.s = k;
        l.stride = stride;
        l.pad_h = l.pad_w = pad;
        require_window(l.name, k, k, pad, pad);
        return finish(l, {cur_.c, (cur_.h + 2 * pad - k) / stride + 1, (cur_.w + 2 * pad - k) / stride + 1});
    }

    // A window larger than its padded input has no valid output position (C++ division would round to 1).
    void require_window(const std::string& layer, long long kh, long long kw, long long pad_h, long long pad_w) const {
        if (cur_.h + 2 * pad_h < kh || cur_.w + 2 * pad_w < kw) {
            throw input_error("cnn " + g_.name + ": layer " + layer + ": window larger than its " +
                              std::to_string(cur_.h) + "x" + std::to_string(cur_.w) + " input (image too small)");
        }
    }

    cnn_builder& finish(cnn_layer l, cnn_shape out) {
        if (out.c < 1 || out.h < 1 || out.w < 1) {
            throw input_error("cnn " + g_.name + ": layer " + l.name + " leaves an empty tensor");
        }
        l.c_out = out.c;
        l.h_out = out.h;
        l.w_out = out.w;
        g_.layers.push_back(std::move(l));
        cur_ = out;
        return *this;
    }

    cnn_graph g_;
    cnn_shape cur_;
};

}  // namespace roofcast

#endif
