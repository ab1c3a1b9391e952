#!/usr/bin/env bash
# Quick start, command 2: installs what is missing, builds roofcast with its tests and runs them all.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=Release
cmake --build build/test --parallel 2
ctest --test-dir build/test --output-on-failure --parallel 2
# Reliability (docs/reliability.md): the suite again under AddressSanitizer and UndefinedBehaviorSanitizer,
# then each libFuzzer target for ROOFCAST_FUZZ_SECONDS (default 60).
bash scripts/sanitize.sh
bash scripts/fuzz.sh
