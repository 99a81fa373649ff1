#!/usr/bin/env bash
# Builds the ablation's client jars (issue 46): head.jar at BASE, and one jar per patch of
# patches/ (each switches one throughput micro-optimisation off), into
# extras/benchmarks/target/ablation/jars/. The patches were made against BASE; each is applied to
# a throw-away worktree at BASE, built, and the worktree reset. Then run.sh measures them.
#
#   build-jars.sh [VARIANT...]    (default: every patch)
#
# Needs git, and Maven's dependencies (the wrapper fetches them). Several minutes per jar.
set -euo pipefail
BASE=c476659e2a32e46b596e2da43c0efbfa3597ae2d
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
jars="$repo/extras/benchmarks/target/ablation/jars"
tree=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
mkdir -p "$jars"
git -C "$repo" worktree add --detach -q "$tree" "$BASE"
build() {
  (cd "$tree" && ./mvnw -B -ntp -q package -pl client -DskipTests -Drevapi.skip -Dmaven.javadoc.skip=true)
  cp "$tree/client/target/async-http-client-3.1.0-SNAPSHOT.jar" "$jars/$1.jar"
  echo "built $jars/$1.jar"
}
build head
variants=${*:-$(ls "$here/patches" | sed 's/\.patch$//')}
for v in $variants; do
  git -C "$tree" apply "$here/patches/$v.patch"
  build "$v"
  git -C "$tree" checkout -q -- .
done
