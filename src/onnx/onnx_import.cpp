// The ONNX importer (include/roofcast/io/onnx.hpp): protobuf parsing and shape inference by libonnx, then one
// pass over the nodes in graph order (ONNX requires topological order) that maps each to a CNN layer.
#include <roofcast/detail/files.hpp>
#include <roofcast/error.hpp>
#include <roofcast/format.hpp>
#include <roofcast/io/onnx.hpp>
#include <roofcast/workload/cnn.hpp>
#include <roofcast/workload/validate.hpp>

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/proto_utils.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace roofcast {
namespace {

/// A tensor's dimensions; -1 where shape inference left one unknown (a symbolic batch, say).
using dims = std::vector<long long>;

double product(const dims& d, std::size_t from = 0) {
    double p = 1.0;
    for (std::size_t i = from; i < d.size(); ++i) {
        p *= static_cast<double>(d[i]);
    }
    return p;
}

/// FLOPs per output element of the activations roofcast prices as one pointwise kernel (ReLU 1, as the
/// built-in networks count; transcendental ones a few: torchvision's counting conventions).
const std::map<std::string, double>& activation_flops() {
    static const std::map<std::string, double> f = {
        {"Relu", 1.0}, {"LeakyRelu", 2.0},   {"PRelu", 2.0},          {"Clip", 2.0},       {"Sigmoid", 4.0},
        {"Tanh", 4.0}, {"HardSigmoid", 3.0}, {"HardSwish", 4.0},      {"Elu", 3.0},        {"Selu", 3.0},
        {"Celu", 3.0}, {"Softplus", 4.0},    {"Softsign", 3.0},       {"Gelu", 8.0},       {"Erf", 4.0},
        {"Exp", 1.0},  {"Log", 1.0},         {"Sqrt", 1.0},           {"Reciprocal", 1.0}, {"Neg", 1.0},
        {"Abs", 1.0},  {"Mish", 6.0},        {"ThresholdedRelu", 1.0}};
    return f;
}

/// Operators that move no data on the GPU or that a framework folds away in an exported inference graph.
const std::set<std::string>& free_ops() {
    static const std::set<std::string> f = {"Reshape", "Flatten", "Squeeze",  "Unsqueeze",       "Identity",
                                            "Dropout", "Shape",   "Constant", "ConstantOfShape", "Size"};
    return f;
}

class importer {
public:
    importer(onnx::ModelProto model, std::string name) : model_(std::move(model)), name_(std::move(name)) {}

    onnx_import run() {
        infer_shapes();
        const onnx::GraphProto& g = model_.graph();
        collect_shapes(g);
        find_inputs(g);
        for (const onnx::NodeProto& n : g.node()) {
            node(n);
        }
        if (layers_.empty()) {
            throw input_error(name_ + ": no operator of the graph maps to roofcast's kernels" + seen_operators());
        }
        onnx_import r;
        cnn_graph graph;
        graph.name = name_;
        graph.channels = channels_;
        graph.image_size = image_size_;
        graph.layers = std::move(layers_);
        try {
            validate(graph);
        } catch (const input_error& e) {
            throw input_error(name_ + ": " + e.what());
        }
        r.mapped_flops_per_sample = mapped_flops_;
        for (auto& [op, u] : unmapped_) {
            r.unmapped.push_back(u);
        }
        std::stable_sort(r.unmapped.begin(), r.unmapped.end(),
                         [](const onnx_unmapped_op& a, const onnx_unmapped_op& b) {
                             return a.flops_per_sample > b.flops_per_sample;
                         });
        r.model = make_workload(std::move(graph));
        return r;
    }

private:
    // The graph checked before shape inference, whose libonnx 1.12 implementation dereferences what a malformed graph
    // lacks (fuzz findings): each operator set imported once, every graph input named, every node input defined before
    // it is read (a graph input, an initializer or an earlier node's output), every output defined once, and every node
    // of a registered operator valid for its schema (inputs, outputs, attribute names and types). Operators of other
    // domains are left to the mapping, which lists them as not mapped.
    void check_graph() const {
        onnx::checker::CheckerContext ctx;
        ctx.set_ir_version(static_cast<int>(model_.ir_version()));
        std::unordered_map<std::string, int> opsets;
        for (const onnx::OperatorSetIdProto& o : model_.opset_import()) {
            const std::string domain = o.domain() == "ai.onnx" ? "" : o.domain();
            if (!opsets.emplace(domain, static_cast<int>(o.version())).second) {
                throw input_error(name_ + ": the model imports operator set '" +
                                  (domain.empty() ? std::string("ai.onnx") : domain) + "' more than once");
            }
        }
        ctx.set_opset_imports(opsets);
        ctx.set_schema_registry(onnx::OpSchemaRegistry::Instance());
        const onnx::checker::LexicalScopeContext scope;
        const onnx::GraphProto& g = model_.graph();
        std::unordered_set<std::string> defined;
        for (const onnx::ValueInfoProto& v : g.input()) {
            if (v.name().empty()) {
                throw input_error(name_ + ": a graph input has no name");
            }
            defined.insert(v.name());
        }
        for (const onnx::TensorProto& t : g.initializer()) {
            defined.insert(t.name());
        }
        for (const onnx::NodeProto& n : g.node()) {
            const std::string where = name_ + ": node '" + node_name(n) + "' (" + n.op_type() + ")";
            for (const std::string& i : n.input()) {
                if (!i.empty() && defined.count(i) == 0) {
                    throw input_error(where + " reads '" + i +
                                      "', which no graph input, initializer or earlier node defines");
                }
            }
            const auto domain = opsets.find(n.domain() == "ai.onnx" ? "" : n.domain());
            if (domain != opsets.end() &&
                onnx::OpSchemaRegistry::Schema(n.op_type(), domain->second, n.domain()) != nullptr) {
                try {
                    onnx::checker::check_node(n, ctx, scope);
                } catch (const std::exception& e) {
                    throw input_error(where + " is not valid ONNX: " + first_line(e.what()));
                }
            }
            for (const std::string& o : n.output()) {
                if (!o.empty() && !defined.insert(o).second) {
                    throw input_error(where + " defines '" + o + "', which is already defined");
                }
            }
        }
    }

    static std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

    // ONNX's shape inference on model_. Data propagation folds the Shape -> Gather -> Concat chains of exported
    // Reshapes into static shapes. Throws what libonnx throws.
    void run_inference() {
        onnx::shape_inference::InferShapes(model_, onnx::OpSchemaRegistry::Instance(),
                                           onnx::ShapeInferenceOptions(false, 0, true));
    }

    // run_inference in this process, its failure an input_error naming the file.
    void infer_in_process() {
        try {
            run_inference();
        } catch (const std::exception& e) {
            throw input_error(name_ + ": ONNX shape inference failed: " + e.what());
        }
    }

    // Shape inference in a child process where the platform forks: libonnx 1.12 dereferences what some malformed
    // graphs lack (a LayerNormalization axis far outside its input's rank, found by fuzzing), and a crash there must
    // be an error, not the end of the program. The child sends back only what inference adds (the value infos and
    // the outputs' types), so the weights never cross the pipe.
    void infer_shapes() {
        check_graph();
#if defined(__unix__) || defined(__APPLE__)
        int fds[2];
        if (pipe(fds) != 0) {
            infer_in_process();
            return;
        }
        const pid_t pid = fork();
        if (pid < 0) {
            close(fds[0]);
            close(fds[1]);
            infer_in_process();
            return;
        }
        if (pid == 0) {
            close(fds[0]);
            infer_in_child(fds[1]);
        }
        close(fds[1]);
        const std::string reply = read_all(fds[0]);
        close(fds[0]);
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || reply.empty()) {
            throw input_error(name_ +
                              ": ONNX shape inference crashed on this graph (libonnx 1.12 does not check what it "
                              "reads): check the model with onnx.checker.check_model(model, full_check=True)");
        }
        apply_inferred(reply);
#else
        infer_in_process();
#endif
    }

#if defined(__unix__) || defined(__APPLE__)
    // The child of infer_shapes: infers, writes "G" + the inferred shapes or "E" + the error to `fd`, exits at once.
    [[noreturn]] void infer_in_child(int fd) {
        for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {  // die of a crash, unreported by the parent's
            std::signal(sig, SIG_DFL);                                // handlers (a test framework's)
        }
        std::string reply;
        try {
            run_inference();
            onnx::GraphProto shapes;
            *shapes.mutable_value_info() = model_.graph().value_info();
            *shapes.mutable_output() = model_.graph().output();
            reply = "G" + shapes.SerializeAsString();
        } catch (const std::exception& e) {
            reply = std::string("E") + e.what();
        } catch (...) {
            reply = "Eunknown error";
        }
        for (std::size_t sent = 0; sent < reply.size();) {
            const ssize_t n = write(fd, reply.data() + sent, reply.size() - sent);
            if (n <= 0) {
                break;
            }
            sent += static_cast<std::size_t>(n);
        }
        close(fd);
        _exit(0);
    }

    // Everything `fd` has until its end (a read interrupted by a signal is retried).
    static std::string read_all(int fd) {
        std::string reply;
        char buffer[65536];
        for (ssize_t n = 0; (n = read(fd, buffer, sizeof buffer)) != 0;) {
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                break;
            }
            reply.append(buffer, static_cast<std::size_t>(n));
        }
        return reply;
    }
#endif

    // The child's reply into model_: its error as an input_error, or its value infos and (where as many) outputs.
    void apply_inferred(const std::string& reply) {
        if (reply[0] == 'E') {
            throw input_error(name_ + ": ONNX shape inference failed: " + reply.substr(1));
        }
        onnx::GraphProto shapes;
        if (reply[0] != 'G' || !shapes.ParseFromArray(reply.data() + 1, static_cast<int>(reply.size() - 1))) {
            throw input_error(name_ + ": ONNX shape inference returned no shapes");
        }
        onnx::GraphProto* g = model_.mutable_graph();
        g->mutable_value_info()->Swap(shapes.mutable_value_info());
        if (shapes.output_size() == g->output_size()) {
            g->mutable_output()->Swap(shapes.mutable_output());
        }
    }

    /// Largest tensor, in elements, the importer prices (2^40, a 4 TiB FP32 tensor): beyond it the element counts
    /// and the layer shapes built from them would overflow (a fuzz finding).
    static constexpr double max_tensor_elements = 1099511627776.0;

    /// Throws input_error unless tensor `name` of dimensions `d` (symbolic ones as −1) is within max_tensor_elements.
    void require_bounded(const std::string& name, const dims& d) const {
        double elements = 1.0;
        for (long long x : d) {
            elements *= x > 0 ? static_cast<double>(x) : 1.0;
        }
        if (elements > max_tensor_elements) {
            throw input_error(name_ + ": tensor '" + name + "' has " + format_number(elements, 3) +
                              " elements, more than the 2^40 roofcast prices");
        }
    }

    void add_shape(const onnx::ValueInfoProto& v) {
        if (!v.has_type() || !v.type().has_tensor_type() || !v.type().tensor_type().has_shape()) {
            return;
        }
        dims d;
        for (const auto& dim : v.type().tensor_type().shape().dim()) {
            d.push_back(dim.has_dim_value() && dim.dim_value() > 0 ? static_cast<long long>(dim.dim_value()) : -1);
        }
        require_bounded(v.name(), d);
        shapes_[v.name()] = std::move(d);
    }

    void collect_shapes(const onnx::GraphProto& g) {
        for (const onnx::ValueInfoProto& v : g.input()) {
            add_shape(v);
        }
        for (const onnx::ValueInfoProto& v : g.value_info()) {
            add_shape(v);
        }
        for (const onnx::ValueInfoProto& v : g.output()) {
            add_shape(v);
        }
        for (const onnx::TensorProto& t : g.initializer()) {
            dims d(t.dims().begin(), t.dims().end());
            require_bounded(t.name(), d);
            shapes_[t.name()] = std::move(d);
        }
    }

    // The data inputs: graph inputs without an initializer. The first sets the batch (its leading dimension)
    // and, for images, the channels and size; weights given as inputs (as ONNX's node tests do) are the others
    // consumed only as weights, so every non-initializer input is data unless a node reads it as a weight.
    void find_inputs(const onnx::GraphProto& g) {
        std::unordered_set<std::string>& initializers = initializers_;
        for (const onnx::TensorProto& t : g.initializer()) {
            initializers.insert(t.name());
        }
        bool first = true;
        for (const onnx::ValueInfoProto& v : g.input()) {
            if (initializers.count(v.name()) != 0) {
                continue;
            }
            if (first) {
                const dims& d = known(v.name(), "graph input", v.name());
                if (d.empty()) {
                    throw input_error(name_ + ": graph input '" + v.name() + "' is a scalar, not a batch");
                }
                batch_ = d[0] > 0 ? d[0] : 1;
                channels_ = d.size() >= 2 && d[1] > 0 ? d[1] : 1;
                image_size_ = d.size() >= 3 && d[2] > 0 ? d[2] : 1;
                data_.insert(v.name());
                first = false;
            } else {
                maybe_data_.insert(v.name());
            }
        }
        if (first) {
            throw input_error(name_ + ": the graph has no input (every input has an initializer)");
        }
    }

    const dims& known(const std::string& tensor, const std::string& op, const std::string& node) const {
        const auto it = shapes_.find(tensor);
        if (it == shapes_.end()) {
            throw input_error(name_ + ": node '" + node + "' (" + op + "): tensor '" + tensor +
                              "' has no shape after shape inference: export the model with a fixed input size");
        }
        for (std::size_t i = 1; i < it->second.size(); ++i) {
            if (it->second[i] < 1) {
                throw input_error(name_ + ": node '" + node + "' (" + op + "): tensor '" + tensor +
                                  "' has an unknown dimension after shape inference: export the model with a "
                                  "fixed input size");
            }
        }
        return it->second;
    }

    std::optional<dims> shape_if_known(const std::string& tensor) const {
        const auto it = shapes_.find(tensor);
        if (it == shapes_.end()) {
            return std::nullopt;
        }
        for (std::size_t i = 1; i < it->second.size(); ++i) {
            if (it->second[i] < 1) {
                return std::nullopt;
            }
        }
        return it->second;
    }

    /// Elements per sample of a data tensor: all but a symbolic leading batch, or all over the input's batch.
    double per_sample(const dims& d) const {
        if (d.empty()) {
            return 1.0 / static_cast<double>(batch_);
        }
        return d[0] < 1 ? product(d, 1) : product(d) / static_cast<double>(batch_);
    }

    bool is_data(const std::string& t) const {
        return data_.count(t) != 0 || maybe_data_.count(t) != 0;
    }
    bool is_weight(const std::string& t) const {
        return !t.empty() && data_.count(t) == 0;
    }

    static long long int_attr(const onnx::NodeProto& n, const char* key, long long fallback) {
        for (const onnx::AttributeProto& a : n.attribute()) {
            if (a.name() == key) {
                return static_cast<long long>(a.i());
            }
        }
        return fallback;
    }

    static std::vector<long long> ints_attr(const onnx::NodeProto& n, const char* key) {
        for (const onnx::AttributeProto& a : n.attribute()) {
            if (a.name() == key) {
                return std::vector<long long>(a.ints().begin(), a.ints().end());
            }
        }
        return {};
    }

    static std::string node_name(const onnx::NodeProto& n) {
        return !n.name().empty() ? n.name() : n.output_size() > 0 ? n.output(0) : n.op_type();
    }

    void unmapped(const std::string& op, double flops) {
        onnx_unmapped_op& u = unmapped_[op];
        u.op = op;
        u.count += 1;
        u.flops_per_sample += flops;
    }

    void mark_outputs(const onnx::NodeProto& n) {
        for (const std::string& o : n.output()) {
            data_.insert(o);
        }
    }

    static cnn_layer layer(cnn_layer_kind kind, std::string name) {
        cnn_layer l;
        l.kind = kind;
        l.name = std::move(name);
        return l;
    }

    /// A layer whose output has its input's shape `s`.
    static cnn_layer same_shape(cnn_layer_kind kind, std::string name, cnn_shape s) {
        cnn_layer l = layer(kind, std::move(name));
        in(l, s);
        out(l, s);
        return l;
    }

    static void in(cnn_layer& l, cnn_shape s) {
        l.c_in = s.c;
        l.h_in = s.h;
        l.w_in = s.w;
    }

    static void out(cnn_layer& l, cnn_shape s) {
        l.c_out = s.c;
        l.h_out = s.h;
        l.w_out = s.w;
    }

    /// c × h × w of a data tensor per sample: channels are dimension 1, the rest folds into height (w = 1) unless
    /// the tensor is an image (rank 4).
    static cnn_shape chw(const dims& d) {
        cnn_shape s{d.size() >= 2 ? d[1] : 1, d.size() >= 3 ? d[2] : 1, 1};
        for (std::size_t i = 3; i < d.size(); ++i) {
            s.w *= d[i];
        }
        return s;
    }

    void add_layer(cnn_layer l, double flops) {
        mapped_flops_ += flops;
        layers_.push_back(std::move(l));
    }

    /// A pointwise layer of `kind` over `out` (any shape: only its element count is priced).
    void pointwise(const onnx::NodeProto& n, cnn_layer_kind kind, double flops_per_element) {
        const double e = per_sample(known(n.output(0), n.op_type(), node_name(n)));
        cnn_layer l = same_shape(kind, node_name(n), {static_cast<long long>(e), 1, 1});
        l.flops_per_element = flops_per_element;
        add_layer(std::move(l), e * flops_per_element);
    }

    void node(const onnx::NodeProto& n) {
        const std::string& op = n.op_type();
        bool reads_data = false;
        for (const std::string& i : n.input()) {
            reads_data = reads_data || is_data(i);
        }
        if (n.output_size() == 0 || n.output(0).empty()) {  // ONNX requires an output; nothing could read it
            throw input_error(name_ + ": node '" + node_name(n) + "' (" + op + ") has no output");
        }
        // An embedding lookup: rows of a weight table, gathered by token ids (data) or by constant positions.
        if (op == "Gather" && n.input_size() == 2 && initializers_.count(n.input(0)) != 0 &&
            int_attr(n, "axis", 0) == 0 && shapes_.count(n.input(0)) != 0 && shapes_.at(n.input(0)).size() == 2) {
            embedding(n);
            if (reads_data) {
                mark_outputs(n);
            }
            return;
        }
        // Constant folding: a node that reads no data (shape arithmetic, weight preprocessing) runs once, not per
        // batch; a free view passes its data through.
        if (!reads_data) {
            return;
        }
        if (free_ops().count(op) != 0) {
            ++passed_through_;
            mark_outputs(n);
            return;
        }
        if (op == "Conv") {
            conv(n);
        } else if (op == "Gemm" || op == "MatMul") {
            contraction(n);
        } else if (op == "BatchNormalization") {
            const dims& x = known(n.input(0), op, node_name(n));
            add_layer(same_shape(cnn_layer_kind::batch_norm, node_name(n), chw(x)), 2.0 * per_sample(x));
        } else if (activation_flops().count(op) != 0) {
            pointwise(n, cnn_layer_kind::activation, activation_flops().at(op));
        } else if (op == "Cast" || op == "Transpose" || op == "Pad" || op == "Gather" || op == "Slice" ||
                   op == "Expand") {
            pointwise(n, cnn_layer_kind::activation, 0.0);  // a copy: one read, one write
        } else if (op == "MaxPool" || op == "AveragePool" || op == "GlobalAveragePool" || op == "GlobalMaxPool") {
            pool(n);
        } else if (op == "Add" || op == "Sub" || op == "Mul" || op == "Div" || op == "Sum" || op == "Max" ||
                   op == "Min" || op == "Pow") {
            binary(n);
        } else if (op == "LayerNormalization" || op == "Softmax" || op == "LogSoftmax") {
            last_axis(n, op == "LayerNormalization" ? cnn_layer_kind::layer_norm : cnn_layer_kind::softmax);
        } else if (op == "Concat") {
            add_layer(same_shape(cnn_layer_kind::concat, node_name(n), chw(known(n.output(0), op, node_name(n)))), 0.0);
        } else {
            const std::optional<dims> out = n.output_size() > 0 ? shape_if_known(n.output(0)) : std::nullopt;
            unmapped(op, out ? per_sample(*out) : 0.0);
        }
        mark_outputs(n);
    }

    void conv(const onnx::NodeProto& n) {
        const std::string where = node_name(n);
        const dims& x = known(n.input(0), "Conv", where);
        const dims& y = known(n.output(0), "Conv", where);
        const std::optional<dims> wt = n.input_size() > 1 ? shape_if_known(n.input(1)) : std::nullopt;
        const long long groups = int_attr(n, "group", 1);
        const double contraction_flops =
            wt && wt->size() >= 2 ? 2.0 * per_sample(y) * product(*wt, 1) : 0.0;  // 2 · outputs · (C/g)·window
        if (!wt || !is_weight(n.input(1)) || (x.size() != 3 && x.size() != 4) || wt->size() != x.size()) {
            unmapped(x.size() == 5 ? "Conv (3-D)" : "Conv (weights computed at run time)", contraction_flops);
            return;
        }
        const std::vector<long long> dil = ints_attr(n, "dilations");
        if (std::any_of(dil.begin(), dil.end(), [](long long d) { return d != 1; })) {
            unmapped("Conv (dilated)", contraction_flops);
            return;
        }
        std::vector<long long> strides = ints_attr(n, "strides");
        strides.resize(x.size() - 2, 1);
        if (x.size() == 4 && strides[0] != strides[1]) {
            unmapped("Conv (unequal strides)", contraction_flops);
            return;
        }
        cnn_layer l = layer(cnn_layer_kind::conv, where);
        in(l, chw(x));
        out(l, chw(y));
        l.r = (*wt)[2];
        l.s = x.size() == 4 ? (*wt)[3] : 1;
        l.stride = strides[0];
        l.groups = groups;
        l.bias = n.input_size() > 2 && !n.input(2).empty();
        // Padding that reproduces the inferred output with the lowering's symmetric formula
        // ⌊(h + 2p − r)/stride⌋ + 1 (explicit, asymmetric or auto_pad SAME alike).
        const auto pad_for = [&](long long in, long long out, long long k) {
            const long long total = std::max(0LL, (out - 1) * l.stride + k - in);
            return (in + 2 * (total / 2) - k) / l.stride + 1 == out ? total / 2 : (total + 1) / 2;
        };
        l.pad_h = pad_for(l.h_in, l.h_out, l.r);
        l.pad_w = pad_for(l.w_in, l.w_out, l.s);
        if (l.c_in % groups != 0 || (*wt)[1] * groups != l.c_in) {
            throw input_error(name_ + ": node '" + where + "' (Conv): weight shape does not match " +
                              std::to_string(l.c_in) + " input channels in " + std::to_string(groups) + " groups");
        }
        add_layer(std::move(l), contraction_flops);
    }

    // Gemm and MatMul: with a constant weight, a linear layer (one row per sample) or, over tokens, a 1×1
    // convolution whose height is the tokens per sample (the same GEMM: M = batch · tokens); two activations
    // (attention's QKᵀ and PV) are not mapped.
    void contraction(const onnx::NodeProto& n) {
        const std::string where = node_name(n), &op = n.op_type();
        if (n.input_size() < 2) {
            throw input_error(name_ + ": node '" + where + "' (" + op + ") has fewer than two inputs");
        }
        const dims& a = known(n.input(0), op, where);
        const dims& y = known(n.output(0), op, where);
        const dims& b = known(n.input(1), op, where);
        const bool trans_a = int_attr(n, "transA", 0) != 0, trans_b = int_attr(n, "transB", 0) != 0;
        if (a.empty() || b.empty()) {
            unmapped(op + " (scalar operand)", per_sample(y));
            return;
        }
        const long long k = trans_a ? a.front() : a.back();
        const double flops = 2.0 * per_sample(y) * static_cast<double>(k);
        if (op == "MatMul" && a.size() >= 3 && b.size() == a.size() && y.size() == a.size()) {  // batched
            activation_product(n, a, y);
            return;
        }
        if (!is_weight(n.input(1)) || b.size() != 2 || trans_a || a.size() < 2) {
            unmapped(op + (is_weight(n.input(1)) ? std::string(" (batched weight)")
                                                 : std::string(" (two activations of rank 2)")),
                     flops);
            return;
        }
        const long long in_features = trans_b ? b[1] : b[0], out_features = trans_b ? b[0] : b[1];
        const double rows = per_sample(a) / static_cast<double>(in_features);  // tokens per sample
        if (in_features != a.back() || rows < 1.0) {
            throw input_error(name_ + ": node '" + where + "' (" + op + "): weight " + std::to_string(b[0]) + "x" +
                              std::to_string(b[1]) + " does not match the input's " + std::to_string(a.back()) +
                              " features");
        }
        const bool bias = op == "Gemm" && n.input_size() > 2 && !n.input(2).empty();
        const auto tokens = static_cast<long long>(rows + 0.5);
        cnn_layer l = layer(tokens == 1 ? cnn_layer_kind::linear : cnn_layer_kind::conv, where);
        in(l, {in_features, tokens, 1});
        out(l, {out_features, tokens, 1});
        l.bias = bias;
        add_layer(std::move(l), 2.0 * rows * static_cast<double>(in_features * out_features));
    }

    // Attention's QKᵀ and PV: A[..., m, k] · B[..., k, n] over the per-sample batch of the leading dimensions
    // (heads), a matmul layer of `heads` groups.
    void activation_product(const onnx::NodeProto& n, const dims& a, const dims& y) {
        const long long m = y[y.size() - 2], cols = y.back(), k = a.back();
        const double groups = per_sample(y) / static_cast<double>(m * cols);
        cnn_layer l = layer(cnn_layer_kind::matmul, node_name(n));
        l.groups = static_cast<long long>(groups + 0.5);
        in(l, {l.groups * k, m, 1});
        out(l, {l.groups * cols, m, 1});
        add_layer(std::move(l), 2.0 * per_sample(y) * static_cast<double>(k));
    }

    // Layer norm and softmax over the last axis: c = its width, the other elements of a sample its positions.
    void last_axis(const onnx::NodeProto& n, cnn_layer_kind kind) {
        const dims& x = known(n.input(0), n.op_type(), node_name(n));
        const long long axis = int_attr(n, "axis", -1);
        const auto rank = static_cast<long long>(x.size());
        if (x.size() < 2 || (kind == cnn_layer_kind::layer_norm && axis != -1 && axis != rank - 1)) {
            unmapped(n.op_type() + " (not over the last axis)", per_sample(x));
            return;
        }
        cnn_layer l =
            same_shape(kind, node_name(n),
                       {x.back(), static_cast<long long>(per_sample(x) / static_cast<double>(x.back()) + 0.5), 1});
        l.bias = kind == cnn_layer_kind::layer_norm && n.input_size() > 2 && !n.input(2).empty();
        // Layer norm: mean, variance, normalize, scale and shift, about 8 FLOPs per element; softmax: max,
        // subtract, exp, sum, divide, 5.
        add_layer(std::move(l), per_sample(x) * (kind == cnn_layer_kind::layer_norm ? 8.0 : 5.0));
    }

    // Gather of rows of a vocabulary × width table: an embedding layer holding the table, reading the rows of its
    // output (the positions of a sample).
    void embedding(const onnx::NodeProto& n) {
        const std::string where = node_name(n);
        const dims& table = shapes_.at(n.input(0));
        const dims& y = known(n.output(0), "Gather", where);
        const long long width = table[1],
                        rows = static_cast<long long>(per_sample(y) / static_cast<double>(width) + 0.5);
        if (table[0] < 1 || width < 1 || rows < 1) {
            unmapped("Gather (empty table)", 0.0);
            return;
        }
        cnn_layer l = layer(cnn_layer_kind::embedding, where);
        in(l, {table[0], rows, 1});
        out(l, {width, rows, 1});
        add_layer(std::move(l), 0.0);
    }

    // "; operators seen: 2 x Floor (100% of the graph's FLOPs), 1 x Gather (FLOPs unknown)" for a refused graph,
    // with the shape-only operators it passed through.
    std::string seen_operators() const {
        std::vector<onnx_unmapped_op> ops;
        double total = 0.0;
        for (const auto& [op, u] : unmapped_) {
            ops.push_back(u);
            total += u.flops_per_sample;
        }
        std::stable_sort(ops.begin(), ops.end(), [](const onnx_unmapped_op& a, const onnx_unmapped_op& b) {
            return a.flops_per_sample > b.flops_per_sample;
        });
        std::string text;
        for (const onnx_unmapped_op& u : ops) {
            text += (text.empty() ? "; operators it does not map: " : ", ") + std::to_string(u.count) + " x " + u.op +
                    " (" +
                    (u.flops_per_sample > 0.0 && total > 0.0
                         ? format_percent(u.flops_per_sample / total, 1) + " of the graph's FLOPs"
                         : std::string("FLOPs unknown")) +
                    ")";
        }
        if (passed_through_ > 0) {
            text += "; " + std::to_string(passed_through_) +
                    " shape-only operators (Reshape, Squeeze, Unsqueeze, ...) passed through";
        }
        return text.empty() ? "; it reads no data (every node is constant)" : text;
    }

    void pool(const onnx::NodeProto& n) {
        const std::string where = node_name(n), &op = n.op_type();
        const dims& x = known(n.input(0), op, where);
        const dims& y = known(n.output(0), op, where);
        const bool global = op.rfind("Global", 0) == 0;
        const bool max = op.find("Max") != std::string::npos;
        std::vector<long long> kernel = ints_attr(n, "kernel_shape"), strides = ints_attr(n, "strides");
        const std::vector<long long> dil = ints_attr(n, "dilations");
        const double window = global ? product(x, 2) : product(dims(kernel.begin(), kernel.end()));
        // A 1-D pool written as 2-D over a unit axis (PyTorch's AvgPool1d export: Unsqueeze, AveragePool with a
        // 1 × k window, Squeeze): the unit axis's stride moves nothing, so the other axis's is the layer's.
        if (!global && x.size() == 4 && kernel.size() == 2 && strides.size() == 2 && strides[0] != strides[1]) {
            if (x[2] == 1 && kernel[0] == 1) {
                strides[0] = strides[1];
            } else if (x[3] == 1 && kernel[1] == 1) {
                strides[1] = strides[0];
            }
        }
        if ((x.size() != 3 && x.size() != 4) || (!global && kernel.size() != x.size() - 2) ||
            std::any_of(dil.begin(), dil.end(), [](long long d) { return d != 1; }) ||
            (!global && x.size() == 4 && (kernel.size() != 2 || (strides.size() == 2 && strides[0] != strides[1])))) {
            unmapped(op + " (not a plain 1-D or 2-D window)", per_sample(y) * window);
            return;
        }
        cnn_layer l = layer(max ? cnn_layer_kind::max_pool : cnn_layer_kind::avg_pool, where);
        in(l, chw(x));
        out(l, chw(y));
        if (global) {
            l.r = l.h_in;
            l.s = l.w_in;
        } else {
            l.r = kernel[0];
            l.s = kernel.size() > 1 ? kernel[1] : 1;
            l.stride = strides.empty() ? 1 : strides[0];
            const std::vector<long long> pads = ints_attr(n, "pads");
            l.pad_h = pads.empty() ? 0 : pads[0];
            l.pad_w = pads.size() > 1 && x.size() == 4 ? pads[1] : 0;
        }
        add_layer(std::move(l), per_sample(y) * window);
    }

    // Element-wise binary operators: two full tensors of the output's size are a two-input kernel (add); a
    // per-sample vector broadcast over a tensor (a squeeze-and-excitation gate) or a constant (a bias, a scale)
    // is a one-input kernel.
    void binary(const onnx::NodeProto& n) {
        const dims& out = known(n.output(0), n.op_type(), node_name(n));
        const double e = per_sample(out);
        int full = 0;
        for (const std::string& i : n.input()) {
            const std::optional<dims> d = shape_if_known(i);
            full += is_data(i) && d && per_sample(*d) == e ? 1 : 0;
        }
        pointwise(n, full >= 2 ? cnn_layer_kind::add : cnn_layer_kind::multiply, 1.0);
    }

    onnx::ModelProto model_;
    std::string name_;
    std::unordered_map<std::string, dims> shapes_;
    std::unordered_set<std::string> data_, maybe_data_, initializers_;
    long long passed_through_ = 0;
    std::map<std::string, onnx_unmapped_op> unmapped_;
    std::vector<cnn_layer> layers_;
    double mapped_flops_ = 0.0;
    long long batch_ = 1, channels_ = 1, image_size_ = 1;
};

}  // namespace

std::vector<std::string> onnx_import::warnings() const {
    std::vector<std::string> lines;
    const double total = mapped_flops_per_sample + unmapped_flops_per_sample();
    for (const onnx_unmapped_op& u : unmapped) {
        const double share = total > 0.0 ? u.flops_per_sample / total : 0.0;
        const std::string size = u.flops_per_sample > 0.0
                                     ? format_percent(share, share < 0.001 ? 3 : 1) + " of the graph's FLOPs"
                                     : std::string("FLOPs unknown: shape inference gave no output shape");
        lines.push_back(model.name + ": " + std::to_string(u.count) + " x " + u.op + " not mapped (" + size +
                        "): left out of the prediction");
    }
    return lines;
}

onnx_import import_onnx_bytes(const std::string& serialized, const std::string& name) {
    onnx::ModelProto model;
    if (serialized.empty() || !onnx::ParseProtoFromBytes(&model, serialized.data(), serialized.size())) {
        throw input_error(name + ": not an ONNX model (the protobuf ModelProto does not parse)");
    }
    if (!model.has_graph() || model.graph().node_size() == 0) {
        throw input_error(name + ": the ONNX model has no graph nodes");
    }
    return importer(std::move(model), name).run();
}

onnx_import import_onnx(const std::string& path) {
    // Protocol buffers parse at most 2 GiB; larger models keep their weights in external data files.
    const std::string serialized = detail::read_text_file(path, "ONNX model", 2ULL << 30);
    const std::size_t slash = path.find_last_of("/\\");
    return import_onnx_bytes(serialized, slash == std::string::npos ? path : path.substr(slash + 1));
}

}  // namespace roofcast
