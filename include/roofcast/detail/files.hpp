/// @file
/// Reading whole files with a clear error.
#ifndef ROOFCAST_DETAIL_FILES_HPP
#define ROOFCAST_DETAIL_FILES_HPP

#include <roofcast/error.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

namespace roofcast {
namespace detail {

/// Largest file read whole by default: 256 MiB, far above any description or measurement file (an ONNX model asks
/// for more: onnx_max_bytes).
inline constexpr std::uintmax_t max_file_bytes = 256ULL << 20;

/// Reads the text of `path`, a regular file of at most `max_bytes`; throws input_error "cannot open WHAT 'PATH':
/// REASON" when it cannot be opened, is not a regular file (a device such as /dev/zero, a FIFO, a directory: they are
/// never opened, so nothing blocks) or is larger.
inline std::string read_text_file(const std::string& path, std::string_view what,
                                  std::uintmax_t max_bytes = max_file_bytes) {
    std::error_code ec;
    const std::filesystem::file_status st = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)) {
        throw input_error("cannot open " + std::string(what) + " '" + path + "': not a regular file (" +
                          (std::filesystem::is_directory(st) ? "a directory"
                           : std::filesystem::is_fifo(st)    ? "a FIFO"
                           : std::filesystem::is_socket(st)  ? "a socket"
                                                             : "a device") +
                          ")");
    }
    if (!ec && std::filesystem::is_regular_file(st)) {
        const std::uintmax_t size = std::filesystem::file_size(path, ec);
        if (!ec && size > max_bytes) {
            throw input_error("cannot open " + std::string(what) + " '" + path + "': " + std::to_string(size) +
                              " bytes, more than the " + std::to_string(max_bytes) + " read");
        }
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw input_error("cannot open " + std::string(what) + " '" + path + "': " + std::strerror(errno));
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace detail
}  // namespace roofcast

#endif
