#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, on 127.0.0.1 and a free port.
#
#   eval "$(scripts/pg-cluster.sh start)"   # exports MOMOJAN_TEST_POSTGRES and PG_CLUSTER_DIR
#   scripts/pg-cluster.sh stop              # stops it and deletes its files
#   scripts/pg-cluster.sh down | up         # stops the server (fast) and starts it again,
#                                           # keeping its files: a test's database outage
#
# Needs Debian's postgresql package (installed here when missing; root only) and runs the
# server as the `postgres` system user, since initdb refuses to run as root.
set -euo pipefail

bindir() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

case "${1:-}" in
start)
    if [ -z "$(bindir)" ]; then
        echo "installing postgresql" >&2
        apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    fi
    bin="$(bindir)"
    dir="$(mktemp -d /tmp/momojan-pg.XXXXXX)"
    chown postgres:postgres "$dir"
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    runuser -u postgres -- "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
    # In the cluster's own configuration, so that `up` starts it the same way.
    printf "port = %s\nunix_socket_directories = '%s'\nlisten_addresses = '127.0.0.1'\nfsync = off\n" \
        "$port" "$dir" >>"$dir/data/postgresql.conf"
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w start >/dev/null
    echo "export PG_CLUSTER_DIR=$dir"
    echo "export MOMOJAN_TEST_POSTGRES=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
down)
    dir="${PG_CLUSTER_DIR:?start it first (PG_CLUSTER_DIR)}"
    runuser -u postgres -- "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
up)
    dir="${PG_CLUSTER_DIR:?start it first (PG_CLUSTER_DIR)}"
    runuser -u postgres -- "$(bindir)/pg_ctl" -D "$dir/data" -l "$dir/log" -w start >/dev/null
    ;;
stop)
    dir="${PG_CLUSTER_DIR:?start it first (PG_CLUSTER_DIR)}"
    runuser -u postgres -- "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop|down|up" >&2
    exit 2
    ;;
esac
