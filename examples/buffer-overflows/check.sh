#!/usr/bin/env bash
# Ground-truth check for the buffer-overflow benchmark.
#
# Compiles every NAME_bad.c / NAME_ok.c with
#   gcc -g -fsanitize=address,undefined -fno-omit-frame-pointer
# linked with harness/nondet.c (nondet values from a PRNG seeded by NONDET_SEED), runs each
# program on seeds 1..NSEEDS and reports, per program, on how many seeds AddressSanitizer,
# LeakSanitizer and UBSan fired.  Expected: every _bad program makes ASan fire on some
# seed; no _ok program ever makes any sanitizer fire.  Every run must also end within
# NONDET_TIMEOUT seconds (default 10).  (UBSan's array-bounds check may
# also fire on a _bad program; that is the same out-of-bounds access.)
#
# Usage: ./check.sh [NSEEDS]            (default 2000; also from the NSEEDS variable)
#        JOBS=4 ./check.sh              (programs checked in parallel, default: nproc)
#        VALGRIND_SEEDS=50 ./check.sh   (also run the _ok programs, built without
#                                        sanitizers, under valgrind memcheck on that many
#                                        seeds, to catch reads of uninitialized memory)
# Exit status: 0 if every program behaved as expected, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")"

NSEEDS=${1:-${NSEEDS:-2000}}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
VALGRIND_SEEDS=${VALGRIND_SEEDS:-0}
CC=${CC:-gcc}
CFLAGS="-g -fsanitize=address,undefined -fno-omit-frame-pointer"
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT

export UBSAN_OPTIONS=print_stacktrace=0

progs=()
for f in *_bad.c *_ok.c; do progs+=("${f%.c}"); done

# Compile (warnings are shown; any warning from -Wall -Wextra counts as a failure).
echo "compiling ${#progs[@]} programs"
for p in "${progs[@]}"; do
  if ! $CC $CFLAGS -Wall -Wextra -Werror -o "$BUILD/$p" "$p.c" harness/nondet.c; then
    echo "COMPILE FAILED: $p.c" >&2
    exit 1
  fi
done

# run_one PROG: runs PROG on all seeds (one forked child per seed, see harness/nondet.c)
# and writes "PROG runs asan lsan ubsan_oob ubsan_other timeouts first_seed first_report".
run_one() {
  local p=$1 leaks=0
  # leak checking is slow; only the programs that allocate need it
  grep -q 'malloc(' "$p.c" && leaks=1
  # no symbolization during the sweep (it costs ~60 ms per report); see below
  ASAN_OPTIONS=detect_leaks=$leaks:symbolize=0 NONDET_SEEDS=1-$NSEEDS "$BUILD/$p" \
    >/dev/null 2>"$BUILD/$p.err" || true
  awk -v prog="$p" '
    /^@@ seed [0-9]+ status/ {
      if (blk ~ /ERROR: AddressSanitizer/) {
        asan++
        if (first == "-") {
          first = $3
          match(blk, /AddressSanitizer: [A-Za-z-]+/); what = substr(blk, RSTART + 18, RLENGTH - 18)
          if (match(blk, /(READ|WRITE) of size [0-9]+/) || match(blk, /caused by a (READ|WRITE)/)) {
            acc = substr(blk, RSTART, RLENGTH); sub(/caused by a /, "", acc); gsub(/ /, "_", acc)
            what = what "_" acc
          }
        }
      }
      if (blk ~ /ERROR: LeakSanitizer/) lsan++
      if ($5 == 142) tmo++
      if (blk ~ /runtime error:/) { if (other) ubo++; else ubb++ }
      blk = ""; other = 0; n++
      next
    }
    /runtime error:/ && !/out of bounds|insufficient space/ { other = 1 }
    { blk = blk "\n" $0 }
    BEGIN { first = "-"; what = "-"; asan = lsan = ubb = ubo = tmo = 0 }
    END {
      print prog, n, asan, lsan, ubb, ubo, tmo, first, what
    }' "$BUILD/$p.err" >"$BUILD/$p.result"
  # rerun the first seed that made ASan fire, symbolized, for the source line
  local first loc
  first=$(cut -d' ' -f8 "$BUILD/$p.result")
  if [[ $first != - ]]; then
    loc=$(ASAN_OPTIONS=detect_leaks=$leaks NONDET_SEED=$first "$BUILD/$p" 2>&1 >/dev/null |
      grep -m1 -o 'SUMMARY: AddressSanitizer: .*' | awk '{print $4}' || true)
    echo "$(<"$BUILD/$p.result") ${loc##*/}" >"$BUILD/$p.result"
  fi
}
export -f run_one
export BUILD NSEEDS

echo "running each program on seeds 1..$NSEEDS ($JOBS in parallel)"
printf '%s\n' "${progs[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one {}'

status=0
printf '\n%-26s %-8s %6s %5s %9s %9s %7s  %-8s %s\n' program expected asan lsan ubsan-oob ubsan-oth timeout verdict "first ASan seed / report"
for p in "${progs[@]}"; do
  read -r _ runs asan lsan ubb ubo tmo first what loc <"$BUILD/$p.result"
  if ((runs != NSEEDS)); then
    echo "$p: only $runs of $NSEEDS runs finished" >&2
    status=1
  fi
  if [[ $p == *_bad ]]; then
    expected=false
    if ((asan > 0 && lsan == 0 && ubo == 0 && tmo == 0)); then verdict=ok; else verdict=MISMATCH; status=1; fi
  else
    expected=true
    if ((asan == 0 && lsan == 0 && ubb == 0 && ubo == 0 && tmo == 0)); then verdict=ok; else verdict=MISMATCH; status=1; fi
  fi
  printf '%-26s %-8s %6s %5s %9s %9s %7s  %-8s %s\n' "$p" "$expected" "$asan" "$lsan" "$ubb" "$ubo" "$tmo" "$verdict" "$first ${what//_/ } ${loc:-}"
done

if ((VALGRIND_SEEDS > 0)); then
  echo
  echo "valgrind memcheck on the _ok programs, seeds 1..$VALGRIND_SEEDS"
  for p in "${progs[@]}"; do
    [[ $p == *_ok ]] || continue
    $CC -g -O0 -o "$BUILD/$p.vg" "$p.c" harness/nondet.c
    NONDET_SEEDS=1-$VALGRIND_SEEDS valgrind -q --error-exitcode=99 --leak-check=full \
      --errors-for-leak-kinds=all "$BUILD/$p.vg" >/dev/null 2>"$BUILD/$p.vg.err" || true
    bad=$(grep -c '^@@ seed [0-9]* status 99$' "$BUILD/$p.vg.err" || true)
    if ((bad == 0)); then v=ok; else v=MISMATCH; status=1; fi
    printf '%-28s valgrind errors on %d/%d seeds  %s\n' "$p" "$bad" "$VALGRIND_SEEDS" "$v"
  done
fi

echo
if ((status == 0)); then
  echo "RESULT: every _bad program made ASan fire; no _ok program made any sanitizer fire."
else
  echo "RESULT: MISMATCH (see above)"
fi
exit $status
