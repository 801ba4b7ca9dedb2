"""When to ask a provider about an open charge: a schedule that backs off with the charge's age, and
stops where its due date makes a payment implausible. Webhooks stay the normal path; polling only
catches a webhook that never came.

- Ages of the polls: 5 min, 15 min, 1 h, 6 h after creation, then once a day.
- Until: a boleto's due date plus BILLET_GRACE (a boleto paid on its due date can clear days later),
  a PIX charge's expiry, else MAX_POLL_AGE after creation (cards, transfers). The last poll falls on
  that moment; after it, `next_poll_at` is empty and the charge is never polled again.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.utils import timezone

SCHEDULE = (timedelta(minutes=5), timedelta(minutes=15), timedelta(hours=1), timedelta(hours=6))
DAILY = timedelta(days=1)
BILLET_GRACE = timedelta(days=3)
MAX_POLL_AGE = timedelta(days=30)
FINAL_WINDOW = timedelta(days=1)  # a due poll later than this past its cutoff is dropped, not made


def first_poll_at() -> datetime:
    """The default of `Deposit.next_poll_at`: the first step of the schedule."""
    return timezone.now() + SCHEDULE[0]


def poll_until(
    method: str, created_at: datetime, due_date: date | None, expires_at: datetime | None
) -> datetime:
    """The moment past which a payment of the charge is implausible (no more polls after it)."""
    if due_date is not None and (method == "billet" or expires_at is None):
        return timezone.make_aware(datetime.combine(due_date, time.max)) + BILLET_GRACE
    if expires_at is not None:
        return expires_at
    return created_at + MAX_POLL_AGE


def next_poll(created_at: datetime, until: datetime, now: datetime) -> datetime | None:
    """The next poll strictly after `now`: the first step of the schedule not yet reached (then daily),
    brought back to `until` when it falls after it; None once `until` has passed."""
    age = now - created_at
    for step in SCHEDULE:
        if step > age:
            when = created_at + step
            break
    else:
        days = (age - SCHEDULE[-1]) // DAILY + 1
        when = created_at + SCHEDULE[-1] + days * DAILY
    if when > until:
        return until if until > now else None
    return when


def worth_asking(until: datetime, now: datetime) -> bool:
    """A due poll is made unless it is long past the charge's cutoff (a backlog after an outage)."""
    return now <= until + FINAL_WINDOW
