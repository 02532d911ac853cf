#!/bin/sh
# Installs (if missing) and starts Debian's PostgreSQL, then creates the `site` user and
# database, idempotently. Prints the DATABASE_URL to use. CI calls it before test:postgres.
set -eu

PG_USER="${PG_USER:-site}"
PG_PASSWORD="${PG_PASSWORD:-site}"
PG_DB="${PG_DB:-site}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql
fi

VERSION="$(ls /usr/lib/postgresql | sort -n | tail -n 1)"
if ! pg_lsclusters -h | grep -q "^$VERSION main"; then
  $SUDO pg_createcluster "$VERSION" main
fi
if ! pg_lsclusters -h | grep "^$VERSION main" | grep -q online; then
  $SUDO pg_ctlcluster "$VERSION" main start
fi

as_postgres() { $SUDO su postgres -c "$1"; }
# Wait for the server to accept connections (a fresh start takes a moment).
i=0
until as_postgres "psql -qtAc 'select 1'" >/dev/null 2>&1; do
  i=$((i + 1))
  [ "$i" -lt 30 ] || { echo "PostgreSQL did not start" >&2; exit 1; }
  sleep 1
done

if [ "$(as_postgres "psql -qtAc \"select 1 from pg_roles where rolname = '$PG_USER'\"")" != "1" ]; then
  as_postgres "psql -qc \"create user $PG_USER password '$PG_PASSWORD' superuser\""
fi
if [ "$(as_postgres "psql -qtAc \"select 1 from pg_database where datname = '$PG_DB'\"")" != "1" ]; then
  as_postgres "createdb -O $PG_USER $PG_DB"
fi

echo "DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:5432/$PG_DB"
