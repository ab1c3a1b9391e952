#!/usr/bin/env bash
# Shows that a change is behaviour-identical: builds BASE (a git revision, default HEAD~1) in a worktree and the
# working tree in build/outputs-head, snapshots what both print (scripts/snapshot-outputs.sh: examples, notebooks,
# CLI runs, every prediction of the measurement files, the roofline SVGs) and compares them byte for byte. Exits 0
# when every output is identical, 1 with the differing files and the first lines of their diff otherwise.
#
#   scripts/check-outputs-identical.sh [BASE] [--base-build DIR] [--head-build DIR]
#
# --base-build / --head-build reuse an existing build of either side instead of building it.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
base="HEAD~1"
base_build=""
src=""
head_build=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --base-build) base_build="$2"; shift 2 ;;
        --head-build) head_build="$2"; shift 2 ;;
        -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
        *) base="$1"; shift ;;
    esac
done
jobs="${ROOFCAST_JOBS:-$(nproc)}"
work="$root/build/outputs-check"
mkdir -p "$work"

build_tree() {  # build_tree SOURCE BUILD
    cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$2" --parallel "$jobs" >/dev/null
}

if [[ -z "$base_build" ]]; then
    rev="$(git -C "$root" rev-parse --verify "$base^{commit}")"
    src="$work/base-src"
    git -C "$root" worktree remove --force "$src" 2>/dev/null || true
    git -C "$root" worktree add --detach "$src" "$rev" >/dev/null
    base_build="$work/base-build"
    echo "check-outputs-identical: building $base ($rev) in $base_build"
    build_tree "$src" "$base_build"
fi
if [[ -z "$head_build" ]]; then
    head_build="$root/build/outputs-head"
    echo "check-outputs-identical: building the working tree in $head_build"
    build_tree "$root" "$head_build"
fi

rm -rf "$work/base" "$work/head"
bash "$root/scripts/snapshot-outputs.sh" "$base_build" "$work/base" ${src:+"$src"}
bash "$root/scripts/snapshot-outputs.sh" "$head_build" "$work/head"
if diff -rq "$work/base" "$work/head"; then
    echo "check-outputs-identical: $(find "$work/head" -type f | wc -l) files, every one identical to $base's"
    exit 0
fi
diff -r "$work/base" "$work/head" | head -40
echo "check-outputs-identical: outputs differ from $base's (above)" >&2
exit 1
