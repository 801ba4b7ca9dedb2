"""When confirmed money becomes available: a per-method schedule in business days.

Business days skip Saturdays and Sundays (bank holidays are not modelled yet). Configurable with
SETTLEMENT_DAYS in settings, e.g. {"pix": 0, "billet": 1, "card": 30, "wire": 0}.
"""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings

DEFAULT_SETTLEMENT_DAYS = {"pix": 0, "billet": 1, "card": 30, "wire": 0}


def settlement_days(method: str) -> int:
    table: dict[str, int] = {**DEFAULT_SETTLEMENT_DAYS, **getattr(settings, "SETTLEMENT_DAYS", {})}
    return table.get(method, 1)


def add_business_days(start: date, days: int) -> date:
    current = start
    while current.weekday() >= 5:  # confirmed on a weekend: counts from Monday
        current += timedelta(days=1)
    added = 0
    while added < days:
        current += timedelta(days=1)
        if current.weekday() < 5:
            added += 1
    return current


def settle_on(method: str, confirmed: date) -> date:
    return add_business_days(confirmed, settlement_days(method))
