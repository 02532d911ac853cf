#!/bin/sh
# Installs (if missing) Debian's Docker daemon, compose and mmdebstrap, and starts the daemon on the
# host's network only: no bridge and no firewall rules, so containers run with `--network host` and
# nothing listens beyond what they open themselves. CI calls it before `npm run test:container`;
# apt waits on the network, not on the CPU, so it runs beside the other steps.
set -eu
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

missing=""
command -v dockerd >/dev/null 2>&1 || missing="$missing docker.io"
command -v mmdebstrap >/dev/null 2>&1 || missing="$missing mmdebstrap"
{ docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null 2>&1; } || missing="$missing docker-compose"
if [ -n "$missing" ]; then
  # Another apt run (PostgreSQL's, started at the same moment) holds the lock: wait for it.
  i=0
  until $SUDO apt-get update -q -o DPkg::Lock::Timeout=300; do
    i=$((i + 1)); [ "$i" -lt 3 ] || exit 1; sleep 5
  done
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q -o DPkg::Lock::Timeout=300 $missing
fi

if ! docker info >/dev/null 2>&1; then
  $SUDO sh -c 'nohup dockerd --bridge=none --iptables=false >/var/log/dockerd-ci.log 2>&1 &'
  i=0
  until docker info >/dev/null 2>&1; do
    i=$((i + 1))
    [ "$i" -lt 60 ] || { echo "dockerd did not start (see /var/log/dockerd-ci.log)" >&2; exit 1; }
    sleep 1
  done
fi
echo "docker: $(docker info --format '{{.ServerVersion}}')"
