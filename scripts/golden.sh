#!/usr/bin/env bash
# Structural refactors must keep every output byte-identical. This script runs a fixed
# list of quick commands with a given cubelab binary and writes each one's stdout,
# stderr and exit code into a folder; diff two such folders to compare two builds:
#   scripts/golden.sh target/release/cubelab /tmp/before
#   (change, rebuild)
#   scripts/golden.sh target/release/cubelab /tmp/after && diff -r /tmp/before /tmp/after
# GOLDEN_CAP=S stops each command after S seconds (exit code 124 is then recorded): for
# debug builds, where a few censuses take many minutes; compare only commands that
# finished in both runs.
set -u
bin=$(realpath "$1"); out=$2
mkdir -p "$out"; rm -f "$out"/*
work=$(mktemp -d); cd "$work"
i=0
run() {
  i=$((i + 1)); local f; f=$(printf '%s/%03d' "$out" "$i")
  printf '%s\n' "$*" > "$f.cmd"
  timeout "${GOLDEN_CAP:-0}" "$bin" "$@" > "$f.out" 2> "$f.err"; echo $? > "$f.rc"
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
picture census 2 2 --engine two-bit --antipodes 3 --json
picture census 3 1 --engine two-bit --metric half
picture census 3 2 --engine two-bit --antipodes 2
picture census 2 2 --engine byte --antipodes 2
magic squares --order 3 --json
magic squares --order 3 --kind semi --list
magic squares --order 4 --json
magic squares --order 4 --classes
magic squares --order 4 --classes --json
magic squares --order 4 --kind pandiagonal --list
magic squares --order 4 --kind associative --list --json
magic squares --order 4 --kind associative --method backtrack --json
magic squares --order 4 --fix 1,1=3 --fix 2,3=7 --list
magic squares --order 4 --fix 1,1=3 --fix 2,3=7 --method backtrack --json
magic squares --order 5 --fix 3,3=13 --fix 1,1=1 --fix 2,2=2 --fix 4,4=25 --fix 5,5=24 --fix 1,5=3 --list
magic squares --order 5 --shard 40/40 --json
magic squares --order 4 --shard 2/3 --json
magic squares --order 6
magic squares --order 4 --fix 1,2=3
census sobczyk
census sobczyk --json
extended --size 2
extended --size 3 --target Af --json
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
# Magic squares: merge of shard outputs.
for s in 1 2 3; do "$bin" magic squares --order 4 --shard $s/3 --json > "sq$s.json"; done
run magic squares-merge sq1.json sq2.json sq3.json --json
run magic squares-merge sq3.json sq1.json
# Two-bit picture census stopped after a layer (its checkpoint kept), then resumed.
run picture census 2 2 --engine two-bit --checkpoint c.ckpt --stop-after-layer 3
cp c.ckpt "$(printf '%s/%03d' "$out" "$i").ckpt"
run picture census 2 2 --engine two-bit --checkpoint c.ckpt --resume --json
# picture census --output: the JSON file written beside the output.
run picture census 2 1 --output o.json
cp o.json "$(printf '%s/%03d' "$out" "$i").json"
# verify --quick without the wall times (which vary from run to run).
i=$((i + 1)); f=$(printf '%s/%03d' "$out" "$i")
echo 'verify --quick --json (the *_seconds values removed)' > "$f.cmd"
"$bin" verify --quick --json 2> "$f.err" | grep -v '_seconds"' > "$f.out"; echo "${PIPESTATUS[0]}" > "$f.rc"
# print (added last, so the numbers of the commands above stay): the SVG sheets.
run print blocks Ab --edge 20mm
run print stack rgbyrr gbyrgg byrgbb yrgbyy --edge 30mm --paper letter
cd /; rm -rf "$work"
echo "$i commands run into $out"
