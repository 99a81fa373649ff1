#!/usr/bin/env bash
# Compares two builds of this client, jar against jar, one child JVM at a time against one loopback
# server of two threads, the order swapped every pair: what a change did, with the rest of the
# comparison table (other clients, the server's warm-up) out of the way. Build first
# (`./mvnw -o package -DskipTests`); save the client jar of each commit to compare
# (client/target/async-http-client-3.1.0-SNAPSHOT.jar).
#
#   ab-jars.sh throughput PAIRS MODE RATE JAR_A JAR_B
#       AhcThroughputMain: 32 in flight, 8 s warm-up, 10 s window; MODE timer|eventloop; RATE 0
#       for the closed loop, else requests/s paced. Prints req/s, CPU us/req and B/req per child.
#   ab-jars.sh burst PAIRS JAR_A JAR_B
#       ClientTimeoutMain: bursts of 2000 requests to a server that never answers, 20 ms request
#       timeout, event-loop mode, NIO, 3 measured bursts. Prints the mean and p99 timeout lag.
#
# H2=1 (environment) serves HTTP/2 over TLS instead of HTTP/1.1 (throughput only).
# CHILD_OPTS (environment) goes on each child's java command line, e.g.
# CHILD_OPTS=-Dorg.asynchttpclient.soLinger=0 for a burst whose closes leave no TIME_WAIT behind
# (each burst child closes 10000 connections; the next child's connects otherwise find the ports
# still waiting).
#
# Loopback only; every child ends by itself. Linux or macOS with java 11+ and python3 on the path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
classes="$here/target/classes"
# The benchmark's own dependencies (Netty and the rest) without the client jar of the build.
deps=$(tr ':' '\n' < "$here/target/ours.classpath" | grep -v 'async-http-client-3.1.0-SNAPSHOT.jar' | paste -sd: -)
kind=$1
shift
case "$kind" in
  throughput) pairs=$1 mode=$2 rate=$3 jar_a=$4 jar_b=$5 path=/small ;;
  burst) pairs=$1 jar_a=$2 jar_b=$3 path=/never ;;
  *) echo "usage: $0 throughput PAIRS MODE RATE JAR_A JAR_B | burst PAIRS JAR_A JAR_B" >&2; exit 2 ;;
esac
out=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$out"' EXIT
java -cp "$classes:$deps" io.github.ahcdeadline.bench.LoopbackServer 2 ${H2:+h2} > "$out/server" 2>&1 &
server=$!
for _ in $(seq 1 50); do grep -q '^http' "$out/server" && break; sleep 0.2; done
url=$(grep '^http' "$out/server" | head -1)
url=${url%/}$path
echo "server $url, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
for i in $(seq 1 "$pairs"); do
  order="A B"
  [ $((i % 2)) -eq 0 ] && order="B A"
  for v in $order; do
    jar=$jar_a
    [ "$v" = B ] && jar=$jar_b
    if [ "$kind" = throughput ]; then
      line=$(java -Xms512m -Xmx512m ${CHILD_OPTS:-} -cp "$jar:$classes:$deps" io.github.ahcdeadline.bench.AhcThroughputMain \
        "$url" 32 8000 10000 "$mode" "$rate" nio | grep '^RESULT')
      python3 - "$v" "$line" <<'PY'
import sys
k = dict(p.split('=', 1) for p in sys.argv[2].split()[1:] if '=' in p)
n = int(k['requests'])
print('%s req/s=%.0f cpu_us/req=%.2f B/req=%.0f errors=%s' % (sys.argv[1], n / int(k['nanos']) * 1e9,
      int(k['cpuNanos']) / n / 1000, int(k['allocBytes']) / n, k['errors']))
PY
    else
      line=$(java -Xms512m -Xmx512m ${CHILD_OPTS:-} -cp "$jar:$classes:$deps" io.github.ahcdeadline.bench.ClientTimeoutMain \
        "$url" 2000 20 eventloop "$out/lags" nio 3 | grep '^RESULT')
      python3 - "$v" "$out/lags" "$line" <<'PY'
import sys
lags = sorted(int(x) for x in open(sys.argv[2]))
n = len(lags)
print('%s timeouts=%d mean=%.1f ms p99=%.1f ms (%s)' % (sys.argv[1], n, sum(lags) / n / 1e6,
      lags[max(0, int(n * 0.99) - 1)] / 1e6, sys.argv[3].split(' firstOther')[0]))
PY
    fi
  done
done
