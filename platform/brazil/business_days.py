"""Business days of Brazilian banks: Saturdays, Sundays and national holidays are not business days
(Resolução CMN 4.880/2020: "sábados, domingos e feriados de âmbito nacional" are non-business days
for operations in the financial market).

The holidays come from the maintained `holidays` library (python-holidays), never from a list typed
in here: its `Brazil` calendar, category `public`, carries the national holidays by federal law with
the years each applies (Black Awareness Day, 20 November, is national since Lei 14.759/2023: a
business day in 2023, a holiday from 2024). Why not `holidays.financial_holidays(...)`: Brazil's
only financial calendar there is B3's (the stock exchange: "BVMF"), which also closes on Carnival,
Corpus Christi, 24 and 31 December; banks and the payment rails (STR, PIX settlement, TED, boleto
clearing) follow the national calendar, and `financial_holidays("BR")` is not a market code.

A day is a São Paulo day: a moment is turned into a date in America/Sao_Paulo before anything is
counted (23:59 on a Friday is that Friday; 00:00 is already Saturday).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

import holidays

SAO_PAULO = ZoneInfo("America/Sao_Paulo")


@lru_cache(maxsize=64)
def _national(year: int) -> frozenset[date]:
    return frozenset(holidays.country_holidays("BR", years=year, categories=(holidays.PUBLIC,)).keys())


def holiday_name(day: date, language: str = "en_US") -> str | None:
    """The national holiday on `day` in `language` (the library's "pt_BR" or "en_US"), or None."""
    names = holidays.country_holidays("BR", years=day.year, categories=(holidays.PUBLIC,), language=language)
    return names.get(day)


def sao_paulo_date(moment: datetime) -> date:
    """The São Paulo calendar day of an aware moment."""
    if moment.tzinfo is None:
        raise ValueError("a naive datetime has no São Paulo day")
    return moment.astimezone(SAO_PAULO).date()


def is_business_day(day: date) -> bool:
    return day.weekday() < 5 and day not in _national(day.year)


def next_business_day(day: date) -> date:
    """`day` itself when it is a business day, else the first business day after it."""
    while not is_business_day(day):
        day += timedelta(days=1)
    return day


def add_business_days(start: date, days: int) -> date:
    """`days` business days after `start`; a start on a non-business day counts from the next
    business day (so 0 days from a Saturday is the Monday, or the Tuesday after a Monday holiday)."""
    if days < 0:
        raise ValueError("days must not be negative")
    current = next_business_day(start)
    for _ in range(days):
        current = next_business_day(current + timedelta(days=1))
    return current


def business_days_between(start: date, end: date) -> int:
    """How many business days fall in (start, end]: 0 when end <= start."""
    count = 0
    current = start
    while current < end:
        current += timedelta(days=1)
        if is_business_day(current):
            count += 1
    return count
