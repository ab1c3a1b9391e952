/// @file
/// The work queue behind every multi-threaded search (sweep, training plans, cross-validation): indices handed out
/// one at a time to a pool of threads that includes the caller.
#ifndef ROOFCAST_DETAIL_PARALLEL_HPP
#define ROOFCAST_DETAIL_PARALLEL_HPP

#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace roofcast::detail {

/// Calls `body(i)` once for each i in [0, n) on `threads` threads (the calling thread and threads − 1 more). Each
/// call should write only its own slots, so that results do not depend on the thread count. The first exception
/// stops the handing out of indices and is rethrown once every thread has joined.
template <class Body>
void parallel_for(std::size_t n, int threads, Body&& body) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    auto worker = [&] {
        try {
            for (std::size_t i = next++; i < n && !failed; i = next++) {
                body(i);
            }
        } catch (...) {
            if (!failed.exchange(true)) {
                failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) {
        pool.emplace_back(worker);
    }
    worker();
    for (std::thread& t : pool) {
        t.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
}

}  // namespace roofcast::detail

#endif
