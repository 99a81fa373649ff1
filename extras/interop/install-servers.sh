#!/bin/sh
# Installs the servers of the interop suite from Debian packages (nginx, HAProxy, h2o), only those
# that are missing and only where it can: as root, with apt-get. Idempotent and quiet; exits 0 in
# every case (printing one line when it cannot install), since the tests of a missing server skip.
#
# It never leaves a system service running or enabled: during the install a policy-rc.d that
# answers 101 forbids every service start, and afterwards the new packages' services are disabled,
# so a CI machine has no server on ports 80 and 443. The tests start their own instances.
#
# The build runs it in process-test-resources; -Dinterop.install.skip (or skipping the tests)
# leaves it out.
set -u

me="install-servers.sh"

has() {
  command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/bin/$1" ] || [ -x "/sbin/$1" ]
}

# package:binary pairs; nginx is Debian's core package (HTTP/2, TLS and the proxy module).
# INTEROP_SERVERS replaces the list (to try the script on another package).
missing=""
for pair in ${INTEROP_SERVERS:-nginx:nginx haproxy:haproxy h2o:h2o}; do
  pkg=${pair%%:*}
  bin=${pair#*:}
  has "$bin" || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != "0" ]; then
  echo "$me: not root, cannot install:$missing (their interop tests skip)"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$me: no apt-get, cannot install:$missing (their interop tests skip)"
  exit 0
fi

log=$(mktemp "${TMPDIR:-/tmp}/install-servers.XXXXXX") || exit 0
policy=/usr/sbin/policy-rc.d
saved=""
restore() {
  rm -f "$policy"
  if [ -n "$saved" ]; then mv -f "$saved" "$policy"; fi
  rm -f "$log"
}
if [ -e "$policy" ]; then
  saved="$policy.interop-saved.$$"
  mv -f "$policy" "$saved" || { echo "$me: cannot set aside $policy, not installing:$missing"; rm -f "$log"; exit 0; }
fi
trap restore EXIT
trap 'exit 1' INT TERM
printf '#!/bin/sh\n# written by %s while it installs packages: no service may start\nexit 101\n' "$me" >"$policy"
chmod 755 "$policy"

install() {
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >>"$log" 2>&1
}
if ! install; then
  # Most often a fresh machine without package lists: fetch them once and try again.
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >>"$log" 2>&1
  if ! install; then
    echo "$me: apt-get could not install:$missing ($(grep -E '^E:' "$log" | head -n 1)); their interop tests skip"
    exit 0
  fi
fi

# The packages' services stay off: no start happened (policy-rc.d), and none starts at boot.
for pkg in $missing; do
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    systemctl disable --now --quiet "$pkg" >/dev/null 2>&1
  elif command -v update-rc.d >/dev/null 2>&1 && [ -e "/etc/init.d/$pkg" ]; then
    update-rc.d "$pkg" disable >/dev/null 2>&1
  fi
done
echo "$me: installed$missing (system services left stopped and disabled)"
exit 0
