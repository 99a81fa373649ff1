#!/usr/bin/env bash
# Counts, per client JVM of a running Compare throughput table, the system calls and context switches
# behind its wake-ups: run it beside `-Pcompare -Dbench.args="--skip-timeouts ..."` (Linux, perf with
# tracepoint access). For each AsyncHttpClient child JVM it waits SETTLE seconds (its warm-up), then
# counts for WINDOW seconds and prints the totals; divide by the requests of that window (the child's
# req/s in the table times WINDOW) for figures per request. A socket write and a read per request are
# the floor; writes beyond one per request are eventfd wake-ups of a loop by another thread.
set -euo pipefail
SETTLE=${SETTLE:-14}
WINDOW=${WINDOW:-5}
seen=" "
deadline=$(( $(date +%s) + ${MAX_SECONDS:-1800} ))
while [ "$(date +%s)" -lt "$deadline" ]; do
  for pid in $(pgrep -f 'bench.AhcThroughputMain' || true); do
    case "$seen" in *" $pid "*) continue ;; esac
    seen="$seen$pid "
    (
      cmd=$(tr '\0' ' ' < /proc/"$pid"/cmdline)
      which=ahc-deadline
      case "$cmd" in *async-http-client-3.0.11*|*ahc3*) which="AHC 3.0.11" ;; esac
      mode=$(echo "$cmd" | awk '{print $(NF-1), $NF}')
      sleep "$SETTLE"
      out=$(perf stat -x, -p "$pid" \
        -e context-switches,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_write,syscalls:sys_enter_read,syscalls:sys_enter_writev \
        -- sleep "$WINDOW" 2>&1 || true)
      echo "== $which (args ... $mode), pid $pid, ${WINDOW}s"
      echo "$out" | awk -F, 'NF>2 {printf "   %-32s %s\n", $3, $1}'
    ) &
  done
  sleep 1
done
