#!/usr/bin/env bash
# A real PC/SC stack for the helper's card-reader tests: Debian's pcscd with vsmartcard's virtual
# reader driver (vpcd, two readers "Virtual PCD 00 00" and "... 01") and a virtual ISO 7816 card
# (vicc) in the first reader.
#
#   scripts/ci-pcsc.sh start          install what is missing, start pcscd and the card, return
#   scripts/ci-pcsc.sh stop           stop what `start` started (nothing else)
#   scripts/ci-pcsc.sh run -- CMD...  start, run CMD, stop on exit whatever CMD's outcome
#   scripts/ci-pcsc.sh status
#
# Idempotent: `start` reuses a pcscd and card it started before. It exports nothing; the tests
# are told by the caller, e.g.  scripts/ci-pcsc.sh run -- env PCSC_TEST=1 npx vitest run apps/helper/test/hardware
set -euo pipefail

STATE_DIR="${BENCHSIDE_PCSC_DIR:-/tmp/benchside-pcsc}"
VPCD_PORT=35963
PACKAGES=(pcscd vsmartcard-vpcd python3-virtualsmartcard python3-pycryptodome libpcsclite-dev)
# Debian installs vicc's modules outside Python's path and without its command-line script.
VICC_MODULES=/usr/lib/python3/site-packages/virtualsmartcard

log() { printf 'ci-pcsc: %s\n' "$*"; }
fail() { printf 'ci-pcsc: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else fail "need root for: $*"; fi
}

alive() { [ -f "$STATE_DIR/$1.pid" ] && kill -0 "$(cat "$STATE_DIR/$1.pid")" 2>/dev/null; }

# A pcscd started outside this script (a zombie left by a killed shell does not count).
foreign_pcscd_running() { ps -C pcscd -o stat= | grep -qv '^Z'; }

vpcd_listening() { ss -ltnH "sport = :$VPCD_PORT" 2>/dev/null | grep -q .; }

wait_for() { # seconds, command...
  local seconds=$1
  shift
  for _ in $(seq $((seconds * 10))); do
    if "$@"; then return 0; fi
    sleep 0.1
  done
  return 1
}

install_packages() {
  local missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get install -y --no-install-recommends "${missing[@]}" >"$STATE_DIR/apt.log" 2>&1 || {
    as_root apt-get update >>"$STATE_DIR/apt.log" 2>&1
    as_root apt-get install -y --no-install-recommends "${missing[@]}" >>"$STATE_DIR/apt.log" 2>&1 ||
      fail "apt-get install failed, see $STATE_DIR/apt.log"
  }
}

write_vicc_launcher() {
  cat >"$STATE_DIR/vicc.py" <<EOF
import sys
sys.path.insert(0, '$VICC_MODULES')
# vicc imports PyCrypto's "Crypto" package; Debian ships the same API as "Cryptodome".
import Cryptodome
sys.modules['Crypto'] = Cryptodome
from virtualsmartcard.VirtualSmartcard import VirtualICC
VirtualICC(None, 'iso7816', 'localhost', $VPCD_PORT).run()
EOF
}

start() {
  mkdir -p "$STATE_DIR"
  install_packages

  if alive pcscd; then
    log "pcscd already running (pid $(cat "$STATE_DIR/pcscd.pid"))"
  elif foreign_pcscd_running; then
    vpcd_listening || fail "a pcscd this script did not start is running without the vpcd reader; stop it first"
    log "using the pcscd already running on this machine (not started here, will not be stopped)"
  else
    setsid pcscd --foreground >"$STATE_DIR/pcscd.log" 2>&1 </dev/null &
    echo $! >"$STATE_DIR/pcscd.pid"
    log "started pcscd (pid $!, log $STATE_DIR/pcscd.log)"
  fi
  wait_for 10 vpcd_listening || fail "pcscd did not load the vpcd reader (port $VPCD_PORT), see $STATE_DIR/pcscd.log"

  if alive vicc; then
    log "virtual card already running (pid $(cat "$STATE_DIR/vicc.pid"))"
  else
    write_vicc_launcher
    setsid /usr/bin/python3 "$STATE_DIR/vicc.py" >"$STATE_DIR/vicc.log" 2>&1 </dev/null &
    echo $! >"$STATE_DIR/vicc.pid"
    log "started the virtual card vicc (pid $!, log $STATE_DIR/vicc.log)"
  fi
  wait_for 10 grep -q 'Connected to virtual PCD' "$STATE_DIR/vicc.log" ||
    fail "the virtual card did not reach the reader, see $STATE_DIR/vicc.log"
  alive vicc || fail "the virtual card stopped, see $STATE_DIR/vicc.log"
  log "ready: reader 'Virtual PCD 00 00' holds an ISO 7816 card, 'Virtual PCD 00 01' is empty"
}

stop_one() {
  local name=$1
  if alive "$name"; then
    local pid
    pid=$(cat "$STATE_DIR/$name.pid")
    kill "$pid"
    wait_for 5 bash -c "! kill -0 $pid 2>/dev/null" || kill -KILL "$pid" 2>/dev/null || true
    log "stopped $name (pid $pid)"
  fi
  rm -f "$STATE_DIR/$name.pid"
}

stop() {
  stop_one vicc
  stop_one pcscd
}

status() {
  for name in pcscd vicc; do
    if alive "$name"; then log "$name running (pid $(cat "$STATE_DIR/$name.pid"))"; else log "$name not running"; fi
  done
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  run)
    shift
    [ "${1:-}" = "--" ] && shift
    [ $# -gt 0 ] || fail "usage: $0 run -- COMMAND..."
    trap stop EXIT
    start
    "$@"
    ;;
  *) fail "usage: $0 start|stop|status|run -- COMMAND..." ;;
esac
