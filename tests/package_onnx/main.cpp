// Uses the installed roofcast::onnx component: a missing or malformed model is a clear input_error, and where
// Debian's libonnx-testdata is installed its Conv node model imports (1x1x7x5 input, 3x3 window, stride 2,
// padding 1: 4x3 outputs of 9 MACs).
#include <roofcast/io/onnx.hpp>

#include <fstream>
#include <iostream>
#include <string>

int main() {
    try {
        (void)roofcast::import_onnx("/nonexistent/model.onnx");
        return 1;
    } catch (const roofcast::input_error& e) {
        std::cout << "expected: " << e.what() << '\n';
    }
    try {
        (void)roofcast::import_onnx_bytes("not a protobuf", "bad.onnx");
        return 1;
    } catch (const roofcast::input_error& e) {
        std::cout << "expected: " << e.what() << '\n';
    }
    const std::string conv = "/usr/share/libonnx-testdata/data/node/test_conv_with_strides_padding/model.onnx";
    if (std::ifstream(conv)) {
        const roofcast::onnx_import imported = roofcast::import_onnx(conv);
        std::cout << imported.model << '\n';
        return roofcast::macs(roofcast::as_cnn(imported.model)) == 108.0 ? 0 : 1;
    }
    return 0;
}
