"""`make run`: start the embedded services (when no DATABASE_URL / REDIS_URL), migrate, seed, then run
gunicorn, two dramatiq workers (users' jobs; periodic jobs) and the job clock until Ctrl-C, and stop
everything cleanly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from config import embedded  # noqa: E402

DEMO_TOTP_SECRET = "COFREDEMOTOTPSECRETFORSTAFFONLY2"  # noqa: S105  (ops.demo.DEMO_TOTP_SECRET, in README)

PY = sys.executable


def manage(*args: str, env: dict[str, str]) -> None:
    subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, check=True)


def main() -> int:
    env = dict(os.environ)
    env.setdefault("COFRE_ENV", "local")
    if not env.get("DATABASE_URL"):
        print("Starting the embedded PostgreSQL (.data/postgres) ...", flush=True)
        env["DATABASE_URL"] = embedded.postgres_url()
    if not env.get("REDIS_URL"):
        print("Starting the embedded Redis (.data/redis) ...", flush=True)
        env["REDIS_URL"] = embedded.redis_url()
    port = env.setdefault("PORT", "8000")
    base = env.setdefault("BASE_DOMAIN", "localhost")
    # The demo's webhook endpoint posts to the receiver inside the product, on this machine: allow it.
    env.setdefault("COFRE_WEBHOOKS_ALLOW_PRIVATE", "1")
    env.setdefault("COFRE_WEBHOOKS_DEMO_RECEIVER", "1")

    manage("migrate_schemas", "--shared", "-v", "0", env=env)
    manage("migrate_schemas", "--tenant", "-v", "0", env=env)
    manage("sync_tenant_template", "-v", "0", env=env)
    manage("collectstatic", "--noinput", "-v", "0", env=env)
    manage("seed_demo", "--money", env=env)  # --money: demo deposits, refunds and payouts (once)

    bin_dir = Path(PY).parent
    worker = [str(bin_dir / "dramatiq"), "config.worker", "--processes", "1"]
    children = [
        subprocess.Popen(
            [
                str(bin_dir / "gunicorn"),
                "config.wsgi:application",
                "--bind",
                f"0.0.0.0:{port}",
                "--workers",
                env.get("WEB_CONCURRENCY", "2"),
                "--threads",
                "4",
                "--access-logfile",
                "-",
                "--graceful-timeout",
                "10",
            ],
            cwd=ROOT,
            env=env,
        ),
        # Users' jobs (payout submissions, webhooks, the health probe) have a worker of their own, so
        # periodic runs (up to PERIODIC_RUN_SECONDS each) never hold all its threads (core.periodic).
        subprocess.Popen(
            [*worker, "--threads", "4", "--queues", "default"],
            cwd=ROOT,
            env=env,
        ),
        subprocess.Popen(
            [*worker, "--threads", "2", "--queues", "periodic"],
            cwd=ROOT,
            env=env,
        ),
        # Webhooks to merchants: a worker of their own, so a slow merchant endpoint never holds the
        # threads of payouts or the health probe (and runs yield their thread every couple of seconds).
        subprocess.Popen(
            [*worker, "--threads", "8", "--queues", "webhooks"],
            cwd=ROOT,
            env=env,
        ),
        # The job clock: expiry, settlement on its date, provider sync, stuck payouts and refunds.
        subprocess.Popen([PY, "manage.py", "run_scheduler"], cwd=ROOT, env=env),
    ]

    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)

    print(
        f"\nCofre is running:\n"
        f"  Platform (staff):  http://{base}:{port}/plataforma/login\n"
        f"  Client acme:       http://acme.{base}:{port}/plataforma/login\n"
        f"  Partner orbita:    http://orbita.{base}:{port}/plataforma/login\n"
        f"  API docs:          http://{base}:{port}/api/docs\n"
        f"  Health:            http://{base}:{port}/api/health\n"
        f"Demo logins: <role>@demo.test / cofre-demo; staff (admin, employee, financial) also ask for a\n"
        f"  TOTP code of the secret {DEMO_TOTP_SECRET} (any authenticator app, or pyotp).\n"
        f"Press Ctrl-C to stop.\n",
        flush=True,
    )
    exit_code = 0
    while not stopping:
        for child in children:
            if child.poll() is not None:
                print(f"{child.args!r} exited with {child.returncode}; stopping.", flush=True)
                exit_code = 1
                stopping = True
        time.sleep(0.5)

    print("\nStopping ...", flush=True)
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    for child in children:
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
    embedded.stop_redis()
    embedded.stop_postgres()
    print("Stopped.", flush=True)
    return exit_code


if __name__ == "__main__":
    raise SystemExit(main())
