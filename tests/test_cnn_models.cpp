// CNN model zoo: parameter counts and multiply-accumulates pinned to torchvision's published figures,
// and the layer shapes that distinguish the torchvision definitions.
#include <roofcast/workload/cnn_models.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace rc = roofcast;
namespace cnns = roofcast::cnns;

namespace {

// The first layer called `name` (ResNet blocks reuse one ReLU name, as torchvision does).
const rc::cnn_layer& layer(const rc::cnn_graph& g, const std::string& name) {
    const auto it =
        std::find_if(g.layers.begin(), g.layers.end(), [&](const rc::cnn_layer& l) { return l.name == name; });
    REQUIRE_MESSAGE(it != g.layers.end(), "no layer " << name << " in " << g.name);
    return *it;
}

bool has_layer(const rc::cnn_graph& g, const std::string& name) {
    return std::any_of(g.layers.begin(), g.layers.end(), [&](const rc::cnn_layer& l) { return l.name == name; });
}

struct published {
    const char* name;
    double params;  // exact
    double gmacs;   // torchvision's "GFLOPS" (in fact GMACs), rounded as published
};

}  // namespace

TEST_CASE("every network matches torchvision's parameter count exactly and its GMACs within 1%") {
    // Source: torchvision model weights metadata ("num_params", "_ops"), shown in the tables of
    // https://pytorch.org/vision/stable/models.html as "Params" and "GFLOPS"; the "_ops"/"GFLOPS" figure is
    // multiply-accumulates (ResNet-50: 4.089, i.e. 8.2 GFLOPs). Files: torchvision/models/resnet.py, vgg.py,
    // mobilenetv2.py, inception.py, efficientnet.py.
    const std::vector<published> table = {
        {"resnet18", 11'689'512, 1.814},
        {"resnet34", 21'797'672, 3.664},
        {"resnet50", 25'557'032, 4.089},
        {"resnet101", 44'549'160, 7.801},
        {"resnet152", 60'192'808, 11.514},
        {"vgg16", 138'357'544, 15.47},
        {"mobilenet-v2", 3'504'872, 0.301},
        {"efficientnet-b0", 5'288'548, 0.386},
        // Inception v3 WITHOUT the auxiliary classifier (it runs only in training). torchvision's
        // num_params 27,161,264 includes it: AuxLogits.conv0 768->128 1x1 + BN (98,304 + 256),
        // conv1 128->768 5x5 + BN (2,457,600 + 1,536), fc 768->1000 (769,000) = 3,326,696, so
        // 27,161,264 - 3,326,696 = 23,834,568. Its _ops 5.713 is measured in eval mode (no aux) at 299.
        {"inception-v3", 23'834'568, 5.713},
    };
    for (const published& p : table) {
        CAPTURE(p.name);
        const auto g = cnns::make_cnn(p.name);
        REQUIRE(g.has_value());
        CHECK(g->name == p.name);
        CHECK(rc::parameters(*g) == p.params);
        CHECK(rc::macs(*g) / 1e9 == doctest::Approx(p.gmacs).epsilon(0.01));
    }
}

TEST_CASE("inception-v3's auxiliary classifier accounts for torchvision's extra parameters") {
    const double aux = (768.0 * 128 + 2 * 128) + (128.0 * 768 * 25 + 2 * 768) + (768.0 * 1000 + 1000);
    CHECK(aux == 3'326'696);
    CHECK(rc::parameters(cnns::inception_v3()) + aux == 27'161'264);  // torchvision num_params
}

TEST_CASE("cnn_names lists exactly what make_cnn builds, unknown names give nullopt") {
    const std::vector<std::string> names = cnns::cnn_names();
    CHECK(names == std::vector<std::string>{"resnet18", "resnet34", "resnet50", "resnet101", "resnet152", "vgg16",
                                            "mobilenet-v2", "inception-v3", "efficientnet-b0"});
    for (const std::string& n : names) {
        CAPTURE(n);
        const auto g = cnns::make_cnn(n);
        REQUIRE(g.has_value());
        CHECK(g->image_size == (n == "inception-v3" ? 299 : 224));
        CHECK(g->channels == 3);
        CHECK(g->layers.back().kind == rc::cnn_layer_kind::linear);
        CHECK(g->layers.back().c_out == 1000);
    }
    CHECK_FALSE(cnns::make_cnn("resnet").has_value());
    CHECK_FALSE(cnns::make_cnn("ResNet50").has_value());
    CHECK_FALSE(cnns::make_cnn("mobilenet_v2").has_value());
    CHECK_FALSE(cnns::make_cnn("").has_value());
}

TEST_CASE("resnet50 is v1.5 with the torchvision shapes") {
    const rc::cnn_graph g = cnns::resnet50();
    CHECK(layer(g, "conv1").r == 7);
    CHECK(layer(g, "conv1").stride == 2);
    CHECK(layer(g, "maxpool").h_out == 56);
    // v1.5: the first block of layer3 downsamples on its 3x3 conv, not on the 1x1.
    CHECK(layer(g, "layer3.0.conv1").stride == 1);
    CHECK(layer(g, "layer3.0.conv1").h_out == 28);
    CHECK(layer(g, "layer3.0.conv2").stride == 2);
    CHECK(layer(g, "layer3.0.conv2").r == 3);
    CHECK(layer(g, "layer3.0.conv2").h_out == 14);
    CHECK(layer(g, "layer3.0.conv3").c_out == 1024);
    // The shortcut: 1x1 conv with the block's stride, then BN, from the block input.
    const rc::cnn_layer& ds = layer(g, "layer3.0.downsample.0");
    CHECK(ds.c_in == 512);
    CHECK(ds.h_in == 28);
    CHECK(ds.c_out == 1024);
    CHECK(ds.h_out == 14);
    CHECK(ds.stride == 2);
    CHECK(ds.r == 1);
    CHECK(layer(g, "layer3.0.downsample.1").kind == rc::cnn_layer_kind::batch_norm);
    // layer1.0 changes 64 -> 256 channels without a stride, so it has a downsample too; layer1.1 has none.
    CHECK(layer(g, "layer1.0.downsample.0").stride == 1);
    CHECK_FALSE(has_layer(g, "layer1.1.downsample.0"));
    // The add comes before the block's final ReLU.
    const auto add =
        std::find_if(g.layers.begin(), g.layers.end(), [](const rc::cnn_layer& l) { return l.name == "layer3.2.add"; });
    REQUIRE(add != g.layers.end());
    CHECK(add->kind == rc::cnn_layer_kind::add);
    CHECK((add + 1)->name == "layer3.2.relu");
    CHECK((add + 1)->kind == rc::cnn_layer_kind::activation);
    // Output of layer4: 2048 x 7 x 7, pooled to 2048 for the fc.
    const rc::cnn_layer& out = layer(g, "layer4.2.add");
    CHECK(out.c_out == 2048);
    CHECK(out.h_out == 7);
    CHECK(out.w_out == 7);
    CHECK(layer(g, "avgpool").c_out == 2048);
    CHECK(layer(g, "avgpool").h_out == 1);
    CHECK(layer(g, "fc").bias);
    CHECK(rc::parameters(layer(g, "fc")) == 2048 * 1000 + 1000);
    const auto blocks = std::count_if(g.layers.begin(), g.layers.end(),
                                      [](const rc::cnn_layer& l) { return l.kind == rc::cnn_layer_kind::add; });
    CHECK(blocks == 16);
}

TEST_CASE("resnet18 uses basic blocks") {
    const rc::cnn_graph g = cnns::resnet18();
    CHECK_FALSE(has_layer(g, "layer1.0.conv3"));
    CHECK_FALSE(has_layer(g, "layer1.0.downsample.0"));
    CHECK(layer(g, "layer2.0.conv1").stride == 2);
    CHECK(layer(g, "layer4.1.add").c_out == 512);
    CHECK(layer(g, "layer4.1.add").h_out == 7);
}

TEST_CASE("make_cnn honours the image size") {
    const auto g = cnns::make_cnn("resnet50", 160);
    REQUIRE(g.has_value());
    CHECK(g->image_size == 160);
    const rc::cnn_layer& pool = layer(*g, "avgpool");
    CHECK(pool.c_in == 2048);
    CHECK(pool.h_in == 5);
    CHECK(pool.w_in == 5);
    CHECK(rc::parameters(*g) == 25'557'032);  // parameters do not depend on the resolution
    CHECK(rc::macs(*g) < rc::macs(cnns::resnet50()) * 0.6);
    CHECK(cnns::make_cnn("inception-v3", 0)->image_size == 299);
    CHECK_THROWS_AS(cnns::make_cnn("resnet50", -1), rc::input_error);
    CHECK_THROWS_AS(cnns::make_cnn("vgg16", 31), rc::input_error);
    CHECK_THROWS_AS(cnns::make_cnn("inception-v3", 74), rc::input_error);
    CHECK_NOTHROW(cnns::make_cnn("inception-v3", 75));
}

TEST_CASE("vgg16: 13 convs with bias, 5 max pools, and the adaptive pool only when it is not the identity") {
    const rc::cnn_graph g = cnns::vgg16();
    const auto count = [&g](rc::cnn_layer_kind k) {
        return std::count_if(g.layers.begin(), g.layers.end(), [k](const rc::cnn_layer& l) { return l.kind == k; });
    };
    CHECK(count(rc::cnn_layer_kind::conv) == 13);
    CHECK(count(rc::cnn_layer_kind::max_pool) == 5);
    CHECK(count(rc::cnn_layer_kind::linear) == 3);
    CHECK(count(rc::cnn_layer_kind::avg_pool) == 0);  // 7x7 -> 7x7 at 224: omitted
    CHECK(layer(g, "features.0").bias);
    CHECK(layer(g, "features.28").c_out == 512);
    CHECK(layer(g, "features.30").kind == rc::cnn_layer_kind::max_pool);
    CHECK(layer(g, "classifier.0").c_in * layer(g, "classifier.0").h_in * layer(g, "classifier.0").w_in == 25088);
    // At 160 the features are 5x5; torchvision's adaptive pool brings them back to 7x7.
    const rc::cnn_graph small = cnns::vgg16(160);
    const rc::cnn_layer& pool = layer(small, "avgpool");
    CHECK(pool.h_in == 5);
    CHECK(pool.h_out == 7);
    CHECK(pool.r == 2);
    CHECK(rc::parameters(small) == 138'357'544);
    // At 448 the features are 14x14: 2x2 windows.
    const rc::cnn_graph large = cnns::vgg16(448);
    const rc::cnn_layer& big = layer(large, "avgpool");
    CHECK(big.h_in == 14);
    CHECK(big.h_out == 7);
    CHECK(big.r == 2);
    CHECK(big.stride == 2);
}

TEST_CASE("mobilenet_v2: depthwise 3x3 convs, ReLU6 blocks and residuals where shapes allow") {
    const rc::cnn_graph g = cnns::mobilenet_v2();
    const auto depthwise = std::count_if(g.layers.begin(), g.layers.end(), [](const rc::cnn_layer& l) {
        return l.kind == rc::cnn_layer_kind::conv && l.groups > 1 && l.groups == l.c_in && l.c_out == l.c_in;
    });
    CHECK(depthwise == 17);
    const rc::cnn_layer& dw = layer(g, "features.2.conv.1.0");
    CHECK(dw.groups == 96);
    CHECK(dw.c_in == 96);
    CHECK(dw.r == 3);
    CHECK(dw.stride == 2);
    CHECK(layer(g, "features.1.conv.0.0").groups == 32);  // t = 1: no expansion, straight to depthwise
    const auto adds = std::count_if(g.layers.begin(), g.layers.end(),
                                    [](const rc::cnn_layer& l) { return l.kind == rc::cnn_layer_kind::add; });
    CHECK(adds == 10);
    CHECK(layer(g, "features.18.0").c_out == 1280);
    CHECK(layer(g, "avgpool").h_in == 7);
    CHECK(rc::parameters(layer(g, "classifier.1")) == 1280 * 1000 + 1000);
}

TEST_CASE("inception_v3: asymmetric convs, pool branches, 2048x8x8 before the global pool") {
    const rc::cnn_graph g = cnns::inception_v3();
    CHECK(layer(g, "maxpool2").h_out == 35);
    const rc::cnn_layer& c17 = layer(g, "Mixed_6b.branch7x7_2.conv");
    CHECK(c17.r == 1);
    CHECK(c17.s == 7);
    CHECK(c17.pad_h == 0);
    CHECK(c17.pad_w == 3);
    CHECK(c17.h_out == 17);
    CHECK(c17.w_out == 17);
    CHECK_FALSE(c17.bias);
    const rc::cnn_layer& pool = layer(g, "Mixed_5b.avgpool");
    CHECK(pool.kind == rc::cnn_layer_kind::avg_pool);
    CHECK(pool.r == 3);
    CHECK(pool.stride == 1);
    CHECK(pool.pad_h == 1);
    CHECK(pool.h_out == 35);
    CHECK(layer(g, "Mixed_5b.concat").c_out == 256);
    CHECK(layer(g, "Mixed_6a.concat").c_out == 768);
    CHECK(layer(g, "Mixed_6a.concat").h_out == 17);
    CHECK(layer(g, "Mixed_7a.concat").c_out == 1280);
    CHECK(layer(g, "Mixed_7b.branch3x3.concat").c_out == 768);
    const rc::cnn_layer& gap = layer(g, "avgpool");
    CHECK(gap.c_in == 2048);
    CHECK(gap.h_in == 8);
    CHECK(gap.w_in == 8);
    CHECK_FALSE(has_layer(g, "AuxLogits.conv0.conv"));
}

TEST_CASE("efficientnet_b0: MBConv with squeeze-and-excitation on the pooled tensor") {
    const rc::cnn_graph g = cnns::efficientnet_b0();
    // First block: no expansion; SE squeezes 32 -> 8 (in/4) on the 1x1 pooled tensor, gates 32x112x112.
    const rc::cnn_layer& fc1 = layer(g, "features.1.0.block.1.fc1");
    CHECK(fc1.c_in == 32);
    CHECK(fc1.c_out == 8);
    CHECK(fc1.h_in == 1);
    CHECK(fc1.bias);
    const rc::cnn_layer& gate = layer(g, "features.1.0.block.1.multiply");
    CHECK(gate.kind == rc::cnn_layer_kind::multiply);
    CHECK(gate.c_out == 32);
    CHECK(gate.h_out == 112);
    // An expanded block: 24 -> 144 channels, depthwise 3x3, SE squeezes to 24/4 = 6.
    CHECK(layer(g, "features.2.1.block.0.0").c_out == 144);
    CHECK(layer(g, "features.2.1.block.1.0").groups == 144);
    CHECK(layer(g, "features.2.1.block.2.fc1").c_out == 6);
    CHECK(layer(g, "features.2.1.add").c_out == 24);
    CHECK(layer(g, "features.3.0.block.1.0").r == 5);
    CHECK(layer(g, "features.2.1.block.0.2").flops_per_element == doctest::Approx(4.0));
    CHECK(layer(g, "features.8.0").c_out == 1280);
    CHECK(layer(g, "avgpool").h_in == 7);
    const auto blocks = std::count_if(g.layers.begin(), g.layers.end(),
                                      [](const rc::cnn_layer& l) { return l.kind == rc::cnn_layer_kind::multiply; });
    CHECK(blocks == 16);
}
