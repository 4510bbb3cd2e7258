#!/usr/bin/env bash
# Upgrade with no lost request (docs/DEPLOY.md): one API process at a time, drained in
# HAProxy, stopped (SIGTERM: it finishes its requests), started on the new code, checked
# ready, put back. The same steps as the deployment test's rolling restart
# (deploy/test/deploy.test.ts). Needs socat and curl; run as root.
set -euo pipefail
SOCKET=${HAPROXY_ADMIN_SOCKET:-/run/haproxy/admin.sock}
HEALTH_PATH=${HEALTH_PATH:-/api/health/ready}
PORTS=${PORTS:-"3001 3002 3003"}

haproxy_cmd() { echo "$1" | socat stdio "unix-connect:$SOCKET"; }
sessions() { haproxy_cmd "show stat" | awk -F, -v s="$1" '$1=="api" && $2==s {print $5}'; }

i=0
for port in $PORTS; do
  i=$((i + 1))
  name="api$i"
  echo "== $name (port $port): drain"
  haproxy_cmd "set server api/$name state drain"
  haproxy_cmd "set server socketio/$name state drain"
  for _ in $(seq 1 300); do [ "$(sessions "$name")" = "0" ] && break; sleep 0.2; done
  echo "== $name: restart"
  systemctl restart "enquetes-api@$port"
  for _ in $(seq 1 600); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port$HEALTH_PATH" && break
    sleep 0.5
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port$HEALTH_PATH" || { echo "$name did not become ready: left drained, stopping here"; exit 1; }
  haproxy_cmd "set server api/$name state ready"
  haproxy_cmd "set server socketio/$name state ready"
  echo "== $name: back"
done
