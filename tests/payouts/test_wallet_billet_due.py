"""A customer's wallet boleto (depositar) is due on a business day: three days after it is issued, moved
past weekends and national holidays by the calendar that settles the clients' charges."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from brazil.business_days import holiday_name, is_business_day
from payouts.services import wallet_billet_due
from tests.payouts.test_customer_wallet import PAYER, new_customer


@pytest.mark.parametrize(
    ("issued", "due"),
    [
        (date(2026, 11, 17), date(2026, 11, 23)),  # Tue + 3 = Fri 20 Nov (Black Awareness Day) -> Mon 23
        (date(2026, 12, 22), date(2026, 12, 28)),  # Tue + 3 = Fri 25 Dec (Christmas) -> Mon 28
        (date(2026, 12, 29), date(2027, 1, 4)),  # Tue + 3 = Fri 1 Jan (New Year) -> Mon 4
        (date(2026, 11, 18), date(2026, 11, 23)),  # Wed + 3 = Sat 21 -> Mon 23
        (date(2026, 11, 23), date(2026, 11, 26)),  # Mon + 3 = Thu 26, a business day: kept
    ],
)
def test_the_due_date_skips_weekends_and_national_holidays(issued: date, due: date) -> None:
    assert wallet_billet_due(issued) == due
    assert is_business_day(due)


def test_the_holidays_in_the_examples_are_national_holidays() -> None:
    assert holiday_name(date(2026, 11, 20)) is not None
    assert holiday_name(date(2026, 12, 25)) is not None


@pytest.mark.django_db
def test_a_wallet_boleto_is_issued_with_a_business_day_due_date() -> None:
    _, customer = new_customer("acme")
    payer = {**PAYER, "email": "carla@example.com", "street": "Rua das Flores", "number": "100",
             "neighborhood": "Centro", "city": "São Paulo", "state": "SP", "zipcode": "01001000"}  # fmt: skip
    created = customer.post_json(
        "/api/wallet/deposits", {"method": "billet", "amount": 10_000, "payer": payer}
    )
    assert created.status_code == 201, created.content
    due = date.fromisoformat(created.json()["due_date"])
    assert due == wallet_billet_due(timezone.localdate())
    assert is_business_day(due)
