// A fixture for the clang_tidy test: the project's .clang-tidy must report this use of a moved-from string
// (bugprone-use-after-move) and the 0 passed as a null pointer (modernize-use-nullptr).
#include <string>
#include <utility>

int main() {
    std::string a = "text";
    std::string b = std::move(a);
    const char* p = 0;
    return static_cast<int>(a.size() + b.size()) + (p == nullptr ? 0 : 1);
}
