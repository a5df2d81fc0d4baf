#!/usr/bin/env bash
# A local PostgreSQL for the integration tests: installs it from Debian when missing, keeps its cluster
# under .servers/postgres (POSTGRES_DIR overrides), serves 127.0.0.1:${POSTGRES_PORT:-55432} and prints
# the URL to export. Running it again leaves the one server running.
#   eval "$(scripts/servers/postgres.sh)"   # start (or find running) and export POSTGRES_URL
#   scripts/servers/postgres.sh stop
set -euo pipefail

project="$(cd "$(dirname "$0")/../.." && pwd)"
server_dir="${POSTGRES_DIR:-$project/.servers/postgres}"
data_dir="$server_dir/data"
socket_dir="$server_dir/run"
port="${POSTGRES_PORT:-55432}"

say() { echo "postgres.sh: $*" >&2; }
die() { say "$*"; exit 1; }

# PostgreSQL refuses to run as root, so root runs it as the `postgres` user the Debian package creates.
if [ "$(id -u)" -eq 0 ]; then
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi

find_bin_dir() {
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -n "$newest" ]; then echo "$newest"; elif command -v pg_ctl >/dev/null; then dirname "$(command -v pg_ctl)"; fi
}

install_postgres() {
  [ "$(id -u)" -eq 0 ] || die "PostgreSQL is not installed; run this script as root once, or install the postgresql package"
  say "installing PostgreSQL from apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The package would create and start a default cluster on port 5432; this script runs its own instead.
  apt-get install -y -qq --no-install-recommends postgresql-common >/dev/null
  sed -i 's/^#\?\s*create_main_cluster\s*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
}

bin_dir="$(find_bin_dir)"
pg_ctl() { as_owner "$bin_dir/pg_ctl" -D "$data_dir" "$@"; }
is_running() { [ -n "$bin_dir" ] && [ -f "$data_dir/PG_VERSION" ] && pg_ctl status >/dev/null 2>&1; }

if [ "${1:-start}" = stop ]; then
  if is_running; then pg_ctl stop -m fast >/dev/null && say "stopped"; else say "not running"; fi
  exit 0
fi
[ "${1:-start}" = start ] || die "usage: $0 [start|stop]"

if [ -z "$bin_dir" ]; then
  install_postgres
  bin_dir="$(find_bin_dir)"
fi
id postgres >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ] || die "no postgres user; install the postgresql package"

if [ ! -f "$data_dir/PG_VERSION" ]; then
  mkdir -p "$server_dir"
  [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$server_dir"
  as_owner test -w "$server_dir" || die "the postgres user cannot write $server_dir; set POSTGRES_DIR to a directory it can reach"
  as_owner mkdir -p -m 700 "$data_dir" "$socket_dir"
  say "initialising a cluster in $data_dir"
  # Local socket connections (in a directory only the server's user can enter) are trusted for
  # administration; TCP connections need a password.
  as_owner "$bin_dir/initdb" -D "$data_dir" -U postgres --encoding=UTF8 --locale=C \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  # A throwaway test server: skipping flushes to disk makes it faster and loses nothing a test needs.
  as_owner tee -a "$data_dir/postgresql.conf" >/dev/null <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$socket_dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
CONF
fi

if is_running; then
  say "already running ($data_dir)"
else
  say "starting on 127.0.0.1:$port"
  pg_ctl -l "$server_dir/postgres.log" -w -t 60 -o "-p $port" start >/dev/null ||
    { tail -n 20 "$server_dir/postgres.log" >&2; die "could not start; see $server_dir/postgres.log"; }
fi

# The port may differ from the one asked for when the server was already running.
running_port="$(sed -n 4p "$data_dir/postmaster.pid")"
url="postgres://kontor:kontor@127.0.0.1:$running_port/kontor"
psql_admin() { as_owner "$bin_dir/psql" -h "$socket_dir" -p "$running_port" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_admin -d postgres -c "SELECT 1 FROM pg_roles WHERE rolname = 'kontor'")" != 1 ]; then
  psql_admin -d postgres -c "CREATE ROLE kontor LOGIN PASSWORD 'kontor'"
fi
if [ "$(psql_admin -d postgres -c "SELECT 1 FROM pg_database WHERE datname = 'kontor'")" != 1 ]; then
  psql_admin -d postgres -c "CREATE DATABASE kontor OWNER kontor"
fi
as_owner "$bin_dir/pg_isready" -q -h 127.0.0.1 -p "$running_port" -t 30 || die "not ready after 30 s"

echo "export POSTGRES_URL=$url"
