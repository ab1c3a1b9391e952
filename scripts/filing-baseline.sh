#!/usr/bin/env bash
# What the physical bounds of issue 14 cost in sample, and what they buy out of sample: refits the model of
# revision a6eeb82 (the calibration when issue 14 was filed: whole-network fit, GEMM multipliers up to 2.14) on
# today's models/measurements/measured-dev.csv, as it is and with its software multipliers capped at 1 (issue 14,
# point 1), and reports in-sample, leave-one-source-out and leave-one-GPU-out APE on the whole-network rows the
# current model scores. docs/research/filing-baseline.md shows and explains the result.
# Needs git history (a full clone), python3 and the current build (build/dev/roofcast, or $ROOFCAST).
# About 10 minutes on 2 cores: two builds of the old CLI, then some 90 refits of a few seconds each.
# Usage: bash scripts/filing-baseline.sh [REVISION]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rev=${1:-a6eeb82}
current=${ROOFCAST:-build/dev/roofcast}
data=models/measurements/measured-dev.csv
work=build/filing-baseline
command -v python3 >/dev/null || { echo "filing-baseline: needs python3 (apt-get install python3)" >&2; exit 1; }
[[ -x $current ]] || { echo "filing-baseline: $current not built (cmake --build build/dev --target roofcast_cli)" >&2; exit 1; }
git rev-parse --verify --quiet "$rev^{commit}" >/dev/null ||
  { echo "filing-baseline: revision $rev is not in this clone (git fetch --unshallow)" >&2; exit 1; }

rm -rf "$work" && mkdir -p "$work/unbounded" "$work/capped"
for variant in unbounded capped; do
  git archive "$rev" | tar -x -C "$work/$variant"
  if [[ $variant == capped ]]; then
    # Point 1: a framework never runs a GEMM or moves memory faster than the libraries, so multipliers <= 1.
    sed -i -e 's/f\.gemm_efficiency\[i\] \* s\.gemm_multiplier)/f.gemm_efficiency[i] * std::min(1.0, s.gemm_multiplier))/' \
      -e 's/f\.memory_efficiency \* s\.memory_multiplier)/f.memory_efficiency * std::min(1.0, s.memory_multiplier))/' \
      "$work/$variant/include/roofcast/model/cost.hpp"
    [[ $(grep -c 'std::min(1.0, s\.\(gemm\|memory\)_multiplier)' "$work/$variant/include/roofcast/model/cost.hpp") == 2 ]] ||
      { echo "filing-baseline: the cap does not apply to $rev's cost.hpp" >&2; exit 1; }
  fi
  echo "== building $rev ($variant)" >&2
  cmake -S "$work/$variant" -B "$work/$variant/build" -DCMAKE_BUILD_TYPE=Release -DROOFCAST_BUILD_TESTS=OFF \
    -DROOFCAST_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$work/$variant/build" --parallel 2 --target roofcast_cli >/dev/null
done

"$current" validate --data "$data" --format csv > "$work/current.csv" 2>/dev/null
python3 - "$data" "$work" <<'EOF'
import csv, math, statistics, subprocess, sys
from collections import defaultdict
data, work = sys.argv[1], sys.argv[2]
with open(data, newline='') as f:
    reader = csv.reader(f)
    header = next(reader)
    rows = list(reader)
col = {h: i for i, h in enumerate(header)}
# The rows the current model scores (SUSPECT rows are neither fitted nor scored), whole networks only.
scored = {r['id'] for r in csv.DictReader(open(f'{work}/current.csv'))}
scored = {r[col['id']] for r in rows if r[col['id']] in scored and r[col['mode']] != 'micro'}

def write(path, subset):
    with open(path, 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\r\n')
        w.writerow(header)
        w.writerows(subset)

def apes(binary, train, test):
    write(f'{work}/train.csv', train)
    write(f'{work}/test.csv', test)
    subprocess.run([binary, 'calibrate', '--data', f'{work}/train.csv', '--out', f'{work}/fit.toml'],
                   check=True, capture_output=True)
    out = subprocess.run([binary, 'validate', '--data', f'{work}/test.csv', '--params', f'{work}/fit.toml',
                          '--format', 'csv'], check=True, capture_output=True, text=True).stdout
    return [float(x['APE'].rstrip('%')) for x in csv.DictReader(out.splitlines()) if x['id'] in scored]

def summary(a):
    a = sorted(a)
    p90 = a[math.ceil(0.9 * len(a)) - 1]
    return f'{statistics.median(a):.1f}% / {p90:.1f}% ({len(a)} rows)'

def group(r, split):  # as roofcast's cross-validation groups rows (calibrate/result.hpp)
    return r[col['gpu']] if split == 'gpu' else r[col['source']].split(':')[0].split('@')[0]

print('| filing model, refitted on today\'s rows | in sample | leave-one-source-out | leave-one-GPU-out |')
print('|---|---|---|---|')
for variant in ('unbounded', 'capped'):
    binary = f'{work}/{variant}/build/roofcast'
    cells = [summary(apes(binary, rows, [r for r in rows if r[col['id']] in scored]))]
    for split in ('source', 'gpu'):
        held = []
        groups = defaultdict(list)
        for r in rows:
            groups[group(r, split)].append(r)
        for name, members in groups.items():
            test = [r for r in members if r[col['id']] in scored]
            if test:
                print(f'  {variant}: leaving {split} {name} out', file=sys.stderr, flush=True)
                held += apes(binary, [r for r in rows if group(r, split) != name], test)
        cells.append(summary(held))
    print(f'| {variant} | ' + ' | '.join(cells) + ' |', flush=True)
EOF
