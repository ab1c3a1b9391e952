/// @file
/// Reading whole files with a clear error.
#ifndef ROOFCAST_DETAIL_FILES_HPP
#define ROOFCAST_DETAIL_FILES_HPP

#include <roofcast/error.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace roofcast {
namespace detail {

/// Reads the text of `path`; throws input_error "cannot open WHAT 'PATH': REASON".
inline std::string read_text_file(const std::string& path, std::string_view what) {
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
