"""A small clock: sends the periodic jobs at a fixed interval (one process; jobs are idempotent)."""

from __future__ import annotations

import logging
import signal
import time
from types import FrameType
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

log = logging.getLogger("cofre.jobs")


class Command(BaseCommand):
    help = "Send the periodic jobs (expiry, settlement, provider sync) every INTERVAL seconds."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--interval", type=float, default=10.0)
        parser.add_argument("--once", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        from core.tasks import periodic_tick

        running = True

        def stop(signum: int, frame: FrameType | None) -> None:
            nonlocal running
            running = False

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        while running:
            try:  # Redis away: the broker keeps the tick in the outbox; both stores away: next tick
                periodic_tick.send_with_options(tenant_schema="public")
            except Exception as exc:
                log.warning("clock: tick not sent (%s); trying again at the next one", exc)
            if options["once"]:
                return
            deadline = time.monotonic() + options["interval"]
            while running and time.monotonic() < deadline:
                time.sleep(0.2)
