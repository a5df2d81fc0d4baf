#!/usr/bin/env bash
# A single-node Apache Kafka broker (KRaft, broker and controller in one process) for the integration tests,
# installed from Maven Central jars: no Docker, no other download site.
#
#   scripts/servers/kafka.sh [start]   installs on first use, starts unless running, prints export KAFKA_BROKERS=…
#   scripts/servers/kafka.sh stop
#
# KAFKA_PORT (59092) and KAFKA_CONTROLLER_PORT (59093) choose the ports. Everything lives in .servers/kafka:
# the jars, the data, kafka.pid and kafka.log (the previous run's log is kept as kafka.log.1).
set -euo pipefail
cd "$(dirname "$0")/../.."

templates=scripts/servers/kafka
home=$PWD/.servers/kafka
port=${KAFKA_PORT:-59092}
controller_port=${KAFKA_CONTROLLER_PORT:-59093}
version=$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$templates/pom.xml")
libs=$home/libs-$version
data=$home/data
config=$home/server.properties
pid_file=$home/kafka.pid
log=$home/kafka.log
start_timeout_s=120

running_pid() {
  local pid
  pid=$(cat "$pid_file" 2>/dev/null) || return 1
  # The pid must still be our broker, not a process that reused the number.
  grep -qa 'kafka.Kafka' "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

install_tools() {
  local missing=()
  command -v java >/dev/null || missing+=(openjdk-17-jre-headless)
  command -v mvn >/dev/null || missing+=(maven)
  if [ "${#missing[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

install_kafka() {
  [ -f "$libs/.complete" ] && return
  echo "Installing Kafka $version from Maven Central into $libs" >&2
  rm -rf "$libs.partial"
  mvn -q -B -Dstyle.color=never -f "$templates/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs.partial" >&2
  touch "$libs.partial/.complete"
  mv "$libs.partial" "$libs"
}

write_config() {
  sed -e "s|@PORT@|$port|g" -e "s|@CONTROLLER_PORT@|$controller_port|g" -e "s|@DATA_DIR@|$data|g" \
    "$templates/server.properties" >"$config"
}

format_storage() {
  [ -f "$data/meta.properties" ] && return
  # A cluster id is 16 random bytes in URL-safe base64 without padding, as `kafka-storage random-uuid` prints.
  local cluster_id
  cluster_id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')
  # Joined by "=": an id that starts with "-" (one in 64) would otherwise be taken for an option.
  java -cp "$libs/*" kafka.tools.StorageTool format --cluster-id="$cluster_id" --config "$config" >>"$home/format.log" 2>&1 ||
    { cat "$home/format.log" >&2; exit 1; }
}

wait_until_ready() {
  local pid=$1 deadline=$((SECONDS + start_timeout_s))
  # "Kafka Server started" is logged once the broker is unfenced and serves clients.
  until grep -q 'Kafka Server started' "$log" 2>/dev/null && port_open "$port"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "Kafka exited during start-up; the end of $log:" >&2
      tail -n 40 "$log" >&2
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "Kafka did not start within ${start_timeout_s}s; see $log" >&2
      exit 1
    fi
    sleep 0.5
  done
}

start() {
  local pid
  if pid=$(running_pid); then
    wait_until_ready "$pid"
  else
    if port_open "$port" || port_open "$controller_port"; then
      echo "Port $port or $controller_port is taken by another process; set KAFKA_PORT and KAFKA_CONTROLLER_PORT" >&2
      exit 1
    fi
    install_tools
    mkdir -p "$home"
    install_kafka
    write_config
    format_storage
    [ -f "$log" ] && mv "$log" "$log.1"
    # In a session of its own, so the broker outlives this script and a Ctrl-C in the caller's terminal.
    setsid java -Xms256m -Xmx512m -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
      -Dlog4j2.configurationFile="$PWD/$templates/log4j2.properties" \
      -cp "$libs/*" kafka.Kafka "$config" </dev/null >"$log" 2>&1 &
    pid=$!
    echo "$pid" >"$pid_file"
    wait_until_ready "$pid"
  fi
  echo "export KAFKA_BROKERS=127.0.0.1:$port"
}

stop() {
  local pid
  if ! pid=$(running_pid); then
    rm -f "$pid_file"
    echo "Kafka is not running" >&2
    return
  fi
  kill -TERM "$pid"
  # A controlled shutdown takes a few seconds; give up waiting after a minute.
  for _ in $(seq 120); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  rm -f "$pid_file"
  echo "Kafka stopped" >&2
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac
