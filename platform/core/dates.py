"""Day bounds of date filters (`date_from`, `date_to`) as instants in the platform's time zone.

A filter's day may be any date a client sends, up to 9999-12-31: the end of the last day is not an
instant a datetime can hold, so it means "no upper bound" instead of overflowing into a 500.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.utils import timezone


def day_start(day: date) -> datetime:
    """The first instant of `day` (inclusive lower bound of `date_from`)."""
    return timezone.make_aware(datetime.combine(day, time.min))


def day_end(day: date) -> datetime | None:
    """The first instant after `day` (exclusive upper bound of `date_to`); None past the last date."""
    if day >= date.max:
        return None
    return day_start(day + timedelta(days=1))
