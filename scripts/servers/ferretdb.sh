#!/usr/bin/env bash
# A MongoDB-wire server for the integration tests: FerretDB v1 on SQLite files, built from
# tools/ferretdb through the Go module proxy (no mongod, no Docker). Binary and data live under
# .servers/ferretdb (FERRETDB_DIR overrides); it serves 127.0.0.1:${FERRETDB_PORT:-57017} and prints
# the URL to export. Running it again leaves the one server running; the first build takes minutes.
#   eval "$(scripts/servers/ferretdb.sh)"   # build if needed, start (or find running), export MONGO_URL
#   scripts/servers/ferretdb.sh stop
set -euo pipefail

project="$(cd "$(dirname "$0")/../.." && pwd)"
server_dir="${FERRETDB_DIR:-$project/.servers/ferretdb}"
source_dir="$project/tools/ferretdb"
binary="$server_dir/bin/ferretdb"
pid_file="$server_dir/ferretdb.pid"
log_file="$server_dir/ferretdb.log"
port="${FERRETDB_PORT:-57017}"
url="mongodb://127.0.0.1:$port/"

say() { echo "ferretdb.sh: $*" >&2; }
die() { say "$*"; exit 1; }

running_pid() {
  local pid
  pid="$(cat "$pid_file" 2>/dev/null)" && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# Run from the project so the mongodb driver resolves from its node_modules.
answers_ping() {
  (cd "$project" && MONGO_URL="$url" node -e '
    const { MongoClient } = require("mongodb");
    const client = new MongoClient(process.env.MONGO_URL, { serverSelectionTimeoutMS: 500 });
    client.db("admin").command({ ping: 1 }).then(() => client.close(), () => process.exit(1));
  ') 2>/dev/null
}

is_stale() {
  [ -x "$binary" ] || return 0
  local source
  for source in "$source_dir"/go.mod "$source_dir"/go.sum "$source_dir"/*.go; do
    [ "$source" -nt "$binary" ] && return 0
  done
  return 1
}

build() {
  command -v go >/dev/null || die "Go is needed to build FerretDB; install it from https://go.dev/dl/"
  say "building FerretDB into $binary"
  # Only the sqlite backend is served; leaving postgresql out shortens the build.
  (cd "$source_dir" && go build -buildvcs=false -trimpath -tags ferretdb_no_postgresql -o "$binary" .)
}

if [ "${1:-start}" = stop ]; then
  if pid="$(running_pid)"; then
    kill -TERM "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && die "pid $pid did not stop within 10 s"
    say "stopped"
  else
    say "not running"
  fi
  rm -f "$pid_file"
  exit 0
fi
[ "${1:-start}" = start ] || die "usage: $0 [start|stop]"

if running_pid >/dev/null; then
  say "already running ($server_dir)"
else
  answers_ping && die "something else answers on 127.0.0.1:$port; stop it or set FERRETDB_PORT"
  is_stale && build
  mkdir -p "$server_dir/data"
  say "starting on 127.0.0.1:$port"
  setsid "$binary" -listen "127.0.0.1:$port" -data "$server_dir/data" >>"$log_file" 2>&1 </dev/null &
  echo $! >"$pid_file"
fi

for _ in $(seq 1 120); do
  if answers_ping; then
    echo "export MONGO_URL=$url"
    exit 0
  fi
  running_pid >/dev/null || break
  sleep 0.5
done
tail -n 20 "$log_file" >&2
die "not answering on $url; see $log_file"
