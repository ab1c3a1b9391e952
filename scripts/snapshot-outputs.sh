#!/usr/bin/env bash
# Writes what a build prints for the examples, the notebooks and a fixed set of CLI runs into one folder, a file per
# run, so that two builds can be compared byte for byte (scripts/check-outputs-identical.sh).
#
#   scripts/snapshot-outputs.sh BUILD_DIR OUT_DIR [SOURCE_DIR]
#
# SOURCE_DIR (default: the source folder BUILD_DIR was configured from) gives the headers the notebooks are replayed
# with and the measurement files, so a build of another revision is snapshotted with its own sources.
#
# The runs: the three example programs and the capacity planner (when built), every notebook's replay (when
# clang-repl-19 is installed: its printed output), every command of docs/cli.md's
# examples in text and JSON, `validate --format json` on each measurement file (every prediction at full precision),
# a sweep of the whole catalog, and the roofline SVG of every GPU. Exit status of each run is recorded beside it.
set -uo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: scripts/snapshot-outputs.sh BUILD_DIR OUT_DIR [SOURCE_DIR]" >&2
    exit 2
fi
build="$(cd "$1" && pwd)" || { echo "snapshot-outputs: no build folder '$1'" >&2; exit 2; }
root="${3:-$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")}"
root="$(cd "$root" && pwd)" || { echo "snapshot-outputs: no source folder '$root'" >&2; exit 2; }
out="$2"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cli="$build/roofcast"
[[ -x "$cli" ]] || { echo "snapshot-outputs: $cli is not built" >&2; exit 2; }
cd "$root"

n=0
# run NAME COMMAND...: stdout and stderr of COMMAND into OUT_DIR/NAME.out, its exit status into NAME.rc.
run() {
    local name="$1"
    shift
    "$@" >"$out/$name.out" 2>&1
    echo $? >"$out/$name.rc"
    n=$((n + 1))
}

# --- Examples ---------------------------------------------------------------------------------------------------
run example-peaks "$build/examples/roofcast_example_peaks"
run example-compare-seed-gpus "$build/examples/compare_seed_gpus"
run example-batch-planner "$build/examples/batch_planner"
planner="$build/examples/capacity-planner/capacity_planner"
if [[ -x "$planner" ]]; then
    run example-capacity-planner-resnet50 "$planner" --workload resnet50 --samples 1281167 --epochs 90 \
        --deadline-hours 24 --batch 256 --prices examples/capacity_planner/prices.csv
    run example-capacity-planner-gpt2 "$planner" --workload gpt2 --tokens 9e9 --seq-len 1024 --epochs 1 \
        --deadline-hours 48 --batch 16 --price A100-SXM4-80GB=2 --price H100-SXM5-80GB=3
fi

# --- Notebooks: each replayed in clang-repl as tests/CMakeLists.txt does, with SOURCE_DIR's headers ---------------
replay="$build/tests/roofcast-notebook-replay"
if command -v clang-repl-19 >/dev/null && [[ -x "$replay" ]]; then
    for nb in "$root"/examples/notebooks/*.ipynb; do
        (cd "$root/examples/notebooks" &&
            run "notebook-$(basename "$nb" .ipynb)" "$replay" "$nb" "$(command -v clang-repl-19)" -Xcc -std=c++17 \
                -Xcc "-I$root/include" -Xcc "-I$root/tests/notebook" -Xcc -Wno-deprecated-declarations)
        n=$((n + 1))
    done
fi

# --- The CLI: docs/cli.md's examples, in text and JSON ------------------------------------------------------------
k=0
for args in \
    "gpus" "gpu A40" "workloads" "workload llama3-8b" "workload resnet50" \
    "compare --gpus A40,V100-SXM2-16GB --workload resnet50 --mode train --precision amp-fp16 --batch 256" \
    "predict --gpu A100-SXM4-40GB --workload llama2-7b --mode infer --phase decode --precision fp16" \
    "predict --gpu H100-SXM5-80GB --workload llama3-8b --mode train --precision amp-bf16 --batch 2 --seq-len 8192 --num-gpus 8 --zero 3 --recompute selective --framework pytorch" \
    "predict --gpu H100-SXM5-80GB --workload llama3-70b --mode infer --phase serve --precision fp8 --tp 4 --batch 64" \
    "max-batch --gpu A100-SXM4-80GB --workload llama2-13b --mode train --precision amp-bf16 --seq-len 4096" \
    "scale --gpu A100-SXM4-80GB --workload gpt2 --mode train --precision amp-bf16 --batch 8" \
    "roofline --gpu H100-SXM5-80GB --workload llama2-7b --mode infer --phase prefill --precision fp16" \
    "plan train --workload llama2-70b --precision amp-bf16 --seq-len 4096 --global-batch 1024 --tokens 2e12 --gpus A100-SXM4-80GB,H100-SXM5-80GB --max-gpus 2048 --price-per-hour 1.8,3.0 --deadline-days 60" \
    "plan serve --workload llama3-70b --precision fp8 --rate 20 --prompt-len 2048 --gen-len 256 --ttft-p99 2 --tpot-p99 0.05 --gpus H100-SXM5-80GB,H200-SXM-141GB,L40S"; do
    k=$((k + 1))
    # shellcheck disable=SC2086 # the arguments are split on purpose
    run "cli-$k-text" "$cli" $args
    # shellcheck disable=SC2086
    run "cli-$k-json" "$cli" $args --format json
done

# --- Every prediction of the measurement files, at full precision --------------------------------------------------
for csv in models/measurements/*.csv; do
    run "validate-$(basename "$csv" .csv)" "$cli" validate --data "$csv" --format json
done
run sweep-all "$cli" sweep --gpus all --workloads resnet50,bert-large,llama2-7b,gpt2 --precision amp-fp16,fp16 \
    --batch 1,8,64 --format csv

# --- Roofline pictures -------------------------------------------------------------------------------------------
mkdir -p "$out/svg"
for gpu in $("$cli" gpus --format csv | tail -n +2 | cut -d, -f1); do
    run "roofline-$gpu" "$cli" roofline --gpu "$gpu" --svg "$out/svg/$gpu.svg" --workload llama2-7b --mode infer \
        --phase decode --precision fp16
done
# Not outputs: the folders' own paths (in the replay lines and "wrote FILE") and the replay's wall time.
find "$out" -name '*.out' -exec sed -i -E -e "s#$out#<out>#g" -e "s#$root#<source>#g" -e "s#$build#<build>#g" \
    -e 's/replayed in [0-9.]+ s/replayed in <time> s/' {} +
echo "snapshot-outputs: $n runs in $out"
