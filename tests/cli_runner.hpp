// Runs the real `roofcast` executable (ROOFCAST_CLI) with a command line, capturing stdout, stderr and the
// exit status (128 + signal when it died of one).
#ifndef ROOFCAST_TESTS_CLI_RUNNER_HPP
#define ROOFCAST_TESTS_CLI_RUNNER_HPP

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace roofcast_tests {

/// What one run of the command gave.
struct cli_result {
    /// Exit status; 128 + N when killed by signal N.
    int status = -1;
    /// Standard output.
    std::string out;
    /// Standard error.
    std::string err;
};

/// Runs a shell command line, capturing its stdout, its stderr (unless the line redirects it) and its status.
inline cli_result run_command(const std::string& command) {
    char err_template[] = "/tmp/roofcast-cli-errors-XXXXXX";
    const int fd = mkstemp(err_template);
    REQUIRE(fd >= 0);
    close(fd);
    const std::string err_file = err_template;
    const std::string cmd = command + " 2>'" + err_file + "'";
    cli_result r;
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::array<char, 4096> buf{};
    std::size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) {
        r.out.append(buf.data(), n);
    }
    const int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    std::ifstream e(err_file);
    std::stringstream ss;
    ss << e.rdbuf();
    r.err = ss.str();
    std::remove(err_file.c_str());
    return r;
}

#ifdef ROOFCAST_CLI
/// Runs `roofcast ARGS` (ARGS as a shell would split them).
inline cli_result run_roofcast(const std::string& args) {
    return run_command(std::string("'") + ROOFCAST_CLI + "' " + args);
}
#endif

/// The JSON a command printed; fails the test case (showing its stderr) unless it exited 0.
inline nlohmann::json json_of(const cli_result& r) {
    INFO(r.err);
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(r.out);
}

}  // namespace roofcast_tests

#endif
