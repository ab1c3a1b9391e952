#!/usr/bin/env bash
# Quick start, command 2: installs what is missing, builds roofcast with its tests and runs them all.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=Release
cmake --build build/test --parallel 2
ctest --test-dir build/test --output-on-failure --parallel 2
