// The ONNX importer (include/roofcast/io/onnx.hpp): graphs written here with ONNX's protobuf types, the node
// models of Debian's libonnx-testdata, and the `--workload-file model.onnx` path through the CLI.
#include <roofcast/io/onnx.hpp>
#include <roofcast/roofcast.hpp>

#include "cli_runner.hpp"
#include "fuzz_onnx_entry.hpp"
#include "fuzz_replay.hpp"

#include <onnx/onnx_pb.h>

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace rc = roofcast;

namespace {

/// Builds an ONNX graph node by node; weights are initializers with their dimensions only (the importer reads
/// shapes, never values).
class graph_writer {
public:
    explicit graph_writer(const std::string& name) {
        model_.set_ir_version(8);
        model_.add_opset_import()->set_version(17);
        model_.set_producer_name("roofcast tests");
        g_ = model_.mutable_graph();
        g_->set_name(name);
    }

    /// A float graph input; a dimension of 0 is symbolic ("N").
    void input(const std::string& name, const std::vector<long long>& dims) {
        onnx::ValueInfoProto* v = g_->add_input();
        v->set_name(name);
        auto* t = v->mutable_type()->mutable_tensor_type();
        t->set_elem_type(onnx::TensorProto::FLOAT);
        for (long long d : dims) {
            auto* dim = t->mutable_shape()->add_dim();
            d > 0 ? dim->set_dim_value(d) : dim->set_dim_param("N");
        }
    }

    /// An int64 graph input (token ids, an attention mask); a dimension of 0 is symbolic ("N").
    void int_input(const std::string& name, const std::vector<long long>& dims) {
        input(name, dims);
        g_->mutable_input(g_->input_size() - 1)
            ->mutable_type()
            ->mutable_tensor_type()
            ->set_elem_type(onnx::TensorProto::INT64);
    }

    /// A float scalar constant (a scale, an epsilon), with its value.
    std::string scalar(const std::string& name, float value) {
        onnx::TensorProto* t = g_->add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::FLOAT);
        t->add_float_data(value);
        return name;
    }

    /// A weight of `dims`, named after `node`.
    std::string weight(const std::string& node, const std::vector<long long>& dims) {
        onnx::TensorProto* t = g_->add_initializer();
        t->set_name(node + ".w" + std::to_string(g_->initializer_size()));
        t->set_data_type(onnx::TensorProto::FLOAT);
        for (long long d : dims) {
            t->add_dims(d);
        }
        return t->name();
    }

    /// An int64 constant (a Reshape's target shape), with its values.
    std::string shape_constant(const std::string& name, const std::vector<long long>& values) {
        onnx::TensorProto* t = g_->add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::INT64);
        t->add_dims(static_cast<long long>(values.size()));
        for (long long v : values) {
            t->add_int64_data(v);
        }
        return name;
    }

    /// A node `op` reading `inputs` and writing one new tensor, whose name it returns.
    onnx::NodeProto* node(const std::string& op, const std::vector<std::string>& inputs, const std::string& name) {
        onnx::NodeProto* n = g_->add_node();
        n->set_op_type(op);
        n->set_name(name);
        for (const std::string& i : inputs) {
            n->add_input(i);
        }
        n->add_output(name + ".out");
        return n;
    }

    static void ints(onnx::NodeProto* n, const std::string& key, const std::vector<long long>& v) {
        onnx::AttributeProto* a = n->add_attribute();
        a->set_name(key);
        a->set_type(onnx::AttributeProto::INTS);
        for (long long x : v) {
            a->add_ints(x);
        }
    }

    static void integer(onnx::NodeProto* n, const std::string& key, long long v) {
        onnx::AttributeProto* a = n->add_attribute();
        a->set_name(key);
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(v);
    }

    /// The serialized model, with `last` as its output.
    std::string serialize(const std::string& last) {
        onnx::ValueInfoProto* o = g_->add_output();
        o->set_name(last);
        o->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
        return model_.SerializeAsString();
    }

private:
    onnx::ModelProto model_;
    onnx::GraphProto* g_ = nullptr;
};

/// A built-in CNN written as an ONNX graph, as an exporter would write it: each layer reads the latest tensor of
/// its input shape (a residual's add reads the two latest), a linear layer flattens first.
std::string export_cnn(const rc::cnn_graph& net) {
    graph_writer w(net.name);
    w.input("images", {0, net.channels, net.image_size, net.image_size});
    std::map<std::tuple<long long, long long, long long>, std::vector<std::string>> by_shape;
    by_shape[{net.channels, net.image_size, net.image_size}].push_back("images");
    std::string last = "images";
    int i = 0;
    for (const rc::cnn_layer& l : net.layers) {
        const std::string name = "n" + std::to_string(i++);
        const std::vector<std::string>& same = by_shape.at({l.c_in, l.h_in, l.w_in});
        const std::string x = same.back();
        onnx::NodeProto* n = nullptr;
        switch (l.kind) {
            case rc::cnn_layer_kind::conv: {
                std::vector<std::string> in = {x, w.weight(name, {l.c_out, l.c_in / l.groups, l.r, l.s})};
                if (l.bias) {
                    in.push_back(w.weight(name, {l.c_out}));
                }
                n = w.node("Conv", in, name);
                graph_writer::ints(n, "kernel_shape", {l.r, l.s});
                graph_writer::ints(n, "strides", {l.stride, l.stride});
                graph_writer::ints(n, "pads", {l.pad_h, l.pad_w, l.pad_h, l.pad_w});
                graph_writer::integer(n, "group", l.groups);
                break;
            }
            case rc::cnn_layer_kind::batch_norm: {
                std::vector<std::string> in = {x};
                for (int k = 0; k < 4; ++k) {
                    in.push_back(w.weight(name, {l.c_in}));
                }
                n = w.node("BatchNormalization", in, name);
                break;
            }
            case rc::cnn_layer_kind::activation: n = w.node("Relu", {x}, name); break;
            case rc::cnn_layer_kind::add: n = w.node("Add", {x, same.at(same.size() - 2)}, name); break;
            case rc::cnn_layer_kind::max_pool:
            case rc::cnn_layer_kind::avg_pool:
                if (l.h_out == 1 && l.w_out == 1 && l.r == l.h_in) {
                    n = w.node("GlobalAveragePool", {x}, name);
                } else {
                    n = w.node(l.kind == rc::cnn_layer_kind::max_pool ? "MaxPool" : "AveragePool", {x}, name);
                    graph_writer::ints(n, "kernel_shape", {l.r, l.s});
                    graph_writer::ints(n, "strides", {l.stride, l.stride});
                    graph_writer::ints(n, "pads", {l.pad_h, l.pad_w, l.pad_h, l.pad_w});
                }
                break;
            case rc::cnn_layer_kind::linear: {
                onnx::NodeProto* flat = w.node("Flatten", {x}, name + ".flatten");
                const long long in_features = l.c_in * l.h_in * l.w_in;
                n = w.node("Gemm", {flat->output(0), w.weight(name, {l.c_out, in_features}), w.weight(name, {l.c_out})},
                           name);
                graph_writer::integer(n, "transB", 1);
                break;
            }
            default: FAIL("the exporter has no ONNX operator for layer " << l.name);
        }
        last = n->output(0);
        by_shape[{l.c_out, l.h_out, l.w_out}].push_back(last);
    }
    return w.serialize(last);
}

/// BERT-base (google-bert/bert-base-uncased: 12 layers, hidden 768, 12 heads, FFN 3072, vocabulary 30,522) at
/// `seq` tokens, written node by node as torch.onnx.export (opset 17) writes Hugging Face's BertModel: embedding
/// Gathers of the token ids, positions and token types, their sum and LayerNormalization; per layer Q, K and V as
/// MatMul + Add, head splits as Reshape + Transpose, QKᵀ, the scale (Div), the mask (Add), Softmax, PV, the merge,
/// the output projection, the residual Add and LayerNormalization, the FFN with GELU as the exporter decomposes it
/// (Div, Erf, Add, Mul, Mul); the pooler's Gather of the first token, Gemm and Tanh. The mask path (Unsqueeze,
/// Cast, Sub, Mul of the attention mask) is as exported too.
std::string export_bert_base(long long seq) {
    const long long h = 768, heads = 12, d = 64, ffn = 3072, vocab = 30522;
    graph_writer w("bert-base");
    w.int_input("input_ids", {0, seq});
    w.int_input("attention_mask", {0, seq});
    w.int_input("token_type_ids", {0, seq});
    const std::string pos_ids = w.shape_constant("position_ids", std::vector<long long>(1, 0));
    const auto gather = [&](const std::string& table, const std::string& ids, const std::string& name) {
        return w.node("Gather", {table, ids}, name)->output(0);
    };
    const std::string words = gather(w.weight("word_embeddings", {vocab, h}), "input_ids", "emb.words");
    const std::string types = gather(w.weight("token_type_embeddings", {2, h}), "token_type_ids", "emb.types");
    onnx::NodeProto* positions = w.node("Gather", {w.weight("position_embeddings", {512, h}), pos_ids}, "emb.pos");
    (void)positions;
    std::string x = w.node("Add", {words, types}, "emb.add")->output(0);
    x = w.node("Add", {x, positions->output(0)}, "emb.add_pos")->output(0);
    const auto layer_norm = [&](const std::string& in, const std::string& name) {
        return w.node("LayerNormalization", {in, w.weight(name, {h}), w.weight(name, {h})}, name)->output(0);
    };
    x = layer_norm(x, "emb.ln");
    // The extended attention mask: (1 − mask) · min_float, [N, 1, 1, S].
    onnx::NodeProto* m1 = w.node("Unsqueeze", {"attention_mask", w.shape_constant("axes1", {1})}, "mask.unsq1");
    onnx::NodeProto* m2 = w.node("Unsqueeze", {m1->output(0), w.shape_constant("axes2", {2})}, "mask.unsq2");
    onnx::NodeProto* m3 = w.node("Cast", {m2->output(0)}, "mask.cast");
    graph_writer::integer(m3, "to", onnx::TensorProto::FLOAT);
    onnx::NodeProto* m4 = w.node("Sub", {w.scalar("one", 1.0F), m3->output(0)}, "mask.sub");
    const std::string mask = w.node("Mul", {m4->output(0), w.scalar("min", -3.4e38F)}, "mask.mul")->output(0);
    const std::string split = w.shape_constant("split_heads", {0, seq, heads, d});
    const std::string merge = w.shape_constant("merge_heads", {0, seq, h});
    const auto linear = [&](const std::string& in, long long k, long long n, const std::string& name) {
        const std::string y = w.node("MatMul", {in, w.weight(name, {k, n})}, name)->output(0);
        return w.node("Add", {w.weight(name + ".bias", {n}), y}, name + ".bias")->output(0);
    };
    const auto heads_of = [&](const std::string& in, const std::string& name, std::vector<long long> perm) {
        onnx::NodeProto* r = w.node("Reshape", {in, split}, name + ".reshape");
        onnx::NodeProto* t = w.node("Transpose", {r->output(0)}, name + ".transpose");
        graph_writer::ints(t, "perm", perm);
        return t->output(0);
    };
    for (int l = 0; l < 12; ++l) {
        const std::string p = "layer" + std::to_string(l) + ".";
        const std::string q = heads_of(linear(x, h, h, p + "q"), p + "q", {0, 2, 1, 3});
        const std::string k = heads_of(linear(x, h, h, p + "k"), p + "k", {0, 2, 3, 1});
        const std::string v = heads_of(linear(x, h, h, p + "v"), p + "v", {0, 2, 1, 3});
        std::string a = w.node("MatMul", {q, k}, p + "scores")->output(0);
        a = w.node("Div", {a, w.scalar(p + "sqrt_d", 8.0F)}, p + "scale")->output(0);
        a = w.node("Add", {a, mask}, p + "mask")->output(0);
        onnx::NodeProto* sm = w.node("Softmax", {a}, p + "softmax");
        graph_writer::integer(sm, "axis", -1);
        a = w.node("MatMul", {sm->output(0), v}, p + "context")->output(0);
        onnx::NodeProto* t = w.node("Transpose", {a}, p + "merge.transpose");
        graph_writer::ints(t, "perm", {0, 2, 1, 3});
        a = w.node("Reshape", {t->output(0), merge}, p + "merge.reshape")->output(0);
        a = linear(a, h, h, p + "attn_out");
        x = layer_norm(w.node("Add", {a, x}, p + "attn_residual")->output(0), p + "attn_ln");
        std::string f = linear(x, h, ffn, p + "ffn_up");
        // GELU (erf form), as opset 17 exports it: x · 0.5 · (1 + erf(x / √2)).
        onnx::NodeProto* g1 = w.node("Div", {f, w.scalar(p + "sqrt2", 1.4142135F)}, p + "gelu.div");
        onnx::NodeProto* g2 = w.node("Erf", {g1->output(0)}, p + "gelu.erf");
        onnx::NodeProto* g3 = w.node("Add", {g2->output(0), w.scalar(p + "gelu_one", 1.0F)}, p + "gelu.add");
        onnx::NodeProto* g4 = w.node("Mul", {f, g3->output(0)}, p + "gelu.mul");
        f = w.node("Mul", {g4->output(0), w.scalar(p + "half", 0.5F)}, p + "gelu.half")->output(0);
        f = linear(f, ffn, h, p + "ffn_down");
        x = layer_norm(w.node("Add", {f, x}, p + "ffn_residual")->output(0), p + "ffn_ln");
    }
    // The pooler: the first token, a 768 x 768 Gemm and tanh.
    onnx::NodeProto* first =
        w.node("Gather", {x, w.shape_constant("first_token", std::vector<long long>(1, 0))}, "pooler.first");
    graph_writer::integer(first, "axis", 1);
    onnx::NodeProto* squeeze = w.node("Squeeze", {first->output(0), w.shape_constant("axis1", {1})}, "pooler.squeeze");
    onnx::NodeProto* dense =
        w.node("Gemm", {squeeze->output(0), w.weight("pooler", {h, h}), w.weight("pooler.bias", {h})}, "pooler.dense");
    graph_writer::integer(dense, "transB", 1);
    return w.serialize(w.node("Tanh", {dense->output(0)}, "pooler.tanh")->output(0));
}

#ifdef ROOFCAST_CLI
/// `bytes` written to a file of the temporary directory named `file`.
std::string write_temp(const std::string& file, const std::string& bytes) {
    const std::filesystem::path p = std::filesystem::temp_directory_path() / file;
    std::ofstream(p, std::ios::binary) << bytes;
    return p.string();
}
#endif

/// Runs a prediction of `w` and returns its step time in seconds.
double step_seconds(const rc::workload& w, rc::mode m) {
    rc::run_config c;
    c.mode = m;
    c.batch = 64;
    c.precision = rc::precision::amp_fp16;
    static const rc::model_catalog cat = rc::catalog();
    return rc::predict(w, cat.gpu("A100-SXM4-80GB"), c).time.value();
}

}  // namespace

TEST_CASE("ONNX ResNet-50 written from the built-in network: same layers, FLOPs, parameters and prediction") {
    const rc::cnn_graph builtin = *rc::cnns::make_cnn("resnet50");
    const rc::onnx_import imported = rc::import_onnx_bytes(export_cnn(builtin), "resnet50.onnx");
    REQUIRE(cnn_of(imported.model) != nullptr);
    CHECK(imported.model.name == "resnet50.onnx");
    CHECK(imported.unmapped.empty());
    CHECK(imported.warnings().empty());
    // Every layer maps to one of the same kind: ResNet-50's 53 convolutions, 53 batch norms, 49 ReLUs, 16
    // additions, a max pool, a global average pool and the classifier.
    CHECK(builtin.layers.size() == 53 + 53 + 49 + 16 + 3);
    REQUIRE(as_cnn(imported.model).layers.size() == builtin.layers.size());
    for (std::size_t i = 0; i < builtin.layers.size(); ++i) {
        CAPTURE(builtin.layers[i].name);
        CHECK(as_cnn(imported.model).layers[i].kind == builtin.layers[i].kind);
        CHECK(rc::macs(as_cnn(imported.model).layers[i]) == rc::macs(builtin.layers[i]));
    }
    // 4.09 GMACs and 25.56 M parameters (torchvision's ResNet-50), the same on both sides.
    CHECK(rc::macs(as_cnn(imported.model)) == doctest::Approx(rc::macs(builtin)).epsilon(1e-12));
    CHECK(rc::macs(as_cnn(imported.model)) == doctest::Approx(4.09e9).epsilon(0.01));
    CHECK(rc::parameters(imported.model) == doctest::Approx(25.557032e6).epsilon(1e-9));
    CHECK(imported.mapped_flops_per_sample >= 2.0 * rc::macs(builtin));
    CHECK(as_cnn(imported.model).channels == 3);
    CHECK(as_cnn(imported.model).image_size == 224);
    // The same kernels, so the same prediction, training and inference.
    const rc::workload reference = rc::make_workload(builtin);
    CHECK(step_seconds(imported.model, rc::mode::train) ==
          doctest::Approx(step_seconds(reference, rc::mode::train)).epsilon(1e-9));
    CHECK(step_seconds(imported.model, rc::mode::infer) ==
          doctest::Approx(step_seconds(reference, rc::mode::infer)).epsilon(1e-9));
}

TEST_CASE("ONNX multi-head attention maps: projections, head transposes, QKᵀ and PV per head, softmax") {
    // x [N, 128, 64] -> q = x·Wq (64x64) -> 4 heads of 16: [N, 4, 128, 16] -> scores q·qᵀ [N, 4, 128, 128] ->
    // softmax -> values p·q [N, 4, 128, 16] -> Floor (an operator roofcast does not price).
    graph_writer w("attention");
    w.input("x", {0, 128, 64});
    onnx::NodeProto* q = w.node("MatMul", {"x", w.weight("q", {64, 64})}, "q");
    onnx::NodeProto* r = w.node("Reshape", {q->output(0), w.shape_constant("heads", {0, 128, 4, 16})}, "split");
    onnx::NodeProto* qh = w.node("Transpose", {r->output(0)}, "qh");
    graph_writer::ints(qh, "perm", {0, 2, 1, 3});
    onnx::NodeProto* kt = w.node("Transpose", {qh->output(0)}, "kt");
    graph_writer::ints(kt, "perm", {0, 1, 3, 2});
    onnx::NodeProto* s = w.node("MatMul", {qh->output(0), kt->output(0)}, "scores");
    onnx::NodeProto* p = w.node("Softmax", {s->output(0)}, "probs");
    onnx::NodeProto* v = w.node("MatMul", {p->output(0), qh->output(0)}, "values");
    onnx::NodeProto* f = w.node("Floor", {v->output(0)}, "floor");
    const rc::onnx_import imp = rc::import_onnx_bytes(w.serialize(f->output(0)), "attention.onnx");
    const std::vector<rc::cnn_layer>& layers = as_cnn(imp.model).layers;
    REQUIRE(layers.size() == 6);  // the reshape is a view
    // The projection: a 1×1 convolution over 128 tokens, 128·64·64 MACs and the model's only weights.
    CHECK(layers[0].kind == rc::cnn_layer_kind::conv);
    CHECK(rc::macs(layers[0]) == 128.0 * 64 * 64);
    CHECK(rc::parameters(imp.model) == 64.0 * 64);
    CHECK(layers[1].kind == rc::cnn_layer_kind::activation);  // the head transposes: copies
    CHECK(layers[2].kind == rc::cnn_layer_kind::activation);
    // QKᵀ: 4 heads of (128 x 16)·(16 x 128) = 4·128·128·16 MACs; PV: 4 heads of (128 x 128)·(128 x 16), the same.
    CHECK(layers[3].kind == rc::cnn_layer_kind::matmul);
    CHECK(layers[3].groups == 4);
    CHECK(rc::macs(layers[3]) == 4.0 * 128 * 128 * 16);
    CHECK(layers[4].kind == rc::cnn_layer_kind::softmax);
    CHECK(layers[4].c_in * layers[4].h_in == 4 * 128 * 128);
    CHECK(rc::macs(layers[5]) == 4.0 * 128 * 16 * 128);
    // FLOPs: 2·524,288 + 2·1,048,576 + 5 per score (4·128·128) + 2·1,048,576 = 5,570,560; Floor one per element
    // of [4, 128, 16] = 8192 left out: 0.147%.
    CHECK(imp.mapped_flops_per_sample == 5570560.0);
    REQUIRE(imp.unmapped.size() == 1);
    CHECK(imp.unmapped[0].op == "Floor");
    CHECK(imp.unmapped[0].flops_per_sample == 8192.0);
    CHECK(imp.unmapped_share() == doctest::Approx(8192.0 / (5570560.0 + 8192.0)));
    const std::vector<std::string> lines = imp.warnings();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == "attention.onnx: 1 x Floor not mapped (0.1% of the graph's FLOPs): left out of the prediction");
    // Lowered for inference at batch 8: QKᵀ is one batched GEMM of 8·4 problems of 128 x 128 x 16.
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.batch = 8;
    const rc::run_plan plan = rc::resolve(imp.model, c);
    bool found = false;
    for (const rc::kernel& k : rc::lower_cnn(plan, 8).kernels) {
        if (k.name == "scores") {
            found = true;
            CHECK(k.shape->m == 128);
            CHECK(k.shape->n == 128);
            CHECK(k.shape->k == 16);
            CHECK(k.shape->batch == 32);
        }
    }
    CHECK(found);
}

TEST_CASE("ONNX layer norm maps with its scale and shift, a token-wise MLP block prices every node") {
    graph_writer w("block");
    w.input("x", {0, 16, 256});
    onnx::NodeProto* ln = w.node("LayerNormalization", {"x", w.weight("ln", {256}), w.weight("ln", {256})}, "ln");
    onnx::NodeProto* up = w.node("MatMul", {ln->output(0), w.weight("up", {256, 1024})}, "up");
    onnx::NodeProto* act = w.node("Sigmoid", {up->output(0)}, "sigmoid");
    const rc::onnx_import imp = rc::import_onnx_bytes(w.serialize(act->output(0)), "block.onnx");
    CHECK(imp.unmapped.empty());
    REQUIRE(as_cnn(imp.model).layers.size() == 3);
    const rc::cnn_layer& norm = as_cnn(imp.model).layers[0];
    CHECK(norm.kind == rc::cnn_layer_kind::layer_norm);
    CHECK(norm.c_in == 256);
    CHECK(norm.h_in == 16);
    // 256 scales and 256 shifts, and the 256 x 1024 projection.
    CHECK(rc::parameters(imp.model) == 2.0 * 256 + 256.0 * 1024);
}

TEST_CASE("ONNX import errors name the file and what is wrong") {
    const auto fails_with = [](const std::string& bytes, const std::string& text) {
        try {
            (void)rc::import_onnx_bytes(bytes, "bad.onnx");
            FAIL("no error for " << text);
        } catch (const rc::input_error& e) {
            const std::string what = e.what();
            CAPTURE(what);
            CHECK(std::string(e.what()).find(text) != std::string::npos);
        }
    };
    fails_with("", "bad.onnx: not an ONNX model");
    fails_with("\xff\xff\xff\xff not protobuf", "bad.onnx: not an ONNX model");
    {
        onnx::ModelProto empty;
        empty.set_ir_version(8);
        empty.mutable_graph()->set_name("empty");
        fails_with(empty.SerializeAsString(), "bad.onnx: the ONNX model has no graph nodes");
    }
    {  // spatial size unknown: shapes cannot be inferred to numbers
        graph_writer w("g");
        w.input("x", {1, 3, 0, 0});
        onnx::NodeProto* c = w.node("Conv", {"x", w.weight("c", {8, 3, 3, 3})}, "conv");
        fails_with(w.serialize(c->output(0)), "has an unknown dimension after shape inference");
    }
    {  // nothing roofcast can price
        graph_writer w("g");
        w.input("x", {1, 10});
        onnx::NodeProto* s = w.node("Floor", {"x"}, "floor");
        fails_with(w.serialize(s->output(0)), "bad.onnx: no operator of the graph maps");
    }
    CHECK_THROWS_WITH_AS(rc::import_onnx("/nonexistent/model.onnx"),
                         doctest::Contains("cannot open ONNX model '/nonexistent/model.onnx'"), rc::input_error);
}

#ifdef ROOFCAST_ONNX_TESTDATA
TEST_CASE("ONNX node models of Debian's libonnx-testdata, shapes and MACs by hand") {
    const std::string data = ROOFCAST_ONNX_TESTDATA;
    const auto one_layer = [&](const std::string& test) {
        const rc::onnx_import imp = rc::import_onnx(data + "/" + test + "/model.onnx");
        CAPTURE(test);
        REQUIRE(as_cnn(imp.model).layers.size() == 1);
        CHECK(imp.unmapped.empty());
        return as_cnn(imp.model).layers.front();
    };
    // x 1×1×7×5, 3×3 window, stride 2, padding 1 -> 1×1×4×3: 4·3 outputs × 9 MACs.
    const rc::cnn_layer conv = one_layer("node/test_conv_with_strides_padding");
    CHECK(conv.kind == rc::cnn_layer_kind::conv);
    CHECK(std::vector<long long>{conv.h_out, conv.w_out, conv.r, conv.s, conv.stride, conv.pad_h, conv.pad_w} ==
          std::vector<long long>{4, 3, 3, 3, 2, 1, 1});
    CHECK(rc::macs(conv) == 108.0);
    // Depthwise: x 2×4×6×6, 4 groups, 3×3, stride 2 -> 4×2×2 per sample: 16 outputs × 9 MACs; 36 weights + 4 bias.
    const rc::cnn_layer dw = one_layer("pytorch-converted/test_Conv2d_depthwise_strided");
    CHECK(dw.groups == 4);
    CHECK(rc::macs(dw) == 144.0);
    CHECK(rc::parameters(dw) == 40.0);
    // Grouped 3×2 window: x 2×4×6×5, 2 groups, 6 filters -> 6×4×4: 96 outputs × (2·3·2) MACs; 72 weights + 6 bias.
    const rc::cnn_layer grouped = one_layer("pytorch-converted/test_Conv2d_groups");
    CHECK(std::vector<long long>{grouped.r, grouped.s, grouped.groups} == std::vector<long long>{3, 2, 2});
    CHECK(rc::macs(grouped) == 1152.0);
    CHECK(rc::parameters(grouped) == 78.0);
    // nn.Linear(10, 8) on a batch of 4: 80 MACs and 88 parameters per sample.
    const rc::cnn_layer fc = one_layer("pytorch-converted/test_Linear");
    CHECK(fc.kind == rc::cnn_layer_kind::linear);
    CHECK(rc::macs(fc) == 80.0);
    CHECK(rc::parameters(fc) == 88.0);
    // Max pooling 3×3, stride 2, padding 1: 1×3×7×7 -> 1×3×4×4.
    const rc::cnn_layer pool = one_layer("pytorch-converted/test_MaxPool2d");
    CHECK(pool.kind == rc::cnn_layer_kind::max_pool);
    CHECK(std::vector<long long>{pool.c_out, pool.h_out, pool.w_out, pool.r, pool.stride, pool.pad_h} ==
          std::vector<long long>{3, 4, 4, 3, 2, 1});
    // Batched MatMul of two activations: a [2, 3, 4] · b [2, 4, 3], per sample 3·3 outputs of 4 MACs.
    const rc::cnn_layer mm = one_layer("node/test_matmul_3d");
    CHECK(mm.kind == rc::cnn_layer_kind::matmul);
    CHECK(rc::macs(mm) == 36.0);
    CHECK(rc::parameters(mm) == 0.0);
    // Layer norm over the last axis of [2, 3, 5] with scale and shift: 3 positions of 5, 10 parameters.
    const rc::cnn_layer ln = one_layer("node/test_layer_normalization_3d_axis_negative_1_epsilon");
    CHECK(ln.kind == rc::cnn_layer_kind::layer_norm);
    CHECK(std::vector<long long>{ln.c_in, ln.h_in} == std::vector<long long>{5, 3});
    CHECK(rc::parameters(ln) == 10.0);
    CHECK(one_layer("node/test_softmax_example").kind == rc::cnn_layer_kind::softmax);
    // Floor alone maps to nothing: a clear error, not an empty prediction.
    CHECK_THROWS_WITH_AS(rc::import_onnx(data + "/node/test_floor/model.onnx"),
                         doctest::Contains("no operator of the graph maps"), rc::input_error);
}
#endif

#ifdef ROOFCAST_CLI
TEST_CASE("cli: --workload-file model.onnx predicts as the built-in network and lists what it left out") {
    const std::string resnet = write_temp("roofcast-test-resnet50.onnx", export_cnn(*rc::cnns::make_cnn("resnet50")));
    const std::string run = "predict --gpu A100-SXM4-80GB --mode train --precision amp-fp16 --batch 64 --format json";
    const roofcast_tests::cli_result file = roofcast_tests::run_roofcast(run + " --workload-file '" + resnet + "'");
    const roofcast_tests::cli_result builtin = roofcast_tests::run_roofcast(run + " --workload resnet50");
    REQUIRE(file.status == 0);
    REQUIRE(builtin.status == 0);
    CHECK(file.err.empty());
    const nlohmann::json a = nlohmann::json::parse(file.out), b = nlohmann::json::parse(builtin.out);
    CHECK(a["workload"] == "roofcast-test-resnet50.onnx");
    CHECK(a["time_s"].get<double>() == doctest::Approx(b["time_s"].get<double>()).epsilon(1e-9));
    CHECK(a["energy_j"].get<double>() == doctest::Approx(b["energy_j"].get<double>()).epsilon(1e-9));
    CHECK(a["memory"] == b["memory"]);
    std::remove(resnet.c_str());

    graph_writer w("mlp");
    w.input("x", {0, 16, 256});
    onnx::NodeProto* up = w.node("MatMul", {"x", w.weight("up", {256, 1024})}, "up");
    onnx::NodeProto* fl = w.node("Floor", {up->output(0)}, "floor");
    const std::string mlp = write_temp("roofcast-test-mlp.onnx", w.serialize(fl->output(0)));
    const roofcast_tests::cli_result r = roofcast_tests::run_roofcast(
        "predict --gpu A100-SXM4-80GB --mode infer --batch 8 --workload-file '" + mlp + "'");
    CAPTURE(r.err);
    CHECK(r.status == 0);
    // Floor over 16 x 1024 elements against 2·16·256·1024 FLOPs of the projection: 0.2%.
    CHECK(r.err.find("roofcast: warning: roofcast-test-mlp.onnx: 1 x Floor not mapped (0.2% of the "
                     "graph's FLOPs)") != std::string::npos);
    std::remove(mlp.c_str());
    const roofcast_tests::cli_result missing =
        roofcast_tests::run_roofcast("predict --gpu A100-SXM4-80GB --workload-file /nonexistent/m.onnx");
    CHECK(missing.status == 2);
    CHECK(missing.err.find("File does not exist: /nonexistent/m.onnx") != std::string::npos);
}
#endif

TEST_CASE("ONNX BERT-base, as PyTorch exports it: FLOPs within 5% of the built-in definition, every node priced") {
    const long long seq = 128;
    const rc::onnx_import imp = rc::import_onnx_bytes(export_bert_base(seq), "bert-base.onnx");
    // Every operator maps: the Gathers of the embeddings are copies; nothing is left out.
    for (const rc::onnx_unmapped_op& u : imp.unmapped) {
        CAPTURE(u.op);
    }
    CHECK(imp.unmapped.empty());
    // The built-in bert-base (models/workloads/bert-base.toml) lowered for one sequence of 128 tokens: the FLOPs
    // of its kernels, against the imported graph's.
    const rc::workload& builtin = rc::catalog().workload_named("bert-base");
    rc::run_config c;
    c.mode = rc::mode::infer;
    c.batch = 1;
    c.seq_len = seq;
    c.precision = rc::precision::fp32;
    double builtin_flops = 0.0;
    for (const rc::breakdown_entry& b : rc::predict(builtin, rc::catalog().gpu("A100-SXM4-80GB"), c).breakdown) {
        builtin_flops += b.work.value();
    }
    MESSAGE("BERT-base at " << seq << " tokens: ONNX " << imp.mapped_flops_per_sample << " FLOPs, built-in "
                            << builtin_flops << " (ratio " << imp.mapped_flops_per_sample / builtin_flops << ")");
    CHECK(imp.mapped_flops_per_sample == doctest::Approx(builtin_flops).epsilon(0.05));
    // The dense part is exact: 12 layers of 4·h² + 2·h·FFN weights, 2 FLOPs per weight and token, the pooler's
    // h² once, and QKᵀ and PV, 2·2·S²·h per layer.
    const double h = 768, dense = 12 * (4 * h * h + 2 * h * 3072) * 2 * seq + 2 * h * h,
                 attention = 12 * 4.0 * seq * seq * h;
    double matmul = 0.0;
    for (const rc::cnn_layer& l : as_cnn(imp.model).layers) {
        if (l.kind == rc::cnn_layer_kind::conv || l.kind == rc::cnn_layer_kind::linear ||
            l.kind == rc::cnn_layer_kind::matmul) {
            matmul += 2.0 * rc::macs(l);
        }
    }
    CHECK(matmul == doctest::Approx(dense + attention).epsilon(1e-9));
    // Its weights: the blocks', the pooler's and the embeddings' (token 30,522, position 512, type 2 rows).
    CHECK(rc::parameters(imp.model) == doctest::Approx(rc::parameters(builtin)).epsilon(0.005));
}

namespace {

roofcast::fuzz::outcome fuzz_onnx(const std::string& bytes) {
    return roofcast::fuzz::onnx_model(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

TEST_CASE("fuzz regressions: ONNX inputs replay through the onnx_model entry with the outcome they keep") {
    CHECK(roofcast_tests::replay_regressions(ROOFCAST_SOURCE_DIR, "onnx_model", roofcast::fuzz::onnx_model) >= 4);
    // The graphs the tests write are seeds too: accepted, each keeping the entry's invariants.
    CHECK(fuzz_onnx(export_bert_base(64)).accepted);
    CHECK(fuzz_onnx(export_cnn(*rc::cnns::make_cnn("resnet50"))).accepted);
}

#ifdef ROOFCAST_ONNX_TESTDATA
TEST_CASE("fuzz seeds: every libonnx-testdata node model goes through the onnx_model entry keeping its invariants") {
    std::size_t models = 0, accepted = 0;
    for (const auto& d : std::filesystem::directory_iterator(std::filesystem::path(ROOFCAST_ONNX_TESTDATA) / "node")) {
        const std::filesystem::path m = d.path() / "model.onnx";
        if (!std::filesystem::exists(m)) {
            continue;
        }
        CAPTURE(m.string());
        roofcast::fuzz::outcome o;
        REQUIRE_NOTHROW(o = fuzz_onnx(roofcast_tests::bytes_of(m)));
        ++models;
        accepted += o.accepted ? 1 : 0;
    }
    MESSAGE("libonnx-testdata node models: " << models << ", accepted " << accepted);
    CHECK(models >= 100);
    CHECK(accepted >= 1);
}
#endif
