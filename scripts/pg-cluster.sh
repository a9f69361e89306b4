#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests and benchmarks.
#
#   scripts/pg-cluster.sh WATCH_PID [--durable]
#   scripts/pg-cluster.sh createdb URL NAME      (creates database NAME on the server at URL)
#
# Creates a cluster under a fresh temporary directory (initdb), starts it on a free loopback port
# (pg_ctl), prints its URL, `postgres://postgres@127.0.0.1:PORT/postgres`, on stdout and returns.
# A small watchdog left behind stops the cluster and removes the directory once the process
# WATCH_PID has exited (the test binary or benchmark that asked for it), however it ended.
#
# As root the server runs as the `postgres` user (`runuser -u postgres`; PostgreSQL refuses to
# run as root), otherwise as the calling user. Without --durable the cluster trades durability for
# speed (fsync=off: a crash of the machine may lose it, which a throw-away cluster does not mind);
# with --durable it keeps PostgreSQL's defaults (benchmarks that quote commit latency).
#
# The binaries come from PG_BIN, else /usr/lib/postgresql/*/bin (Debian's `postgresql` package),
# else PATH. Exit status 2: no PostgreSQL installed; 1: it failed to start (the log is printed).
set -euo pipefail

usage="usage: scripts/pg-cluster.sh WATCH_PID [--durable] | createdb URL NAME"
watch_pid=${1:?$usage}
durable=${2:-}

find_bin() {
    if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        [ -x "$dir/initdb" ] && { echo "$dir"; return; }
    done
    command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)" && return
    echo "no PostgreSQL found (install Debian's postgresql package, or set PG_BIN)" >&2
    exit 2
}
bin=$(find_bin)

if [ "$watch_pid" = createdb ]; then
    "$bin/psql" -q -v ON_ERROR_STOP=1 "${2:?$usage}" -c "CREATE DATABASE ${3:?$usage}"
    exit 0
fi

# A random port among the unprivileged ones below the kernel's ephemeral range; one that turns out
# busy makes the start fail, and another is tried.
random_port() {
    echo $((20000 + RANDOM % 12000))
}

dir=$(mktemp -d "${TMPDIR:-/tmp}/ludus-pg.XXXXXX")
chmod 755 "$dir"
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$dir"
    as_db() { runuser -u postgres -- "$@"; }
else
    as_db() { "$@"; }
fi

options="-c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c max_connections=400"
options+=" -c shared_buffers=128MB"
[ "$durable" = --durable ] || options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"

as_db "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; rm -rf "$dir"; exit 1; }

started=""
for _ in 1 2 3 4 5 6 7 8; do
    port=$(random_port)
    if as_db "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port $options" start >/dev/null 2>&1; then
        started=1
        break
    fi
done
if [ -z "$started" ]; then
    cat "$dir/server.log" >&2 || true
    rm -rf "$dir"
    exit 1
fi

# The watchdog: detached from our output (the caller reads stdout to its end), it waits for
# WATCH_PID to go, then stops the server and removes everything.
nohup setsid bash -c '
    while kill -0 "$1" 2>/dev/null; do sleep 1; done
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$2/pg_ctl" -D "$3/data" -m immediate stop
    else
        "$2/pg_ctl" -D "$3/data" -m immediate stop
    fi
    rm -rf "$3"
' watchdog "$watch_pid" "$bin" "$dir" >/dev/null 2>&1 </dev/null &

echo "postgres://postgres@127.0.0.1:$port/postgres"
