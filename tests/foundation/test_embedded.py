"""The embedded PostgreSQL and Redis: start from nothing, keep data across restarts, leave no process."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})
    import psycopg, redis
    from config import embedded

    pg = embedded.postgres_url()
    rd = embedded.redis_url()
    assert ":6379" not in rd and rd.startswith("unix://"), rd
    conninfo = pg.replace("postgresql://postgres:@/cofre?host=", "host=") + " dbname=cofre user=postgres"
    with psycopg.connect(conninfo) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS kept (v text)")
        if sys.argv[1] == "write":
            conn.execute("INSERT INTO kept VALUES ('pg-survives')")
        print("PG", conn.execute("SELECT string_agg(v, ',') FROM kept").fetchone()[0])
    client = redis.Redis.from_url(rd)
    if sys.argv[1] == "write":
        client.set("kept", "redis-survives")
    print("REDIS", client.get("kept").decode() if client.get("kept") else None)
    """
)


def processes_using(path: Path) -> list[str]:
    found = []
    for proc in psutil.process_iter(["cmdline", "status"]):
        if proc.info["status"] == psutil.STATUS_ZOMBIE:
            continue  # exited, waiting to be reaped by its parent: not running
        cmdline = " ".join(proc.info["cmdline"] or [])
        if str(path) in cmdline:
            found.append(cmdline)
    return found


def run(data_dir: Path, mode: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["COFRE_DATA_DIR"] = str(data_dir)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(root=str(ROOT)), mode],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_embedded_services_persist_data_and_stop_with_their_process(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    first = run(data_dir, "write")
    assert "PG pg-survives" in first
    assert "REDIS redis-survives" in first
    assert processes_using(data_dir) == []

    second = run(data_dir, "read")
    assert "PG pg-survives" in second
    assert "REDIS redis-survives" in second
    assert processes_using(data_dir) == []


def test_redis_dies_with_its_parent_even_when_the_parent_is_killed(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["COFRE_DATA_DIR"] = str(data_dir)
    code = (
        f"import sys, time; sys.path.insert(0, {str(ROOT)!r}); from config import embedded; "
        "embedded.redis_url(); print('up', flush=True); time.sleep(60)"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    assert parent.stdout.readline().strip() == "up"
    assert processes_using(data_dir), "redis-server should be running"
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while processes_using(data_dir) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_using(data_dir) == []
