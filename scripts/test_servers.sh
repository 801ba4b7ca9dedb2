#!/usr/bin/env bash
# `make test-servers`: the scenarios across processes (tests/cluster: two web and two worker processes)
# and the concurrency and worker-kill tests, against the machine's PostgreSQL and Redis instead of the
# embedded ones. A machine without them skips, saying so (make test runs the same scenarios on the
# embedded servers). SERVERS_DATABASE_URL / SERVERS_REDIS_URL point elsewhere.
set -uo pipefail
cd "$(dirname "$0")/.."
DATABASE=${SERVERS_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/cofre_servers}
REDIS=${SERVERS_REDIS_URL:-redis://127.0.0.1:6379/14}
missing=$(.venv/bin/python - "$DATABASE" "$REDIS" <<'PY'
import sys
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis

database, redis_url = sys.argv[1:]
admin = urlunsplit(urlsplit(database)._replace(path="/postgres"))
try:
    psycopg.connect(admin, connect_timeout=3).close()
except Exception as exc:
    print(f"no PostgreSQL at {urlsplit(database).netloc} ({type(exc).__name__})")
try:
    redis.Redis.from_url(redis_url, socket_connect_timeout=3).ping()
except Exception as exc:
    print(f"no Redis at {urlsplit(redis_url).netloc} ({type(exc).__name__})")
PY
)
if [ -n "$missing" ]; then
  echo "SKIPPED make test-servers: $missing"
  echo "(the same scenarios ran on the embedded servers in make test)"
  exit 0
fi
echo "==> test-servers: PostgreSQL $DATABASE, Redis $REDIS"
DATABASE_URL=$DATABASE REDIS_URL=$REDIS exec .venv/bin/python -m pytest -q -p no:randomly \
  tests/cluster tests/payouts/test_concurrency.py tests/payouts/test_worker.py "$@"
