#!/usr/bin/env bash
# Ablation of the engine's throughput micro-optimisations (issue 46): each variant jar (one
# optimisation switched off, branch ablate-NAME) against head.jar (branch ablation), paired, with
# extras/benchmarks/ab-jars.sh of the ablation worktree. Then writes table.md (summarize.py).
#
#   run.sh [PAIRS [VARIANT...]]
#       PAIRS: pairs per comparison (default 3). VARIANT: names from variants.tsv (default all).
#
# Per variant, into out/: NAME.throughput-timer.txt and NAME.throughput-eventloop.txt
# (ab-jars.sh throughput PAIRS MODE 0 head.jar NAME.jar); for the variants marked burst in
# variants.tsv also NAME.burst-eventloop.txt (ab-jars.sh burst, which is event-loop mode) and
# NAME.burst-timer.txt (the same burst in timer mode, through a copy of ab-jars.sh whose only
# change is the mode: RequestDeadlines works in timer mode only). Bursts run with
# CHILD_OPTS=-Dorg.asynchttpclient.soLinger=0, as ab-jars.sh advises. A comparison that fails
# leaves NAME.KIND.failed instead and the run goes on.
#
# Duration: a throughput child takes 20 to 27 s (8 s warm-up, 10 s window, start-up and
# shutdown), a burst child about 9 s. With PAIRS=3: 12 throughput children per variant (about
# 5 min), 12 burst children more for request-deadlines and clock-elision (about 2 min each):
# about 45 min for all eight, plus about 15 min per extra pair.
#
# First build-jars.sh (the jars), and extras/benchmarks of this checkout (its classes and
# classpath: ./mvnw -B -ntp -q package -pl extras/benchmarks -am -DskipTests). Outputs and
# table.md go to extras/benchmarks/target/ablation/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
worktree=$(git -C "$here" rev-parse --show-toplevel)
bench="$worktree/extras/benchmarks"
jars="$bench/target/ablation/jars"
out="$bench/target/ablation/out"
pairs=${1:-3}
[ $# -gt 0 ] && shift

all=$(grep -v '^#' "$here/variants.tsv" | cut -f1)
if [ $# -gt 0 ]; then
  variants="$*"
else
  variants=$all
fi
for v in $variants; do
  grep -qx "$v" <<<"$all" || { echo "unknown variant $v (see variants.tsv)" >&2; exit 2; }
  [ -f "$jars/$v.jar" ] || { echo "missing $jars/$v.jar" >&2; exit 2; }
done
[ -f "$jars/head.jar" ] || { echo "missing $jars/head.jar" >&2; exit 2; }
[ -f "$bench/target/ours.classpath" ] && [ -d "$bench/target/classes" ] || {
  echo "extras/benchmarks is not built in $worktree; build it with" >&2
  echo "  ./mvnw -B -ntp -o -q package -pl extras/benchmarks -am -DskipTests -Drevapi.skip -Dmaven.javadoc.skip=true" >&2
  exit 2
}
mkdir -p "$out"
child_opts=${CHILD_OPTS:-}
export CHILD_OPTS="$child_opts"

# ab-jars.sh's burst with the timer mode instead of the event-loop one; nothing else changed.
burst_timer="$out/.ab-jars-timer.sh"
sed -e "s|^here=.*|here='$bench'|" -e 's|"\$url" 2000 20 eventloop |"$url" 2000 20 timer |' \
  "$bench/ab-jars.sh" > "$burst_timer"
grep -q '"$url" 2000 20 timer ' "$burst_timer" || { echo "could not derive the timer burst from ab-jars.sh" >&2; exit 2; }
chmod +x "$burst_timer"

{
  echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ) pairs $pairs variants $(echo $variants)"
  echo "host $(uname -n) cores $(nproc 2>/dev/null || echo ?) load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
  echo "worktree $worktree at $(git -C "$worktree" rev-parse --short HEAD 2>/dev/null || echo ?)"
  (cd "$jars" && sha256sum head.jar $(for v in $variants; do echo "$v.jar"; done))
} > "$out/meta-$(date -u +%Y%m%dT%H%M%SZ).txt"

# run KIND NAME COMMAND...: runs one comparison into out/NAME.KIND.txt (or .failed).
run() {
  local kind=$1 name=$2
  shift 2
  local file="$out/$name.$kind"
  echo "== $name $kind ($(date -u +%H:%M:%S))"
  if "$@" > "$file.part" 2>&1; then
    mv "$file.part" "$file.txt"
    rm -f "$file.failed"
    cat "$file.txt"
  else
    mv "$file.part" "$file.failed"
    echo "FAILED, see $file.failed" >&2
  fi
}

for v in $variants; do
  for mode in timer eventloop; do
    run "throughput-$mode" "$v" "$bench/ab-jars.sh" throughput "$pairs" "$mode" 0 "$jars/head.jar" "$jars/$v.jar"
  done
  if [ "$(awk -F'\t' -v v="$v" '$1 == v { print $3 }' "$here/variants.tsv")" = yes ]; then
    export CHILD_OPTS="$child_opts -Dorg.asynchttpclient.soLinger=0"
    run burst-eventloop "$v" "$bench/ab-jars.sh" burst "$pairs" "$jars/head.jar" "$jars/$v.jar"
    run burst-timer "$v" "$burst_timer" burst "$pairs" "$jars/head.jar" "$jars/$v.jar"
    export CHILD_OPTS="$child_opts"
  fi
done

python3 "$here/summarize.py" "$out" > "$bench/target/ablation/table.md"
echo "wrote $bench/target/ablation/table.md"
