#!/usr/bin/env bash
# Quick start, command 1: installs what is missing, builds roofcast (Release) and runs the main job.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DROOFCAST_BUILD_TESTS=OFF >/dev/null
cmake --build build/release --parallel 2 --target roofcast_cli >/dev/null
bin=build/release/roofcast
echo "== The GPU catalog: peaks derived from architecture parameters, checked against datasheets =="
"$bin" gpus
for gpu in A40 V100-SXM2-16GB A100-SXM4-40GB L40; do
  echo
  echo "== $gpu =="
  "$bin" gpu "$gpu"
done
