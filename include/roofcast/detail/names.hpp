/// @file
/// Name matching: case-insensitive normalization and closest-name suggestions.
#ifndef ROOFCAST_DETAIL_NAMES_HPP
#define ROOFCAST_DETAIL_NAMES_HPP

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofcast {
namespace detail {

/// Lower-cases `s` and reads spaces and underscores as '-': "NVIDIA A100_SXM4" -> "nvidia-a100-sxm4".
inline std::string normalize_name(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        out.push_back(c == ' ' || c == '_' ? '-' : static_cast<char>(std::tolower(u)));
    }
    return out;
}

/// "a, b, c".
template <std::size_t N>
inline std::string join_names(const std::array<std::string_view, N>& names) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        out += (i ? ", " : "");
        out += names[i];
    }
    return out;
}

/// Whether `path` ends in `extension` (lower case, with its dot), in any letter case: "Model.ONNX" has ".onnx".
inline bool has_extension(std::string_view path, std::string_view extension) {
    return path.size() >= extension.size() && normalize_name(path.substr(path.size() - extension.size())) == extension;
}

/// Levenshtein edit distance between two strings.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

/// The up to `n` canonical names whose spellings (name or alias, normalized) are closest to `query`;
/// `spellings` pairs each spelling with its canonical name. Spellings that start with the query rank
/// first (shortest first), then spellings that contain it, then the rest by edit distance.
inline std::vector<std::string> closest_names(std::string_view query,
                                              const std::vector<std::pair<std::string, std::string>>& spellings,
                                              std::size_t n = 3) {
    const std::string q = normalize_name(query);
    std::vector<std::pair<std::size_t, std::string>> scored;
    for (const auto& [spelling, canonical] : spellings) {
        const std::string s = normalize_name(spelling);
        const std::size_t d = edit_distance(q, s);
        const std::size_t tier = q.empty() ? 2 : s.rfind(q, 0) == 0 ? 0 : s.find(q) != std::string::npos ? 1 : 2;
        scored.emplace_back(tier * 1000 + d, canonical);
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<std::string> out;
    for (const auto& [score, canonical] : scored) {
        if (out.size() == n) {
            break;
        }
        if (std::find(out.begin(), out.end(), canonical) == out.end()) {
            out.push_back(canonical);
        }
    }
    return out;
}

}  // namespace detail
}  // namespace roofcast

#endif
