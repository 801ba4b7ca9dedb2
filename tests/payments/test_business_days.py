"""Business days: Brazil's national bank holidays (from the `holidays` library) and weekends are not
business days; a moment counts on its São Paulo day, so 23:59 and 00:00 fall on different days."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from brazil.business_days import (
    add_business_days,
    business_days_between,
    holiday_name,
    is_business_day,
    next_business_day,
    sao_paulo_date,
)
from payments import services
from payments.models import Deposit
from payments.settlement import settle_on
from tests.payments.test_deposits_api import create, post_webhooks
from tests.support.http import ApiClient

SP = ZoneInfo("America/Sao_Paulo")
UTC = ZoneInfo("UTC")


def sp(y: int, m: int, d: int, hh: int, mm: int) -> datetime:
    return datetime(y, m, d, hh, mm, tzinfo=SP)


def test_national_holidays_are_not_business_days() -> None:
    assert not is_business_day(date(2026, 11, 20))  # Black Awareness Day (a Friday)
    assert not is_business_day(date(2026, 12, 25))  # Christmas (a Friday)
    assert not is_business_day(date(2026, 1, 1))
    assert not is_business_day(date(2026, 4, 3))  # Good Friday: moves every year, the library knows
    assert is_business_day(date(2026, 11, 19))
    assert is_business_day(date(2026, 12, 24))
    assert not is_business_day(date(2026, 11, 21))
    assert not is_business_day(date(2026, 11, 22))
    # Black Awareness Day became national in 2024 (Lei 14.759/2023): a business day in 2023
    assert is_business_day(date(2023, 11, 20))
    assert holiday_name(date(2026, 12, 25)) == "Christmas Day"
    assert holiday_name(date(2026, 12, 25), "pt_BR") == "Natal"
    assert holiday_name(date(2026, 11, 19)) is None


def test_adding_business_days_skips_holidays_and_weekends() -> None:
    thursday = date(2026, 11, 19)
    assert add_business_days(thursday, 0) == thursday
    assert add_business_days(thursday, 1) == date(2026, 11, 23)  # Fri holiday, weekend: Monday
    assert add_business_days(date(2026, 11, 20), 0) == date(2026, 11, 23)  # a holiday counts from Monday
    assert add_business_days(date(2026, 11, 21), 0) == date(2026, 11, 23)  # Saturday counts from Monday
    assert add_business_days(date(2026, 12, 24), 1) == date(2026, 12, 28)  # over Christmas and a weekend
    assert next_business_day(date(2026, 12, 25)) == date(2026, 12, 28)
    assert business_days_between(date(2026, 11, 19), date(2026, 11, 23)) == 1
    assert business_days_between(date(2026, 11, 23), date(2026, 11, 19)) == 0
    with pytest.raises(ValueError, match="negative"):
        add_business_days(thursday, -1)


def test_the_settlement_schedule_counts_business_days() -> None:
    wednesday = date(2026, 11, 18)
    assert settle_on("pix", wednesday) == wednesday
    assert settle_on("billet", wednesday) == date(2026, 11, 19)
    assert settle_on("billet", date(2026, 11, 19)) == date(2026, 11, 23)
    # 30 business days from 18 November: 20 November and 25 December are not among them
    assert settle_on("card", wednesday) == date(2027, 1, 4)
    assert business_days_between(wednesday, date(2027, 1, 4)) == 30


@pytest.mark.parametrize(
    ("moment", "day", "pix", "billet"),
    [
        # around the holiday on Friday 20 November 2026
        (sp(2026, 11, 19, 23, 59), date(2026, 11, 19), date(2026, 11, 19), date(2026, 11, 23)),
        (sp(2026, 11, 20, 0, 0), date(2026, 11, 20), date(2026, 11, 23), date(2026, 11, 24)),
        (sp(2026, 11, 20, 23, 59), date(2026, 11, 20), date(2026, 11, 23), date(2026, 11, 24)),
        # the weekend: Saturday and Sunday count from Monday; Monday 00:00 is Monday
        (sp(2026, 11, 21, 23, 59), date(2026, 11, 21), date(2026, 11, 23), date(2026, 11, 24)),
        (sp(2026, 11, 22, 23, 59), date(2026, 11, 22), date(2026, 11, 23), date(2026, 11, 24)),
        (sp(2026, 11, 23, 0, 0), date(2026, 11, 23), date(2026, 11, 23), date(2026, 11, 24)),
        # an ordinary Friday before a weekend
        (sp(2026, 11, 27, 23, 59), date(2026, 11, 27), date(2026, 11, 27), date(2026, 11, 30)),
        (sp(2026, 11, 28, 0, 0), date(2026, 11, 28), date(2026, 11, 30), date(2026, 12, 1)),
        # Christmas (a Friday), then the weekend
        (sp(2026, 12, 24, 23, 59), date(2026, 12, 24), date(2026, 12, 24), date(2026, 12, 28)),
        (sp(2026, 12, 25, 0, 0), date(2026, 12, 25), date(2026, 12, 28), date(2026, 12, 29)),
    ],
)
def test_the_sao_paulo_day_decides_at_midnight(moment: datetime, day: date, pix: date, billet: date) -> None:
    # the same moment in UTC (02:59 or 03:00 the next UTC day) answers the same São Paulo day
    as_utc = moment.astimezone(UTC)
    assert as_utc.date() != day or moment.hour == 0
    for same in (moment, as_utc):
        assert sao_paulo_date(same) == day
        assert settle_on("pix", same) == pix
        assert settle_on("billet", same) == billet
    # one minute apart, across midnight: the São Paulo day changes
    next_day = day + timedelta(days=1 if moment.hour == 23 else 0)
    assert sao_paulo_date(moment + timedelta(minutes=1)) == next_day


def test_a_naive_moment_is_refused() -> None:
    with pytest.raises(ValueError, match="naive"):
        sao_paulo_date(datetime(2026, 11, 19, 23, 59))  # noqa: DTZ001 (the point of the test)


@pytest.mark.django_db
def test_a_confirmed_deposit_is_due_on_the_business_day_of_its_sao_paulo_confirmation() -> None:
    client = ApiClient("acme")
    client.login_as("client")
    ids = []
    for method in ("pix", "billet"):
        due = (timezone.localdate() + timedelta(days=3)).isoformat() if method == "billet" else None
        deposit = create(client, method=method, amount=5_000, due_date=due).json()
        assert post_webhooks(deposit["id"]) == ["applied"]
        ids.append(deposit["id"])
    with schema_context("acme"):
        for deposit in Deposit.objects.filter(public_id__in=ids):
            assert deposit.confirmed_at is not None
            assert deposit.settle_on is not None
            confirmed_day = timezone.localtime(deposit.confirmed_at, SP).date()
            assert deposit.settle_on == add_business_days(confirmed_day, 0 if deposit.method == "pix" else 1)
            assert is_business_day(deposit.settle_on)
        # the job run on the day before the due date leaves it; on the due date settles it
        billet = Deposit.objects.get(public_id=ids[1])
        assert billet.settle_on is not None
        services.settle_due(billet.settle_on - timedelta(days=1))
        billet.refresh_from_db()
        assert billet.status == "confirmed"
        services.settle_due(billet.settle_on)
        billet.refresh_from_db()
        assert billet.status == "paid_to_client"
