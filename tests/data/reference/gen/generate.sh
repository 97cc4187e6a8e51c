#!/bin/sh
# Regenerate tests/data/reference/*.csv and cases.json from the real references.
# Needs (Debian 12): redis-server, golang-go, golang-golang-x-time-dev,
# python3-limits (2.8.0), python3-redis, and a checkout of python limits at
# tag 4.1 (for limits_sliding_window_counter):
#   LIMITS41_SRC=/path/to/dir-containing-the-limits-package   (used as PYTHONPATH)
# or LIMITS_GIT=/path/to/limits.git (a clone of github.com/alisaifee/limits;
#   the 4.1 tree is exported from it into a temp dir).
# Optional: REDIS_PORT (default 6391). Nothing is written outside this folder's
# parent except a temporary directory, removed at the end.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(dirname "$HERE")
PORT=${REDIS_PORT:-6391}
TMP=$(mktemp -d)
REDIS_PID=
cleanup() {
  if [ -n "$REDIS_PID" ]; then kill "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

# golang.org/x/time/rate driver, GOPATH mode (module mode cannot download)
(cd "$HERE/xtime_driver" && GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$TMP/gocache" \
  go build -o "$TMP/xtime_driver" .)

# python limits 4.1
if [ -z "${LIMITS41_SRC:-}" ]; then
  LIMITS_GIT=${LIMITS_GIT:-}
  if [ -z "$LIMITS_GIT" ]; then echo "set LIMITS41_SRC or LIMITS_GIT (see README.md)" >&2; exit 2; fi
  mkdir -p "$TMP/limits-4.1"
  git --git-dir="$LIMITS_GIT" archive 4.1 limits | tar -x -C "$TMP/limits-4.1"
  LIMITS41_SRC="$TMP/limits-4.1"
fi

# a private redis-server on loopback, no persistence
redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
  --dir "$TMP" >"$TMP/redis.log" 2>&1 &
REDIS_PID=$!
i=0
until redis-cli -p "$PORT" ping >/dev/null 2>&1; do
  i=$((i + 1)); [ $i -lt 50 ] || { cat "$TMP/redis.log" >&2; exit 1; }; sleep 0.1
done
redis-cli -p "$PORT" info server | grep -E '^redis_version' >&2

/usr/bin/python3 "$HERE/generate.py" --out "$OUT" --xtime-driver "$TMP/xtime_driver" \
  --redis-port "$PORT" --limits41 "$LIMITS41_SRC"
