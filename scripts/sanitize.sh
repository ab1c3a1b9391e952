#!/usr/bin/env bash
# Builds roofcast and its whole test suite with AddressSanitizer and UndefinedBehaviorSanitizer (gcc, every
# report fatal: -fno-sanitize-recover=all, abort_on_error) and runs it with ctest. -O0 with line tables (-g1):
# on 2 cores -O1 -g took three times as long to compile (the CLI alone over 9 minutes), more than the tests
# gain from running faster. Leaves out only the tests that compile something rather than run roofcast code
# (formatting, header, package and install checks, compile-must-fail tests), the capacity planner's (that
# check builds it against the install, without the sanitizers) and the notebook replays (they run in
# clang-repl, not in this build); every other doctest case, CLI test, generator, example and docs check runs
# instrumented.
#
# Environment:
#   ROOFCAST_ASAN_BUILD_DIR  build directory (default build/asan)
#   ROOFCAST_ASAN_JOBS       parallel build and test jobs (default 2)
# Writes BUILD/sanitize-summary.txt: "TESTS_RUN FAILED BUILD_SECONDS TEST_SECONDS".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${ROOFCAST_ASAN_BUILD_DIR:-build/asan}
jobs=${ROOFCAST_ASAN_JOBS:-2}
start=$(date +%s)

flags="-O0 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Asan \
    -DCMAKE_CXX_FLAGS_ASAN="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS_ASAN="-fsanitize=address,undefined" \
    -DROOFCAST_BUILD_BENCHMARKS=OFF -DROOFCAST_BUILD_DOCS=OFF >/dev/null
cmake --build "$build" --parallel "$jobs"
built=$(date +%s)

# LeakSanitizer needs to stop the process's threads (ptrace-like); some containers forbid it, and then it
# aborts every program. Probe once and run without leak detection (saying so) only in that case.
leaks=1
if ! ASAN_OPTIONS=detect_leaks=1 "$build/roofcast" gpus >/dev/null 2>"$build/lsan-probe.txt"; then
    if grep -q "LeakSanitizer has encountered a fatal error" "$build/lsan-probe.txt"; then
        echo "sanitize: LeakSanitizer cannot run here (no ptrace); running without leak detection"
        leaks=0
    fi
fi
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=$leaks:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# Skipped: checks that run no roofcast code of their own (formatting, header and package builds, notebooks), and
# the calibration reproduction (its ~400 refits of the cross-validations would take an hour at -O0 under ASan;
# the calibrate tests run the same code on small data).
skip='^(clang_format.*|headers_.*|units_compile_.*|package_.*|.*_builds_against_install|notebook_.*|example: capacity planner:.*|calibration_and_accuracy_docs_reproduce)$'
status=0
ctest --test-dir "$build" --output-on-failure --parallel "$jobs" -E "$skip" | tee "$build/sanitize-ctest.log" ||
    status=$?
summary=$(grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$build/sanitize-ctest.log" | tail -n 1)
total=$(echo "$summary" | sed -E 's/.* out of ([0-9]+).*/\1/')
failed=$(echo "$summary" | sed -E 's/.*, ([0-9]+) tests failed.*/\1/')
echo "${total:-0} ${failed:-?} $((built - start)) $(($(date +%s) - built))" >"$build/sanitize-summary.txt"
if [ "$status" -ne 0 ]; then
    echo "sanitize: FAILED (see $build/sanitize-ctest.log)"
    exit 1
fi
echo "sanitize: ${total} tests passed under AddressSanitizer and UndefinedBehaviorSanitizer (build $((built - start)) s, tests $(($(date +%s) - built)) s)"
