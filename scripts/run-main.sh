#!/usr/bin/env bash
# Quick start, command 1: installs what is missing, builds roofcast (Release) and runs the main job.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DROOFCAST_BUILD_TESTS=OFF >/dev/null
cmake --build build/release --parallel 2 --target roofcast_cli roofcast_compare_seed_gpus >/dev/null
echo "== The seed comparisons: predicted time, throughput, bound and memory fit on each GPU =="
echo
build/release/examples/compare_seed_gpus
echo "== The GPUs compared: peaks derived from architecture parameters, checked against datasheets =="
build/release/roofcast gpus | head -2
for gpu in A40 V100-SXM2-16GB A100-SXM4-40GB L40; do
  build/release/roofcast gpus | grep "^$gpu "
done
