"""When confirmed money becomes available: a per-method schedule in business days.

Business days are Brazil's bank business days (brazil.business_days: no Saturdays, Sundays or
national holidays, from the maintained `holidays` library), counted from the São Paulo day of the
confirmation. Configurable with SETTLEMENT_DAYS in settings, e.g.
{"pix": 0, "billet": 1, "card": 30, "wire": 0}.
"""

from __future__ import annotations

from datetime import date, datetime

from django.conf import settings

from brazil.business_days import add_business_days, sao_paulo_date

__all__ = ["DEFAULT_SETTLEMENT_DAYS", "add_business_days", "settle_on", "settlement_days"]

DEFAULT_SETTLEMENT_DAYS = {"pix": 0, "billet": 1, "card": 30, "wire": 0}


def settlement_days(method: str) -> int:
    table: dict[str, int] = {**DEFAULT_SETTLEMENT_DAYS, **getattr(settings, "SETTLEMENT_DAYS", {})}
    return table.get(method, 1)


def settle_on(method: str, confirmed: date | datetime) -> date:
    """The day a deposit of `method` confirmed on `confirmed` (a São Paulo day, or a moment, which is
    turned into its São Paulo day) becomes available."""
    day = sao_paulo_date(confirmed) if isinstance(confirmed, datetime) else confirmed
    return add_business_days(day, settlement_days(method))
