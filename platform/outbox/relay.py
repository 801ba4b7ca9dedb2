"""The outbox relay: a thread in every worker process that sends due outbox jobs to Redis.

A dramatiq middleware starts it when a worker process boots and stops it at shutdown. Several workers
relay side by side: each pass takes its rows with `SKIP LOCKED`, so no job is sent twice. A pass that
fails (Redis or PostgreSQL unreachable) is logged and tried again at the next interval: the relay
resumes on its own.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import dramatiq
from dramatiq.middleware import Middleware

log = logging.getLogger("cofre.jobs")


class OutboxRelay(threading.Thread):
    def __init__(self, broker: dramatiq.Broker, interval: float) -> None:
        super().__init__(name="outbox-relay", daemon=True)
        self.broker = broker
        self.interval = interval
        self.stopping = threading.Event()
        self.failing = False

    def run(self) -> None:
        from django.db import connection

        from outbox.services import relay_due

        while not self.stopping.wait(self.interval):
            try:
                while relay_due(self.broker) and not self.stopping.is_set():
                    pass  # a full batch: there may be more
                if self.failing:
                    log.info("outbox relay: working again")
                self.failing = False
            except Exception as exc:  # the database is away: try again next interval
                if not self.failing:
                    log.warning("outbox relay: %s; retrying every %.1f s", exc, self.interval)
                self.failing = True
                connection.close()  # a broken connection is replaced at the next pass

    def stop(self) -> None:
        self.stopping.set()


class OutboxRelayMiddleware(Middleware):
    """Runs an `OutboxRelay` in each worker process."""

    def __init__(self) -> None:
        self.relay: OutboxRelay | None = None

    def after_worker_boot(self, broker: dramatiq.Broker, worker: Any) -> None:
        from outbox.services import relay_interval

        self.relay = OutboxRelay(broker, relay_interval())
        self.relay.start()

    def before_worker_shutdown(self, broker: dramatiq.Broker, worker: Any) -> None:
        if self.relay is not None:
            self.relay.stop()
            self.relay.join(timeout=10)
