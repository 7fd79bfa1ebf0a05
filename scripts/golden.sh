#!/usr/bin/env bash
# Structural refactors must keep every output byte-identical. This script runs a fixed
# list of quick commands with a given cubelab binary and writes each one's stdout,
# stderr and exit code into a folder; diff two such folders to compare two builds:
#   scripts/golden.sh target/release/cubelab /tmp/before
#   (change, rebuild)
#   scripts/golden.sh target/release/cubelab /tmp/after && diff -r /tmp/before /tmp/after
set -u
bin=$(realpath "$1"); out=$2
mkdir -p "$out"; rm -f "$out"/*
work=$(mktemp -d); cd "$work"
i=0
run() {
  i=$((i + 1)); local f; f=$(printf '%s/%03d' "$out" "$i")
  printf '%s\n' "$*" > "$f.cmd"
  "$bin" "$@" > "$f.out" 2> "$f.err"; echo $? > "$f.rc"
}
while IFS= read -r line; do
  [ -z "$line" ] || [ "${line#\#}" != "$line" ] && continue
  eval "run $line"
done <<'CMDS'
cubes
cubes --json
cubes --csv
cubes --tableau
cubes --colors 4 --csv
cubes --palette 7 --json
show Ab
show Ab --json
show 'U=r,D=g,F=b,B=y,L=p,R=w' --json
show K7
show "Y1'"
show Zz
build Ac Af Ba Bf Ea Ef Fa Fc
build Ac Af Ba Bf Ea Ef Fa Fc --json
build Ac Af Ba Bf Ea Ef Fa Fc --improper --json
solve Cb Ac Af Ba Bf Ea Ef Fa Fc
solve Cb Ac Af Ba Bf Ea Ef Fa Fc --json
solve Cb Ac Af Ba Bf Ea Ef Fa Fc --interior --limit 2
solve Ab Ac Af Ba Bf Ea Ef Fa Fc --explain
solve Ab Ac Af Ba Bf Ea Ef Fa Fc --explain --json
census solution-numbers
census solution-numbers --json
census solution-numbers --csv
census solution-numbers --target Cb --method backtrack --json
census targets --size 8
census targets --size 8 --json
census targets --size 8 --csv
census targets --size 6 --json
census targets --size 8 --shard 2/3 --json
census targets --size 10 --list-max --json
census targets --size 9 --sample 2000 --seed 3 --json
census targets --size 8 --within Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd,Be,Bf,Ca,Cb --json
census targets --size 8 --colors 3 --json
census targets --palette 7 --size 8 --sample 2000 --seed 1 --json
census targets --colors 4 --size 8 --sample 1000 --seed 2 --json
census universal --size 12 --json
census universal --size 12
census universal --palette 7 --size 20 --search --seed 1 --restarts 2 --steps 2000 --json
census multisets --json
census max-targets --json
census max-targets
census infeasible --within Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd --json
census infeasible --within Ab,Ac,Ad,Ae,Af,Ba,Bc,Bd
census targets --size 99
census targets --size 8 --shard 4/3
relations
relations --json
relations --ground Y1
relations --ground "B3'" --json
magic enumerate --classes
magic enumerate --classes --json
magic construct --order 3
magic construct --order 6 --json
magic construct --order 2
picture check 'UF RB / DL UF'
picture solve 'UF RB / DL UF' --method optimal
picture solve 'FD UF / UF FD' --method optimal --json
picture solve 'UF RB / DL UF' --method subgroup
picture scramble 3 3 --seed 7
picture scramble 3 3 --seed 7 --json
picture bounds 3 3
picture census 2 1
picture census 2 2 --json
picture census 3 1 --json
picture census 2 2 --group A5 --row-moves '(1 2 3);(1 2 3 4 5)'
picture census 2 2 --metric half --json
picture check 'UF RB / DL'
picture solve 'XX'
CMDS
# Merge of shard outputs.
for s in 1 2 3; do "$bin" census targets --size 8 --shard $s/3 --json > "part$s.json"; done
run census merge part1.json part2.json part3.json --json
run census merge part1.json part2.json part3.json
# Stacks (Instant Insanity).
run stack classics
run stack classics --json
run stack solve --classic instant-insanity
run stack solve --classic tantalizer --json --method backtrack
run stack solve 001122 112200 220011 --limit 2
run stack solve Ab Ac Ad Ae
run stack census --colors 3 --multisets --json
run stack census --colors 4
cd /; rm -rf "$work"
echo "$i commands run into $out"
