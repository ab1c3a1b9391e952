#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang (AddressSanitizer and UndefinedBehaviorSanitizer on) and
# runs each for a bounded time, seeded with the shipped inputs (models/gpus/*.toml, models/workloads/*.toml,
# models/measurements/measured-dev.csv in chunks of 8 rows, the config.json corpus tests/data/hf/*.json, the
# libonnx-testdata node models) and the kept regression inputs
# (fuzz/regressions/TARGET/). Any crash, sanitizer report, timeout or out-of-memory fails the script; the
# input that caused it is left in BUILD/artifacts/TARGET/ (fix the bug, then copy it to
# fuzz/regressions/TARGET/ with a NAME.expected file: tests/test_fuzz_regressions.cpp replays it).
#
# Environment:
#   ROOFCAST_FUZZ_SECONDS    seconds per target (default 60)
#   ROOFCAST_FUZZ_TARGETS    targets to run (default "gpu_toml workload_toml measurements_csv hf_config onnx_model")
#   ROOFCAST_FUZZ_BUILD_DIR  build directory (default build/fuzz)
#   ROOFCAST_FUZZ_CXX        clang++ to build with (default clang++-14)
# Writes BUILD/fuzz-summary.txt: one line per target, "TARGET SECONDS EXECUTIONS CORPUS_SIZE STATUS".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${ROOFCAST_FUZZ_SECONDS:-60}
targets=${ROOFCAST_FUZZ_TARGETS:-"gpu_toml workload_toml measurements_csv hf_config onnx_model"}
build=${ROOFCAST_FUZZ_BUILD_DIR:-build/fuzz}
cxx=${ROOFCAST_FUZZ_CXX:-clang++-14}

cmake -S fuzz -B "$build" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
cmake --build "$build" --parallel 2

seed_target() {  # seed_target TARGET DIR: the seed corpus of TARGET into DIR
    local target=$1 dir=$2
    case "$target" in
        gpu_toml) cp models/gpus/*.toml "$dir"/ ;;
        workload_toml) cp models/workloads/*.toml "$dir"/ ;;
        hf_config) cp tests/data/hf/*.json "$dir"/ ;;
        onnx_model)  # the node models of Debian's libonnx-testdata, one file per model
            local m
            for m in /usr/share/libonnx-testdata/data/node/*/model.onnx; do
                [ -f "$m" ] && cp "$m" "$dir/$(basename "$(dirname "$m")").onnx"
            done
            ;;
        measurements_csv)
            local csv=models/measurements/measured-dev.csv
            local header
            header=$(head -n 1 "$csv")
            tail -n +2 "$csv" | split -l 8 - "$dir/chunk-"
            for f in "$dir"/chunk-*; do
                { printf '%s\n' "$header"; cat "$f"; } >"$f.csv"
                rm "$f"
            done
            ;;
    esac
    find "fuzz/regressions/$target" -type f ! -name '*.expected' -exec cp {} "$dir"/ \;
}

summary="$build/fuzz-summary.txt"
: >"$summary"
failed=""
for target in $targets; do
    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target"
    rm -rf "$corpus" "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    seed_target "$target" "$corpus"
    log="$build/$target.log"
    echo "fuzz: $target for ${seconds}s ($(find "$corpus" -type f | wc -l) seeds)"
    status=0
    # Several jobs would share the 2 CI cores with nothing to gain; one process, the dictionary of the
    # format, 10 s per input at most, 2 GB of memory.
    "$build/roofcast_fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -dict="fuzz/$target.dict" -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1 ||
        status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    size=$(find "$corpus" -type f | wc -l)
    if [ "$status" -ne 0 ]; then
        failed="$failed $target"
        echo "fuzz: $target FAILED (exit $status); the input is in $artifacts/:"
        ls "$artifacts"
        grep -E "ERROR|runtime error|terminate called|what\(\)|SUMMARY" "$log" | head -n 20 || true
        echo "$target $seconds ${execs:-0} $size failed" >>"$summary"
    else
        echo "fuzz: $target ok: ${execs:-?} executions, corpus of $size inputs"
        echo "$target $seconds ${execs:-0} $size ok" >>"$summary"
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz: crashes in:$failed (logs: $build/TARGET.log)"
    exit 1
fi
echo "fuzz: no crashes ($summary)"
