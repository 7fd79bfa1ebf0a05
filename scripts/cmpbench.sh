#!/usr/bin/env bash
# Compares two cubelab binaries on one command: CPU seconds (user+sys) with
# RAYON_NUM_THREADS=1, the two run alternately so both see the same machine load; prints
# the medians and every run. Usage: scripts/cmpbench.sh BEFORE AFTER RUNS ARGS...
a=$1; b=$2; n=${3:-5}; shift 3
cpu() { /usr/bin/time -o "${TMPDIR:-/tmp}/cmpbench.$$" -f "%U %S" env RAYON_NUM_THREADS=1 "$@" >/dev/null 2>/dev/null; awk '{print $1+$2}' "${TMPDIR:-/tmp}/cmpbench.$$"; }
med() { printf '%s\n' "$@" | sort -n | awk '{x[NR]=$1} END{print x[int((NR+1)/2)]}'; }
ta=(); tb=()
for i in $(seq $n); do ta+=($(cpu $a "$@")); tb+=($(cpu $b "$@")); done
echo "$* | before $(med "${ta[@]}") s (${ta[*]}) | after $(med "${tb[@]}") s (${tb[*]})"
rm -f "${TMPDIR:-/tmp}/cmpbench.$$"
