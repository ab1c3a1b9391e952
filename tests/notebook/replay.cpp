// Replays a Jupyter C++ notebook (xeus-cling / xeus-cpp) in clang-repl: reads the .ipynb (nbformat 4),
// checks that it is stored for a C++ kernel and without outputs, and runs clang-repl with each code cell as
// one argument, then a last cell that prints a sentinel. The replay passes when clang-repl exits 0 and the
// sentinel was printed (clang-repl exits non-zero when a cell fails to compile; an exception or a failed
// check aborts it).
//
//   roofcast-notebook-replay [--expect-failure] [--expect-output TEXT]... NOTEBOOK CLANG_REPL [ARG...]
//
// ARGs go to clang-repl before the cells (e.g. -Xcc -std=c++17 -Xcc -Iinclude). With --expect-failure the
// replay passes only when clang-repl fails; each --expect-output TEXT must appear in its output (stdout and
// stderr), so a harness test can tell the intended failure from any other.
#include <nlohmann/json.hpp>

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char* const sentinel_text = "roofcast-notebook-replay: every cell ran";

struct options {
    bool expect_failure = false;
    std::vector<std::string> expected_output;
    std::string notebook;
    std::vector<std::string> command;  // clang-repl and its arguments
};

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "roofcast-notebook-replay: " << message << std::endl;
    std::exit(2);
}

options parse_options(int argc, char** argv) {
    options o;
    int i = 1;
    for (; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--expect-failure") {
            o.expect_failure = true;
        } else if (a == "--expect-output" && i + 1 < argc) {
            o.expected_output.emplace_back(argv[++i]);
        } else {
            break;
        }
    }
    if (argc - i < 2) {
        fail(
            "usage: roofcast-notebook-replay [--expect-failure] [--expect-output TEXT]... NOTEBOOK CLANG_REPL "
            "[ARG...]");
    }
    o.notebook = argv[i++];
    for (; i < argc; ++i) {
        o.command.emplace_back(argv[i]);
    }
    return o;
}

// A cell's source: a string or an array of strings (lines with their newlines).
std::string cell_source(const nlohmann::json& cell, std::size_t index) {
    const nlohmann::json& s = cell.at("source");
    if (s.is_string()) {
        return s.get<std::string>();
    }
    if (!s.is_array()) {
        fail("cell " + std::to_string(index) + ": 'source' is neither a string nor an array of strings");
    }
    std::string text;
    for (const nlohmann::json& line : s) {
        if (!line.is_string()) {
            fail("cell " + std::to_string(index) + ": 'source' has a non-string line");
        }
        text += line.get<std::string>();
    }
    return text;
}

// The code cells of the notebook at `path`, after checking its format and metadata.
std::vector<std::string> code_cells(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        fail("cannot open " + path + ": " + std::strerror(errno));
    }
    nlohmann::json nb;
    try {
        nb = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        fail(path + " is not JSON: " + e.what());
    }
    if (!nb.is_object() || nb.value("nbformat", 0) != 4) {
        fail(path + " is not an nbformat 4 notebook");
    }
    const nlohmann::json spec = nb.value("metadata", nlohmann::json::object()).value("kernelspec", nlohmann::json());
    if (!spec.is_object() || spec.value("name", std::string()).rfind("xcpp", 0) != 0) {
        fail(path + ": metadata.kernelspec.name must name a xeus C++ kernel (xcpp17, ...)");
    }
    if (!nb.contains("cells") || !nb["cells"].is_array()) {
        fail(path + " has no 'cells' array");
    }
    std::vector<std::string> cells;
    std::size_t index = 0;
    for (const nlohmann::json& cell : nb["cells"]) {
        ++index;
        if (!cell.is_object() || !cell.contains("cell_type") || !cell.contains("source")) {
            fail("cell " + std::to_string(index) + " lacks 'cell_type' or 'source'");
        }
        const std::string source = cell_source(cell, index);
        if (cell["cell_type"] != "code") {
            continue;
        }
        const nlohmann::json outputs = cell.value("outputs", nlohmann::json::array());
        if (!outputs.empty() || !cell.value("execution_count", nlohmann::json()).is_null()) {
            fail(path + ": cell " + std::to_string(index) +
                 " is stored with outputs; clear them (the notebooks are kept without outputs)");
        }
        std::size_t first = 0;
        while (first < source.size() && std::isspace(static_cast<unsigned char>(source[first])) != 0) {
            ++first;
        }
        if (first == source.size()) {
            continue;
        }
        if (source[first] == '%' || source[first] == '?' || source[first] == '!') {
            fail(path + ": cell " + std::to_string(index) +
                 " starts with a kernel magic, which clang-repl cannot replay");
        }
        cells.push_back(source);
    }
    if (cells.empty()) {
        fail(path + " has no code cells");
    }
    return cells;
}

// Runs `argv`, copying its standard output and error to ours and into `output`; returns its wait status.
int run(const std::vector<std::string>& argv, std::string& output) {
    int fds[2];
    if (pipe(fds) != 0) {
        fail(std::string("pipe: ") + std::strerror(errno));
    }
    std::cout.flush();
    const pid_t pid = fork();
    if (pid < 0) {
        fail(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        dup2(fds[1], STDERR_FILENO);
        close(fds[0]);
        close(fds[1]);
        std::vector<char*> args;
        for (const std::string& a : argv) {
            args.push_back(const_cast<char*>(a.c_str()));
        }
        args.push_back(nullptr);
        execvp(args[0], args.data());
        std::fprintf(stderr, "roofcast-notebook-replay: cannot run %s: %s\n", args[0], std::strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    char buf[4096];
    for (;;) {
        const ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;
        }
        output.append(buf, static_cast<std::size_t>(n));
        std::cout.write(buf, n);
        std::cout.flush();
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            fail(std::string("waitpid: ") + std::strerror(errno));
        }
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    const options o = parse_options(argc, argv);
    const std::vector<std::string> cells = code_cells(o.notebook);
    std::vector<std::string> command = o.command;
    command.insert(command.end(), cells.begin(), cells.end());
    command.push_back(std::string("#include <cstdio>\nstd::printf(\"%s\\n\", \"") + sentinel_text +
                      "\");\nstd::fflush(stdout);\n");

    std::cout << "roofcast-notebook-replay: " << o.notebook << ": " << cells.size() << " code cells in "
              << o.command.front() << std::endl;
    std::string output;
    const auto start = std::chrono::steady_clock::now();
    const int status = run(command, output);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::ostringstream how;
    const bool exited_zero = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (WIFEXITED(status)) {
        how << "exit status " << WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        how << "signal " << WTERMSIG(status);
    }
    const bool sentinel = output.find(sentinel_text) != std::string::npos;
    char took[32];
    std::snprintf(took, sizeof took, "%.1f s", seconds);
    std::cout << "\nroofcast-notebook-replay: " << o.notebook << ": " << cells.size() << " cells replayed in " << took
              << ", clang-repl " << how.str() << (sentinel ? "" : ", last cell not reached") << std::endl;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        fail("could not run " + o.command.front());
    }
    bool ok = o.expect_failure ? !exited_zero : exited_zero && sentinel;
    if (o.expect_failure && !ok) {
        std::cout << "roofcast-notebook-replay: FAILED: expected a failing cell, but every cell ran" << std::endl;
    } else if (!ok) {
        std::cout << "roofcast-notebook-replay: FAILED: a cell failed (see the diagnostics above)" << std::endl;
    }
    for (const std::string& text : o.expected_output) {
        if (output.find(text) == std::string::npos) {
            std::cout << "roofcast-notebook-replay: FAILED: expected output not found: " << text << std::endl;
            ok = false;
        }
    }
    return ok ? 0 : 1;
}
