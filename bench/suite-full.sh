#!/bin/bash
# `npm test` timed, with the CPU of every process by command (Debian's process accounting, from
# the `acct` package, when it is installed and we are root) and `vmstat 5` beside it.
#   bash bench/suite-full.sh LABEL      -> $OUT/LABEL.{log,json,vmstat,cpu}  (OUT=/tmp/camstats-suite)
set -u
label=${1:?usage: bash bench/suite-full.sh LABEL}
out=${OUT:-/tmp/camstats-suite}
mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd)
acct=""
if command -v accton >/dev/null && [ "$(id -u)" = 0 ]; then
  acct=$out/$label.pacct
  : >"$acct"
  accton "$acct" >/dev/null
fi
vmstat 5 >"$out/$label.vmstat" &
vm=$!
cd "$root" && /usr/bin/time -f "%e s wall" npm test -- --reporter=default --reporter=json \
  --outputFile="$out/$label.json" >"$out/$label.log" 2>&1
echo "rc=$?" >>"$out/$label.log"
kill $vm
if [ -n "$acct" ]; then
  accton off >/dev/null
  dump-acct "$acct" | awk -F'|' '{gsub(/ /,"",$1); c[$1]+=($3+$4)/100}
    END{for(k in c) if(c[k]>0.5) printf "  %-12s %7.1f\n", k, c[k]}' | sort -k2 -rn >"$out/$label.cpu"
fi
tail -2 "$out/$label.log"
