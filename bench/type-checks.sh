#!/usr/bin/env bash
# The three type-check programs, cold (no build info, as on a fresh clone) and incremental (nothing
# changed since the last check), with TypeScript 5.9 (`typescript`) and TypeScript 7
# (`typescript-native`), in turns, in the same run. Prints one line per check: checker, kind,
# program, wall and user+system CPU seconds. Usage: bash bench/type-checks.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
info=$(mktemp -d)
trap 'rm -rf "$info"' EXIT
for round in $(seq "$rounds"); do
  for checker in typescript typescript-native; do
    for program in . src/web tsconfig.page-tests.json; do
      name=$(echo "$program" | tr './' '__')
      rm -f "$info/$checker$name"
      for kind in cold incremental; do
        /usr/bin/time -f "$checker $kind $program %e %U %S" -o "$info/time" \
          node "node_modules/$checker/bin/tsc" -p "$program" --incremental --tsBuildInfoFile "$info/$checker$name"
        read -r c k p wall user system <"$info/time"
        echo "$round $c $k $p wall ${wall}s cpu $(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')s"
      done
    done
  done
done
