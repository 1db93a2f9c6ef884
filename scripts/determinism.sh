#!/bin/bash
# Runs each job of a list several times and reports how many distinct answers it gave (the JSON
# with its time fields removed). Lines of LIST: `JOB<TAB>FILE`, JOB being `terminate` or
# `verify`; without LIST, every paper example of the manifest with the job its property asks for.
#
#   scripts/determinism.sh [-n RUNS] [-t TIMEOUT] [-e LEAPFROG] [-o OUTDIR] [LIST]
#
# Prints `distinct-answers<TAB>verdict<TAB>job<TAB>file` per line; the answers stay in OUTDIR
# (`diff OUTDIR/NAME.1.json OUTDIR/NAME.2.json` shows what varied).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
runs=10 timeout=20 exe="$here/target/release/leapfrog" out=$(mktemp -d)
while getopts n:t:e:o: opt; do
  case $opt in
    n) runs=$OPTARG ;; t) timeout=$OPTARG ;; e) exe=$OPTARG ;; o) out=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
bench=${LEAPFROG_BENCHMARKS:-$here/../shared/benchmarks}
list=${1:-}
mkdir -p "$out"
if [ -z "$list" ]; then
  list=$out/paper.list
  awk -F, -v b="$bench" '$2 == "paper-examples" && $4 == "termination" { print "terminate\t" b "/" $3 }
                         $2 == "paper-examples" && $4 == "unreach-call" { print "verify\t" b "/" $3 }' \
    "$bench/manifest.csv" > "$list"
fi
strip='
import json, sys
def strip(o):
    if isinstance(o, dict): return {k: strip(v) for k, v in o.items() if "time" not in k}
    if isinstance(o, list): return [strip(v) for v in o]
    return o
try: print(json.dumps(strip(json.load(sys.stdin)), indent=1))
except Exception as e: print("no JSON answer:", e)
'
while IFS=$'\t' read -r job file; do
  name=$(echo "$job-$file" | sed 's#.*/benchmarks/##; s#[/ ]#_#g')
  for i in $(seq 1 "$runs"); do
    timeout $((timeout + 30)) "$exe" "$job" "$file" --format json --timeout "$timeout" 2>/dev/null \
      | python3 -c "$strip" > "$out/$name.$i.json" || true
  done
  distinct=$(md5sum "$out/$name".*.json | awk '{print $1}' | sort -u | wc -l)
  verdict=$(python3 -c "import json; print(json.load(open('$out/$name.1.json')).get('verdict'))" 2>/dev/null || echo -)
  printf '%s\t%s\t%s\t%s\n' "$distinct" "$verdict" "$job" "$file"
done < "$list"
echo "answers in $out" >&2
