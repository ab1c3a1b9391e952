#!/usr/bin/env bash
# Regenerates docs/performance.md: builds the benchmarks (Release), runs them with repetitions and times the
# CLI's acceptance sweep. Run it on an idle machine; medians are robust to a little noise, not to a busy CPU.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
build=build/bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DROOFCAST_BUILD_TESTS=OFF -DROOFCAST_BUILD_EXAMPLES=OFF \
    -DROOFCAST_BUILD_BENCHMARKS=ON -DROOFCAST_BUILD_CLI=ON
cmake --build "$build" --parallel 2 --target roofcast_benchmarks roofcast_bench_report roofcast_cli
"$build/benchmarks/roofcast-benchmarks" --benchmark_repetitions="${ROOFCAST_BENCH_REPETITIONS:-10}" \
    --benchmark_report_aggregates_only=true --benchmark_out="$build/benchmarks.json" --benchmark_out_format=json
"$build/benchmarks/roofcast-bench-report" "$build/benchmarks.json" "$build/roofcast" \
    "${ROOFCAST_SWEEP_RUNS:-11}" docs/performance.md
