/// @file
/// Standard ImageNet classifiers (1000 classes) built layer by layer as torchvision defines them, so
/// that parameter counts match torchvision exactly and multiply-accumulates match its published figures.
///
/// Layer names follow torchvision's module names (e.g. "layer3.2.conv2", "features.3.conv.1.0",
/// "Mixed_6b.branch7x7_2.conv"). Things that cost nothing at inference are left out: dropout, stochastic
/// depth, flatten, Inception's input transform and its auxiliary classifier (which only runs in training).
/// Element-wise joins that torchvision writes inline get names of their own: "<block>.add" (residual sums),
/// "<block>.concat" (torch.cat), "<se>.multiply" (squeeze-and-excitation scale).
#ifndef ROOFCAST_WORKLOAD_CNN_MODELS_HPP
#define ROOFCAST_WORKLOAD_CNN_MODELS_HPP

#include <roofcast/workload/cnn.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast::cnns {

namespace detail {

/// FLOPs per element charged for ReLU and ReLU6 (a compare, or a clamp, per element).
inline constexpr double relu_flops = 1.0;
/// FLOPs per element charged for SiLU and sigmoid (an exponential, an add, a divide, a multiply: ~4).
inline constexpr double silu_flops = 4.0;

/// Throws input_error unless `image_size` ≥ `min_size`, the smallest input `name` accepts (torchvision's
/// min_size). Needed because the builder's output-size formula truncates toward zero, so an unpadded window
/// larger than its input would give 1 instead of an error.
inline void require_size(const std::string& name, long long image_size, long long min_size) {
    if (image_size < min_size) {
        throw input_error("cnn " + name + ": image size " + std::to_string(image_size) + " is below the minimum " +
                          std::to_string(min_size));
    }
}

/// `prefix` + "." + `n`, e.g. dot("layer3", 2) = "layer3.2".
inline std::string dot(const std::string& prefix, long long n) {
    return prefix + "." + std::to_string(n);
}

/// A ResNet's block: basic (ResNet-18, -34) or bottleneck (ResNet-50 and deeper).
enum class resnet_kind { basic, bottleneck };

/// One ResNet block named `p` ("layer3.2"): a basic block (two 3×3 convs) or a v1.5 bottleneck (1×1, 3×3
/// carrying the stride, 1×1 to 4·`planes`); a 1×1 conv + BN downsample on the shortcut when the stride or
/// the channel count changes; the residual add, then the final ReLU. torchvision reuses one ReLU module per
/// block, so every ReLU of the block is named `p`.relu.
inline void resnet_block(cnn_builder& b, const std::string& p, resnet_kind kind, long long planes, long long stride) {
    const bool bottleneck = kind == resnet_kind::bottleneck;
    const cnn_shape in = b.shape();
    const long long out_c = bottleneck ? 4 * planes : planes;
    if (bottleneck) {
        b.conv(planes, 1, 1, 0, 1, bias_term::none, p + ".conv1")
            .batch_norm(p + ".bn1")
            .activation(relu_flops, p + ".relu");
        b.conv(planes, 3, stride, 1, 1, bias_term::none, p + ".conv2")
            .batch_norm(p + ".bn2")
            .activation(relu_flops, p + ".relu");
        b.conv(out_c, 1, 1, 0, 1, bias_term::none, p + ".conv3").batch_norm(p + ".bn3");
    } else {
        b.conv(planes, 3, stride, 1, 1, bias_term::none, p + ".conv1")
            .batch_norm(p + ".bn1")
            .activation(relu_flops, p + ".relu");
        b.conv(planes, 3, 1, 1, 1, bias_term::none, p + ".conv2").batch_norm(p + ".bn2");
    }
    if (stride != 1 || in.c != out_c) {
        const cnn_shape main = b.shape();
        b.at(in).conv(out_c, 1, stride, 0, 1, bias_term::none, p + ".downsample.0").batch_norm(p + ".downsample.1");
        b.at(main);
    }
    b.add(p + ".add").activation(relu_flops, p + ".relu");
}

/// A torchvision ResNet: 7×7/2 stem, 3×3/2 max pool, four stages of `blocks` blocks (64, 128, 256, 512
/// planes; stages 2-4 start with stride 2), global average pool, fc with bias.
inline cnn_graph resnet(std::string name, resnet_kind kind, const std::array<int, 4>& blocks, long long image_size) {
    require_size(name, image_size, 1);
    cnn_builder b(std::move(name), 3, image_size);
    b.conv(64, 7, 2, 3, 1, bias_term::none, "conv1").batch_norm("bn1").activation(relu_flops, "relu");
    b.max_pool(3, 2, 1, "maxpool");
    const std::array<long long, 4> planes = {64, 128, 256, 512};
    for (std::size_t stage = 0; stage < 4; ++stage) {
        for (int i = 0; i < blocks[stage]; ++i) {
            const long long stride = (stage > 0 && i == 0) ? 2 : 1;
            resnet_block(b, dot("layer" + std::to_string(stage + 1), i), kind, planes[stage], stride);
        }
    }
    b.global_avg_pool("avgpool").linear(1000, bias_term::learned, "fc");
    return b.build();
}

/// The largest window PyTorch's adaptive pooling uses to reduce `in` to `out` positions (window i spans
/// [floor(i·in/out), ceil((i+1)·in/out))).
inline long long adaptive_window(long long in, long long out) {
    long long widest = 1;
    for (long long i = 0; i < out; ++i) {
        const long long start = (i * in) / out;
        const long long end = ((i + 1) * in + out - 1) / out;
        widest = std::max(widest, end - start);
    }
    return widest;
}

/// An adaptive average pool from `in` to `out`×`out` as one layer (the builder's pools have uniform windows).
inline cnn_layer adaptive_avg_pool(const cnn_shape& in, long long out, std::string name) {
    cnn_layer l;
    l.name = std::move(name);
    l.kind = cnn_layer_kind::avg_pool;
    l.c_in = l.c_out = in.c;
    l.h_in = in.h;
    l.w_in = in.w;
    l.h_out = l.w_out = out;
    l.r = adaptive_window(in.h, out);
    l.s = adaptive_window(in.w, out);
    l.stride = std::max(1LL, in.h / out);
    return l;
}

/// torchvision Conv2dNormActivation named `p`.0 (conv, no bias), `p`.1 (BN), `p`.2 (activation costing
/// `act_flops` per element), `pad` = (k-1)/2.
inline void conv_bn_act(cnn_builder& b, const std::string& p, long long c_out, long long k, long long stride,
                        long long groups, double act_flops) {
    b.conv(c_out, k, stride, (k - 1) / 2, groups, bias_term::none, p + ".0")
        .batch_norm(p + ".1")
        .activation(act_flops, p + ".2");
}

/// Inception's BasicConv2d named `p`: conv `kh`×`kw` without bias (`p`.conv), BN (`p`.bn), ReLU (`p`.relu).
inline void basic_conv(cnn_builder& b, const std::string& p, long long c_out, long long kh, long long kw,
                       long long stride = 1, long long pad_h = 0, long long pad_w = 0) {
    b.conv2d(c_out, kh, kw, stride, pad_h, pad_w, 1, bias_term::none, p + ".conv").batch_norm(p + ".bn");
    b.activation(relu_flops, p + ".relu");
}

/// InceptionA (Mixed_5b-5d): 1×1 | 1×1→5×5 | 1×1→3×3→3×3 | avg pool 3/1/1→1×1 (`pool_features`).
inline void inception_a(cnn_builder& b, const std::string& p, long long pool_features) {
    const cnn_shape x = b.shape();
    basic_conv(b, p + ".branch1x1", 64, 1, 1);
    const cnn_shape b1 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch5x5_1", 48, 1, 1);
    basic_conv(b, p + ".branch5x5_2", 64, 5, 5, 1, 2, 2);
    const cnn_shape b5 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch3x3dbl_1", 64, 1, 1);
    basic_conv(b, p + ".branch3x3dbl_2", 96, 3, 3, 1, 1, 1);
    basic_conv(b, p + ".branch3x3dbl_3", 96, 3, 3, 1, 1, 1);
    const cnn_shape b3 = b.shape();
    b.at(x).avg_pool(3, 1, 1, p + ".avgpool");
    basic_conv(b, p + ".branch_pool", pool_features, 1, 1);
    const cnn_shape bp = b.shape();
    b.concat({b1, b5, b3, bp}, p + ".concat");
}

/// InceptionB (Mixed_6a, grid reduction): 3×3/2 | 1×1→3×3→3×3/2 | max pool 3/2.
inline void inception_b(cnn_builder& b, const std::string& p) {
    const cnn_shape x = b.shape();
    basic_conv(b, p + ".branch3x3", 384, 3, 3, 2);
    const cnn_shape b3 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch3x3dbl_1", 64, 1, 1);
    basic_conv(b, p + ".branch3x3dbl_2", 96, 3, 3, 1, 1, 1);
    basic_conv(b, p + ".branch3x3dbl_3", 96, 3, 3, 2);
    const cnn_shape bd = b.shape();
    b.at(x).max_pool(3, 2, 0, p + ".maxpool");
    const cnn_shape bp = b.shape();
    b.concat({b3, bd, bp}, p + ".concat");
}

/// InceptionC (Mixed_6b-6e): 1×1 | 1×1→1×7→7×1 | 1×1→7×1→1×7→7×1→1×7 | avg pool 3/1/1→1×1, with `c7`
/// channels inside the 7-wide branches.
inline void inception_c(cnn_builder& b, const std::string& p, long long c7) {
    const cnn_shape x = b.shape();
    basic_conv(b, p + ".branch1x1", 192, 1, 1);
    const cnn_shape b1 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch7x7_1", c7, 1, 1);
    basic_conv(b, p + ".branch7x7_2", c7, 1, 7, 1, 0, 3);
    basic_conv(b, p + ".branch7x7_3", 192, 7, 1, 1, 3, 0);
    const cnn_shape b7 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch7x7dbl_1", c7, 1, 1);
    basic_conv(b, p + ".branch7x7dbl_2", c7, 7, 1, 1, 3, 0);
    basic_conv(b, p + ".branch7x7dbl_3", c7, 1, 7, 1, 0, 3);
    basic_conv(b, p + ".branch7x7dbl_4", c7, 7, 1, 1, 3, 0);
    basic_conv(b, p + ".branch7x7dbl_5", 192, 1, 7, 1, 0, 3);
    const cnn_shape bd = b.shape();
    b.at(x).avg_pool(3, 1, 1, p + ".avgpool");
    basic_conv(b, p + ".branch_pool", 192, 1, 1);
    const cnn_shape bp = b.shape();
    b.concat({b1, b7, bd, bp}, p + ".concat");
}

/// InceptionD (Mixed_7a, grid reduction): 1×1→3×3/2 | 1×1→1×7→7×1→3×3/2 | max pool 3/2.
inline void inception_d(cnn_builder& b, const std::string& p) {
    const cnn_shape x = b.shape();
    basic_conv(b, p + ".branch3x3_1", 192, 1, 1);
    basic_conv(b, p + ".branch3x3_2", 320, 3, 3, 2);
    const cnn_shape b3 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch7x7x3_1", 192, 1, 1);
    basic_conv(b, p + ".branch7x7x3_2", 192, 1, 7, 1, 0, 3);
    basic_conv(b, p + ".branch7x7x3_3", 192, 7, 1, 1, 3, 0);
    basic_conv(b, p + ".branch7x7x3_4", 192, 3, 3, 2);
    const cnn_shape b7 = b.shape();
    b.at(x).max_pool(3, 2, 0, p + ".maxpool");
    const cnn_shape bp = b.shape();
    b.concat({b3, b7, bp}, p + ".concat");
}

/// InceptionE (Mixed_7b, 7c): 1×1 | 1×1→(1×3 ‖ 3×1) | 1×1→3×3→(1×3 ‖ 3×1) | avg pool 3/1/1→1×1; the
/// split pairs are joined by their own concats, as torchvision does.
inline void inception_e(cnn_builder& b, const std::string& p) {
    const cnn_shape x = b.shape();
    basic_conv(b, p + ".branch1x1", 320, 1, 1);
    const cnn_shape b1 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch3x3_1", 384, 1, 1);
    const cnn_shape y = b.shape();
    basic_conv(b, p + ".branch3x3_2a", 384, 1, 3, 1, 0, 1);
    const cnn_shape ya = b.shape();
    b.at(y);
    basic_conv(b, p + ".branch3x3_2b", 384, 3, 1, 1, 1, 0);
    const cnn_shape yb = b.shape();
    b.concat({ya, yb}, p + ".branch3x3.concat");
    const cnn_shape b3 = b.shape();
    b.at(x);
    basic_conv(b, p + ".branch3x3dbl_1", 448, 1, 1);
    basic_conv(b, p + ".branch3x3dbl_2", 384, 3, 3, 1, 1, 1);
    const cnn_shape z = b.shape();
    basic_conv(b, p + ".branch3x3dbl_3a", 384, 1, 3, 1, 0, 1);
    const cnn_shape za = b.shape();
    b.at(z);
    basic_conv(b, p + ".branch3x3dbl_3b", 384, 3, 1, 1, 1, 0);
    const cnn_shape zb = b.shape();
    b.concat({za, zb}, p + ".branch3x3dbl.concat");
    const cnn_shape bd = b.shape();
    b.at(x).avg_pool(3, 1, 1, p + ".avgpool");
    basic_conv(b, p + ".branch_pool", 192, 1, 1);
    const cnn_shape bp = b.shape();
    b.concat({b1, b3, bd, bp}, p + ".concat");
}

/// One EfficientNet MBConv named `p` ("features.2.1"): 1×1 expansion to `expand`·`in` channels (only when
/// `expand` ≠ 1), depthwise `k`×`k` with `stride`, squeeze-and-excitation (global pool, 1×1 conv with bias
/// to max(1, `in`/4), SiLU, 1×1 conv with bias back, sigmoid, multiply), 1×1 projection + BN to `out`; the
/// residual add when the stride is 1 and the channels are kept (stochastic depth costs nothing).
inline void mbconv(cnn_builder& b, const std::string& p, long long expand, long long k, long long stride,
                   long long out) {
    const long long in = b.shape().c;
    // torchvision rounds expand·in to a multiple of 8 (_make_divisible); B0's products already are.
    const long long expanded = in * expand;
    const std::string blk = p + ".block";
    long long i = 0;
    if (expanded != in) {
        conv_bn_act(b, dot(blk, i++), expanded, 1, 1, 1, silu_flops);
    }
    conv_bn_act(b, dot(blk, i++), expanded, k, stride, expanded, silu_flops);
    const cnn_shape features = b.shape();
    const std::string se = dot(blk, i++);
    b.global_avg_pool(se + ".avgpool");
    b.conv(std::max(1LL, in / 4), 1, 1, 0, 1, bias_term::learned, se + ".fc1")
        .activation(silu_flops, se + ".activation");
    b.conv(expanded, 1, 1, 0, 1, bias_term::learned, se + ".fc2").activation(silu_flops, se + ".scale_activation");
    b.at(features).multiply(se + ".multiply");
    const std::string proj = dot(blk, i);
    b.conv(out, 1, 1, 0, 1, bias_term::none, proj + ".0").batch_norm(proj + ".1");
    if (stride == 1 && in == out) {
        b.add(p + ".add");
    }
}

}  // namespace detail

/// ResNet-18 (torchvision resnet18): basic blocks [2, 2, 2, 2]; 11,689,512 parameters, 1.81 GMACs at 224.
inline cnn_graph resnet18(long long image_size = 224) {
    return detail::resnet("resnet18", detail::resnet_kind::basic, {2, 2, 2, 2}, image_size);
}

/// ResNet-34 (torchvision resnet34): basic blocks [3, 4, 6, 3]; 21,797,672 parameters, 3.66 GMACs at 224.
inline cnn_graph resnet34(long long image_size = 224) {
    return detail::resnet("resnet34", detail::resnet_kind::basic, {3, 4, 6, 3}, image_size);
}

/// ResNet-50 v1.5 (torchvision resnet50, stride on the 3×3 conv): bottlenecks [3, 4, 6, 3]; 25,557,032
/// parameters, 4.09 GMACs at 224.
inline cnn_graph resnet50(long long image_size = 224) {
    return detail::resnet("resnet50", detail::resnet_kind::bottleneck, {3, 4, 6, 3}, image_size);
}

/// ResNet-101 v1.5 (torchvision resnet101): bottlenecks [3, 4, 23, 3]; 44,549,160 parameters, 7.80 GMACs.
inline cnn_graph resnet101(long long image_size = 224) {
    return detail::resnet("resnet101", detail::resnet_kind::bottleneck, {3, 4, 23, 3}, image_size);
}

/// ResNet-152 v1.5 (torchvision resnet152): bottlenecks [3, 8, 36, 3]; 60,192,808 parameters, 11.51 GMACs.
inline cnn_graph resnet152(long long image_size = 224) {
    return detail::resnet("resnet152", detail::resnet_kind::bottleneck, {3, 8, 36, 3}, image_size);
}

/// VGG-16 (torchvision vgg16, configuration D, no batch norm): 13 3×3 convs with bias and ReLU, 5 max
/// pools, classifier 25088→4096→4096→1000 with bias (dropout omitted); 138,357,544 parameters, 15.47 GMACs
/// at 224. torchvision's adaptive average pool to 7×7 is the identity when the features are already 7×7
/// (image sizes 224-255) and is omitted there; otherwise it appears as "avgpool" (windows as PyTorch
/// sizes them), so the classifier always sees 512×7×7. Throws input_error below 32.
inline cnn_graph vgg16(long long image_size = 224) {
    detail::require_size("vgg16", image_size, 32);
    cnn_builder b("vgg16", 3, image_size);
    // Channels per conv; 0 is a 2×2/2 max pool. Module indices follow torchvision's nn.Sequential.
    const std::array<long long, 18> cfg = {64, 64,  0,   128, 128, 0,   256, 256, 256,
                                           0,  512, 512, 512, 0,   512, 512, 512, 0};
    long long idx = 0;
    for (const long long c : cfg) {
        if (c == 0) {
            b.max_pool(2, 2, 0, detail::dot("features", idx++));
        } else {
            b.conv(c, 3, 1, 1, 1, bias_term::learned, detail::dot("features", idx++));
            b.activation(detail::relu_flops, detail::dot("features", idx++));
        }
    }
    const cnn_shape features = b.shape();
    const bool adaptive = features.h != 7 || features.w != 7;
    b.at({features.c, 7, 7});
    b.linear(4096, bias_term::learned, "classifier.0").activation(detail::relu_flops, "classifier.1");
    b.linear(4096, bias_term::learned, "classifier.3").activation(detail::relu_flops, "classifier.4");
    b.linear(1000, bias_term::learned, "classifier.6");
    cnn_graph g = b.build();
    if (adaptive) {
        const auto fc =
            std::find_if(g.layers.begin(), g.layers.end(), [](const cnn_layer& l) { return l.name == "classifier.0"; });
        g.layers.insert(fc, detail::adaptive_avg_pool(features, 7, "avgpool"));
    }
    return g;
}

/// MobileNetV2 (torchvision mobilenet_v2, width 1.0): 3×3/2 stem to 32 channels, 17 inverted residuals
/// (expansion t, channels c, repeats n, first stride s: 1,16,1,1 · 6,24,2,2 · 6,32,3,2 · 6,64,4,2 ·
/// 6,96,3,1 · 6,160,3,2 · 6,320,1,1) with ReLU6 and depthwise 3×3 convs (groups = channels), 1×1 conv to
/// 1280, global pool, classifier 1280→1000 with bias; 3,504,872 parameters, 0.30 GMACs at 224. ReLU6 is
/// costed like ReLU.
inline cnn_graph mobilenet_v2(long long image_size = 224) {
    detail::require_size("mobilenet-v2", image_size, 1);
    cnn_builder b("mobilenet-v2", 3, image_size);
    detail::conv_bn_act(b, "features.0", 32, 3, 2, 1, detail::relu_flops);
    struct stage {
        long long t, c, n, s;
    };
    const std::array<stage, 7> stages = {
        {{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2}, {6, 64, 4, 2}, {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}}};
    long long idx = 1;
    for (const stage& st : stages) {
        for (long long i = 0; i < st.n; ++i) {
            const long long stride = i == 0 ? st.s : 1;
            const long long in = b.shape().c;
            const long long hidden = in * st.t;
            const std::string block = detail::dot("features", idx++);
            const std::string p = block + ".conv";
            long long j = 0;
            if (st.t != 1) {
                detail::conv_bn_act(b, detail::dot(p, j++), hidden, 1, 1, 1, detail::relu_flops);
            }
            detail::conv_bn_act(b, detail::dot(p, j++), hidden, 3, stride, hidden, detail::relu_flops);
            b.conv(st.c, 1, 1, 0, 1, bias_term::none, detail::dot(p, j)).batch_norm(detail::dot(p, j + 1));
            if (stride == 1 && in == st.c) {
                b.add(block + ".add");
            }
        }
    }
    detail::conv_bn_act(b, "features.18", 1280, 1, 1, 1, detail::relu_flops);
    b.global_avg_pool("avgpool").linear(1000, bias_term::learned, "classifier.1");
    return b.build();
}

/// Inception v3 (torchvision Inception3) without the auxiliary classifier, which runs only in training:
/// stem (BasicConv2d = conv without bias + BN + ReLU), Mixed_5b-5d (InceptionA), Mixed_6a (B), Mixed_6b-6e
/// (C, with 1×7 and 7×1 convs), Mixed_7a (D), Mixed_7b-7c (E), global pool over 2048×8×8 at 299, fc
/// 2048→1000 with bias; 23,834,568 parameters (torchvision's 27,161,264 includes the 3,326,696 of the
/// auxiliary classifier), 5.71 GMACs at 299. Throws input_error below 75.
inline cnn_graph inception_v3(long long image_size = 299) {
    detail::require_size("inception-v3", image_size, 75);
    cnn_builder b("inception-v3", 3, image_size);
    detail::basic_conv(b, "Conv2d_1a_3x3", 32, 3, 3, 2);
    detail::basic_conv(b, "Conv2d_2a_3x3", 32, 3, 3);
    detail::basic_conv(b, "Conv2d_2b_3x3", 64, 3, 3, 1, 1, 1);
    b.max_pool(3, 2, 0, "maxpool1");
    detail::basic_conv(b, "Conv2d_3b_1x1", 80, 1, 1);
    detail::basic_conv(b, "Conv2d_4a_3x3", 192, 3, 3);
    b.max_pool(3, 2, 0, "maxpool2");
    detail::inception_a(b, "Mixed_5b", 32);
    detail::inception_a(b, "Mixed_5c", 64);
    detail::inception_a(b, "Mixed_5d", 64);
    detail::inception_b(b, "Mixed_6a");
    detail::inception_c(b, "Mixed_6b", 128);
    detail::inception_c(b, "Mixed_6c", 160);
    detail::inception_c(b, "Mixed_6d", 160);
    detail::inception_c(b, "Mixed_6e", 192);
    detail::inception_d(b, "Mixed_7a");
    detail::inception_e(b, "Mixed_7b");
    detail::inception_e(b, "Mixed_7c");
    b.global_avg_pool("avgpool").linear(1000, bias_term::learned, "fc");
    return b.build();
}

/// EfficientNet-B0 (torchvision efficientnet_b0): 3×3/2 stem to 32 channels, 16 MBConv blocks with SiLU
/// and squeeze-and-excitation (expansion, kernel, first stride, channels, repeats: 1,3,1,16,1 · 6,3,2,24,2
/// · 6,5,2,40,2 · 6,3,2,80,3 · 6,5,1,112,3 · 6,5,2,192,4 · 6,3,1,320,1), 1×1 conv to 1280, global pool,
/// classifier 1280→1000 with bias; 5,288,548 parameters, 0.39 GMACs at 224. SiLU and sigmoid cost ~4
/// FLOPs per element.
inline cnn_graph efficientnet_b0(long long image_size = 224) {
    detail::require_size("efficientnet-b0", image_size, 1);
    cnn_builder b("efficientnet-b0", 3, image_size);
    detail::conv_bn_act(b, "features.0", 32, 3, 2, 1, detail::silu_flops);
    struct stage {
        long long expand, k, s, c, n;
    };
    const std::array<stage, 7> stages = {{{1, 3, 1, 16, 1},
                                          {6, 3, 2, 24, 2},
                                          {6, 5, 2, 40, 2},
                                          {6, 3, 2, 80, 3},
                                          {6, 5, 1, 112, 3},
                                          {6, 5, 2, 192, 4},
                                          {6, 3, 1, 320, 1}}};
    for (std::size_t si = 0; si < stages.size(); ++si) {
        const stage& st = stages[si];
        for (long long i = 0; i < st.n; ++i) {
            const std::string p = detail::dot(detail::dot("features", static_cast<long long>(si) + 1), i);
            detail::mbconv(b, p, st.expand, st.k, i == 0 ? st.s : 1, st.c);
        }
    }
    detail::conv_bn_act(b, "features.8", 1280, 1, 1, 1, detail::silu_flops);
    b.global_avg_pool("avgpool").linear(1000, bias_term::learned, "classifier.1");
    return b.build();
}

/// The names make_cnn() accepts: resnet18, resnet34, resnet50, resnet101, resnet152, vgg16, mobilenet-v2,
/// inception-v3, efficientnet-b0.
inline std::vector<std::string> cnn_names() {
    return {"resnet18", "resnet34",     "resnet50",     "resnet101",      "resnet152",
            "vgg16",    "mobilenet-v2", "inception-v3", "efficientnet-b0"};
}

/// The network called `name` (one of cnn_names(), matched exactly) for `image_size` × `image_size` inputs
/// (0: the network's default, 299 for inception-v3 and 224 for the others); std::nullopt for an unknown
/// name. Throws input_error when the image is smaller than the network accepts (1; vgg16 32;
/// inception-v3 75).
inline std::optional<cnn_graph> make_cnn(std::string_view name, long long image_size = 0) {
    const auto size = [image_size](long long fallback) { return image_size == 0 ? fallback : image_size; };
    if (name == "resnet18") return resnet18(size(224));
    if (name == "resnet34") return resnet34(size(224));
    if (name == "resnet50") return resnet50(size(224));
    if (name == "resnet101") return resnet101(size(224));
    if (name == "resnet152") return resnet152(size(224));
    if (name == "vgg16") return vgg16(size(224));
    if (name == "mobilenet-v2") return mobilenet_v2(size(224));
    if (name == "inception-v3") return inception_v3(size(299));
    if (name == "efficientnet-b0") return efficientnet_b0(size(224));
    return std::nullopt;
}

}  // namespace roofcast::cnns

#endif
