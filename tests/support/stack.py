"""Run real processes of our own stack against the test database: a dramatiq worker, gunicorn."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def test_database_url() -> str:
    """settings.DATABASE_URL with the database name replaced by the test database's."""
    parts = urlsplit(settings.DATABASE_URL)
    return urlunsplit(parts._replace(path="/" + str(connection.settings_dict["NAME"])))


def stack_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=test_database_url(),
        REDIS_URL=settings.REDIS_URL,
        REDIS_NAMESPACE=settings.REDIS_NAMESPACE,
        COFRE_ENV="test",
        PORT=str(settings.PORT),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def stop(process: subprocess.Popen[bytes], timeout: float = 15) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def worker_process(log: Path, env: dict[str, str] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A real `dramatiq config.worker` process consuming this test run's queues (`env`: overrides,
    e.g. another database or Redis)."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(BIN / "dramatiq"), "config.worker", "--processes", "1", "--threads", "2"],
            cwd=ROOT,
            env=stack_env(**(env or {})),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            yield process
        finally:
            stop(process)


@contextmanager
def web_process(
    log: Path, port: int | None = None, env: dict[str, str] | None = None, workers: int = 2
) -> Iterator[str]:
    """gunicorn serving the test database (default: on settings.PORT; `env`: overrides, e.g. another
    database or Redis); yields its base URL on localhost."""
    port = port or settings.PORT
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                str(BIN / "gunicorn"), "config.wsgi:application",
                "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--threads", "4",
            ],
            cwd=ROOT,
            env=stack_env(**{"PORT": str(port), **(env or {})}),
            stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            wait_http(f"http://127.0.0.1:{port}/plataforma/login", process, log)
            yield f"http://localhost:{port}"
        finally:
            stop(process)


def kill_tree(process: subprocess.Popen[bytes]) -> list[int]:
    """SIGKILL a dramatiq master and its worker processes (no chance to clean up or ack)."""
    import psutil  # type: ignore[import-untyped]

    pids = [process.pid, *(child.pid for child in psutil.Process(process.pid).children(recursive=True))]
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    process.wait(timeout=10)
    return pids


def wait_http(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2):  # noqa: S310  (our own loopback server)
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server did not answer {url}:\n{log.read_text(errors='replace')[-3000:]}")
