"""The job outbox: no job is lost because Redis was unreachable when it was sent.

Three ways in, one way out:
- `core.jobs.enqueue_on_commit` writes the job here *in the transaction that makes it* (a payout
  approved and its submission are committed together) and sends it from the commit hook;
- the broker (`config.broker.DurableRedisBroker`) keeps here any message Redis refuses, whoever sent
  it (the sandbox bank's webhooks, the clock's tick);
- the broker keeps here every *delayed* message (a retry's backoff, a webhook due in 3 s) until it is
  due, instead of dramatiq's Redis delay queue: a dramatiq worker that loses its Redis connection drops
  the delayed messages it holds in memory, and they stay claimed by that live worker until it
  restarts (dramatiq issue #527), which is a lost job for as long as the worker runs.
A relay (`relay_due`, run by a thread in every worker process) sends what is due to Redis.

A stored job is sent once: whoever sends it (the commit hook or a relay) first takes its row under a
lock (`SKIP LOCKED`: the other one passes over it), sends, and deletes the row in the same database
transaction. A send that fails leaves the row for the next relay pass; a database that fails after
Redis took the message makes it at-least-once, which actors are written for (they are idempotent).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from contextvars import ContextVar
from datetime import timedelta
from typing import Any

import dramatiq
from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Min
from django.utils import timezone

from outbox.models import OutboxMessage

log = logging.getLogger("cofre.jobs")

# Options dramatiq's RedisBroker adds at enqueue time: a message sent again gets new ones.
_BROKER_OPTIONS = frozenset({"redis_message_id", "eta"})
_straight: ContextVar[bool] = ContextVar("outbox_straight_to_redis", default=False)


@contextlib.contextmanager
def straight_to_redis() -> Iterator[None]:
    """Sends inside go to Redis or fail; they are never kept here (the caller already has the row,
    or, like the health probe, has no use for a late message)."""
    token = _straight.set(True)
    try:
        yield
    finally:
        _straight.reset(token)


def outbox_allowed() -> bool:
    return not _straight.get()


def store(
    broker: dramatiq.Broker,
    *,
    actor_name: str,
    args: tuple[Any, ...] | list[Any],
    kwargs: dict[str, Any],
    options: dict[str, Any],
    delay_ms: int | None = None,
    relay_after_seconds: float = 0,
) -> OutboxMessage:
    """Keep one job (in the current transaction, if any)."""
    now = timezone.now()
    return OutboxMessage.objects.create(
        namespace=str(getattr(broker, "namespace", "")),
        actor_name=actor_name,
        message=json.dumps(
            {
                "args": list(args),
                "kwargs": kwargs,
                "options": {k: v for k, v in options.items() if k not in _BROKER_OPTIONS},
            }
        ),
        eta=now + timedelta(milliseconds=delay_ms or 0),
        relay_after=now + timedelta(milliseconds=delay_ms or 0, seconds=relay_after_seconds),
    )


def store_message(broker: dramatiq.Broker, message: dramatiq.Message[Any], delay_ms: int | None) -> None:
    """Keep a message Redis refused, or a delayed one until it is due (called by the broker)."""
    store(
        broker,
        actor_name=message.actor_name,
        args=message.args,
        kwargs=message.kwargs,
        options=message.options,
        delay_ms=delay_ms,
    )


def _send(broker: dramatiq.Broker, row: OutboxMessage) -> None:
    body = json.loads(row.message)
    remaining_ms = int((row.eta - timezone.now()).total_seconds() * 1000)
    actor = broker.get_actor(row.actor_name)
    with straight_to_redis():
        actor.send_with_options(
            args=tuple(body["args"]),
            kwargs=body["kwargs"],
            delay=remaining_ms if remaining_ms > 0 else None,
            **body["options"],
        )


def send_stored(actor: dramatiq.Actor[Any, Any], pk: int) -> bool:
    """The commit hook of `enqueue_on_commit`: send the job now unless a relay has it. Never raises
    (the transaction is committed: its request must not fail now); a failure leaves it to a relay."""
    try:
        with transaction.atomic():
            row = OutboxMessage.objects.select_for_update(skip_locked=True).filter(pk=pk).first()
            if row is None:  # a relay took it (or has sent it already)
                return False
            body = json.loads(row.message)
            with straight_to_redis():
                actor.send_with_options(args=tuple(body["args"]), kwargs=body["kwargs"], **body["options"])
            row.delete()
            return True
    except Exception as exc:  # Redis or the database unreachable: the row stays for a relay
        log.warning("job %s kept in the outbox for a relay: %s", actor.actor_name, exc)
        return False


def relay_due(broker: dramatiq.Broker, limit: int = 100) -> int:
    """Send the due jobs of this broker's namespace, oldest first; returns how many were sent.
    Stops at the first send that fails (the rest wait for the next pass) and raises `RelayError`
    once what was sent is recorded."""
    sent: list[int] = []
    failure = ""
    with transaction.atomic():
        rows = list(
            OutboxMessage.objects.select_for_update(skip_locked=True)
            .filter(namespace=str(getattr(broker, "namespace", "")), relay_after__lte=timezone.now())
            .order_by("relay_after", "pk")[:limit]
        )
        for row in rows:
            try:
                _send(broker, row)
            except Exception as exc:  # Redis refused it, or an actor this process lacks
                failure = f"{type(exc).__name__}: {exc}"[:200]
                break
            sent.append(row.pk)
        OutboxMessage.objects.filter(pk__in=sent).delete()
        if failure:
            unsent = [row.pk for row in rows if row.pk not in set(sent)]
            OutboxMessage.objects.filter(pk__in=unsent).update(attempts=F("attempts") + 1, last_error=failure)
    if failure:
        raise RelayError(f"sent {len(sent)}, then {failure}")
    return len(sent)


class RelayError(Exception):
    """A relay pass could not send every due job."""


def backlog() -> tuple[int, float | None]:
    """How many jobs wait in the outbox (every namespace) and the age in seconds of the oldest."""
    found = OutboxMessage.objects.aggregate(count=Count("pk"), oldest=Min("created_at"))
    oldest = found["oldest"]
    return int(found["count"]), None if oldest is None else (timezone.now() - oldest).total_seconds()


def relay_interval() -> float:
    return float(settings.OUTBOX_RELAY_INTERVAL_SECONDS)
