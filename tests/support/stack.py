"""Run real processes of our own stack against the test database: a dramatiq worker, gunicorn."""

from __future__ import annotations

import os
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
        SANDBOX_WEBHOOK_URL=settings.SANDBOX_WEBHOOK_URL,
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
def worker_process(log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A real `dramatiq config.worker` process consuming this test run's queues."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(BIN / "dramatiq"), "config.worker", "--processes", "1", "--threads", "2"],
            cwd=ROOT,
            env=stack_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            yield process
        finally:
            stop(process)


@contextmanager
def web_process(log: Path) -> Iterator[str]:
    """gunicorn serving the test database on a free port; yields its base URL on localhost."""
    port = settings.PORT
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                str(BIN / "gunicorn"), "config.wsgi:application",
                "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "4",
            ],
            cwd=ROOT,
            env=stack_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            wait_http(f"http://127.0.0.1:{port}/plataforma/login", process, log)
            yield f"http://localhost:{port}"
        finally:
            stop(process)


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
