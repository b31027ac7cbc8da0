#!/bin/bash
# One `npx vitest run` with any arguments, timed, with the machine's user, system and idle CPU
# from /proc/stat before and after (seconds over both cores).
#   bash bench/suite-layer.sh LABEL --project 'integration*'   -> $OUT/LABEL.log, a line in $OUT/layers.txt
set -u
label=${1:?usage: bash bench/suite-layer.sh LABEL [vitest arguments]}
shift
out=${OUT:-/tmp/camstats-suite}
mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd)
read -r _ u1 n1 s1 i1 w1 q1 sq1 _ </proc/stat
start=$(date +%s.%N)
cd "$root" && npx vitest run "$@" >"$out/$label.log" 2>&1
rc=$?
end=$(date +%s.%N)
read -r _ u2 n2 s2 i2 w2 q2 sq2 _ </proc/stat
echo "$label rc=$rc wall $(echo "$end - $start" | bc | cut -c1-6) s, user $(((u2 + n2 - u1 - n1) / 100)) s," \
  "system $(((s2 + q2 + sq2 - s1 - q1 - sq1) / 100)) s, idle $(((i2 + w2 - i1 - w1) / 100)) s" | tee -a "$out/layers.txt"
